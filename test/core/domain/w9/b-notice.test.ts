// B-notice rules (issue 40 item 4, rules only): business days without weekends and legal holidays, the 15 and 30
// business-day deadlines from the later of the notice's date and its receipt, first against second notices within
// three calendar years, and what lifts the backup-withholding flag.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  addBusinessDays,
  bNoticeDeadlines,
  bNoticeKind,
  BACKUP_WITHHOLDING_RATE_PERCENT,
  clearsBackupWithholding,
  isBusinessDay,
  legalHolidays,
} from "../../../../core/domain/w9/b-notice.ts";

test("legal holidays of 2026, observed days included", () => {
  const h = legalHolidays(2026);
  for (const d of [
    "2026-01-01",
    "2026-01-19",
    "2026-02-16",
    "2026-04-16",
    "2026-05-25",
    "2026-06-19",
    "2026-07-03", // July 4 is a Saturday
    "2026-09-07",
    "2026-10-12",
    "2026-11-11",
    "2026-11-26",
    "2026-12-25",
  ])
    assert.ok(h.has(d), d);
  assert.is(h.size, 12);
  assert.ok(legalHolidays(2027).has("2027-12-24"), "Christmas on a Saturday is observed on Friday");
  assert.ok(legalHolidays(2028).has("2028-01-17"));
});

test("business days skip weekends and holidays", () => {
  assert.not.ok(isBusinessDay("2026-12-05"), "Saturday");
  assert.not.ok(isBusinessDay("2026-12-25"), "Christmas");
  assert.ok(isBusinessDay("2026-12-07"));
  assert.is(addBusinessDays("2026-12-04", 1), "2026-12-07", "Friday to Monday");
  assert.is(addBusinessDays("2026-12-24", 1), "2026-12-28", "over Christmas and a weekend");
  assert.is(addBusinessDays("2026-12-07", 0), "2026-12-07");
  assert.not.ok(isBusinessDay("2027-12-31"), "New Year's Day 2028 (a Saturday) is observed on December 31");
});

test("deadlines: 15 and 30 business days from the later of the notice's date and its receipt", () => {
  // A CP2100 dated October 1, 2026 (Thursday), received October 8.
  assert.equal(bNoticeDeadlines("2026-10-01", "2026-10-08"), {
    sendBy: "2026-10-30", // Columbus Day (Oct 12) is not counted
    withholdBy: "2026-11-23", // nor Veterans Day (Nov 11)
  });
  assert.equal(bNoticeDeadlines("2026-10-08", "2026-10-01"), bNoticeDeadlines("2026-10-08", "2026-10-08"));
  assert.is(BACKUP_WITHHOLDING_RATE_PERCENT, 24);
});

test("first or second notice: the same account within three calendar years", () => {
  const acct = "tin-hash|acct-1";
  const current = { accountKey: acct, noticeDate: "2026-10-01" };
  assert.is(bNoticeKind([], current), "first");
  assert.is(bNoticeKind([{ accountKey: acct, noticeDate: "2024-04-01" }], current), "second");
  assert.is(
    bNoticeKind([{ accountKey: acct, noticeDate: "2023-10-15" }], current),
    "first",
    "four calendar years",
  );
  assert.is(bNoticeKind([{ accountKey: "tin-hash|acct-2", noticeDate: "2025-10-01" }], current), "first");
  assert.is(bNoticeKind([{ accountKey: acct, noticeDate: "2026-10-01" }], current), "first", "not itself");
});

test("what clears the backup-withholding flag", () => {
  const first = { kind: "first" as const, sentAt: "2026-10-20T00:00:00.000Z", tinType: "ssn" as const };
  assert.ok(clearsBackupWithholding(first, { kind: "w9", signedAt: "2026-10-25T00:00:00.000Z" }));
  assert.not.ok(
    clearsBackupWithholding(first, { kind: "w9", signedAt: "2026-10-01T00:00:00.000Z" }),
    "an old W-9",
  );
  const second = { kind: "second" as const, sentAt: "2026-10-20T00:00:00.000Z", tinType: "ssn" as const };
  assert.not.ok(clearsBackupWithholding(second, { kind: "w9", signedAt: "2026-10-25T00:00:00.000Z" }));
  assert.ok(clearsBackupWithholding(second, { kind: "ssa_validation", at: "2026-10-25T00:00:00.000Z" }));
  assert.not.ok(clearsBackupWithholding(second, { kind: "irs_letter_147c", at: "2026-10-25T00:00:00.000Z" }));
  assert.ok(
    clearsBackupWithholding(
      { ...second, tinType: "ein" },
      { kind: "irs_letter_147c", at: "2026-10-25T00:00:00.000Z" },
    ),
  );
});

test.run();
