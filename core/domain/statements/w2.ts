// The employee's copies of Form W-2 (Copy B, Copy C, Copy 2) and of Form W-2c, and the employer's W-3 (W-3c)
// totals, as Copy B statements the StatementRenderer draws: the boxes where the 2025 Form W-2 has them (a-f on
// the left, 1-14 in two columns on the right, the state and local row 15-20 at the bottom; the W-2c's
// "previously reported" and "correct information" columns; the W-3's a-h and 1-19). The employee's SSN is
// truncated to its last four digits on the employee's copies (Treas. Reg. 301.6109-4, allowed on Copies B, C
// and 2; never on Copy A, which goes to the SSA in EFW2); the employer's EIN is printed whole.
import { amountToCents } from "../forms/decimal.ts";
import type { W3Totals } from "../efw2/check.ts";
import {
  formatAmount,
  formatTin,
  maskTin,
  type CopyBCell,
  type CopyBField,
  type CopyBStatement,
  type GridPos,
} from "./copy-b.ts";

const at = (x: number, w: number, row: number, rows = 1): GridPos => ({ x, w, row, rows });
type Obj = Readonly<Record<string, unknown>>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (o: unknown, k: string) => (isObj(o) && typeof o[k] === "string" ? (o[k] as string) : "");

export interface W2Employer {
  readonly name: string;
  readonly addressLines: readonly string[];
  /** The whole EIN, 9 digits. */
  readonly ein: string;
}

export interface W2CopiesInput {
  readonly form: "W-2" | "W-2c";
  readonly taxYear: number;
  /** The stored jsonForm (TINs sealed: EmployeeSSNLast4 is all that is read of the SSN). */
  readonly jsonForm: Obj;
  readonly employer: W2Employer;
  readonly filingId: string;
  readonly receiptId?: string | null;
}

export const W2_COPIES = [
  {
    copy: "Copy B",
    text: "To Be Filed With Employee\u2019s FEDERAL Tax Return. This information is being furnished to the Internal Revenue Service.",
  },
  { copy: "Copy C", text: "For EMPLOYEE\u2019S RECORDS (See Notice to Employee on the back of Copy B.)" },
  { copy: "Copy 2", text: "To Be Filed With Employee\u2019s State, City, or Local Income Tax Return" },
] as const;

const cell = (
  kind: CopyBCell["kind"],
  pos: GridPos,
  box: string,
  title: string,
  text: readonly string[] = [],
  fields: readonly CopyBField[] = [],
): CopyBCell => ({ kind, at: pos, box, title, text, fields });
const amount = (v: unknown): CopyBField => {
  const c = v === undefined ? undefined : amountToCents(v);
  return { style: "amount", lines: [c === undefined ? "" : formatAmount(c)] };
};
const amountBox = (no: string, title: string, pos: GridPos, v: unknown) =>
  cell("box", pos, no, title, [], [amount(v)]);

function employeeName(form: Obj, key = "EmployeeName"): string {
  const n = form[key];
  return [str(n, "PersonFirstNm"), str(n, "PersonMiddleNm"), str(n, "PersonLastNm"), str(n, "SuffixNm")]
    .filter((s) => s !== "")
    .join(" ");
}

function employeeAddress(form: Obj): string[] {
  const us = form["EmployeeUSAddress"];
  const f = form["EmployeeForeignAddress"];
  const a = isObj(us) ? us : isObj(f) ? f : undefined;
  if (!a) return [];
  const line2 = str(a, "AddressLine2Txt");
  const zip = str(a, "ZIPCd");
  const city = isObj(us)
    ? `${str(a, "CityNm")}, ${str(a, "StateAbbreviationCd")} ${zip.length === 9 ? `${zip.slice(0, 5)}-${zip.slice(5)}` : zip}`
    : [str(a, "CityNm"), str(a, "ProvinceOrStateNm"), str(a, "ForeignPostalCd"), str(a, "CountryCd")]
        .filter((s) => s !== "")
        .join(", ");
  return [str(a, "AddressLine1Txt"), ...(line2 ? [line2] : []), city];
}

