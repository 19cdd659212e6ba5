// From a stored filing, its payer and recipient to the Copy B view model: the form's layout (copy-b-forms.ts) with
// every box's value read from jsonForm and formatted, one line per state row in the state boxes; the recipient's
// TIN masked to its last four digits, the payer's printed whole (Pub 1179).
import { amountToCents, getFormDefinition, statementBoxes } from "../forms/index.ts";
import type { ElementDefinition } from "../forms/model.ts";
import type { Filing } from "../filing/filing.ts";
import type { Payer } from "../parties/payer.ts";
import type { Recipient } from "../parties/recipient.ts";
import type { Tin } from "../shared/tin.ts";
import {
  formatAmount,
  formatTin,
  maskTin,
  type CopyBCell,
  type CopyBField,
  type CopyBStatement,
  type FieldStyle,
} from "./copy-b.ts";
import { copyBLayout } from "./copy-b-forms.ts";
import { at, type CellSpec, type FieldSpec, type FormLayout } from "./layout.ts";

export interface CopyBParties {
  readonly payer: {
    readonly name: string;
    readonly name2?: string | null;
    readonly addressLines: readonly string[];
    readonly phone?: string | null;
    /** Printed whole: "12-3456789". */
    readonly tin: string;
  };
  readonly recipient: {
    readonly name: string;
    readonly name2?: string | null;
    readonly addressLines: readonly string[];
    /** Already masked: "***-**-1234". */
    readonly tinMasked: string;
  };
}

export interface CopyBInput extends CopyBParties {
  readonly form: string;
  readonly taxYear: number;
  readonly jsonForm: Readonly<Record<string, unknown>>;
  readonly corrected: boolean;
  readonly accountNumber: string | null;
  readonly filingId: string;
  readonly receiptId?: string | null;
}

const STATE_GROUP = "StateLocalTaxGrp";

function step(node: unknown, key: string): unknown {
  const n = Array.isArray(node) ? node[0] : node;
  return typeof n === "object" && n !== null ? (n as Record<string, unknown>)[key] : undefined;
}

function get(node: unknown, path: string): unknown {
  let n = node;
  for (const key of path.split(".")) n = step(n, key);
  return n;
}

const asArray = (v: unknown): readonly unknown[] =>
  Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];

/** One value per state row for StateLocalTaxGrp leaves, else one value. */
function valuesOf(form: Readonly<Record<string, unknown>>, path: string): unknown[] {
  if (path.startsWith(`${STATE_GROUP}.`)) {
    const rest = path.slice(STATE_GROUP.length + 1);
    return asArray(form[STATE_GROUP]).map((row) => get(row, rest));
  }
  return [get(form, path)];
}

const ELEMENTS = new Map<string, ReadonlyMap<string, ElementDefinition>>();
function elementsOf(form: string, taxYear: number): ReadonlyMap<string, ElementDefinition> {
  const key = `${form}|${taxYear}`;
  let m = ELEMENTS.get(key);
  if (!m) {
    const out = new Map<string, ElementDefinition>();
    const walk = (els: readonly ElementDefinition[]) => {
      for (const e of els) {
        out.set(e.path, e);
        if (e.children) walk(e.children);
      }
    };
    walk(getFormDefinition(form, taxYear)?.elements ?? []);
    m = out;
    ELEMENTS.set(key, m);
  }
  return m;
}

