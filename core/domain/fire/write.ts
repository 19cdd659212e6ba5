// Pub 1220 (FIRE) writer: the inverse of parseFire. Used by tests, fixtures and the benchmark.
// T, then per payer, form type and correction kind an A record, its B records, a C record and
// (Combined Federal/State filers) one K record per state, then F.

import { CR, LF, SP } from "./bytes.ts";
import {
  AMOUNT_CODES,
  AMOUNT_COUNT,
  B_AMOUNT_POS,
  CFSF_CODE_BY_STATE,
  RECORD_LENGTH,
  SPEC_BY_FORM,
  TOTAL_POS,
  UNSUPPORTED_TYPES,
  type FormSpec,
} from "./layout.ts";
import type { FireFileInput, FireFormInput, FirePayer, FireWriteOptions } from "./types.ts";

interface WriteGroup {
  payer: FirePayer;
  typeOfReturn: string;
  spec: FormSpec | undefined;
  forms: { form: FireFormInput; values: Float64Array }[];
}

const UNSUPPORTED_BY_FORM: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(UNSUPPORTED_TYPES).map(([code, form]) => [form, code]),
);

export function writeFire(input: FireFileInput, options: FireWriteOptions = {}): Uint8Array {
  const ending = options.lineEnding ?? input.framing?.lineEnding ?? "crlf";
  const term = ending === "crlf" ? 2 : ending === "lf" ? 1 : 0;
  const groups = groupForms(input.forms);

  let records = 2;
  for (const g of groups) records += 2 + g.forms.length + stateCodes(g).length;
  const stride = RECORD_LENGTH + term;
  // A parsed file keeps what followed its last record: no separator, or extra CR/LF/Ctrl-Z bytes.
  const framing = options.lineEnding === undefined ? input.framing : undefined;
  const dropLast = term > 0 && framing?.lastTerminated === false ? term : 0;
  const trailer = framing?.trailer ?? "";
  const size = records * stride - dropLast;
  const buf = new Uint8Array(size + trailer.length).fill(SP);
  for (let r = 0; r < records; r++) {
    const e = r * stride + RECORD_LENGTH;
    if (ending === "crlf-749") {
      buf[e - 2] = CR;
      buf[e - 1] = LF;
    } else if (term === 2 && e < size) {
      buf[e] = CR;
      buf[e + 1] = LF;
    } else if (term === 1 && e < size) buf[e] = LF;
  }
  for (let i = 0; i < trailer.length; i++) buf[size + i] = trailer.charCodeAt(i) & 0xff;

  let seq = 0;
  const next = (type: string): number => {
    const o = seq * stride;
    seq++;
    buf[o] = type.charCodeAt(0);
    putDigits(buf, o, 500, 8, seq);
    return o;
  };

  const payees = groups.reduce((n, g) => n + g.forms.length, 0);
  writeT(buf, next("T"), input, payees);
  for (const g of groups) {
    writeA(buf, next("A"), input.taxYear, g);
    const sums = new Float64Array(AMOUNT_COUNT);
    for (const { form, values } of g.forms) {
      writeB(buf, next("B"), input.taxYear, g, form, values);
      for (let i = 0; i < AMOUNT_COUNT; i++) sums[i]! += values[i]!;
    }
    const c = next("C");
    putDigits(buf, c, 2, 8, g.forms.length);
    putTotals(buf, c, sums);
    for (const code of stateCodes(g)) {
      const k = next("K");
      const members = g.forms.filter((x) => cfsfCode(g, x.form) === code);
      const ks = new Float64Array(AMOUNT_COUNT);
      let stateTax = 0;
      let localTax = 0;
      // Only taxes the B record can carry count towards the K totals.
      const hasStateTax = g.spec?.tail.some((t) => t.kind === "stateTax") === true;
      const hasLocalTax = g.spec?.tail.some((t) => t.kind === "localTax") === true;
      for (const m of members) {
        for (let i = 0; i < AMOUNT_COUNT; i++) ks[i]! += m.values[i]!;
        if (hasStateTax) stateTax += m.form.state?.stateTaxWithheldCents ?? 0;
        if (hasLocalTax) localTax += m.form.state?.localTaxWithheldCents ?? 0;
      }
      putDigits(buf, k, 2, 8, members.length);
      putTotals(buf, k, ks);
      putDigits(buf, k, 707, 18, stateTax);
      putDigits(buf, k, 725, 18, localTax);
      putText(buf, k, 747, 2, code);
    }
  }
  const fo = next("F");
  putDigits(buf, fo, 2, 8, groups.length);
  putDigits(buf, fo, 10, 21, 0);
  putDigits(buf, fo, 50, 8, payees);
  return buf;
}

function typeOfReturnFor(form: string): { typeOfReturn: string; spec: FormSpec | undefined } {
  const spec = SPEC_BY_FORM.get(form);
  if (spec !== undefined) return { typeOfReturn: spec.typeOfReturn, spec };
  return { typeOfReturn: UNSUPPORTED_BY_FORM[form] ?? form, spec: undefined };
}

