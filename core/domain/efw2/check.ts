// What the SSA checks of a wage file's structure before it looks at a wage: record order (RA first, RE before
// its employees, RT closing each RE, RF last), the RT/RU totals equal to the sum of their RW/RO records, and
// the RF count. The same totals are the W-3's (W-3c's): `w3Totals` reads them from the file.
import {
  ADDITIONAL_MEDICARE_THRESHOLD_CENTS,
  SOCIAL_SECURITY_WAGE_BASE_CENTS,
  ssnProblem,
} from "../forms/ssa-rules.ts";
import { RCO_MONEY, RCW_MONEY, RO_MONEY, RT_MONEY } from "./layout.ts";
import type { Efw2Format, Efw2Problem, Efw2Record } from "./records.ts";

const num = (r: Efw2Record | undefined, f: string) => Number(r?.fields[f] ?? 0) || 0;

interface Ids {
  a: string;
  e: string;
  w: string;
  o: string;
  s: string;
  t: string;
  u: string;
  f: string;
  count: string;
  roCount: string;
  money: readonly string[];
  roMoney: readonly string[];
}

const IDS: Record<Efw2Format, Ids> = {
  efw2: {
    a: "RA",
    e: "RE",
    w: "RW",
    o: "RO",
    s: "RS",
    t: "RT",
    u: "RU",
    f: "RF",
    count: "rwCount",
    roCount: "roCount",
    money: RT_MONEY.filter((n): n is string => n !== null && n !== "thirdPartyIncomeTax"),
    roMoney: RO_MONEY.filter((n): n is string => n !== null),
  },
  efw2c: {
    a: "RCA",
    e: "RCE",
    w: "RCW",
    o: "RCO",
    s: "RCS",
    t: "RCT",
    u: "RCU",
    f: "RCF",
    count: "rcwCount",
    roCount: "rcoCount",
    money: RCW_MONEY.flatMap((n) => [`orig_${n}`, n]),
    roMoney: RCO_MONEY.flatMap((n) => [`orig_${n}`, n]),
  },
};

/** The SSA's checks of one RW record (what AccuWage reports), as messages. */
function wageProblems(rw: Efw2Record, taxYear: number): string[] {
  const out: string[] = [];
  const ssn = rw.fields["ssn"] ?? "";
  const bad = ssnProblem(ssn);
  if (bad) out.push(`RW SSN: ${bad}`);
  if ((rw.fields["lastName"] ?? "") === "" || (rw.fields["firstName"] ?? "") === "")
    out.push("RW employee first and last name are required");
  const ss = num(rw, "socialSecurityWages") + num(rw, "socialSecurityTips");
  const base = SOCIAL_SECURITY_WAGE_BASE_CENTS[taxYear];
  if (base !== undefined && ss > base)
    out.push(
      `RW social security wages and tips ${String(ss)} exceed the ${String(taxYear)} wage base ${String(base)}`,
    );
  if (Math.abs(num(rw, "socialSecurityTax") - Math.round(ss * 0.062)) > 1)
    out.push("RW social security tax is not 6.2% of social security wages and tips");
  const medicare = num(rw, "medicareWages");
  const tax = num(rw, "medicareTax");
  const min = Math.round(medicare * 0.0145);
  const max = min + Math.round(Math.max(0, medicare - ADDITIONAL_MEDICARE_THRESHOLD_CENTS) * 0.009);
  if (tax < min - 1 || tax > max + 1)
    out.push("RW Medicare tax is not 1.45% of Medicare wages (plus 0.9% above $200,000)");
  return out;
}