function styleOf(el: ElementDefinition | undefined): FieldStyle {
  if (el?.kind === "amount") return "amount";
  if (el?.kind === "indicator") return "check";
  return "text";
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function formatLeaf(v: unknown, style: FieldStyle): string {
  if (v === undefined || v === null || v === "" || v === false) return "";
  if (Array.isArray(v))
    return v
      .map((x) => formatLeaf(x, style))
      .filter((x) => x !== "")
      .join(", ");
  switch (style) {
    case "amount": {
      const cents = amountToCents(v);
      return cents === undefined || cents === 0 ? "" : formatAmount(cents);
    }
    case "check":
      return v === true || v === 1 || v === "1" ? "X" : "";
    case "percent":
      return `${String(v)}%`;
    default: {
      const s = String(v);
      const d = DATE.exec(s);
      return d ? `${d[2]}/${d[3]}/${d[1]}` : s;
    }
  }
}

function addressLines(g: unknown): string[] {
  const us = step(g, "USAddress");
  const foreign = step(g, "ForeignAddress");
  const a = (us ?? foreign) as Record<string, unknown> | undefined;
  if (typeof a !== "object" || a === null) return [];
  const s = (k: string) => (typeof a[k] === "string" || typeof a[k] === "number" ? String(a[k]) : "");
  const city = us
    ? [[s("CityNm"), s("StateAbbreviationCd")].filter(Boolean).join(", "), s("ZIPCd")]
        .filter(Boolean)
        .join(" ")
    : [[s("CityNm"), s("ProvinceOrStateNm")].filter(Boolean).join(", "), s("ForeignPostalCd"), s("CountryCd")]
        .filter(Boolean)
        .join(" ");
  return [s("AddressLine1Txt"), s("AddressLine2Txt"), city].filter((l) => l !== "");
}

function nameLines(g: unknown): string[] {
  const person = step(g, "PersonName") ?? (step(g, "PersonFirstNm") !== undefined ? g : undefined);
  if (person !== undefined) {
    const s = (k: string) => String(step(person, k) ?? "");
    return [
      [s("PersonFirstNm"), s("PersonMiddleNm"), s("PersonLastNm"), s("SuffixNm")].filter(Boolean).join(" "),
    ].filter((l) => l !== "");
  }
  const business = step(g, "BusinessName") ?? g;
  return ["BusinessNameLine1Txt", "BusinessNameLine2Txt"]
    .map((k) => String(step(business, k) ?? ""))
    .filter((l) => l !== "");
}

function field(
  spec: FieldSpec,
  json: Readonly<Record<string, unknown>>,
  elements: ReadonlyMap<string, ElementDefinition>,
): CopyBField {
  const paths = typeof spec.el === "string" ? [spec.el] : spec.el;
  const first = paths[0] ?? "";
  const caption = spec.caption === undefined ? {} : { caption: spec.caption };
  if (spec.format === "address") return { style: "text", ...caption, lines: addressLines(get(json, first)) };
  if (spec.format === "name") return { style: "text", ...caption, lines: nameLines(get(json, first)) };
  if (spec.format === "tin") {
    const last4 = get(json, `${first}Last4`);
    return {
      style: "text",
      ...caption,
      lines: typeof last4 === "string" && last4 !== "" ? [maskTin(last4, null)] : [],
    };
  }
  const style = spec.style ?? styleOf(elements.get(first));
  const columns = paths.map((p) =>
    valuesOf(json, p).map((v) => formatLeaf(v, spec.style ?? styleOf(elements.get(p)))),
  );
  const rows = Math.max(0, ...columns.map((c) => c.length));
  const lines = Array.from({ length: rows }, (_, i) =>
    columns
      .map((c) => c[i] ?? "")
      .filter((x) => x !== "")
      .join(" "),
  );
  return { style, ...caption, lines: lines.some((l) => l !== "") ? lines : [] };
}

/** A plain grid for a form without a layout entry (a form added to the catalogue since): boxes two to a row. */
function fallbackLayout(form: string, taxYear: number): FormLayout {
  const boxes = statementBoxes(form, taxYear).filter((b) => b.kind !== "group");
  const cells: CellSpec[] = [
    {
      kind: "payer",
      at: at(0, 50, 0, 3),
      title:
        "PAYER\u2019S name, street address, city or town, state or province, country, ZIP or foreign postal code, and telephone no.",
    },
    { kind: "formId", at: at(50, 25, 0, 3) },
    { kind: "title", at: at(75, 25, 0, 2) },
    { kind: "copy", at: at(75, 25, 2) },
    { kind: "payerTin", at: at(0, 25, 3), title: "PAYER\u2019S TIN" },
    { kind: "recipientTin", at: at(25, 25, 3), title: "RECIPIENT\u2019S TIN" },
    { kind: "recipientName", at: at(0, 50, 4), title: "RECIPIENT\u2019S name" },
    { kind: "street", at: at(0, 50, 5), title: "Street address (including apt. no.)" },
    {
      kind: "city",
      at: at(0, 50, 6),
      title: "City or town, state or province, country, and ZIP or foreign postal code",
    },
    { kind: "account", at: at(0, 50, 7), title: "Account number (see instructions)" },
  ];
  boxes.forEach((b, i) => {
    const pos = at(50 + (i % 2) * 25, 25, 3 + Math.floor(i / 2));
    cells.push({
      kind: "box",
      box: b.box === "State" || b.box === "Local" ? "" : b.box,
      title: b.label,
      at: pos,
      fields: [{ el: b.element }],
    });
  });
  const rows = Math.max(8, 3 + Math.ceil(boxes.length / 2));
  return {
    form,
    title: getFormDefinition(form, taxYear)?.title ?? form,
    omb: "",
    copy: ["Copy B", "For Recipient"],
    rows,
    cells,
    notPrinted: [],
    revision: "",
  };
}

export function composeCopyB(input: CopyBInput): CopyBStatement {
  const layout = copyBLayout(input.form) ?? fallbackLayout(input.form, input.taxYear);
  const elements = elementsOf(input.form, input.taxYear);
  const { payer, recipient } = input;
  const hasPhoneCell = layout.cells.some((c) => c.kind === "payerPhone");
  const addr = recipient.addressLines.filter((l) => l.trim() !== "");
  const present = (xs: readonly (string | null | undefined)[]) =>
    xs.filter((x): x is string => typeof x === "string" && x.trim() !== "");
  const text = (c: CellSpec): readonly string[] => {
    switch (c.kind) {
      case "payer":
        return present([payer.name, payer.name2, ...payer.addressLines, hasPhoneCell ? null : payer.phone]);
      case "payerTin":
        return [payer.tin];
      case "payerPhone":
        return present([payer.phone]);
      case "recipientTin":
        return [recipient.tinMasked];
      case "recipientName":
        return present([recipient.name, recipient.name2]);
      case "street":
        return addr.length > 1 ? addr.slice(0, -1) : addr;
      case "city":
        return addr.length > 1 ? addr.slice(-1) : [];
      case "account":
        return present([input.accountNumber]);
      case "formId":
        return layout.omb ? [`OMB No. ${layout.omb}`] : [];
      case "title":
        return [layout.title];
      case "copy":
        return layout.copy;
      case "notice":
        return present([layout.notice]);
      default:
        return [];
    }
  };
  // Titles that name a year ("Unrealized profit or (loss) on open contracts\u201412/31/{prev}") print the form's years.
  const years = (t: string) =>
    t
      .replace(/\{year\}/g, String(input.taxYear))
      .replace(/\{prev\}/g, String(input.taxYear - 1))
      .replace(/\{next\}/g, String(input.taxYear + 1));
  const cells: CopyBCell[] = layout.cells.map((c) =>
    c.kind === "box"
      ? {
          kind: "box",
          at: c.at,
          box: c.box,
          title: years(c.title),
          text: [],
          fields: c.fields.map((f) => field(f, input.jsonForm, elements)),
        }
      : { kind: c.kind, at: c.at, box: c.box ?? "", title: years(c.title ?? ""), text: text(c), fields: [] },
  );
  return {
    form: input.form,
    formTitle: layout.title,
    taxYear: input.taxYear,
    corrected: input.corrected,
    rows: layout.rows,
    cells,
    footer: { url: `www.irs.gov/Form${input.form.replace(/[^A-Za-z0-9]/g, "")}`, keep: true },
    filingId: input.filingId,
    receiptId: input.receiptId ?? null,
  };
}

const cityLine = (city: string | null, state: string | null, zip: string | null, country: string) =>
  [[city, state].filter(Boolean).join(", "), zip, country !== "US" ? country : null]
    .filter(Boolean)
    .join(" ");

/** A payer's or recipient's address as printed: its street lines, then city, state, ZIP (and country abroad). */
export function partyAddressLines(a: {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string;
}): string[] {
  return [a.addressLine1, a.addressLine2, cityLine(a.city, a.state, a.postalCode, a.country)].filter(
    (x): x is string => !!x,
  );
}

/** Stored phone digits as printed: "2175550142" -> "(217) 555-0142"; other lengths as stored. */
export function formatPhone(digits: string): string {
  const d = /^1?(\d{3})(\d{3})(\d{4})$/.exec(digits);
  return d ? `(${d[1]}) ${d[2]}-${d[3]}` : digits;
}

/** `payerTin` is the payer's opened TIN; without it (a payer stored before TINs were kept) the last four print. */
export function buildCopyB(f: Filing, payer: Payer, recipient: Recipient, payerTin?: Tin): CopyBStatement {
  return composeCopyB({
    form: f.form,
    taxYear: f.taxYear,
    jsonForm: f.jsonForm,
    corrected: f.corrects !== null,
    accountNumber: f.accountNumber,
    filingId: f.id,
    receiptId: f.receiptId,
    payer: {
      name: payer.legalName,
      addressLines: partyAddressLines(payer),
      phone: payer.contactPhone === null ? null : formatPhone(payer.contactPhone),
      tin: payerTin ? formatTin(payerTin.reveal(), payer.tinType) : maskTin(payer.tinLast4, payer.tinType),
    },
    recipient: {
      name: recipient.name,
      addressLines: partyAddressLines(recipient),
      tinMasked: maskTin(recipient.tinLast4, recipient.tinType),
    },
  });
}