function groupForms(forms: readonly FireFormInput[]): WriteGroup[] {
  const groups = new Map<string, WriteGroup>();
  for (const form of forms) {
    const { typeOfReturn, spec } = typeOfReturnFor(form.form);
    const p = form.payer;
    const key =
      form.payerRecord !== undefined
        ? `#${form.payerRecord}`
        : [
            p.tin,
            p.name,
            p.name2 ?? "",
            p.address,
            p.city,
            p.state,
            p.postalCode,
            p.combinedFederalState,
            typeOfReturn,
            form.corrected ?? "",
          ].join("\u0000");
    let g = groups.get(key);
    if (g === undefined) {
      g = { payer: p, typeOfReturn, spec, forms: [] };
      groups.set(key, g);
    }
    g.forms.push({ form, values: amountValues(form, spec) });
  }
  return [...groups.values()];
}

function amountValues(form: FireFormInput, spec: FormSpec | undefined): Float64Array {
  const values = new Float64Array(AMOUNT_COUNT);
  for (const [code, v] of Object.entries(form.amountsByCode ?? {})) {
    const i = AMOUNT_CODES.indexOf(code);
    if (i < 0 || code.length !== 1) throw new Error(`unknown amount code '${code}'`);
    values[i] = v;
  }
  for (const [name, v] of Object.entries(form.amounts)) {
    const code =
      spec === undefined ? undefined : Object.keys(spec.amounts).find((c) => spec.amounts[c]!.iris === name);
    if (code === undefined) throw new Error(`${form.form} has no amount element '${name}'`);
    values[AMOUNT_CODES.indexOf(code)] = v;
  }
  return values;
}

/** The CF/SF code a form is counted under in the K records ("" for none). */
function cfsfCode(g: WriteGroup, form: FireFormInput): string {
  if (!g.payer.combinedFederalState || form.state === null || g.spec === undefined) return "";
  const field = g.spec.tail.find((t) => t.kind === "cfsf");
  if (field === undefined) return "";
  const raw = form.raw?.[field.name];
  if (raw !== undefined) return raw === "00" ? "" : raw;
  return CFSF_CODE_BY_STATE[form.state.code] ?? "";
}

/** K record states: a parsed payer's in file order, otherwise those its forms use, sorted. */
function stateCodes(g: WriteGroup): string[] {
  const codes = new Set<string>(g.payer.combinedFederalState ? (g.payer.stateOrder ?? []) : []);
  const used: string[] = [];
  for (const { form } of g.forms) {
    const c = cfsfCode(g, form);
    if (c !== "" && !codes.has(c)) used.push(c);
  }
  return [...codes, ...new Set(used.sort())];
}

function writeT(buf: Uint8Array, o: number, input: FireFileInput, payees: number): void {
  const t = input.transmitter;
  putDigits(buf, o, 2, 4, input.taxYear);
  if (input.priorYear === true) putText(buf, o, 6, 1, "P");
  putText(buf, o, 7, 9, t.tin);
  putText(buf, o, 16, 5, t.tcc);
  if (input.test === true) putText(buf, o, 28, 1, "T");
  if (t.foreign === true) putText(buf, o, 29, 1, "1");
  putText(buf, o, 30, 40, t.name);
  putText(buf, o, 70, 40, t.name2 ?? "");
  putText(buf, o, 110, 40, t.companyName);
  putText(buf, o, 150, 40, t.companyName2 ?? "");
  putText(buf, o, 190, 40, t.address);
  putText(buf, o, 230, 40, t.city);
  putText(buf, o, 270, 2, t.state);
  putText(buf, o, 272, 9, t.postalCode);
  putDigits(buf, o, 296, 8, payees);
  putText(buf, o, 304, 40, t.contactName);
  putText(buf, o, 344, 15, t.contactPhone);
  putText(buf, o, 359, 50, t.contactEmail ?? "");
  putText(buf, o, 518, 1, t.vendorIndicator ?? "I");
  const v = t.vendor;
  if (v) {
    putText(buf, o, 519, 40, v.name);
    putText(buf, o, 559, 40, v.address);
    putText(buf, o, 599, 40, v.city);
    putText(buf, o, 639, 2, v.state);
    putText(buf, o, 641, 9, v.postalCode);
    putText(buf, o, 650, 40, v.contactName);
    putText(buf, o, 690, 15, v.contactPhone);
    if (v.foreign) putText(buf, o, 740, 1, "1");
  }
}

