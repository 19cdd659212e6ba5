// Issue 40 item 4: the B-notices the service sends after a CP2100/972CG upload, one per matched row. A notice is
// `queued` until its job mails it (`mailed`), e-mails only (`emailed`: no address the mail house takes) or finds
// neither (`undeliverable`); `cleared` once the payee's answer lifts the backup withholding it started. The
// recipient's backup-withholding flag is read from its notices: `pending` from the notice to its withhold-by date,
// `required` once the worker's sweep has reached that date, `not_required` when every notice is cleared.
import { InvalidRequest } from "../shared/errors.ts";
import { compileBody } from "../shared/validation.ts";
import { BACKUP_WITHHOLDING_RATE_PERCENT, type BNoticeKind } from "./b-notice.ts";
import { CERTIFICATION_ITEMS, PENALTIES_OF_PERJURY, W9_REVISION, W9_TITLE } from "./form.ts";

export const B_NOTICE_STATUSES = ["queued", "mailed", "emailed", "undeliverable", "cleared"] as const;
export type BNoticeStatus = (typeof B_NOTICE_STATUSES)[number];
/** The statuses of a notice whose backup withholding is not lifted yet. */
export const OPEN_B_NOTICE_STATUSES: readonly BNoticeStatus[] = B_NOTICE_STATUSES.filter(
  (s) => s !== "cleared",
);

export const B_NOTICE_CLEARED_BY = ["new_w9", "ssa_validation", "irs_letter_147c"] as const;
export type BNoticeClearedBy = (typeof B_NOTICE_CLEARED_BY)[number];

