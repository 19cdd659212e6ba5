// Issue 41: for each form the issue names, a B record that breaks exactly one IRS rule the IRS accepts the form with
// (Report Error, or Report Error and Reject if over Threshold), built on an IRS-valid record of every field. Shared by
// the offline tools' tests and the import's.
import {
  FORM_SPECS,
  type FireFormInput,
  type FirePayer,
  type FormSpec,
} from "../../../../core/domain/fire/index.ts";
import { irsValidInput, recipient } from "./helpers.ts";

export interface SeverityCase {
  readonly form: string;
  /** The rule the record breaks, and the jsonForm element its finding points at. */
  readonly code: string;
  readonly path: string;
  readonly breakIt: (f: FireFormInput, spec: FormSpec) => FireFormInput;
  /** What the IRS-valid record of every field needs to break no rule at all, when it breaks one. */
  readonly clean?: (f: FireFormInput) => FireFormInput;
}

const codeOf = (spec: FormSpec, iris: string): string => {
  const c = Object.keys(spec.amounts).find((k) => spec.amounts[k]?.iris === iris);
  if (c === undefined) throw new Error(`${spec.form} has no amount code for ${iris}`);
  return c;
};
const amount = (f: FireFormInput, spec: FormSpec, iris: string): number =>
  f.amountsByCode?.[codeOf(spec, iris)] ?? 0;
const setAmounts = (f: FireFormInput, spec: FormSpec, values: Record<string, number>): FireFormInput => {
  const amountsByCode = { ...f.amountsByCode };
  for (const [iris, cents] of Object.entries(values)) amountsByCode[codeOf(spec, iris)] = cents;
  return { ...f, amountsByCode };
};
/** "a is greater than b": a set to b plus $1. */
const above = (a: string, b: string) => (f: FireFormInput, spec: FormSpec) =>
  setAmounts(f, spec, { [a]: amount(f, spec, b) + 100 });
/** Withholding above the sum of every other amount (the service's reading of "appears excessive"). */
const excessiveWithholding = (f: FireFormInput, spec: FormSpec) => {
  const fit = codeOf(spec, "FederalIncomeTaxWithheldAmt");
  const others = Object.entries(f.amountsByCode ?? {})
    .filter(([c]) => c !== fit && spec.amounts[c]?.iris)
    .reduce((n, [, v]) => n + v, 0);
  return setAmounts(f, spec, { FederalIncomeTaxWithheldAmt: others + 100 });
};
const plus = (iris: string, cents: number) => (f: FireFormInput, spec: FormSpec) =>
  setAmounts(f, spec, { [iris]: amount(f, spec, iris) + cents });

export const SEVERITY_CASES: readonly SeverityCase[] = [
  {
    form: "1099-NEC",
    code: "F1099NEC001",
    path: "jsonForm.FederalIncomeTaxWithheldAmt",
    breakIt: excessiveWithholding,
  },
  {
    form: "1099-INT",
    code: "F1099INT002_001",
    path: "jsonForm.SpcfdPrvtActyBondInterestAmt",
    breakIt: above("SpcfdPrvtActyBondInterestAmt", "TaxExemptInterestAmt"),
  },
  {
    form: "1099-DIV",
    code: "F1099DIV001",
    path: "jsonForm.TotalOrdinaryDividendsAmt",
    breakIt: (f, spec) => setAmounts(f, spec, { TotalOrdinaryDividendsAmt: 100 }),
  },
  { form: "1099-K", code: "F1099K001", path: "jsonForm.GrossAmt", breakIt: plus("GrossAmt", 1) },
  {
    form: "1099-R",
    code: "F1099R002",
    path: "jsonForm.TaxableAmt",
    breakIt: above("TaxableAmt", "GrossDistributionAmt"),
  },
  {
    form: "1099-C",
    code: "F1099C002",
    path: "jsonForm.InterestAmt",
    breakIt: above("InterestAmt", "DebtDischargeAmt"),
  },
  {
    form: "1099-A",
    code: "F1099A001",
    path: "jsonForm.PropertyDesc",
    breakIt: (f) => {
      const { PropertyDesc: _drop, ...codes } = f.codes;
      return { ...f, codes };
    },
  },
  {
    form: "1099-OID",
    code: "F1099OID001",
    path: "jsonForm.FederalIncomeTaxWithheldAmt",
    breakIt: excessiveWithholding,
  },
  {
    form: "1099-PATR",
    code: "F1099PATR001",
    path: "jsonForm.FederalIncomeTaxWithheldAmt",
    breakIt: excessiveWithholding,
  },
  {
    form: "1099-SA",
    code: "F1099SA003",
    path: "jsonForm.ExcessContributionsEarningsAmt",
    breakIt: above("ExcessContributionsEarningsAmt", "GrossDistributionAmt"),
  },
  { form: "1099-Q", code: "F1099Q001", path: "jsonForm.BasisAmt", breakIt: plus("BasisAmt", 1) },
  {
    form: "1099-B",
    code: "F1099B002",
    path: "jsonForm.FederalIncomeTaxWithheldAmt",
    breakIt: excessiveWithholding,
  },
  {
    form: "5498",
    code: "F5498002",
    path: "jsonForm.LifeInsIncludedInIRAContriAmt",
    breakIt: above("LifeInsIncludedInIRAContriAmt", "IRAContributionsAmt"),
  },
  {
    form: "1097-BTC",
    code: "F1097BTC001",
    path: "jsonForm.TotalCreditsAmt",
    breakIt: plus("TotalCreditsAmt", 1),
  },
  {
    form: "1098-C",
    code: "F1098C005",
    path: "jsonForm.VehClaimDedUnderSpcfdAmtInd",
    breakIt: (f) => ({ ...f, indicators: { ...f.indicators, VehClaimDedUnderSpcfdAmtInd: true } }),
    // Every field filled sets the first box of each group, this Report Error one among them.
    clean: (f) => ({ ...f, indicators: { ...f.indicators, VehClaimDedUnderSpcfdAmtInd: false } }),
  },
  {
    form: "1098-Q",
    code: "F1098Q001",
    path: "jsonForm.TotalPremiumsAmt",
    breakIt: plus("TotalPremiumsAmt", -1),
  },
];

/** The case's form: IRS-valid but for its one rule, under `payer`, for the recipient with `tin`. */
export function severityForm(c: SeverityCase, payer: FirePayer, tin: string, broken = true): FireFormInput {
  const spec = FORM_SPECS.find((s) => s.form === c.form);
  if (!spec) throw new Error(`no FIRE layout for ${c.form}`);
  const filled = { ...irsValidInput(spec, payer), recipient: recipient({ tin }) };
  const valid = c.clean ? c.clean(filled) : filled;
  return broken ? c.breakIt(valid, spec) : valid;
}