function writeA(buf: Uint8Array, o: number, year: number, g: WriteGroup): void {
  const p = g.payer;
  putDigits(buf, o, 2, 4, year);
  if (p.combinedFederalState) putText(buf, o, 6, 1, "1");
  putText(buf, o, 12, 9, p.tin);
  putText(buf, o, 21, 4, p.nameControl ?? "");
  if (p.lastFiling) putText(buf, o, 25, 1, "1");
  putText(buf, o, 26, 2, g.typeOfReturn);
  let codes = p.amountCodes ?? "";
  if (codes === "") {
    for (let i = 0; i < AMOUNT_COUNT; i++)
      if (g.forms.some((f) => f.values[i] !== 0)) codes += AMOUNT_CODES[i];
  }
  if (codes === "")
    codes =
      g.spec === undefined
        ? "1"
        : Object.keys(g.spec.amounts).sort((x, y) => AMOUNT_CODES.indexOf(x) - AMOUNT_CODES.indexOf(y))[0]!;
  putText(buf, o, 28, 24, codes);
  if (p.foreign) putText(buf, o, 52, 1, "1");
  putText(buf, o, 53, 40, p.name);
  putText(buf, o, 93, 40, p.name2 ?? "");
  putText(buf, o, 133, 1, p.transferAgent ? "1" : "0");
  putText(buf, o, 134, 40, p.address);
  putText(buf, o, 174, 40, p.city);
  putText(buf, o, 214, 2, p.state);
  putText(buf, o, 216, 9, p.postalCode);
  putText(buf, o, 225, 15, p.phone ?? "");
}

function writeB(
  buf: Uint8Array,
  o: number,
  year: number,
  g: WriteGroup,
  form: FireFormInput,
  values: Float64Array,
): void {
  const r = form.recipient;
  putDigits(buf, o, 2, 4, year);
  if (form.corrected !== null) putText(buf, o, 6, 1, form.corrected);
  putText(buf, o, 7, 4, r.nameControl ?? "");
  if (r.tinType !== null) putText(buf, o, 11, 1, r.tinType === "ein" ? "1" : "2");
  putText(buf, o, 12, 9, r.tin);
  putText(buf, o, 21, 20, form.accountNumber ?? "");
  putText(buf, o, 41, 4, form.extra["PayerOfficeCode"] ?? "");
  for (let i = 0; i < AMOUNT_COUNT; i++) putDigits(buf, o, B_AMOUNT_POS + 12 * i, 12, values[i]!);
  if (r.foreign) putText(buf, o, 287, 1, "1");
  putText(buf, o, 288, 40, r.name);
  putText(buf, o, 328, 40, r.name2 ?? "");
  putText(buf, o, 368, 40, r.address);
  putText(buf, o, 448, 40, r.city);
  putText(buf, o, 488, 2, r.state);
  putText(buf, o, 490, 9, r.postalCode);
  if (g.spec === undefined) return;
  for (const t of g.spec.tail) {
    switch (t.kind) {
      case "flag": {
        const ch = Object.keys(t.values).find((k) => form.indicators[t.values[k]!] === true);
        if (ch !== undefined) putText(buf, o, t.pos, 1, ch);
        break;
      }
      case "text": {
        const v = (t.iris !== null ? form.codes[t.iris] : form.extra[t.name]) ?? form.raw?.[t.name] ?? "";
        putText(buf, o, t.pos, t.len, t.rightAlign === true ? v.padStart(t.len, " ") : v);
        break;
      }
      case "date":
        putText(buf, o, t.pos, 8, (form.codes[t.iris] ?? "").replaceAll("-", ""));
        break;
      case "year":
        putText(buf, o, t.pos, 4, form.codes[t.iris] ?? "");
        break;
      case "stateTax":
      case "localTax": {
        const cents =
          t.kind === "stateTax" ? form.state?.stateTaxWithheldCents : form.state?.localTaxWithheldCents;
        const text = form.extra[t.name] ?? form.raw?.[t.name];
        if (cents === undefined && text !== undefined) putText(buf, o, t.pos, 12, text);
        else putDigits(buf, o, t.pos, 12, cents ?? 0);
        break;
      }
      case "cfsf":
        putText(buf, o, t.pos, 2, form.raw?.[t.name] ?? cfsfCode(g, form));
        break;
    }
  }
}

function putTotals(buf: Uint8Array, o: number, sums: Float64Array): void {
  for (let i = 0; i < AMOUNT_COUNT; i++) putDigits(buf, o, TOTAL_POS + 18 * i, 18, sums[i]!);
}

/** Left-justified text; characters outside printable ASCII become '?'. */
function putText(buf: Uint8Array, o: number, pos: number, len: number, value: string): void {
  const s = o + pos - 1;
  const n = Math.min(len, value.length);
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    buf[s + i] = c >= SP && c <= 0x7e ? c : 0x3f;
  }
}

/** Right-justified, zero-filled integer; negative values carry '-' in the leftmost position. */
function putDigits(buf: Uint8Array, o: number, pos: number, len: number, value: number): void {
  const s = o + pos - 1;
  let v = Math.abs(Math.trunc(value));
  for (let i = len - 1; i >= 0; i--) {
    buf[s + i] = 48 + (v % 10);
    v = Math.floor(v / 10);
  }
  if (value < 0) buf[s] = 0x2d;
}
