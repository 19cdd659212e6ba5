// The checks the SSA runs on a W-2 before it posts the wages (what its AccuWage tool reports), on the canonical
// form: SSN, employee name, the social security wage base and 6.2% tax, the Medicare tax, box 12 codes and
// their limits, state codes, and EFW2 field widths. Every issue names the element and the SSA rule; a form with
// one is refused at intake, so an EFW2 file the SSA would not take is never written.
import { amountToCents } from "./decimal.ts";
import { SSA_SUFFIXES } from "./ssa-forms.ts";
import type { FormIssue } from "./validate.ts";

/** Social security wage base (contribution and benefit base) per tax year, in cents: $176,100 (2025), $184,500 (2026, SSA's 2026 COLA announcement). */
export const SOCIAL_SECURITY_WAGE_BASE_CENTS: Readonly<Record<number, number>> = {
  2025: 17_610_000,
  2026: 18_450_000,
};
export const SOCIAL_SECURITY_RATE = 0.062;
export const MEDICARE_RATE = 0.0145;
export const ADDITIONAL_MEDICARE_RATE = 0.009;
/** Additional Medicare Tax is withheld on Medicare wages above this (cents). */
export const ADDITIONAL_MEDICARE_THRESHOLD_CENTS = 20_000_000;
/** EFW2 money fields are 11 digits of cents in RW/RO/RS. */
export const EFW2_MAX_AMOUNT_CENTS = 99_999_999_999;

/** FIPS numeric state codes of the EFW2 RS record (states, DC and the territories with a code). */
export const SSA_STATE_CODES: Readonly<Record<string, string>> = {
  AL: "01",
  AK: "02",
  AZ: "04",
  AR: "05",
  CA: "06",
  CO: "08",
  CT: "09",
  DE: "10",
  DC: "11",
  FL: "12",
  GA: "13",
  HI: "15",
  ID: "16",
  IL: "17",
  IN: "18",
  IA: "19",
  KS: "20",
  KY: "21",
  LA: "22",
  ME: "23",
  MD: "24",
  MA: "25",
  MI: "26",
  MN: "27",
  MS: "28",
  MO: "29",
  MT: "30",
  NE: "31",
  NV: "32",
  NH: "33",
  NJ: "34",
  NM: "35",
  NY: "36",
  NC: "37",
  ND: "38",
  OH: "39",
  OK: "40",
  OR: "41",
  PA: "42",
  RI: "44",
  SC: "45",
  SD: "46",
  TN: "47",
  TX: "48",
  UT: "49",
  VT: "50",
  VA: "51",
  WA: "53",
  WV: "54",
  WI: "55",
  WY: "56",
  AS: "60",
  GU: "66",
  MP: "69",
  PR: "72",
  VI: "78",
};

interface Box12Limit {
  readonly codes: readonly string[];
  readonly cents: number;
  readonly what: string;
}

/**
 * Annual limits per box 12 code group (IRC 402(g), 457(b), 408(p), 223(b), 9831(d)), with every catch-up an
 * employee could have: above these no employee can be right. Figures: IRS Notice 2024-80 (2025) and Notice 2025-67
 * (2026) as summarised by RSM "IRS releases 2025 retirement and fringe benefit plan limitations", Spidell "Notice
 * 2025-67" and Sentinel Group "IRS Plan Limits"; HSA figures from the same Sentinel table (Rev. Proc. 2024-25,
 * 2025-19); QSEHRA from Salusion "2026 QSEHRA Contribution Limits" (Rev. Proc. 2025-32 section .63).
 * - Elective deferrals (D, E, F, AA, BB share the 402(g) limit): 402(g) + the 403(b) 15-year-service catch-up
 *   ($3,000, code E) + the age 60-63 catch-up ($11,250 in both years; the age-50 catch-up is $7,500 / $8,000).
 * - 457(b) (G, EE): twice the 402(g) limit (the final-three-years catch-up), above the age 60-63 total.
 * - SIMPLE (S): the 110% deferral limit of employers with 25 or fewer employees ($17,600 / $18,100) + the age 60-63
 *   SIMPLE catch-up ($5,250); the plain limits are $16,500 / $17,000 with $3,500 / $4,000 catch-up.
 */