/** Boxes 1-14 of one set of amounts, laid in the W-2's two right-hand columns from `x` (width `w` each). */
function amountCells(a: Obj, x: number, w: number, top: number): CopyBCell[] {
  const box12 = (Array.isArray(a["EmployersUseGrp"]) ? a["EmployersUseGrp"] : []).filter(isObj);
  const box14 = (Array.isArray(a["OtherDeductsBenefitsGrp"]) ? a["OtherDeductsBenefitsGrp"] : []).filter(
    isObj,
  );
  const check = (el: string, caption: string): CopyBField => ({
    style: "check",
    caption,
    lines: [a[el] === true ? "X" : ""],
  });
  const nonqualified = amountToCents(a["NonqualifiedPlansAmt"] ?? 0) ?? 0;
  return [
    amountBox("1", "Wages, tips, other compensation", at(x, w, top), a["WagesAmt"]),
    amountBox("2", "Federal income tax withheld", at(x + w, w, top), a["WithholdingAmt"]),
    amountBox("3", "Social security wages", at(x, w, top + 1), a["SocialSecurityWagesAmt"]),
    amountBox("4", "Social security tax withheld", at(x + w, w, top + 1), a["SocialSecurityTaxAmt"]),
    amountBox("5", "Medicare wages and tips", at(x, w, top + 2), a["MedicareWagesAndTipsAmt"]),
    amountBox("6", "Medicare tax withheld", at(x + w, w, top + 2), a["MedicareTaxWithheldAmt"]),
    amountBox("7", "Social security tips", at(x, w, top + 3), a["SocialSecurityTipsAmt"]),
    amountBox("8", "Allocated tips", at(x + w, w, top + 3), a["AllocatedTipsAmt"]),
    cell("blank", at(x, w, top + 4), "9", ""),
    amountBox("10", "Dependent care benefits", at(x + w, w, top + 4), a["DependentCareBenefitsAmt"]),
    cell(
      "box",
      at(x, w, top + 5),
      "11",
      "Nonqualified plans",
      [],
      [
        {
          style: "amount",
          lines: [
            nonqualified > 0
              ? `${a["NonqualifiedPlanSect457Ind"] === true ? "457 " : ""}${formatAmount(nonqualified)}`
              : "",
          ],
        },
      ],
    ),
    cell(
      "box",
      at(x, w, top + 6),
      "13",
      "",
      [],
      [
        check("StatutoryEmployeeInd", "Statutory employee"),
        check("RetirementPlanInd", "Retirement plan"),
        check("ThirdPartySickPayInd", "Third-party sick pay"),
      ],
    ),
    cell(
      "box",
      at(x, w, top + 7, 2),
      "14",
      "Other",
      [],
      [
        {
          style: "text",
          lines: box14.map(
            (g) =>
              `${str(g, "Desc")}${g["Amt"] !== undefined ? `  ${formatAmount(amountToCents(g["Amt"]) ?? 0)}` : ""}`,
          ),
        },
      ],
    ),
    ...["a", "b", "c", "d"].map((letter, i) => {
      const g = box12[i];
      const line = g
        ? `${str(g, "EmployersUseCd")}   ${formatAmount(amountToCents(g["EmployersUseAmt"]) ?? 0)}`
        : "";
      return cell(
        "box",
        at(x + w, w, top + 5 + i),
        `12${letter}`,
        i === 0 ? "See instructions for box 12" : "",
        [],
        [{ style: "amount", lines: [line] }],
      );
    }),
  ];
}

/** Boxes 15-20, one line per state row. */
function stateCells(a: Obj, row: number): CopyBCell[] {
  const rows = (Array.isArray(a["W2StateLocalTaxGrp"]) ? a["W2StateLocalTaxGrp"] : []).flatMap((r) =>
    isObj(r) && isObj(r["W2StateTaxGrp"]) ? [r["W2StateTaxGrp"]] : [],
  );
  const local = (r: Obj) => (isObj(r["W2LocalTaxGrp"]) ? r["W2LocalTaxGrp"] : {});
  const money = (v: unknown) => (v === undefined ? "" : formatAmount(amountToCents(v) ?? 0));
  const col = (no: string, title: string, pos: GridPos, lines: string[], style: "amount" | "text") =>
    cell("box", pos, no, title, [], [{ style, lines }]);
  return [
    col(
      "15",
      "State",
      at(0, 7, row),
      rows.map((r) => str(r, "StateAbbreviationCd")),
      "text",
    ),
    col(
      "",
      "Employer\u2019s state ID number",
      at(7, 20, row),
      rows.map((r) => str(r, "EmployerStateIdNum")),
      "text",
    ),
    col(
      "16",
      "State wages, tips, etc.",
      at(27, 15, row),
      rows.map((r) => money(r["StateWagesAmt"])),
      "amount",
    ),
    col(
      "17",
      "State income tax",
      at(42, 13, row),
      rows.map((r) => money(r["StateIncomeTaxAmt"])),
      "amount",
    ),
    col(
      "18",
      "Local wages, tips, etc.",
      at(55, 15, row),
      rows.map((r) => money(local(r)["LocalWagesAndTipsAmt"])),
      "amount",
    ),
    col(
      "19",
      "Local income tax",
      at(70, 13, row),
      rows.map((r) => money(local(r)["LocalIncomeTaxAmt"])),
      "amount",
    ),
    col(
      "20",
      "Locality name",
      at(83, 17, row),
      rows.map((r) => str(local(r), "LocalityNm")),
      "text",
    ),
  ];
}

