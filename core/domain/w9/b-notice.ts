// Issue 40 item 4 (the rules only; no upload, mailing or API yet): B-notices after an IRS CP2100/972CG list of
// incorrect name/TIN combinations (Pub 1281). The payer sends a first or second B-notice within 15 business days
// of the notice (or of receiving it, if later) and starts backup withholding at 24% no later than 30 business
// days after, unless the payee's answer arrives first. A second notice is due when the IRS names the same account
// twice within three calendar years. A first notice is answered by a new signed W-9; a second only by a
// validation of the TIN from SSA (for an SSN) or the IRS (for an EIN, Letter 147C). docs/decisions.md says what
// "business day" and "within three calendar years" are taken to mean.

export const BACKUP_WITHHOLDING_RATE_PERCENT = 24;
export const SEND_WITHIN_BUSINESS_DAYS = 15;
export const WITHHOLD_WITHIN_BUSINESS_DAYS = 30;

/** A date as YYYY-MM-DD (the notices' dates carry no time). */
type Day = string;

const toDate = (d: Day) => new Date(`${d}T00:00:00.000Z`);
const toDay = (d: Date): Day => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));

/** The n-th `weekday` (0 Sunday) of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  if (n > 0) {
    const first = utc(year, month, 1);
    return utc(year, month, 1 + ((weekday - first.getUTCDay() + 7) % 7) + (n - 1) * 7);
  }
  const last = utc(year, month + 1, 0);
  return utc(year, month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7));
}

/** A fixed-date holiday falling on a weekend is observed on the Friday before or the Monday after. */
function observed(d: Date): Date {
  const wd = d.getUTCDay();
  return wd === 6 ? new Date(d.getTime() - 86_400_000) : wd === 0 ? new Date(d.getTime() + 86_400_000) : d;
}

/**
 * The legal holidays of `year` that are not business days: the federal holidays and the District of Columbia's
 * Emancipation Day (April 16), the list IRC 7503 and Treas. Reg. 301.7503-1(b) use for tax deadlines.
 */
export function legalHolidays(year: number): ReadonlySet<Day> {
  return new Set(
    [
      observed(utc(year, 0, 1)),
      nthWeekday(year, 0, 1, 3), // Birthday of Martin Luther King, Jr.
      nthWeekday(year, 1, 1, 3), // Washington's Birthday
      observed(utc(year, 3, 16)), // DC Emancipation Day
      nthWeekday(year, 4, 1, -1), // Memorial Day
      observed(utc(year, 5, 19)), // Juneteenth
      observed(utc(year, 6, 4)),
      nthWeekday(year, 8, 1, 1), // Labor Day
      nthWeekday(year, 9, 1, 2), // Columbus Day
      observed(utc(year, 10, 11)), // Veterans Day
      nthWeekday(year, 10, 4, 4), // Thanksgiving Day
      observed(utc(year, 11, 25)),
    ].map(toDay),
  );
}

export function isBusinessDay(day: Day): boolean {
  const d = toDate(day);
  const wd = d.getUTCDay();
  const year = d.getUTCFullYear();
  // A New Year's Day on a Saturday is observed on December 31 of the year before.
  return wd !== 0 && wd !== 6 && !legalHolidays(year).has(day) && !legalHolidays(year + 1).has(day);
}

/** The `n`-th business day after `day` (the day itself not counted). */
export function addBusinessDays(day: Day, n: number): Day {
  let d = toDate(day);
  let left = n;
  while (left > 0) {
    d = new Date(d.getTime() + 86_400_000);
    if (isBusinessDay(toDay(d))) left--;
  }
  return toDay(d);
}

/** The B-notice's due dates, counted from the CP2100's date or the day it was received, whichever is later. */
export function bNoticeDeadlines(noticeDate: Day, receivedDate: Day) {
  const start = receivedDate > noticeDate ? receivedDate : noticeDate;
  return {
    sendBy: addBusinessDays(start, SEND_WITHIN_BUSINESS_DAYS),
    withholdBy: addBusinessDays(start, WITHHOLD_WITHIN_BUSINESS_DAYS),
  };
}

export type BNoticeKind = "first" | "second";

/**
 * First or second: second when an earlier CP2100 named the same account (the payee's TIN and the payer's account
 * number) within three calendar years: the earlier notice's year is this year or one of the two before it.
 */
export function bNoticeKind(
  earlier: readonly { readonly accountKey: string; readonly noticeDate: Day }[],
  current: { readonly accountKey: string; readonly noticeDate: Day },
): BNoticeKind {
  const year = Number(current.noticeDate.slice(0, 4));
  return earlier.some(
    (e) =>
      e.accountKey === current.accountKey &&
      e.noticeDate < current.noticeDate &&
      year - Number(e.noticeDate.slice(0, 4)) <= 2,
  )
    ? "second"
    : "first";
}

export type BNoticeAnswer =
  | { readonly kind: "w9"; readonly signedAt: string }
  | { readonly kind: "ssa_validation"; readonly at: string }
  | { readonly kind: "irs_letter_147c"; readonly at: string };

/**
 * Whether an answer lifts the backup-withholding flag a notice set: a first notice's by a W-9 signed after it was
 * sent; a second notice's only by SSA's validation of an SSN or the IRS's Letter 147C for an EIN.
 */
export function clearsBackupWithholding(
  notice: { readonly kind: BNoticeKind; readonly sentAt: string; readonly tinType: "ssn" | "ein" },
  answer: BNoticeAnswer,
): boolean {
  if (notice.kind === "first") return answer.kind === "w9" && answer.signedAt >= notice.sentAt;
  return notice.tinType === "ssn" ? answer.kind === "ssa_validation" : answer.kind === "irs_letter_147c";
}