const BOX12_LIMITS: Readonly<Record<number, readonly Box12Limit[]>> = {
  2025: [
    {
      codes: ["D", "E", "F", "AA", "BB"],
      cents: 3_775_000,
      what: "elective deferrals (402(g) $23,500 + 403(b) 15-year catch-up $3,000 + age 60-63 catch-up $11,250)",
    },
    {
      codes: ["G", "EE"],
      cents: 4_700_000,
      what: "457(b) deferrals (twice the $23,500 limit, the final-years catch-up)",
    },
    {
      codes: ["S"],
      cents: 2_285_000,
      what: "SIMPLE deferrals ($17,600 for small employers + age 60-63 catch-up $5,250)",
    },
    { codes: ["W"], cents: 955_000, what: "HSA contributions ($8,550 family + $1,000 catch-up)" },
    { codes: ["FF"], cents: 1_280_000, what: "QSEHRA benefits ($12,800 family)" },
  ],
  2026: [
    {
      codes: ["D", "E", "F", "AA", "BB"],
      cents: 3_875_000,
      what: "elective deferrals (402(g) $24,500 + 403(b) 15-year catch-up $3,000 + age 60-63 catch-up $11,250)",
    },
    {
      codes: ["G", "EE"],
      cents: 4_900_000,
      what: "457(b) deferrals (twice the $24,500 limit, the final-years catch-up)",
    },
    {
      codes: ["S"],
      cents: 2_335_000,
      what: "SIMPLE deferrals ($18,100 for small employers + age 60-63 catch-up $5,250)",
    },
    { codes: ["W"], cents: 975_000, what: "HSA contributions ($8,750 family + $1,000 catch-up)" },
    { codes: ["FF"], cents: 1_310_000, what: "QSEHRA benefits ($13,100 family)" },
  ],
};

const SUFFIXES: ReadonlySet<string> = new Set(SSA_SUFFIXES);
const TITLES = new Set(["MR", "MRS", "MS", "MISS", "DR", "PROF", "REV"]);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function cents(o: Record<string, unknown>, key: string): number {
  const v = o[key];
  return v === undefined ? 0 : (amountToCents(v as number | string) ?? 0);
}

const dollars = (c: number) =>
  `$${(c / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** SSA SSN rules: 9 digits, area not 000, 666 or 900-999, group not 00, serial not 0000. Null when valid. */
export function ssnProblem(ssn: string): string | null {
  if (!/^[0-9]{9}$/.test(ssn)) return "must be 9 digits";
  const area = ssn.slice(0, 3);
  if (area === "000" || area === "666" || area[0] === "9")
    return `area number ${area} is never issued (000, 666 and 900-999 are not valid)`;
  if (ssn.slice(3, 5) === "00") return "group number 00 is never issued";
  if (ssn.slice(5) === "0000") return "serial number 0000 is never issued";
  return null;
}

function nameIssues(name: unknown, at: string, out: FormIssue[]): void {
  if (!isObject(name)) return;
  const first = typeof name["PersonFirstNm"] === "string" ? name["PersonFirstNm"] : "";
  const last = typeof name["PersonLastNm"] === "string" ? name["PersonLastNm"] : "";
  const firstWord = first.split(" ")[0]?.replace(/\.$/, "").toUpperCase() ?? "";
  if (TITLES.has(firstWord)) {
    out.push({
      param: `${at}.PersonFirstNm`,
      rule: "ssa_name_title",
      message: `SSA name rule: no titles in the employee's name ("${firstWord}"); enter the first name as shown on the social security card.`,
    });
  }
  const lastWords = last.toUpperCase().replace(/[.,]/g, "").split(" ");
  const tail = lastWords[lastWords.length - 1] ?? "";
  if (lastWords.length > 1 && SUFFIXES.has(tail)) {
    out.push({
      param: `${at}.PersonLastNm`,
      rule: "ssa_name_order",
      message: `SSA name rule: the suffix "${tail}" goes in SuffixNm, not after the last name.`,
    });
  }
  for (const [key, value] of [
    ["PersonFirstNm", first],
    ["PersonLastNm", last],
  ] as const) {
    if (value !== "" && !/[A-Za-z]/.test(value))
      out.push({
        param: `${at}.${key}`,
        rule: "ssa_name_characters",
        message: `SSA name rule: ${key} must contain a letter.`,
      });
  }
}

