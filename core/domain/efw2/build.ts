// Canonical W-2 / W-2c forms (core/domain/forms) -> EFW2 / EFW2C records. One file per submitter and tax year:
// RA, then per employer RE, an RW (and an RO when it has optional amounts) and an RS per state row for each
// employee, RT (and RU) with the employer's totals; RF with the file's RW count. The RT totals are the W-3's.
import { amountToCents } from "../forms/decimal.ts";
import { SSA_STATE_CODES } from "../forms/ssa-rules.ts";
import { RCO_MONEY, RCW_MONEY, RO_MONEY, RT_MONEY, RW_MONEY } from "./layout.ts";
import type { Efw2Record } from "./records.ts";

export interface Efw2Address {
  readonly line1: string;
  readonly line2?: string;
  readonly city: string;
  readonly state: string;
  readonly postalCode: string;
  /** "US" or an IRS country code. */
  readonly country: string;
}

/** The submitter: the service, registered with SSA Business Services Online (BSO user id). */
export interface Efw2Submitter {
  readonly ein: string;
  readonly userId: string;
  readonly name: string;
  readonly address: Efw2Address;
  readonly contactName: string;
  readonly contactPhone: string;
  readonly contactEmail: string;
}

export interface Efw2Employer {
  readonly ein: string;
  readonly name: string;
  readonly address: Efw2Address;
  readonly contactName?: string;
  readonly contactPhone?: string;
  readonly contactEmail?: string;
}

export interface Efw2Employee {
  /** The filing it comes from, for problems and outcomes. */
  readonly filingId: string;
  /** The canonical jsonForm of the W-2 (or W-2c), its SSNs as stored (digits). */
  readonly jsonForm: Readonly<Record<string, unknown>>;
}

export interface Efw2EmployerGroup {
  readonly employer: Efw2Employer;
  readonly employees: readonly Efw2Employee[];
}

export interface Efw2Input {
  readonly taxYear: number;
  readonly submitter: Efw2Submitter;
  readonly employers: readonly Efw2EmployerGroup[];
}

type Obj = Readonly<Record<string, unknown>>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (o: Obj | undefined, k: string): string =>
  o && typeof o[k] === "string" ? (o[k] as string) : "";
