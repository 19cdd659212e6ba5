// A filing: one information return for one recipient (SPEC Filing + D37); its wire views are in views.ts.
import type { RuleFinding } from "../iris/rules/model.ts";
import type { FilingStatus, Service } from "./status.ts";

/** An IRS error entry, passed through unmodified (SPEC "Acknowledgement"). */
export interface AckError {
  readonly code: string;
  readonly severity: string;
  readonly xpath: string;
  readonly message: string;
}

export interface Filing {
  readonly id: string;
  readonly shortId: string;
  readonly accountId: string;
  readonly livemode: boolean;
  readonly payerId: string;
  readonly recipientId: string;
  readonly form: string;
  readonly taxYear: number;
  readonly status: FilingStatus;
  readonly service: Service;
  readonly physicalMail: boolean | null;
  readonly portalAccess: boolean | null;
  readonly reference: string | null;
  readonly batchId: string | null;
  readonly orderId: string | null;
  readonly corrects: string | null;
  readonly supersededBy: string | null;
  readonly refileOf: string | null;
  readonly receiptId: string | null;
  readonly amountChargedCents: number;
  /** The filled scheme as stored: RecipientDetail.TIN replaced by RecipientDetail.TINLast4 (the TIN is encrypted). */
  readonly jsonForm: Record<string, unknown>;
  readonly accountNumber: string | null;
  readonly recipientTinHash: string;
  /** Every TIN of the form, encrypted: jsonForm path (e.g. "RecipientDetail.TIN") -> vault ciphertext. */
  readonly sealedTins: Readonly<Record<string, string>>;
  readonly submittedAt: string | null;
  readonly acknowledgedAt: string | null;
  readonly voidedAt: string | null;
  readonly ackErrors: readonly AckError[] | null;
  /**
   * IRS business rules the form breaks without being refused (Report Error), and the service's notices
   * (reporting thresholds), found at intake: `{ code, severity, path, message }`, never a TIN.
   */
  readonly warnings: readonly RuleFinding[];
  readonly amountRefundedCents: number;
  /** Where the IRS has it: the transmission, and the submission and record ids inside it (for corrections). */
  readonly transmissionId: string | null;
  readonly submissionId: number | null;
  readonly recordId: number | null;
  /**
   * `rulesStamp` of the IRS form rules the stored form passed at intake (core/domain/iris/rules/engine.ts): pay
   * trusts it instead of reading the form again while the rules and the transmitter's mode are unchanged.
   * Absent: checked in full at pay.
   */
  readonly rulesChecked?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** D11: the statuses (both final) in which an original no longer blocks another with its duplicate key. */
const OUT_OF_DUPLICATE_GUARD: ReadonlySet<FilingStatus> = new Set(["voided", "rejected"]);
/** D11: whether an original in `status` still blocks its duplicates. */
export function inDuplicateGuard(status: FilingStatus): boolean {
  return !OUT_OF_DUPLICATE_GUARD.has(status);
}
/** D11: a live original, one that blocks its duplicates (corrections are not originals). */
export function isLiveOriginal(f: Pick<Filing, "corrects" | "status">): boolean {
  return f.corrects === null && inDuplicateGuard(f.status);
}

/**
 * D11: an original duplicates another live original (not voided, not rejected) with the same payer, recipient
 * TIN, form, tax year and account number. Corrections are not originals.
 */
export function duplicateKey(
  f: Pick<Filing, "payerId" | "recipientTinHash" | "form" | "taxYear" | "accountNumber">,
): string {
  return [f.payerId, f.recipientTinHash, f.form, f.taxYear, f.accountNumber ?? ""].join("|");
}

export function filingShortPrefix(livemode: boolean): string {
  return livemode ? "fil_" : "fil_sb_";
}

const TIN_KEY = /(?:^TIN|TIN|EIN|SSN)$/;
const NINE_DIGITS = /^\d{9}$/;

/**
 * D6 for every TIN inside a form (the recipient's, an insured's, a transferor's, a plan sponsor's EIN...):
 * each `XTIN` leaf becomes `XTINLast4` in the stored jsonForm and its digits go to `sealed` (path -> ciphertext).
 */
export function sealTins(
  jsonForm: Record<string, unknown>,
  seal: (digits: string) => string,
): { jsonForm: Record<string, unknown>; sealed: Record<string, string> } {
  const sealed: Record<string, string> = {};
  // Runs on every form of an intake: a leaf's path is spelled only when it is sealed or descended into.
  const walk = (node: unknown, path: string): unknown => {
    if (Array.isArray(node)) return node.map((v, i) => walk(v, `${path}.${i}`));
    if (typeof node !== "object" || node === null) return node;
    const obj = node as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(obj)) {
      const v = obj[k];
      if (typeof v === "string" && NINE_DIGITS.test(v) && TIN_KEY.test(k)) {
        sealed[path ? `${path}.${k}` : k] = seal(v);
        out[`${k}Last4`] = v.slice(5);
      } else {
        out[k] = typeof v === "object" && v !== null ? walk(v, path ? `${path}.${k}` : k) : v;
      }
    }
    return out;
  };
  return { jsonForm: walk(jsonForm, "") as Record<string, unknown>, sealed };
}

/** Puts the sealed TINs back into a stored jsonForm (for corrections and transmission). */
export function unsealTins(
  jsonForm: Record<string, unknown>,
  sealed: Readonly<Record<string, string>>,
  open: (ciphertext: string) => string,
): Record<string, unknown> {
  const copy = structuredClone(jsonForm);
  for (const [path, ciphertext] of Object.entries(sealed)) {
    const keys = path.split(".");
    const leaf = keys.pop() as string;
    let node: unknown = copy;
    for (const k of keys) node = (node as Record<string, unknown> | undefined)?.[k];
    if (typeof node !== "object" || node === null) continue;
    const obj = node as Record<string, unknown>;
    delete obj[`${leaf}Last4`];
    obj[leaf] = open(ciphertext);
  }
  return copy;
}

/** D21: Copy B is available once the IRS accepted the form, or when a print-only form was furnished. */
export const COPY_B_STATUSES: readonly string[] = [
  "accepted",
  "accepted_with_errors",
  "superseded",
  "furnishing",
];