/** Boxes 1-14 and the state rows of one set of amounts (the W-2, or the W-2c's correct information). */
function amountIssues(
  a: Record<string, unknown>,
  at: string,
  taxYear: number,
  employmentCd: string,
  out: FormIssue[],
): void {
  const p = (name: string) => `${at}${name}`;
  const walk = (o: unknown, path: string) => {
    if (Array.isArray(o)) o.forEach((v, i) => walk(v, `${path}.${String(i)}`));
    else if (isObject(o)) for (const [k, v] of Object.entries(o)) walk(v, path ? `${path}.${k}` : k);
    else if (path.endsWith("Amt") && (typeof o === "number" || typeof o === "string")) {
      const c = amountToCents(o);
      if (c !== undefined && c > EFW2_MAX_AMOUNT_CENTS)
        out.push({
          param: `${at}${path}`,
          rule: "ssa_amount_width",
          message: `EFW2 rule: amounts are at most ${dollars(EFW2_MAX_AMOUNT_CENTS)} (11 digits of cents).`,
        });
    }
  };
  walk(a, "");

  const ssWages = cents(a, "SocialSecurityWagesAmt");
  const ssTips = cents(a, "SocialSecurityTipsAmt");
  const ssTax = cents(a, "SocialSecurityTaxAmt");
  const base = SOCIAL_SECURITY_WAGE_BASE_CENTS[taxYear];
  if (employmentCd === "Q" && (ssWages > 0 || ssTax > 0 || ssTips > 0)) {
    out.push({
      param: p("SocialSecurityWagesAmt"),
      rule: "ssa_employment_code",
      message:
        "SSA rule: employment code Q (Medicare qualified government employment) has no social security wages, tips or tax.",
    });
  } else if (base !== undefined && ssWages + ssTips > base) {
    out.push({
      param: p("SocialSecurityWagesAmt"),
      rule: "ssa_wage_base",
      message: `SSA rule: social security wages plus social security tips (${dollars(ssWages + ssTips)}) exceed the ${String(taxYear)} wage base of ${dollars(base)}.`,
    });
  } else {
    const expected = Math.round((ssWages + ssTips) * SOCIAL_SECURITY_RATE);
    if (Math.abs(ssTax - expected) > 1) {
      out.push({
        param: p("SocialSecurityTaxAmt"),
        rule: "ssa_social_security_tax",
        message: `SSA rule: social security tax must be 6.2% of social security wages and tips (${dollars(expected)}, within a cent); it is ${dollars(ssTax)}.`,
      });
    }
  }

  const mWages = cents(a, "MedicareWagesAndTipsAmt");
  const mTax = cents(a, "MedicareTaxWithheldAmt");
  const minTax = Math.round(mWages * MEDICARE_RATE);
  const maxTax =
    minTax + Math.round(Math.max(0, mWages - ADDITIONAL_MEDICARE_THRESHOLD_CENTS) * ADDITIONAL_MEDICARE_RATE);
  if (mTax < minTax - 1) {
    out.push({
      param: p("MedicareTaxWithheldAmt"),
      rule: "ssa_medicare_tax",
      message: `SSA rule: Medicare tax must be at least 1.45% of Medicare wages and tips (${dollars(minTax)}); it is ${dollars(mTax)}.`,
    });
  } else if (mTax > maxTax + 1) {
    out.push({
      param: p("MedicareTaxWithheldAmt"),
      rule: "ssa_medicare_tax",
      message: `SSA rule: Medicare tax cannot exceed 1.45% of Medicare wages plus 0.9% Additional Medicare Tax on wages above $200,000 (${dollars(maxTax)}); it is ${dollars(mTax)}.`,
    });
  }
  if (employmentCd !== "H" && mWages < ssWages + ssTips) {
    out.push({
      param: p("MedicareWagesAndTipsAmt"),
      rule: "ssa_medicare_wages",
      message: `SSA rule: Medicare wages and tips (${dollars(mWages)}) cannot be less than social security wages plus tips (${dollars(ssWages + ssTips)}).`,
    });
  }

  const box12 = Array.isArray(a["EmployersUseGrp"]) ? a["EmployersUseGrp"].filter(isObject) : [];
  const seen = new Map<string, number>();
  box12.forEach((g, i) => {
    const code = String(g["EmployersUseCd"] ?? "");
    if (seen.has(code))
      out.push({
        param: p(`EmployersUseGrp.${String(i)}.EmployersUseCd`),
        rule: "ssa_box12_duplicate",
        message: `SSA rule: box 12 code ${code} appears more than once; report its total once.`,
      });
    seen.set(code, (seen.get(code) ?? 0) + cents(g, "EmployersUseAmt"));
  });
  for (const limit of BOX12_LIMITS[taxYear] ?? []) {
    const total = limit.codes.reduce((n, c) => n + (seen.get(c) ?? 0), 0);
    if (total > limit.cents) {
      const i = box12.findIndex((g) => limit.codes.includes(String(g["EmployersUseCd"])));
      out.push({
        param: p(`EmployersUseGrp.${String(i)}.EmployersUseAmt`),
        rule: "ssa_box12_limit",
        message: `SSA rule: box 12 codes ${limit.codes.join(", ")} total ${dollars(total)}, above the ${String(taxYear)} limit for ${limit.what}, ${dollars(limit.cents)}.`,
      });
    }
  }
  if ((seen.get("A") ?? 0) + (seen.get("B") ?? 0) > 0 && ssTips === 0 && cents(a, "AllocatedTipsAmt") === 0) {
    out.push({
      param: p("EmployersUseGrp"),
      rule: "ssa_box12_tips",
      message:
        "SSA rule: box 12 codes A and B (uncollected tax on tips) need social security tips or allocated tips.",
    });
  }

  const states = Array.isArray(a["W2StateLocalTaxGrp"]) ? a["W2StateLocalTaxGrp"] : [];
  states.forEach((row, i) => {
    const st = isObject(row) && isObject(row["W2StateTaxGrp"]) ? row["W2StateTaxGrp"] : undefined;
    const code = st ? String(st["StateAbbreviationCd"] ?? "") : "";
    if (st && SSA_STATE_CODES[code] === undefined) {
      out.push({
        param: p(`W2StateLocalTaxGrp.${String(i)}.W2StateTaxGrp.StateAbbreviationCd`),
        rule: "ssa_state_code",
        message: `EFW2 rule: ${code} has no state code in the RS record (military post codes are not states).`,
      });
    }
  });
}