export interface BNotice {
  readonly id: string;
  readonly payerId: string;
  readonly recipientId: string;
  /** The payer's account number the CP2100 named (or the recipient's, when the row had none). */
  readonly accountNumber: string | null;
  readonly kind: BNoticeKind;
  readonly uploadId: string;
  /** The CSV line of the upload the notice came from. */
  readonly line: number;
  readonly taxYear: number;
  readonly noticeDate: string;
  readonly receivedDate: string;
  /** 15 business days after the later of the notice and received dates. */
  readonly sendBy: string;
  /** 30 business days after it: backup withholding starts then unless the payee has answered. */
  readonly withholdBy: string;
  readonly status: BNoticeStatus;
  /** The recipient's TIN type when the notice was made (which validation clears a second notice). */
  readonly tinType: "ssn" | "ein" | null;
  readonly tinLast4: string;
  readonly letterVendorId: string | null;
  readonly letterFailure: string | null;
  /** The W-9 request whose e-mail carried the link (recipients who consented to electronic delivery). */
  readonly w9RequestId: string | null;
  readonly sentAt: string | null;
  /** When the worker's sweep found the withhold-by date reached (and sent recipient.backup_withholding_required). */
  readonly withholdingRequiredAt: string | null;
  readonly clearedAt: string | null;
  readonly clearedBy: BNoticeClearedBy | null;
  /** The payer's note of the validation (e.g. the letter's date or number); never a TIN. */
  readonly clearedReference: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export const looksLikeBNoticeId = (id: string) => /^bn_[A-Za-z0-9]{6,40}$/.test(id);
export const looksLikeCp2100UploadId = (id: string) => /^cp2_[A-Za-z0-9]{6,40}$/.test(id);

/** The natural key of a notice: one per recipient, account, tax year and CP2100 (a re-upload finds it again). */
export const bNoticeKey = (n: Pick<BNotice, "recipientId" | "accountNumber" | "taxYear" | "noticeDate">) =>
  `${n.recipientId}|${n.accountNumber ?? ""}|${String(n.taxYear)}|${n.noticeDate}`;

/** The account a first/second decision compares (b-notice.ts bNoticeKind): the recipient and account number. */
export const bNoticeAccountKey = (n: Pick<BNotice, "recipientId" | "accountNumber">) =>
  `${n.recipientId}|${n.accountNumber ?? ""}`;

export type BackupWithholdingStatus = "required" | "pending" | "not_required";

export interface BackupWithholding {
  readonly status: BackupWithholdingStatus;
  /** `required`: the withhold-by date reached; `pending`: the day the notice was made. */
  readonly since: string | null;
  readonly withholdBy: string | null;
  readonly reason: string | null;
  readonly noticeId: string | null;
  readonly clearsOn: "new_w9" | "irs_validation" | null;
}

const NOT_REQUIRED: BackupWithholding = {
  status: "not_required",
  since: null,
  withholdBy: null,
  reason: null,
  noticeId: null,
  clearsOn: null,
};

/**
 * The recipient's flag from its notices: the open notice that requires withholding (a second notice before a
 * first, then the earliest withhold-by date), else the open notice still within its 30 business days.
 */
export function backupWithholdingOf(notices: readonly BNotice[]): BackupWithholding {
  const open = notices
    .filter((n) => n.status !== "cleared")
    .sort((a, b) =>
      a.kind !== b.kind ? (a.kind === "second" ? -1 : 1) : a.withholdBy < b.withholdBy ? -1 : 1,
    );
  const n = open.find((x) => x.withholdingRequiredAt !== null) ?? open[0];
  if (!n) return NOT_REQUIRED;
  const required = n.withholdingRequiredAt !== null;
  return {
    status: required ? "required" : "pending",
    since: required ? n.withholdBy : n.createdAt.slice(0, 10),
    withholdBy: n.withholdBy,
    reason: `${n.kind === "first" ? "First" : "Second"} B-notice: the IRS's CP2100 of ${n.noticeDate} names this payee's name and TIN as not matching (tax year ${String(n.taxYear)}).`,
    noticeId: n.id,
    clearsOn: n.kind === "first" ? "new_w9" : "irs_validation",
  };
}

/** The data of the b_notice.* and recipient.backup_withholding_* events: no TIN, no address. */
export function bNoticeEventData(n: BNotice) {
  return {
    id: n.id,
    recipient: n.recipientId,
    payer: n.payerId,
    kind: n.kind,
    status: n.status,
    tax_year: n.taxYear,
    send_by: n.sendBy,
    withhold_by: n.withholdBy,
    cleared_by: n.clearedBy,
  };
}

const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

export interface BNoticeLetterFacts {
  readonly payerName: string;
  readonly payerAddress: string;
  readonly payeeName: string;
  readonly accountNumber: string | null;
  readonly taxYear: number;
  readonly tinLast4: string;
  readonly tinType: "ssn" | "ein" | null;
  readonly noticeDate: string;
  readonly withholdBy: string;
  /** Where a W-9 link was e-mailed instead of the paper form (first notice, e-mail consent); never the link itself. */
  readonly w9LinkEmailedTo: string | null;
}

/** A blank Form W-9 as printed text, enclosed with a first notice (the payee fills it in by hand). */
function blankW9(f: BNoticeLetterFacts): string[] {
  return [
    `ENCLOSED: ${W9_TITLE} (${W9_REVISION}). Fill in and sign this form and return it to ${f.payerName}, ${f.payerAddress}.`,
    "Line 1. Name (as shown on your income tax return): ______________________________",
    "Line 2. Business name/disregarded entity name, if different from above: ______________________________",
    "Line 3a. Federal tax classification: [ ] Individual/sole proprietor  [ ] C corporation  [ ] S corporation  [ ] Partnership  [ ] Trust/estate  [ ] LLC (C, S or P): ___  [ ] Other: ________",
    "Line 4. Exemptions (codes apply only to certain entities, not individuals): exempt payee code ___ ; FATCA exemption code ___",
    "Lines 5 and 6. Address (number, street, and apt. or suite no.); city, state, and ZIP code: ______________________________",
    `Line 7. Account number(s): ${f.accountNumber ?? "________"}`,
    "Part I. Taxpayer Identification Number (TIN): Social security number ___-__-____  or  Employer identification number __-_______",
    `Part II. Certification. ${PENALTIES_OF_PERJURY} ${CERTIFICATION_ITEMS.join(" ")}`,
    "Sign here. Signature of U.S. person: ______________________________  Date: ____________",
  ];
}

/** Pub 1281's model first B notice, with the payer's facts filled in; the TIN shown masked. */
export function firstBNoticeLetter(f: BNoticeLetterFacts) {
  const rate = `${String(BACKUP_WITHHOLDING_RATE_PERCENT)}%`;
  return {
    title: 'IMPORTANT TAX NOTICE - ACTION IS REQUIRED. First "B" Notice: Backup Withholding Warning!',
    paragraphs: [
      `From: ${f.payerName}, ${f.payerAddress}. To: ${f.payeeName}.`,
      `Account number: ${f.accountNumber ?? "(none on record)"}. Current name on account: ${f.payeeName}. Current TIN on account: ***-**-${f.tinLast4}. Tax year: ${String(f.taxYear)}. IRS notice date: ${usDate(f.noticeDate)}.`,
      `We need a correct taxpayer identification number (TIN) for your account. Our records show that the combination of your name and TIN on your account (listed above) does not match the combination of name and TIN in the Internal Revenue Service's (IRS) records. The IRS requires us to begin backup withholding ${rate} of the payments we make to your account if you do not provide a correct TIN by ${usDate(f.withholdBy)}. Besides backup withholding, the IRS may charge you a $50 penalty for not giving us your correct name and TIN combination.`,
      "Why is your TIN considered incorrect? Your TIN is considered incorrect if either the name or the number shown on your account does not match the name and number combination in the IRS's or the Social Security Administration's (SSA) records. This may happen because you changed your name, or because the number belongs to someone else or to an entity, such as a business.",
      `What is backup withholding? Backup withholding is withholding at ${rate} of payments that would otherwise be made to you. It is withheld because the IRS has notified us that the name and TIN on your account are incorrect. If backup withholding begins, it continues until you give us a correct name and TIN.`,
      "What you need to do. If you are an individual and the last name and SSN on your account agree with your social security card, contact SSA to find out why the IRS records differ, then complete the enclosed Form W-9 with your name and SSN as they appear on your card. If the name or SSN on your account is wrong, complete the enclosed Form W-9 with your correct name and SSN. If you are a business or other entity, complete the enclosed Form W-9 with the name and employer identification number (EIN) exactly as they appear on the IRS's records of your business.",
      ...(f.w9LinkEmailedTo === null
        ? []
        : [
            `Instead of the paper form, you may fill in and sign your Form W-9 electronically: we have e-mailed a secure link to ${f.w9LinkEmailedTo}.`,
          ]),
      `Return the signed Form W-9 to us before ${usDate(f.withholdBy)}, even if the name and TIN on your account are correct, so that backup withholding does not begin. Do not send the Form W-9 to the IRS.`,
      ...blankW9(f),
    ],
  };
}

/** Pub 1281's model second B notice: a W-9 is not enough; only a validation from SSA or the IRS stops it. */
export function secondBNoticeLetter(f: BNoticeLetterFacts) {
  const rate = `${String(BACKUP_WITHHOLDING_RATE_PERCENT)}%`;
  return {
    title: 'IMPORTANT TAX NOTICE - ACTION IS REQUIRED. Second "B" Notice: Backup Withholding Warning!',
    paragraphs: [
      `From: ${f.payerName}, ${f.payerAddress}. To: ${f.payeeName}.`,
      `Account number: ${f.accountNumber ?? "(none on record)"}. Current name on account: ${f.payeeName}. Current TIN on account: ***-**-${f.tinLast4}. Tax year: ${String(f.taxYear)}. IRS notice date: ${usDate(f.noticeDate)}.`,
      `We need a correct taxpayer identification number (TIN) for your account. This is the second time within three calendar years that the Internal Revenue Service (IRS) has notified us that the combination of your name and TIN on your account (listed above) does not match the combination of name and TIN in the IRS's records. The IRS requires us to begin backup withholding ${rate} of the payments we make to your account if you do not provide a correct TIN validated by the Social Security Administration (SSA) or the IRS by ${usDate(f.withholdBy)}. Besides backup withholding, the IRS may charge you a $50 penalty for not giving us your correct name and TIN combination.`,
      "This time we cannot accept a Form W-9 from you. You must have the SSA or the IRS validate your name and TIN.",
      `What is backup withholding? Backup withholding is withholding at ${rate} of payments that would otherwise be made to you. If backup withholding begins, it continues until you give us the validation described below.`,
      "What you need to do. If you are an individual, contact or visit your local SSA office and ask for your name and social security number to be validated; SSA will send you a notice (Form SSA-7028 or a similar letter) confirming them. Send us a copy of that notice. If you are a business or other entity, contact the IRS (Business and Specialty Tax Line) and ask for Letter 147C, which confirms the name and employer identification number (EIN) in the IRS's records. Send us a copy of that letter.",
      `Send the validation to ${f.payerName}, ${f.payerAddress}, before ${usDate(f.withholdBy)} so that backup withholding does not begin. If you send it later, we will stop backup withholding within 30 days after we receive it. Do not send it to the IRS.`,
    ],
  };
}

export interface ValidationInput {
  readonly kind: "ssa_validation" | "irs_letter_147c";
  readonly received_date?: string;
  readonly reference?: string;
}

export const checkValidation = compileBody<ValidationInput>({
  type: "object",
  additionalProperties: false,
  required: ["kind"],
  properties: {
    kind: { enum: ["ssa_validation", "irs_letter_147c"] },
    received_date: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
    reference: { type: "string", minLength: 1, maxLength: 200 },
  },
});

export function parseValidation(body: unknown): ValidationInput | InvalidRequest {
  const c = checkValidation(body ?? {});
  return c.ok ? c.value : c.error;
}

/** A calendar day as YYYY-MM-DD that exists. */
export const isDay = (d: unknown): d is string =>
  typeof d === "string" &&
  /^\d{4}-\d{2}-\d{2}$/.test(d) &&
  !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) &&
  new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;