const cut = (s: string, n: number) =>
  s
    .toUpperCase()
    .replace(/[^A-Z0-9 .,'\-/#&@()]/g, "")
    .slice(0, n)
    .trimEnd();
const cents = (v: unknown): number => (v === undefined ? 0 : (amountToCents(v) ?? 0));
const digits = (s: string) => s.replace(/[^0-9]/g, "");

function addressFields(prefix: string, a: Efw2Address | undefined): Record<string, string> {
  if (!a) return {};
  const zip = digits(a.postalCode);
  const us = a.country === "US" || a.country === "";
  const out: Record<string, string> = {
    [`${prefix}LocationAddress`]: cut(a.line2 ?? "", 22),
    [`${prefix}DeliveryAddress`]: cut(a.line1, 22),
    [`${prefix}City`]: cut(a.city, 22),
  };
  if (us) {
    out[`${prefix}State`] = a.state.toUpperCase();
    out[`${prefix}Zip`] = zip.slice(0, 5);
    out[`${prefix}ZipExtension`] = zip.slice(5, 9);
  } else {
    out[`${prefix}ForeignState`] = cut(a.state, 23);
    out[`${prefix}ForeignPostalCode`] = cut(a.postalCode, 15);
    out[`${prefix}Country`] = a.country.toUpperCase().slice(0, 2);
  }
  return out;
}

/** The employee's address from a W-2 jsonForm. */
export function employeeAddress(form: Obj): Efw2Address | undefined {
  const us = form["EmployeeUSAddress"];
  if (isObj(us)) {
    return {
      line1: str(us, "AddressLine1Txt"),
      line2: str(us, "AddressLine2Txt"),
      city: str(us, "CityNm"),
      state: str(us, "StateAbbreviationCd"),
      postalCode: str(us, "ZIPCd"),
      country: "US",
    };
  }
  const f = form["EmployeeForeignAddress"];
  if (isObj(f)) {
    return {
      line1: str(f, "AddressLine1Txt"),
      line2: str(f, "AddressLine2Txt"),
      city: str(f, "CityNm"),
      state: str(f, "ProvinceOrStateNm"),
      postalCode: str(f, "ForeignPostalCd"),
      country: str(f, "CountryCd"),
    };
  }
  return undefined;
}

function nameFields(name: unknown, prefix = ""): Record<string, string> {
  const n = isObj(name) ? name : undefined;
  const key = (k: string) => (prefix ? `${prefix}${k[0]?.toUpperCase() ?? ""}${k.slice(1)}` : k);
  const out: Record<string, string> = {
    [key("firstName")]: cut(str(n, "PersonFirstNm"), 15),
    [key("middleName")]: cut(str(n, "PersonMiddleNm"), 15),
    [key("lastName")]: cut(str(n, "PersonLastNm"), 20),
  };
  if (!prefix) out["suffix"] = cut(str(n, "SuffixNm"), 4);
  return out;
}

/** Money of boxes 1-14 of one set of W-2 amounts, by EFW2 field name (RW and RO names), in cents. */
export function w2Money(a: Obj): Map<string, number> {
  const m = new Map<string, number>();
  const add = (field: string, c: number) => {
    if (c !== 0) m.set(field, (m.get(field) ?? 0) + c);
  };
  add("wages", cents(a["WagesAmt"]));
  add("federalIncomeTax", cents(a["WithholdingAmt"]));
  add("socialSecurityWages", cents(a["SocialSecurityWagesAmt"]));
  add("socialSecurityTax", cents(a["SocialSecurityTaxAmt"]));
  add("medicareWages", cents(a["MedicareWagesAndTipsAmt"]));
  add("medicareTax", cents(a["MedicareTaxWithheldAmt"]));
  add("socialSecurityTips", cents(a["SocialSecurityTipsAmt"]));
  add("allocatedTips", cents(a["AllocatedTipsAmt"]));
  add("dependentCare", cents(a["DependentCareBenefitsAmt"]));
  add(
    a["NonqualifiedPlanSect457Ind"] === true ? "nonqualified457" : "nonqualifiedNot457",
    cents(a["NonqualifiedPlansAmt"]),
  );
  for (const g of Array.isArray(a["EmployersUseGrp"]) ? a["EmployersUseGrp"] : []) {
    if (!isObj(g)) continue;
    const code = str(g, "EmployersUseCd");
    // A and B are filed together in the RO; J, K, L and P are statement-only (EFW2 has no field for them).
    add(code === "A" || code === "B" ? "uncollectedTaxOnTips" : `code_${code}`, cents(g["EmployersUseAmt"]));
  }
  return m;
}

const flag = (v: unknown) => (v === true ? "1" : "0");
const moneyFields = (
  list: readonly (string | null)[],
  m: ReadonlyMap<string, number>,
): Record<string, string> =>
  Object.fromEntries(list.filter((n): n is string => n !== null).map((n) => [n, String(m.get(n) ?? 0)]));
const hasAny = (list: readonly (string | null)[], m: ReadonlyMap<string, number>) =>
  list.some((n) => n !== null && (m.get(n) ?? 0) !== 0);

function stateRows(a: Obj): Obj[] {
  const rows = Array.isArray(a["W2StateLocalTaxGrp"]) ? a["W2StateLocalTaxGrp"] : [];
  return rows.flatMap((r) => (isObj(r) && isObj(r["W2StateTaxGrp"]) ? [r["W2StateTaxGrp"]] : []));
}

function raRecord(s: Efw2Submitter, type: "RA" | "RCA"): Efw2Record {
  return {
    type,
    fields: {
      submitterEin: digits(s.ein),
      userId: s.userId.toUpperCase(),
      softwareCode: "98",
      companyName: cut(s.name, 57),
      ...addressFields("company", s.address),
      // EFW2C's RCA has the company block only; EFW2's RA has the submitter's name and address as well.
      ...(type === "RA" ? { submitterName: cut(s.name, 57), ...addressFields("submitter", s.address) } : {}),
      contactName: cut(s.contactName, 27),
      contactPhone: digits(s.contactPhone).slice(0, 15),
      contactEmail: s.contactEmail.toUpperCase().slice(0, 40),
      preparerCode: "L",
      resubIndicator: "0",
    },
  };
}

const employmentCodeOf = (form: Obj) => str(form, "EmploymentCd") || "R";
const kindOfEmployerOf = (form: Obj) => str(form, "KindOfEmployerCd") || "N";

/**
 * An employer's forms split by what its RE record carries (employment code and kind of employer): EFW2 takes
 * one RE per combination, each with its own RT.
 */
function reGroups(
  g: Efw2EmployerGroup,
): { employmentCode: string; kindOfEmployer: string; employees: Efw2Employee[] }[] {
  const out = new Map<
    string,
    { employmentCode: string; kindOfEmployer: string; employees: Efw2Employee[] }
  >();
  for (const e of g.employees) {
    const employmentCode = employmentCodeOf(e.jsonForm);
    const kindOfEmployer = kindOfEmployerOf(e.jsonForm);
    const key = `${employmentCode}|${kindOfEmployer}`;
    const group = out.get(key) ?? { employmentCode, kindOfEmployer, employees: [] };
    group.employees.push(e);
    out.set(key, group);
  }
  return [...out.values()];
}

/** The records of an EFW2 file for W-2s. */
export function buildEfw2(input: Efw2Input): Efw2Record[] {
  const records: Efw2Record[] = [raRecord(input.submitter, "RA")];
  let rwCount = 0;
  for (const group of input.employers) {
    for (const re of reGroups(group)) {
      const e = group.employer;
      records.push({
        type: "RE",
        fields: {
          taxYear: String(input.taxYear),
          ein: digits(e.ein),
          employerName: cut(e.name, 57),
          ...addressFields("employer", e.address),
          kindOfEmployer: re.kindOfEmployer,
          employmentCode: re.employmentCode,
          terminatingBusiness: "0",
          thirdPartySickPay: re.employees.some((x) => x.jsonForm["ThirdPartySickPayInd"] === true)
            ? "1"
            : "0",
          contactName: cut(e.contactName ?? "", 27),
          contactPhone: digits(e.contactPhone ?? "").slice(0, 15),
          contactEmail: (e.contactEmail ?? "").toUpperCase().slice(0, 40),
        },
      });
      const totals = new Map<string, number>();
      let roCount = 0;
      const roTotals = new Map<string, number>();
      for (const { jsonForm: f } of re.employees) {
        const m = w2Money(f);
        const ssn = str(f, "EmployeeSSN");
        const who = {
          ssn,
          ...nameFields(f["EmployeeName"]),
          ...addressFields("employee", employeeAddress(f)),
        };
        records.push({
          type: "RW",
          fields: {
            ...who,
            ...moneyFields(RW_MONEY, m),
            statutoryEmployee: flag(f["StatutoryEmployeeInd"]),
            retirementPlan: flag(f["RetirementPlanInd"]),
            thirdPartySickPay: flag(f["ThirdPartySickPayInd"]),
          },
        });
        rwCount++;
        for (const n of RT_MONEY) if (n !== null) totals.set(n, (totals.get(n) ?? 0) + (m.get(n) ?? 0));
        if (hasAny(RO_MONEY, m)) {
          records.push({ type: "RO", fields: moneyFields(RO_MONEY, m) });
          roCount++;
          for (const n of RO_MONEY) if (n !== null) roTotals.set(n, (roTotals.get(n) ?? 0) + (m.get(n) ?? 0));
        }
        for (const st of stateRows(f)) {
          const code = SSA_STATE_CODES[str(st, "StateAbbreviationCd")] ?? "";
          const local = isObj(st["W2LocalTaxGrp"]) ? st["W2LocalTaxGrp"] : undefined;
          records.push({
            type: "RS",
            fields: {
              stateCode: code,
              ...who,
              stateQuarterlyUnemploymentTotal: "",
              stateQuarterlyUnemploymentTaxable: "",
              stateEmployerAccountNumber: cut(str(st, "EmployerStateIdNum").replace(/-/g, ""), 20),
              incomeTaxStateCode: code,
              stateTaxableWages: String(cents(st["StateWagesAmt"])),
              stateIncomeTax: String(cents(st["StateIncomeTaxAmt"])),
              ...(local
                ? {
                    taxTypeCode: "F",
                    localTaxableWages: String(cents(local["LocalWagesAndTipsAmt"])),
                    localIncomeTax: String(cents(local["LocalIncomeTaxAmt"])),
                  }
                : { localTaxableWages: "", localIncomeTax: "" }),
            },
          });
        }
      }
      records.push({
        type: "RT",
        fields: { rwCount: String(re.employees.length), ...moneyFields(RT_MONEY, totals) },
      });
      if (roCount > 0)
        records.push({
          type: "RU",
          fields: { roCount: String(roCount), ...moneyFields(RO_MONEY, roTotals) },
        });
    }
  }
  records.push({ type: "RF", fields: { rwCount: String(rwCount) } });
  return records;
}

// ---- EFW2C --------------------------------------------------------------------------------------------------

/** Originally reported / correct pairs: a field in neither group is blank in both (not corrected). */
function pairFields(
  list: readonly string[],
  orig: ReadonlyMap<string, number>,
  correct: ReadonlyMap<string, number>,
  given: ReadonlySet<string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of list) {
    const touched = given.has(n);
    out[`orig_${n}`] = touched ? String(orig.get(n) ?? 0) : "";
    out[n] = touched ? String(correct.get(n) ?? 0) : "";
  }
  return out;
}

/** The records of an EFW2C file for W-2cs. */
export function buildEfw2c(input: Efw2Input): Efw2Record[] {
  const records: Efw2Record[] = [raRecord(input.submitter, "RCA")];
  let rcwCount = 0;
  for (const group of input.employers) {
    for (const re of reGroups(group)) {
      const e = group.employer;
      records.push({
        type: "RCE",
        fields: {
          taxYear: String(input.taxYear),
          origEin: "",
          ein: digits(e.ein),
          employerName: cut(e.name, 57),
          ...addressFields("employer", e.address),
          employmentCode: re.employmentCode,
          kindOfEmployer: re.kindOfEmployer,
          orig_thirdPartySickPay: "",
          thirdPartySickPay: "",
          contactName: cut(e.contactName ?? "", 27),
          contactPhone: digits(e.contactPhone ?? "").slice(0, 15),
          contactEmail: (e.contactEmail ?? "").toUpperCase().slice(0, 40),
        },
      });
      const totals = new Map<string, number>();
      const roTotals = new Map<string, number>();
      let rcoCount = 0;
      for (const { jsonForm: f } of re.employees) {
        const origGrp = isObj(f["PreviouslyReportedGrp"]) ? f["PreviouslyReportedGrp"] : {};
        const correctGrp = isObj(f["CorrectInformationGrp"]) ? f["CorrectInformationGrp"] : {};
        const orig = w2Money(origGrp);
        const correct = w2Money(correctGrp);
        const given = new Set([...orig.keys(), ...correct.keys()]);
        const origSsn = str(f, "OriginalEmployeeSSN");
        const names = {
          ...nameFields(f["EmployeeName"]),
          ...(isObj(f["OriginalEmployeeName"]) ? nameFields(f["OriginalEmployeeName"], "orig") : {}),
        };
        const indicator = (k: string, field: string): Record<string, string> =>
          k in origGrp || k in correctGrp
            ? { [`orig_${field}`]: flag(origGrp[k]), [field]: flag(correctGrp[k]) }
            : { [`orig_${field}`]: "", [field]: "" };
        records.push({
          type: "RCW",
          fields: {
            origSsn: origSsn === "" ? "" : origSsn,
            ssn: str(f, "EmployeeSSN"),
            ...names,
            ...addressFields("employee", employeeAddress(f)),
            ...pairFields(RCW_MONEY, orig, correct, given),
            ...indicator("StatutoryEmployeeInd", "statutoryEmployee"),
            ...indicator("RetirementPlanInd", "retirementPlan"),
            ...indicator("ThirdPartySickPayInd", "thirdPartySickPay"),
          },
        });
        rcwCount++;
        for (const n of RCW_MONEY) {
          totals.set(`orig_${n}`, (totals.get(`orig_${n}`) ?? 0) + (orig.get(n) ?? 0));
          totals.set(n, (totals.get(n) ?? 0) + (correct.get(n) ?? 0));
        }
        if (RCO_MONEY.some((n) => given.has(n))) {
          records.push({ type: "RCO", fields: pairFields(RCO_MONEY, orig, correct, given) });
          rcoCount++;
          for (const n of RCO_MONEY) {
            roTotals.set(`orig_${n}`, (roTotals.get(`orig_${n}`) ?? 0) + (orig.get(n) ?? 0));
            roTotals.set(n, (roTotals.get(n) ?? 0) + (correct.get(n) ?? 0));
          }
        }
        const origStates = new Map(
          stateRows(origGrp).map((s) => [str(s, "StateAbbreviationCd"), s] as const),
        );
        for (const st of stateRows(correctGrp)) {
          const was = origStates.get(str(st, "StateAbbreviationCd"));
          // The RCS carries state amounts only: its local-tax positions are not confirmed (layout.ts).
          records.push({
            type: "RCS",
            fields: {
              stateCode: SSA_STATE_CODES[str(st, "StateAbbreviationCd")] ?? "",
              origSsn: origSsn === "" ? "" : origSsn,
              ssn: str(f, "EmployeeSSN"),
              ...names,
              ...addressFields("employee", employeeAddress(f)),
              incomeTaxStateCode: SSA_STATE_CODES[str(st, "StateAbbreviationCd")] ?? "",
              orig_stateTaxableWages: String(cents(was?.["StateWagesAmt"])),
              stateTaxableWages: String(cents(st["StateWagesAmt"])),
              orig_stateIncomeTax: String(cents(was?.["StateIncomeTaxAmt"])),
              stateIncomeTax: String(cents(st["StateIncomeTaxAmt"])),
            },
          });
        }
      }
      records.push({
        type: "RCT",
        fields: {
          rcwCount: String(re.employees.length),
          ...Object.fromEntries([...totals].map(([k, v]) => [k, String(v)])),
        },
      });
      if (rcoCount > 0)
        records.push({
          type: "RCU",
          fields: {
            rcoCount: String(rcoCount),
            ...Object.fromEntries([...roTotals].map(([k, v]) => [k, String(v)])),
          },
        });
    }
  }
  records.push({ type: "RCF", fields: { rcwCount: String(rcwCount) } });
  return records;
}
