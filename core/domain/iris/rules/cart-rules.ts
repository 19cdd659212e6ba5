// Rules about what the forms of a cart become together once paid: one transmission per tax year and kind, one
// submission per payer and form inside it (planTransmissions). Checked at pay, before anything is charged.
//  - S1H012: a 1099-INT submission's totals must carry some interest.
//  - TMFST020: the transmission's SoftwareId must start with the tax year's last two digits.
//  - FTMFST008: a UniqueRecordId (the corrected original) only once per transmission.
//  - SHAREDIRFORM009_001, SHAREDIRFORM010_001, SHAREDIRFORM026: a correction points at an original the IRS
//    accepted, of the same tax year and form type.
import { amountToCents } from "../../forms/index.ts";
import type { FilingStatus } from "../../filing/status.ts";
import { finding, INT_TOTALS } from "./engine.ts";
import type { RuleFinding, TransmitterProfile } from "./model.ts";

/** One cart item as the cart rules see it. */
export interface CartEntry {
  /** The cart item id (problems name it). */
  readonly ref: string;
  readonly payerId: string;
  readonly formTypeCd: string;
  readonly taxYear: number;
  /** False for print_mail: the form is furnished, never transmitted. */
  readonly efile: boolean;
  readonly jsonForm: Readonly<Record<string, unknown>>;
  /** The original a correction corrects, as the service holds it; absent for originals. */
  readonly correctionOf?: CorrectedOriginal;
  /** Issue 41: transmitted in a submission of its own with the payer's other threshold-warned forms (`keptApart`). */
  readonly keptApart?: boolean;
}

export interface CorrectedOriginal {
  readonly id: string;
  /** Undefined when the original no longer exists in this environment. */
  readonly formTypeCd: string | undefined;
  readonly taxYear: number | undefined;
  readonly status: FilingStatus | undefined;
  readonly receiptId: string | null;
  readonly submissionId: number | null;
  readonly recordId: number | null;
}

/** The rule numbers checkCart checks. */
export const CART_RULE_CODES = [
  "S1H012",
  "TMFST020",
  "FTMFST008",
  "SHAREDIRFORM009_001",
  "SHAREDIRFORM010_001",
  "SHAREDIRFORM026",
] as const;

export interface CartFinding {
  readonly ref: string;
  readonly finding: RuleFinding;
}

const ACCEPTED: readonly (FilingStatus | undefined)[] = ["accepted", "accepted_with_errors", "superseded"];

export function checkCart(entries: readonly CartEntry[], transmitter?: TransmitterProfile): CartFinding[] {
  const out: CartFinding[] = [];
  const filed = entries.filter((e) => e.efile);

  // S1H012, per submission: kind, tax year, payer and form (and kept apart or not), as planTransmissions groups them.
  const submissions = new Map<string, CartEntry[]>();
  for (const e of filed) {
    if (e.formTypeCd !== "1099INT") continue;
    const key = `${e.correctionOf ? "C" : "O"}|${String(e.taxYear)}|${e.payerId}|${e.keptApart === true ? "apart" : ""}`;
    const list = submissions.get(key);
    if (list) list.push(e);
    else submissions.set(key, [e]);
  }
  for (const list of submissions.values()) {
    const total = list.reduce(
      (n, e) => n + INT_TOTALS.reduce((m, k) => m + Math.abs(amountToCents(e.jsonForm[k]) ?? 0), 0),
      0,
    );
    if (total !== 0) continue;
    for (const e of list) {
      out.push({
        ref: e.ref,
        finding: finding(
          "S1H012",
          "jsonForm.InterestIncomeAmt",
          e.formTypeCd,
          e.keptApart === true
            ? `None of the ${String(list.length)} 1099-INT form(s) of this payer for tax year ${String(e.taxYear)} with threshold-graded warnings reports any of them; they go in a submission of their own (the IRS's ThresholdRule), which would total zero.`
            : `None of the ${String(list.length)} 1099-INT form(s) of this payer for tax year ${String(e.taxYear)} in the cart reports any of them, so the submission would total zero.`,
        ),
      });
    }
  }

  // TMFST020, per tax year transmitted.
  if (transmitter) {
    for (const e of filed) {
      const id = transmitter.softwareIdFor(e.taxYear);
      const yy = String(e.taxYear).slice(-2);
      if (id !== undefined && id.slice(0, 2) === yy) continue;
      out.push({
        ref: e.ref,
        finding: finding(
          "TMFST020",
          "tax_year",
          undefined,
          id === undefined
            ? `The service has no IRS software id for tax year ${String(e.taxYear)} yet, so it cannot transmit this form; it stays in the cart until one is configured.`
            : `The service's software id for tax year ${String(e.taxYear)} does not start with ${yy}.`,
        ),
      });
    }
  }

  // Corrections.
  const seen = new Set<string>();
  for (const e of filed) {
    const o = e.correctionOf;
    if (!o) continue;
    if (seen.has(o.id)) {
      out.push({
        ref: e.ref,
        finding: finding(
          "FTMFST008",
          "corrects",
          e.formTypeCd,
          `Another correction of filing ${o.id} is in this cart; pay one of them first.`,
        ),
      });
    }
    seen.add(o.id);
    if (!ACCEPTED.includes(o.status) || !o.receiptId || o.submissionId === null || o.recordId === null) {
      out.push({
        ref: e.ref,
        finding: finding(
          "SHAREDIRFORM009_001",
          "corrects",
          e.formTypeCd,
          `Filing ${o.id} is ${o.status ?? "gone"}${o.receiptId ? "" : " and has no IRS receipt"}; only a form the IRS accepted can be corrected.`,
        ),
      });
    }
    if (o.taxYear !== undefined && o.taxYear !== e.taxYear) {
      out.push({
        ref: e.ref,
        finding: finding(
          "SHAREDIRFORM010_001",
          "tax_year",
          e.formTypeCd,
          `The original is for tax year ${String(o.taxYear)}, the correction for ${String(e.taxYear)}.`,
        ),
      });
    }
    if (o.formTypeCd !== undefined && o.formTypeCd !== e.formTypeCd) {
      out.push({
        ref: e.ref,
        finding: finding(
          "SHAREDIRFORM026",
          "form",
          e.formTypeCd,
          `The original is a ${o.formTypeCd}, the correction a ${e.formTypeCd}.`,
        ),
      });
    }
  }
  return out;
}