function ssnMasked(form: Obj, key = "EmployeeSSN"): string {
  return maskTin(str(form, `${key}Last4`) || str(form, key).slice(-4), "ssn");
}

function employerCells(e: W2Employer, form: Obj, pos: { b: GridPos; c: GridPos; d: GridPos }): CopyBCell[] {
  return [
    cell("payerTin", pos.b, "b", "Employer identification number (EIN)", [formatTin(e.ein, "ein")]),
    cell("payer", pos.c, "c", "Employer\u2019s name, address, and ZIP code", [e.name, ...e.addressLines]),
    cell("account", pos.d, "d", "Control number", [str(form, "ControlNum")]),
  ];
}

/** Copy B, Copy C and Copy 2 of one W-2 (one statement each). */
export function buildW2Copies(input: W2CopiesInput): CopyBStatement[] {
  if (input.form === "W-2c") return buildW2cCopies(input);
  const f = input.jsonForm;
  return W2_COPIES.map(({ copy, text }) => ({
    form: "W-2",
    formTitle: "Wage and Tax Statement",
    taxYear: input.taxYear,
    corrected: false,
    correctedBox: false,
    rows: 11,
    cells: [
      cell("recipientTin", at(0, 25, 0), "a", "Employee\u2019s social security number", [ssnMasked(f)]),
      cell("notice", at(25, 25, 0), "", "", ["OMB No. 1545-0029. Safe, accurate, FAST! Use IRS e-file."]),
      ...employerCells(input.employer, f, { b: at(0, 50, 1), c: at(0, 50, 2, 3), d: at(0, 50, 5) }),
      cell("recipientName", at(0, 50, 6), "e", "Employee\u2019s first name and initial, last name, suffix", [
        employeeName(f),
      ]),
      cell("street", at(0, 50, 7, 2), "f", "Employee\u2019s address and ZIP code", employeeAddress(f)),
      ...amountCells(f, 50, 25, 0),
      ...stateCells(f, 9),
      cell("title", at(0, 40, 10), "", "", [`Form W-2 Wage and Tax Statement ${String(input.taxYear)}`]),
      cell("copy", at(40, 60, 10), "", "", [copy, text]),
    ],
    footer: { url: "www.irs.gov/FormW2", keep: copy === "Copy C" },
    filingId: input.filingId,
    receiptId: input.receiptId ?? null,
    receiptLabel: "SSA WFID",
  }));
}

/** Copy B, Copy C and Copy 2 of one W-2c: previously reported (column a) and correct information (column b). */
function buildW2cCopies(input: W2CopiesInput): CopyBStatement[] {
  const f = input.jsonForm;
  const was = isObj(f["PreviouslyReportedGrp"]) ? f["PreviouslyReportedGrp"] : {};
  const now = isObj(f["CorrectInformationGrp"]) ? f["CorrectInformationGrp"] : {};
  const origName = employeeName(f, "OriginalEmployeeName");
  return W2_COPIES.map(({ copy, text }) => ({
    form: "W-2c",
    formTitle: "Corrected Wage and Tax Statement",
    taxYear: input.taxYear,
    corrected: false,
    correctedBox: false,
    rows: 15,
    cells: [
      ...employerCells(input.employer, f, { b: at(0, 50, 1), c: at(50, 50, 0, 2), d: at(0, 50, 0) }),
      cell(
        "recipientTin",
        at(0, 25, 2),
        "e",
        "Corrected SSN and/or name (box e: employee\u2019s correct SSN)",
        [ssnMasked(f)],
      ),
      cell("recipientName", at(25, 25, 2), "f", "Employee\u2019s name", [employeeName(f)]),
      cell("blank", at(50, 25, 2), "h", "Employee\u2019s previously reported SSN", [
        str(f, "OriginalEmployeeSSNLast4") ? ssnMasked(f, "OriginalEmployeeSSN") : "",
      ]),
      cell("blank", at(75, 25, 2), "i", "Employee\u2019s previously reported name", [origName]),
      cell("street", at(0, 100, 3), "g", "Employee\u2019s address and ZIP code", [
        employeeAddress(f).join(", "),
      ]),
      cell("title", at(0, 50, 4), "", "", ["a  Previously reported"]),
      cell("title", at(50, 50, 4), "", "", ["b  Correct information"]),
      ...amountCells(was, 0, 25, 5),
      ...amountCells(now, 50, 25, 5),
      cell("title", at(0, 40, 14), "", "", [
        `Form W-2c Corrected Wage and Tax Statement ${String(input.taxYear)}`,
      ]),
      cell("copy", at(40, 60, 14), "", "", [copy, text]),
    ],
    footer: { url: "www.irs.gov/FormW2c", keep: copy === "Copy C" },
    filingId: input.filingId,
    receiptId: input.receiptId ?? null,
    receiptLabel: "SSA WFID",
  }));
}