/** The SSA's checks of one canonical W-2 or W-2c; empty when it would pass. */
export function ssaIssues(form: string, taxYear: number, stored: Record<string, unknown>): FormIssue[] {
  const out: FormIssue[] = [];
  for (const key of ["EmployeeSSN", "OriginalEmployeeSSN"]) {
    const ssn = stored[key];
    if (typeof ssn !== "string") continue;
    const problem = ssnProblem(ssn);
    if (problem)
      out.push({ param: `jsonForm.${key}`, rule: "ssa_ssn", message: `SSA SSN rule: ${problem}.` });
  }
  nameIssues(stored["EmployeeName"], "jsonForm.EmployeeName", out);
  nameIssues(stored["OriginalEmployeeName"], "jsonForm.OriginalEmployeeName", out);
  const employmentCd = typeof stored["EmploymentCd"] === "string" ? stored["EmploymentCd"] : "R";
  if (form === "W-2") amountIssues(stored, "jsonForm.", taxYear, employmentCd, out);
  else {
    if (isObject(stored["CorrectInformationGrp"]))
      amountIssues(
        stored["CorrectInformationGrp"],
        "jsonForm.CorrectInformationGrp.",
        taxYear,
        employmentCd,
        out,
      );
    if (
      !isObject(stored["CorrectInformationGrp"]) &&
      stored["OriginalEmployeeSSN"] === undefined &&
      stored["OriginalEmployeeName"] === undefined
    ) {
      out.push({
        param: "jsonForm.CorrectInformationGrp",
        rule: "ssa_w2c_nothing_corrected",
        message:
          "EFW2C rule: a W-2c corrects something: give CorrectInformationGrp (with PreviouslyReportedGrp), OriginalEmployeeSSN or OriginalEmployeeName.",
      });
    }
  }
  return out;
}