/** Record order, totals, counts and each RW's wages (SSN, wage base, tax rates); empty when the file would pass. */
export function checkEfw2(format: Efw2Format, records: readonly Efw2Record[]): Efw2Problem[] {
  const id = IDS[format];
  const problems: Efw2Problem[] = [];
  const at = (i: number, message: string) => problems.push({ record: i + 1, message });
  if (records[0]?.type !== id.a) at(0, `the first record must be ${id.a}`);
  if (records[records.length - 1]?.type !== id.f) at(records.length - 1, `the last record must be ${id.f}`);
  let inEmployer = false;
  let w = new Map<string, number>();
  let o = new Map<string, number>();
  let wCount = 0;
  let oCount = 0;
  let fileCount = 0;
  let sawT = false;
  let taxYear = 0;
  records.forEach((r, i) => {
    switch (r.type) {
      case id.a:
        if (i !== 0) at(i, `${id.a} must be the first record and appear once`);
        break;
      case id.e:
        if (inEmployer) at(i, `${id.e} before the ${id.t} of the previous employer`);
        taxYear = num(r, "taxYear");
        inEmployer = true;
        sawT = false;
        w = new Map();
        o = new Map();
        wCount = 0;
        oCount = 0;
        break;
      case id.w:
        if (!inEmployer || sawT) at(i, `${id.w} outside an employer (after ${id.e}, before ${id.t})`);
        if (format === "efw2") for (const message of wageProblems(r, taxYear)) at(i, message);
        wCount++;
        fileCount++;
        for (const n of id.money) w.set(n, (w.get(n) ?? 0) + num(r, n));
        break;
      case id.o:
        if (records[i - 1]?.type !== id.w) at(i, `${id.o} must follow its ${id.w}`);
        oCount++;
        for (const n of id.roMoney) o.set(n, (o.get(n) ?? 0) + num(r, n));
        break;
      case id.s:
        if (!inEmployer || sawT) at(i, `${id.s} outside an employer`);
        break;
      case id.t:
        if (!inEmployer) at(i, `${id.t} without ${id.e}`);
        sawT = true;
        if (num(r, id.count) !== wCount)
          at(
            i,
            `${id.t} counts ${String(num(r, id.count))} ${id.w} records; the employer has ${String(wCount)}`,
          );
        for (const n of id.money)
          if (num(r, n) !== (w.get(n) ?? 0))
            at(
              i,
              `${id.t} ${n} is ${String(num(r, n))}; its ${id.w} records add up to ${String(w.get(n) ?? 0)}`,
            );
        if (oCount === 0) inEmployer = false;
        break;
      case id.u:
        if (!sawT || records[i - 1]?.type !== id.t) at(i, `${id.u} must follow ${id.t}`);
        if (num(r, id.roCount) !== oCount)
          at(
            i,
            `${id.u} counts ${String(num(r, id.roCount))} ${id.o} records; the employer has ${String(oCount)}`,
          );
        for (const n of id.roMoney)
          if (num(r, n) !== (o.get(n) ?? 0))
            at(
              i,
              `${id.u} ${n} is ${String(num(r, n))}; its ${id.o} records add up to ${String(o.get(n) ?? 0)}`,
            );
        inEmployer = false;
        break;
      case id.f:
        if (inEmployer && !sawT) at(i, `${id.f} before the last employer's ${id.t}`);
        if (num(r, id.count) !== fileCount)
          at(
            i,
            `${id.f} counts ${String(num(r, id.count))} ${id.w} records; the file has ${String(fileCount)}`,
          );
        break;
      default:
        at(i, `unexpected record ${r.type}`);
    }
    if (r.type === id.t && oCount > 0 && records[i + 1]?.type !== id.u)
      at(i, `${id.o} records need an ${id.u} after ${id.t}`);
  });
  return problems;
}

/** W-3 (W-3c) totals of one employer block: the RT (RCT) and RU (RCU) fields, in cents, with the form count. */
export interface W3Totals {
  readonly ein: string;
  readonly employerName: string;
  readonly taxYear: number;
  readonly employmentCode: string;
  readonly kindOfEmployer: string;
  readonly forms: number;
  /** RT/RU field name (orig_<name> for the previously reported column of a W-3c) -> cents. */
  readonly amounts: Readonly<Record<string, number>>;
}

export function w3Totals(format: Efw2Format, records: readonly Efw2Record[]): W3Totals[] {
  const id = IDS[format];
  const out: W3Totals[] = [];
  let re: Efw2Record | undefined;
  for (const r of records) {
    if (r.type === id.e) re = r;
    if (r.type === id.t && re) {
      const amounts: Record<string, number> = {};
      for (const [k, v] of Object.entries(r.fields)) if (k !== id.count && v !== "") amounts[k] = Number(v);
      out.push({
        ein: re.fields["ein"] ?? "",
        employerName: re.fields["employerName"] ?? "",
        taxYear: num(re, "taxYear"),
        employmentCode: re.fields["employmentCode"] ?? "",
        kindOfEmployer: re.fields["kindOfEmployer"] ?? "",
        forms: num(r, id.count),
        amounts,
      });
    }
    if (r.type === id.u) {
      const last = out[out.length - 1];
      if (last)
        for (const [k, v] of Object.entries(r.fields))
          if (k !== id.roCount && v !== "") (last.amounts as Record<string, number>)[k] = Number(v);
    }
  }
  return out;
}