const KIND_OF_PAYER: Readonly<Record<string, string>> = {
  R: "941",
  F: "944",
  A: "943",
  H: "Hshld. emp.",
  M: "Military",
  Q: "Medicare govt. emp.",
  X: "CT-1",
};
const KIND_OF_EMPLOYER: Readonly<Record<string, string>> = {
  N: "None apply",
  T: "501c non-govt.",
  S: "State/local non-501c",
  Y: "State/local 501c",
  F: "Federal govt.",
};

/** The W-3 (W-3c) of one employer block of a wage file, for the employer's records. */
export function buildW3(
  t: W3Totals,
  opts: {
    corrected: boolean;
    employer: W2Employer;
    fileId: string;
    wfid: string | null;
    states: readonly { state: string; wages: number; tax: number; localWages: number; localTax: number }[];
  },
): CopyBStatement {
  const m = (k: string) => ({ style: "amount" as const, lines: [formatAmount(t.amounts[k] ?? 0)] });
  const pair = (k: string): CopyBField[] =>
    opts.corrected
      ? [
          {
            style: "amount",
            lines: [
              `was ${formatAmount(t.amounts[`orig_${k}`] ?? 0)}`,
              `now ${formatAmount(t.amounts[k] ?? 0)}`,
            ],
          },
        ]
      : [m(k)];
  const b = (no: string, title: string, pos: GridPos, k: string) => cell("box", pos, no, title, [], pair(k));
  const code = (c: string) => t.amounts[`code_${c}`] ?? 0;
  const deferred = ["D", "E", "F", "G", "H", "S", "Y", "AA", "BB", "EE"].reduce((n, c) => n + code(c), 0);
  const origDeferred = ["D", "E", "F", "G", "H", "S", "Y", "AA", "BB", "EE"].reduce(
    (n, c) => n + (t.amounts[`orig_code_${c}`] ?? 0),
    0,
  );
  const states = opts.states;
  return {
    form: opts.corrected ? "W-3c" : "W-3",
    formTitle: opts.corrected
      ? "Transmittal of Corrected Wage and Tax Statements"
      : "Transmittal of Wage and Tax Statements",
    taxYear: t.taxYear,
    corrected: false,
    correctedBox: false,
    rows: 11,
    cells: [
      cell("account", at(0, 25, 0), "a", "Control number", [opts.fileId]),
      cell("notice", at(25, 25, 0), "", "", [
        `For the employer\u2019s records. Filed with the SSA electronically (${opts.corrected ? "EFW2C" : "EFW2"})${opts.wfid ? `, WFID ${opts.wfid}` : ""}; do not mail.`,
      ]),
      cell(
        "box",
        at(0, 50, 1),
        "b",
        "Kind of Payer / Kind of Employer",
        [],
        [
          {
            style: "text",
            lines: [
              `${KIND_OF_PAYER[t.employmentCode] ?? t.employmentCode}  \u2022  ${KIND_OF_EMPLOYER[t.kindOfEmployer] ?? t.kindOfEmployer}`,
            ],
          },
        ],
      ),
      cell(
        "box",
        at(0, 25, 2),
        "c",
        opts.corrected ? "Number of Forms W-2c" : "Total number of Forms W-2",
        [],
        [{ style: "amount", lines: [String(t.forms)] }],
      ),
      cell("blank", at(25, 25, 2), "d", "Establishment number"),
      cell("payerTin", at(0, 50, 3), "e", "Employer identification number (EIN)", [
        formatTin(opts.employer.ein, "ein"),
      ]),
      cell("payer", at(0, 50, 4, 3), "f", "Employer\u2019s name, address and ZIP code (g)", [
        opts.employer.name,
        ...opts.employer.addressLines,
      ]),
      cell("blank", at(0, 50, 7), "h", "Other EIN used this year"),
      b("1", "Wages, tips, other compensation", at(50, 25, 0), "wages"),
      b("2", "Federal income tax withheld", at(75, 25, 0), "federalIncomeTax"),
      b("3", "Social security wages", at(50, 25, 1), "socialSecurityWages"),
      b("4", "Social security tax withheld", at(75, 25, 1), "socialSecurityTax"),
      b("5", "Medicare wages and tips", at(50, 25, 2), "medicareWages"),
      b("6", "Medicare tax withheld", at(75, 25, 2), "medicareTax"),
      b("7", "Social security tips", at(50, 25, 3), "socialSecurityTips"),
      b("8", "Allocated tips", at(75, 25, 3), "allocatedTips"),
      cell("blank", at(50, 25, 4), "9", ""),
      b("10", "Dependent care benefits", at(75, 25, 4), "dependentCare"),
      cell(
        "box",
        at(50, 25, 5),
        "11",
        "Nonqualified plans",
        [],
        [
          {
            style: "amount",
            lines: [
              formatAmount((t.amounts["nonqualified457"] ?? 0) + (t.amounts["nonqualifiedNot457"] ?? 0)),
            ],
          },
        ],
      ),
      cell(
        "box",
        at(75, 25, 5),
        "12a",
        "Deferred compensation",
        [],
        [
          {
            style: "amount",
            lines: opts.corrected
              ? [`was ${formatAmount(origDeferred)}`, `now ${formatAmount(deferred)}`]
              : [formatAmount(deferred)],
          },
        ],
      ),
      cell("blank", at(50, 25, 6), "13", "For third-party sick pay use only"),
      cell(
        "box",
        at(75, 25, 6),
        "12b",
        "",
        [],
        [{ style: "text", lines: [`DD ${formatAmount(code("DD"))}`] }],
      ),
      cell(
        "box",
        at(50, 50, 7),
        "14",
        "Income tax withheld by payer of third-party sick pay",
        [],
        [{ style: "amount", lines: [formatAmount(t.amounts["thirdPartyIncomeTax"] ?? 0)] }],
      ),
      cell(
        "box",
        at(0, 25, 8),
        "15",
        "State / Employer\u2019s state ID number",
        [],
        [{ style: "text", lines: states.map((s) => s.state) }],
      ),
      cell(
        "box",
        at(25, 20, 8),
        "16",
        "State wages, tips, etc.",
        [],
        [{ style: "amount", lines: states.map((s) => formatAmount(s.wages)) }],
      ),
      cell(
        "box",
        at(45, 15, 8),
        "17",
        "State income tax",
        [],
        [{ style: "amount", lines: states.map((s) => formatAmount(s.tax)) }],
      ),
      cell(
        "box",
        at(60, 20, 8),
        "18",
        "Local wages, tips, etc.",
        [],
        [{ style: "amount", lines: states.map((s) => formatAmount(s.localWages)) }],
      ),
      cell(
        "box",
        at(80, 20, 8),
        "19",
        "Local income tax",
        [],
        [{ style: "amount", lines: states.map((s) => formatAmount(s.localTax)) }],
      ),
      cell("title", at(0, 50, 9, 2), "", "", [
        `Form ${opts.corrected ? "W-3c" : "W-3"} ${opts.corrected ? "Transmittal of Corrected Wage and Tax Statements" : "Transmittal of Wage and Tax Statements"} ${String(t.taxYear)}`,
      ]),
      cell("notice", at(50, 50, 9, 2), "", "", [
        `${t.employerName}: totals of the ${String(t.forms)} form(s) in the wage file, as its ${opts.corrected ? "RCT" : "RT"} record states them.`,
      ]),
    ],
    footer: { url: "www.ssa.gov/employer", keep: true },
    filingId: opts.fileId,
    receiptId: opts.wfid,
    receiptLabel: "SSA WFID",
  };
}
