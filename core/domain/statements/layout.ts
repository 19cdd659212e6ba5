// Shapes of the Copy B layout table (copy-b-forms.ts) and the small helpers the table is written with.
import type { CellKind, FieldStyle, GridPos } from "./copy-b.ts";

export interface FieldSpec {
  /** Element path in jsonForm (dotted, no indexes); several are joined with a space on one line (state + id no.). */
  readonly el: string | readonly string[];
  /** Words beside the check box when a box holds several check boxes. */
  readonly caption?: string;
  /** Overrides the style the element's kind gives (`percent` for the IRS ratio types). */
  readonly style?: FieldStyle;
  /** A group element printed as one value: a postal address, a person's or business's name, a masked TIN. */
  readonly format?: "address" | "name" | "tin";
}

export interface BoxSpec {
  readonly kind: "box";
  /** As printed: "1", "2a"; "" for a box the IRS does not number. */
  readonly box: string;
  /** The box title as printed on the IRS form. */
  readonly title: string;
  readonly at: GridPos;
  readonly fields: readonly FieldSpec[];
}

export interface FixedSpec {
  readonly kind: Exclude<CellKind, "box">;
  readonly at: GridPos;
  /** Caption of a party cell ("PAYER'S TIN"); the words of a blank cell. */
  readonly title?: string;
  /** A party cell the IRS numbers (W-2G box 9, the winner's TIN). */
  readonly box?: string;
}

export type CellSpec = BoxSpec | FixedSpec;

export interface NotPrinted {
  readonly el: string;
  readonly reason: string;
}

export interface FormLayout {
  readonly form: string;
  /** The form's title as printed ("Miscellaneous Information"). */
  readonly title: string;
  /** OMB control number printed above the form number. */
  readonly omb: string;
  /** The copy's name and who it is for, as printed: ["Copy B", "For Recipient"]. */
  readonly copy: readonly string[];
  /** The furnishing notice printed beside the boxes (1099 series), or none. */
  readonly notice?: string;
  readonly rows: number;
  readonly cells: readonly CellSpec[];
  /** Catalogue elements that have no place on the recipient's copy, each with the reason. */
  readonly notPrinted: readonly NotPrinted[];
  /** The IRS revision the grid and titles follow, e.g. "Form 1099-MISC (Rev. April 2025)". */
  readonly revision: string;
}

export const at = (x: number, w: number, row: number, rows = 1): GridPos => ({ x, w, row, rows });

export function box(
  no: string,
  title: string,
  pos: GridPos,
  ...fields: readonly (string | FieldSpec)[]
): BoxSpec {
  return {
    kind: "box",
    box: no,
    title,
    at: pos,
    fields: fields.map((f) => (typeof f === "string" ? { el: f } : f)),
  };
}

export const fixed = (kind: FixedSpec["kind"], pos: GridPos, title?: string, no?: string): FixedSpec => ({
  kind,
  at: pos,
  ...(title === undefined ? {} : { title }),
  ...(no === undefined ? {} : { box: no }),
});

export const check = (el: string, caption?: string): FieldSpec =>
  caption === undefined ? { el, style: "check" } : { el, style: "check", caption };

/** Whose cells the left column holds: "PAYER'S" / "RECIPIENT'S" on most forms, "FILER'S" / "PAYEE'S" on 1099-K. */
export interface Roles {
  readonly payer: string;
  readonly recipient: string;
  /** Overrides the long caption of the payer cell. */
  readonly payerCaption?: string;
  readonly payerTin?: string;
  readonly recipientTin?: string;
  readonly account?: string;
}

export const PAYER_CAPTION = (who: string) =>
  `${who} name, street address, city or town, state or province, country, ZIP or foreign postal code, and telephone no.`;
export const STREET = "Street address (including apt. no.)";
export const CITY = "City or town, state or province, country, and ZIP or foreign postal code";
export const ACCOUNT = "Account number (see instructions)";

export interface LeftRows {
  readonly payer: GridPos;
  readonly payerTin: GridPos;
  readonly recipientTin: GridPos;
  readonly name: GridPos;
  readonly street: GridPos;
  readonly city: GridPos;
  readonly account?: GridPos;
}

/** The payer and recipient cells every form has, captioned for the form's roles. */
export function parties(r: Roles, pos: LeftRows): FixedSpec[] {
  const cells = [
    fixed("payer", pos.payer, r.payerCaption ?? PAYER_CAPTION(r.payer)),
    fixed("payerTin", pos.payerTin, r.payerTin ?? `${r.payer} TIN`),
    fixed("recipientTin", pos.recipientTin, r.recipientTin ?? `${r.recipient} TIN`),
    fixed("recipientName", pos.name, `${r.recipient} name`),
    fixed("street", pos.street, STREET),
    fixed("city", pos.city, CITY),
  ];
  if (pos.account) cells.push(fixed("account", pos.account, r.account ?? ACCOUNT));
  return cells;
}

/** Form number, title, copy name and notice cells. */
export function heading(pos: {
  formId: GridPos;
  title: GridPos;
  copy: GridPos;
  notice?: GridPos;
}): FixedSpec[] {
  const cells = [fixed("formId", pos.formId), fixed("title", pos.title), fixed("copy", pos.copy)];
  if (pos.notice) cells.push(fixed("notice", pos.notice));
  return cells;
}

/** The state and local leaves of StateLocalTaxGrp. */
export const ST = {
  state: "StateLocalTaxGrp.StateAbbreviationCd",
  id: "StateLocalTaxGrp.StateTaxGrp.StateIdNum",
  withheld: "StateLocalTaxGrp.StateTaxGrp.StateTaxWithheldAmt",
  income: "StateLocalTaxGrp.StateTaxGrp.StateIncomeAmt",
  distribution: "StateLocalTaxGrp.StateTaxGrp.StateDistributionAmt",
  localWithheld: "StateLocalTaxGrp.LocalTaxGrp.LocalTaxWithheldAmt",
  localIncome: "StateLocalTaxGrp.LocalTaxGrp.LocalIncomeAmt",
  locality: "StateLocalTaxGrp.LocalTaxGrp.LocalityNm",
  localityCode: "StateLocalTaxGrp.LocalTaxGrp.LocalAbbreviationCdTxt",
  localDistribution: "StateLocalTaxGrp.LocalTaxGrp.LocalDistributionAmt",
  special: "StateLocalTaxGrp.SpecialDataEntriesTxt",
} as const;

/** "State/Payer's state no.": the state code and the payer's state number on one line. */
export const STATE_AND_ID: FieldSpec = { el: [ST.state, ST.id] };

const NO_BOX = "the form has no box for it";
/** The StateLocalTaxGrp leaves a form's state boxes leave out, with the reason. */
export function stateNotPrinted(printed: readonly string[]): NotPrinted[] {
  const reasons: Record<string, string> = {
    [ST.special]:
      "special data entries are for the state's copy of the filing (combined federal/state program), not the recipient's statement",
    [ST.localityCode]: "the locality's code is for the state's copy; the statement names the locality",
  };
  return Object.values(ST)
    .filter((el) => !printed.includes(el))
    .map((el) => ({
      el,
      reason: reasons[el] ?? `${NO_BOX}: the recipient's copy has no such state or local box`,
    }));
}
