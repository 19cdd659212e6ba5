// Pub 1220 (FIRE) file parser: one pass over the bytes, fields decoded straight from them.
// Never throws: every defect becomes a FireProblem (record, field, position, offset, message).

import { CR, LF, SP, allDigits, amount, digits, isBlank, isValidDate, showByte, str } from "./bytes.ts";
import { foreignText, splitForeignAddress } from "./foreign.ts";
import {
  AMOUNT_CODES,
  AMOUNT_COUNT,
  B_AMOUNT_POS,
  CFSF_STATES,
  RECORD_LENGTH,
  SPEC_BY_TYPE,
  SUPPORTED_TAX_YEARS,
  TOTAL_POS,
  UNSUPPORTED_TYPES,
  US_STATES,
  fieldAt,
  type FormSpec,
  type TailField,
} from "./layout.ts";
import type {
  FireForm,
  FireLineEnding,
  FireParseResult,
  FirePayer,
  FireProblem,
  FireRecordType,
  FireState,
  FireTransmitter,
  FireVendor,
} from "./types.ts";

/** Reporting stops after this many problems (a binary file would otherwise yield one per byte run). */
export const MAX_PROBLEMS = 1000;

const LATIN1 = new TextDecoder("latin1");

const CODE_INDEX: Int8Array = (() => {
  const t = new Int8Array(128).fill(-1);
  for (let i = 0; i < AMOUNT_CODES.length; i++) t[AMOUNT_CODES.charCodeAt(i)] = i;
  return t;
})();

interface StateAcc {
  count: number;
  sums: Float64Array;
  stateTax: number;
  localTax: number;
}

interface Group {
  record: number;
  spec: FormSpec | undefined;
  typeOfReturn: string;
  form: string;
  year: number;
  payer: FirePayer;
  declared: boolean[];
  /** Amount codes declared in the A record that have no single IRIS element. */
  count: number;
  sums: Float64Array;
  totalsReliable: boolean;
  states: Map<string, StateAcc>;
  correctedClass: string | null;
}

type Phase = "start" | "header" | "payer" | "closed" | "end";

export function parseFire(bytes: Uint8Array): FireParseResult {
  return new FireParser(bytes).run();
}

class FireParser {
  private readonly b: Uint8Array;
  private readonly problems: FireProblem[] = [];
  private readonly notes: string[] = [];
  private readonly forms: FireForm[] = [];
  private full = false;

  // Current record.
  private rec = 0;
  private off = 0;
  private type: FireRecordType = "?";

  // File state.
  private phase: Phase = "start";
  private sawTerminator = false;
  private lineEnding: FireLineEnding | null = null;
  private lastTerminated = true;
  /** Offset of the CR/LF/Ctrl-Z bytes that end the file, once found. */
  private trailerAt = -1;
  /** The current record as a one-byte string; text fields are sliced from it after trimming on the bytes. */
  private line = "";
  private readonly values = new Float64Array(AMOUNT_COUNT);
  private lastSeq = 0;
  private taxYear = 0;
  private test = false;
  private priorYear = false;
  private transmitter: FireTransmitter | null = null;
  private tPayees = -1;
  private aCount = 0;
  private bCount = 0;
  private group: Group | null = null;
  private closed: Group | null = null;
  private kSeen = new Set<string>();
  private unsupportedCounts = new Map<string, number>();
  private unmappedNoted = new Set<string>();

  constructor(bytes: Uint8Array) {
    this.b = bytes;
  }

  run(): FireParseResult {
    const b = this.b;
    const len = b.length;
    if (len === 0) {
      this.problemAt(1, "?", 0, "Record", 1, "file is empty");
      return { ok: false, problems: this.problems };
    }
    let off = 0;
    while (off < len) {
      // Line terminators and Ctrl-Z after the last record are tolerated (and kept as the trailer).
      if (this.rec > 0 && this.onlyTerminatorsFrom(off)) break;
      const frame = this.frame(off);
      if (frame.length === 0) {
        // A bare line terminator: a problem when records follow it.
        this.rec++;
        this.problemAt(
          this.rec,
          "?",
          off,
          "RecordLength",
          1,
          `empty line; every record must be ${RECORD_LENGTH} bytes`,
        );
        off = frame.next;
        continue;
      }
      this.rec++;
      this.off = off;
      this.record(frame.length);
      off = frame.next;
    }
    this.finish();
    if (this.problems.length > 0 || this.transmitter === null) {
      if (this.problems.length === 0) this.problemAt(1, "T", 0, "RecordType", 1, "T record missing");
      return { ok: false, problems: this.problems };
    }
    for (const [code, n] of this.unsupportedCounts) {
      this.notes.push(
        `${n} form(s) with type of return '${code}' (${UNSUPPORTED_TYPES[code] ?? "unknown"}) are not supported and were not imported`,
      );
    }
    return {
      ok: true,
      taxYear: this.taxYear,
      test: this.test,
      priorYear: this.priorYear,
      transmitter: this.transmitter,
      forms: this.forms,
      rows: this.bCount,
      notes: this.notes,
      framing: {
        lineEnding: this.lineEnding ?? "crlf",
        lastTerminated: this.lastTerminated,
        trailer: this.trailerAt < 0 ? "" : LATIN1.decode(this.b.subarray(this.trailerAt)),
      },
    };
  }

  // ------------------------------------------------------------------ framing

  private after(t: number): number {
    return t + (this.b[t] === CR && this.b[t + 1] === LF ? 2 : 1);
  }

  /**
   * Length of the record starting at `off` and where the next record starts. Decodes the record (plus the
   * two bytes after it) into `this.line` once; the terminator search runs on that one-byte string.
   */
  private frame(off: number): { length: number; next: number } {
    const b = this.b;
    const len = b.length;
    const line = LATIN1.decode(b.subarray(off, Math.min(off + RECORD_LENGTH + 2, len)));
    this.line = line;
    const lf = line.indexOf("\n");
    const cr = line.indexOf("\r");
    const rel = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
    const limit = Math.min(off + RECORD_LENGTH, len);
    const t = rel < 0 ? -1 : off + rel;
    if (t >= 0 && t < limit) {
      this.sawTerminator = true;
      // Pub 1220: positions 749-750 are "blank or carriage return/line feed": 748 characters and CR LF is a
      // whole record.
      if (t - off === RECORD_LENGTH - 2 && b[t] === CR && b[t + 1] === LF) {
        this.style("crlf-749", true);
        return { length: RECORD_LENGTH, next: t + 2 };
      }
      // Any other terminator inside the first 750 bytes: a short record.
      return { length: t - off, next: this.after(t) };
    }
    if (limit === len) {
      this.lastTerminated = false;
      return { length: limit - off, next: len };
    }
    if (t === limit) {
      this.sawTerminator = true;
      this.style(b[t] === CR && b[t + 1] === LF ? "crlf" : "lf", true);
      return { length: RECORD_LENGTH, next: this.after(t) };
    }
    // No terminator right after 750 bytes: either a file without terminators, or a record that is too long.
    // When the next byte starts a plausible record and no terminator was seen before, assume no terminators.
    if (!this.sawTerminator && isRecordTypeByte(b[limit]!)) {
      this.style("none", false);
      return { length: RECORD_LENGTH, next: limit };
    }
    const scanEnd = Math.min(limit + RECORD_LENGTH, len);
    for (let j = limit; j < scanEnd; j++) {
      const d = b[j]!;
      if (d === CR || d === LF) return { length: j - off, next: this.after(j) };
    }
    this.lastTerminated = false;
    return { length: RECORD_LENGTH, next: limit };
  }

  /** Notes how the first record is separated (the writer reproduces that) and whether the latest one was. */
  private style(lineEnding: FireLineEnding, terminated: boolean): void {
    if (this.lineEnding === null) this.lineEnding = lineEnding;
    this.lastTerminated = terminated;
  }

  private onlyTerminatorsFrom(off: number): boolean {
    const b = this.b;
    for (let i = off; i < b.length; i++) {
      const c = b[i]!;
      if (c !== CR && c !== LF && c !== 0x1a) return false;
    }
    this.trailerAt = off;
    return true;
  }

  // ------------------------------------------------------------------ problems

  private problemAt(
    record: number,
    recordType: FireRecordType,
    offset: number,
    field: string,
    position: number,
    message: string,
  ): void {
    if (this.full) return;
    if (this.problems.length >= MAX_PROBLEMS) {
      this.full = true;
      this.problems.push({
        record,
        recordType,
        field: "File",
        position,
        offset,
        message: `more than ${MAX_PROBLEMS} problems; the rest are not listed`,
      });
      return;
    }
    this.problems.push({ record, recordType, field, position, offset, message });
  }

  /** Problem in the current record at a 1-based position; the field is named from the layout when not given. */
  private problem(position: number, message: string, field?: string): void {
    this.problemAt(
      this.rec,
      this.type,
      this.off + position - 1,
      field ?? fieldAt(this.type, position, this.group?.spec),
      position,
      message,
    );
  }

  // ------------------------------------------------------------------ records

  /** Trimmed text of the field at absolute offset `s`; reports the first byte outside printable ASCII. */
  private txtAt(s: number, len: number): string {
    const b = this.b;
    let e = s + len;
    while (e > s && b[e - 1] === SP) e--;
    while (s < e && b[s] === SP) s++;
    if (s === e) return "";
    for (let i = s; i < e; i++) {
      const c = b[i]!;
      if (c < SP || c > 0x7e) {
        const pos = i - this.off + 1;
        this.problem(pos, `non-printable ${showByte(c)} at position ${pos}; records must be printable ASCII`);
        break;
      }
    }
    return this.line.slice(s - this.off, e - this.off);
  }

  private record(length: number): void {
    const b = this.b;
    const o = this.off;
    const c = b[o]!;
    this.type =
      c === 0x54
        ? "T"
        : c === 0x41
          ? "A"
          : c === 0x42
            ? "B"
            : c === 0x43
              ? "C"
              : c === 0x4b
                ? "K"
                : c === 0x46
                  ? "F"
                  : "?";
    if (this.rec === 1 && this.type !== "T") {
      this.problem(1, `first record must be a T record; found ${showByte(c)}`, "RecordType");
    }
    if (this.type === "?") {
      this.problem(1, `unknown record type ${showByte(c)}; expected T, A, B, C, K or F`, "RecordType");
    }
    const lengthOk = length === RECORD_LENGTH;
    if (!lengthOk) {
      const pos = length < RECORD_LENGTH ? length + 1 : RECORD_LENGTH + 1;
      this.problem(
        pos,
        `record is ${length} bytes; every record must be exactly ${RECORD_LENGTH} bytes`,
        "RecordLength",
      );
    }
    if (this.phase === "end") {
      this.problem(1, "record after the F (end of transmission) record", "RecordType");
      return;
    }
    const decode = lengthOk;
    switch (this.type) {
      case "T":
        this.onT(decode);
        break;
      case "A":
        this.onA(decode);
        break;
      case "B":
        this.onB(decode);
        break;
      case "C":
        this.onC(decode);
        break;
      case "K":
        this.onK(decode);
        break;
      case "F":
        this.onF(decode);
        break;
      default:
        break;
    }
    if (decode && this.type !== "?") this.checkSequence();
  }

  /** Sequence numbers must count up by one from 1; after a gap the count resumes from the number found. */
  private checkSequence(): void {
    const o = this.off + 499;
    const v = digits(this.b, o, 8);
    const expected = this.lastSeq + 1;
    if (v < 0) this.problem(500, "record sequence number must be 8 digits");
    else if (v !== expected) this.problem(500, `record sequence number is ${v}; expected ${expected}`);
    this.lastSeq = v < 0 ? expected : v;
  }

  private year(pos: number): number {
    const v = digits(this.b, this.off + pos - 1, 4);
    if (v < 0) {
      this.problem(pos, "payment year must be 4 digits");
      return 0;
    }
    return v;
  }

  private tin(pos: number, who: string, required: boolean): string {
    const o = this.off + pos - 1;
    if (allDigits(this.b, o, 9)) return this.txtAt(o, 9);
    if (isBlank(this.b, o, 9)) {
      if (required) this.problem(pos, `${who} TIN is blank; a 9-digit TIN is required`);
    } else {
      this.problem(pos, `${who} TIN must be 9 digits without hyphens; found '${str(this.b, o, 9)}'`);
    }
    return this.txtAt(o, 9);
  }

  private oneOf(pos: number, allowed: string, what: string): string {
    const c = this.b[this.off + pos - 1]!;
    const ch = String.fromCharCode(c);
    if (!allowed.includes(ch)) {
      const list = Array.from(allowed, (x) => (x === " " ? "blank" : `'${x}'`)).join(", ");
      this.problem(pos, `${what} is ${showByte(c)}; expected ${list}`);
    }
    return ch;
  }

  private required(pos: number, len: number, what: string): string {
    const v = this.txtAt(this.off + pos - 1, len);
    if (v === "") this.problem(pos, `${what} is required`);
    return v;
  }

  /** State and ZIP of a domestic address. */
  private address(statePos: number, zipPos: number, foreign: boolean): { state: string; postalCode: string } {
    const b = this.b;
    const o = this.off;
    const state = this.txtAt(o + statePos - 1, 2);
    const postalCode = this.txtAt(o + zipPos - 1, 9);
    if (!foreign) {
      if (!US_STATES.has(state))
        this.problem(statePos, state === "" ? "state is required" : `'${state}' is not a valid state code`);
      const z = o + zipPos - 1;
      if (!allDigits(b, z, 5) || !(allDigits(b, z + 5, 4) || isBlank(b, z + 5, 4))) {
        this.problem(zipPos, "ZIP code must be 5 or 9 digits, left-justified");
      }
    }
    return { state, postalCode };
  }

  private onT(decode: boolean): void {
    if (this.phase !== "start") {
      this.problem(1, "only one T record is allowed and it must be the first record", "RecordType");
      return;
    }
    this.phase = "header";
    if (!decode) return;
    const b = this.b;
    const o = this.off;
    this.taxYear = this.year(2);
    if (this.taxYear > 0 && !SUPPORTED_TAX_YEARS.includes(this.taxYear)) {
      this.problem(
        2,
        `tax year ${this.taxYear} is not supported; layouts are implemented for ${SUPPORTED_TAX_YEARS.join(" and ")}`,
      );
    }
    this.priorYear = this.oneOf(6, " P", "prior year data indicator") === "P";
    const tin = this.tin(7, "transmitter", true);
    const tcc = this.txtAt(o + 15, 5);
    if (tcc.length !== 5 || !/^[A-Z0-9]{5}$/.test(tcc))
      this.problem(16, "transmitter control code must be 5 upper-case letters or digits");
    this.test = this.oneOf(28, " T", "test file indicator") === "T";
    const foreign = this.oneOf(29, " 1", "foreign entity indicator") === "1";
    const name = this.required(30, 40, "transmitter name");
    const companyName = this.required(110, 40, "company name");
    const address = this.required(190, 40, "company mailing address");
    const city = this.required(230, 40, "company city");
    const { state, postalCode } = this.address(270, 272, foreign);
    if (!isBlank(b, o + 295, 8)) {
      this.tPayees = digits(b, o + 295, 8);
      if (this.tPayees < 0) this.problem(296, "total number of payees must be 8 digits");
    }
    const contactName = this.required(304, 40, "contact name");
    const contactPhone = this.required(344, 15, "contact telephone number");
    const vendor = this.oneOf(518, "VI", "vendor indicator");
    const vendorForeign = this.oneOf(740, " 1", "vendor foreign entity indicator") === "1";
    const vendorBlock: FireVendor = {
      name: this.txtAt(o + 518, 40),
      address: this.txtAt(o + 558, 40),
      city: this.txtAt(o + 598, 40),
      state: this.txtAt(o + 638, 2),
      postalCode: this.txtAt(o + 640, 9),
      contactName: this.txtAt(o + 649, 40),
      contactPhone: this.txtAt(o + 689, 15),
      foreign: vendorForeign,
    };
    const name2 = this.txtAt(o + 69, 40);
    const company2 = this.txtAt(o + 149, 40);
    const email = this.txtAt(o + 358, 50);
    this.transmitter = {
      tin,
      tcc,
      name,
      name2: name2 === "" ? null : name2,
      companyName,
      companyName2: company2 === "" ? null : company2,
      address,
      city,
      state,
      postalCode,
      foreign,
      contactName,
      contactPhone,
      contactEmail: email === "" ? null : email,
      vendorIndicator: vendor === "V" ? "V" : "I",
      vendor: vendorForeign || !isBlank(b, o + 518, 222) ? vendorBlock : null,
    };
  }

  private beforePayer(): void {
    if (this.phase === "start") {
      this.phase = "header";
      return;
    }
    if (this.phase === "payer" && this.group !== null) {
      this.problem(
        1,
        `C record missing for the payer (A) record at record ${this.group.record}`,
        "RecordType",
      );
      this.group = null;
    }
    this.checkMissingK();
  }

  private checkMissingK(): void {
    const g = this.closed;
    if (g === null || !g.payer.combinedFederalState) return;
    for (const st of g.states.keys()) {
      if (!this.kSeen.has(st)) {
        this.problem(
          1,
          `K record missing for state ${CFSF_STATES[st] ?? st} (code ${st}) of the payer at record ${g.record}`,
          "RecordType",
        );
      }
    }
    this.closed = null;
  }

  private onA(decode: boolean): void {
    this.beforePayer();
    this.phase = "payer";
    this.aCount++;
    this.closed = null;
    this.kSeen = new Set();
    const b = this.b;
    const o = this.off;
    const group: Group = {
      record: this.rec,
      spec: undefined,
      typeOfReturn: "",
      form: "",
      year: 0,
      payer: {
        tin: "",
        tinType: "ein",
        name: "",
        name2: null,
        address: "",
        city: "",
        state: "",
        postalCode: "",
        country: null,
        foreign: false,
        transferAgent: false,
        phone: null,
        combinedFederalState: false,
        nameControl: null,
        lastFiling: false,
      },
      declared: Array.from({ length: AMOUNT_COUNT }, () => false),
      count: 0,
      sums: new Float64Array(AMOUNT_COUNT),
      totalsReliable: decode,
      states: new Map(),
      correctedClass: null,
    };
    this.group = group;
    if (!decode) return;
    group.year = this.year(2);
    if (group.year > 0 && this.taxYear > 0 && group.year !== this.taxYear) {
      this.problem(2, `payment year ${group.year} differs from the T record's ${this.taxYear}`);
    }
    const cfsf = this.oneOf(6, " 1", "combined federal/state filer indicator") === "1";
    const tin = this.tin(12, "payer", true);
    const nameControl = this.txtAt(o + 20, 4);
    const lastFiling = this.oneOf(25, " 1", "last filing indicator") === "1";
    const typeOfReturn = this.txtAt(o + 25, 2);
    group.typeOfReturn = typeOfReturn;
    const spec = SPEC_BY_TYPE.get(typeOfReturn);
    group.spec = spec;
    group.form = spec?.form ?? typeOfReturn;
    if (spec === undefined && UNSUPPORTED_TYPES[typeOfReturn] === undefined) {
      this.problem(
        26,
        typeOfReturn === ""
          ? "type of return is required"
          : `'${typeOfReturn}' is not a Pub 1220 type of return code`,
      );
    }
    // Amount codes: 28-45 in current layouts, 28-43 in older ones; either way the 24 bytes 28-51 hold them.
    let prev = -1;
    let any = false;
    for (let i = 0; i < 24; i++) {
      const c = b[o + 27 + i]!;
      if (c === SP) continue;
      any = true;
      const idx = c < 128 ? CODE_INDEX[c]! : -1;
      const code = String.fromCharCode(c);
      if (idx < 0) {
        this.problem(28 + i, `${showByte(c)} is not an amount code`, "AmountCodes");
        continue;
      }
      if (spec !== undefined && spec.amounts[code] === undefined) {
        this.problem(
          28 + i,
          `amount code ${code} is not valid for ${spec.form} (tax year ${group.year || this.taxYear})`,
          "AmountCodes",
        );
      }
      if (group.declared[idx]) this.problem(28 + i, `amount code ${code} is repeated`, "AmountCodes");
      else if (idx < prev)
        this.problem(28 + i, `amount codes must be in ascending order (1-9, then A-H, J)`, "AmountCodes");
      group.declared[idx] = true;
      prev = Math.max(prev, idx);
    }
    if (!any) this.problem(28, "at least one amount code is required", "AmountCodes");
    const foreign = this.oneOf(52, " 1", "foreign entity indicator") === "1";
    const name = this.required(53, 40, "first payer name line");
    const name2 = this.txtAt(o + 92, 40);
    const agent = this.oneOf(133, "01 ", "transfer agent indicator") === "1";
    const address = this.required(134, 40, "payer shipping address");
    const city = this.required(174, 40, "payer city");
    const { state, postalCode } = this.address(214, 216, foreign);
    const phone = this.txtAt(o + 224, 15);
    // The payer's country is only needed to convert the file to IRIS (the import files under the service's payer).
    const country = foreign
      ? splitForeignAddress(foreignText(city, 40, state, postalCode), group.year || this.taxYear).country
      : null;
    group.payer = {
      tin,
      tinType: "ein",
      name,
      name2: name2 === "" ? null : name2,
      address,
      city,
      state,
      postalCode,
      country,
      foreign,
      transferAgent: agent,
      phone: phone === "" ? null : phone,
      combinedFederalState: cfsf,
      nameControl: nameControl === "" ? null : nameControl,
      lastFiling,
      amountCodes: str(b, o + 27, 24),
    };
  }

  private onB(decode: boolean): void {
    const g = this.group;
    if (this.phase !== "payer" || g === null) {
      const msg =
        this.aCount === 0
          ? "B record before any A record"
          : "B record outside a payer group (no A record since the last C record)";
      this.problem(1, msg, "RecordType");
      return;
    }
    this.bCount++;
    g.count++;
    if (!decode) {
      g.totalsReliable = false;
      return;
    }
    const b = this.b;
    const o = this.off;
    const spec = g.spec;
    const year = this.year(2);
    if (year > 0 && g.year > 0 && year !== g.year)
      this.problem(2, `payment year ${year} differs from the A record's ${g.year}`);
    const corr = this.oneOf(6, " GC", "corrected return indicator");
    const corrected = corr === "G" ? "G" : corr === "C" ? "C" : null;
    const cls = corrected ?? "original";
    if (g.correctedClass === null) g.correctedClass = cls;
    else if (g.correctedClass !== cls) {
      this.problem(
        6,
        `${cls === "original" ? "original" : `'${cls}'`} return under an A record whose first return is ${g.correctedClass === "original" ? "original" : `'${g.correctedClass}'`}; originals, G and C corrections need separate A records`,
      );
    }
    const nameControl = this.txtAt(o + 6, 4);
    const tinTypeCh = this.oneOf(11, " 12", "type of TIN");
    const tin = this.tin(12, "payee", true);
    const account = this.txtAt(o + 20, 20);
    const office = this.txtAt(o + 40, 4);

    // Payment amounts.
    const signed = spec?.negativeAllowed ?? false;
    const amounts: Record<string, number> = {};
    const byCode: Record<string, number> = {};
    const values = this.values;
    values.fill(0);
    for (let i = 0; i < AMOUNT_COUNT; i++) {
      const s = o + B_AMOUNT_POS - 1 + 12 * i;
      // Fast path: an all-zero field.
      if (b[s] === 48 && b[s + 11] === 48 && allZero(b, s)) continue;
      const pos = B_AMOUNT_POS + 12 * i;
      const code = AMOUNT_CODES[i]!;
      const v = amount(b, s, 12, true);
      if (Number.isNaN(v)) {
        g.totalsReliable = false;
        this.problem(
          pos,
          `payment amount ${code} must be 12 digits (cents, zero-filled); found '${str(b, s, 12)}'`,
        );
        continue;
      }
      if (v < 0 && !signed) {
        this.problem(
          pos,
          `payment amount ${code} is negative; negative amounts are allowed only on 1099-B, 1099-OID and 1099-Q`,
        );
      } else if (!signed && (b[s] === 0x2b || b[s + 11]! > 0x39)) {
        this.problem(
          pos,
          `payment amount ${code} must be 12 digits (cents, zero-filled); found '${str(b, s, 12)}'`,
        );
      }
      if (v === 0) continue;
      values[i] = v;
      g.sums[i]! += v;
      if (!g.declared[i]) {
        this.problem(
          pos,
          `payment amount ${code} is not zero but amount code ${code} is not in the A record`,
        );
      }
      byCode[code] = v;
      if (spec !== undefined) {
        const def = spec.amounts[code];
        if (def === undefined) continue;
        if (def.iris !== null) amounts[def.iris] = v;
        else if (!this.unmappedNoted.has(spec.form + code)) {
          this.unmappedNoted.add(spec.form + code);
          this.notes.push(
            `${spec.form} amount code ${code} (${def.label}) has no IRIS element; it is kept in amountsByCode`,
          );
        }
      }
    }

    const foreign = this.oneOf(287, " 1", "foreign country indicator") === "1";
    const name = this.required(288, 40, "first payee name line");
    const name2 = this.txtAt(o + 327, 40);
    const address = this.required(368, 40, "payee mailing address");
    const city = this.required(448, 40, "payee city");
    const { state: rState, postalCode } = this.address(488, 490, foreign);
    let country: string | null = null;
    if (foreign && city !== "") {
      const text = foreignText(city, 40, rState, postalCode);
      country = splitForeignAddress(text, year || this.taxYear).country;
      if (country === null) {
        this.problem(
          448,
          `foreign address without a country the IRS recognises: end the free-text city, province and postal code (positions 448-498) with the country's name, e.g. 'TORONTO ON M5V 2T6 CANADA'; found '${text}'`,
          "PayeeCity",
        );
      }
    }

    const indicators: Record<string, boolean> = {};
    const codes: Record<string, string> = {};
    const extra: Record<string, string> = {};
    if (office !== "") extra["PayerOfficeCode"] = office;
    let state: FireState | null = null;
    const rawKept = { kept: false, values: {} as Record<string, string> };
    if (spec !== undefined) {
      state = this.tail(spec, g, indicators, codes, extra, rState, values, rawKept);
    } else {
      const n = this.unsupportedCounts.get(g.typeOfReturn) ?? 0;
      this.unsupportedCounts.set(g.typeOfReturn, n + 1);
    }

    const form: FireForm = {
      record: this.rec,
      payerRecord: g.record,
      offset: this.off,
      form: g.form,
      supported: spec !== undefined,
      typeOfReturn: g.typeOfReturn,
      taxYear: year,
      corrected,
      payer: g.payer,
      recipient: {
        tin,
        tinType: tinTypeCh === "1" ? "ein" : tinTypeCh === "2" ? "ssn" : null,
        name,
        name2: name2 === "" ? null : name2,
        address,
        city,
        state: rState,
        postalCode,
        country,
        foreign,
        nameControl: nameControl === "" ? null : nameControl,
      },
      accountNumber: account === "" ? null : account,
      amounts,
      amountsByCode: byCode,
      indicators,
      codes,
      extra,
      state,
    };
    if (rawKept.kept) form.raw = rawKept.values;
    this.forms.push(form);
  }

  private tail(
    spec: FormSpec,
    g: Group,
    indicators: Record<string, boolean>,
    codes: Record<string, string>,
    extra: Record<string, string>,
    recipientState: string,
    values: Float64Array,
    raw: { kept: boolean; values: Record<string, string> },
  ): FireState | null {
    const b = this.b;
    const o = this.off;
    let stateTax = 0;
    let localTax = 0;
    let cfsfCode = "";
    let cfsfBlank: TailField | null = null;
    const keep = (name: string, text: string) => {
      raw.kept = true;
      raw.values[name] = text;
    };
    for (const t of spec.tail) {
      const s = o + t.pos - 1;
      switch (t.kind) {
        case "flag": {
          const names = flagNames(t.values);
          for (let k = 0; k < names.length; k++) indicators[names[k]!] = false;
          const c = b[s]!;
          if (c === SP) break;
          const name = t.values[String.fromCharCode(c)];
          if (name === undefined) {
            const allowed = Object.keys(t.values)
              .map((k) => `'${k}'`)
              .join(", ");
            this.problem(t.pos, `${showByte(c)} is not valid; expected blank or ${allowed}`, t.name);
          } else indicators[name] = true;
          break;
        }
        case "text": {
          const v = this.txtAt(s, t.len);
          if (v === "") break;
          if (t.zeroBlank === true && /^0+$/.test(v)) {
            keep(t.name, v);
            break;
          }
          if (t.digits === true && !digitString(v))
            this.problem(t.pos, `must be digits; found '${v}'`, t.name);
          if (t.iris !== null) codes[t.iris] = v;
          else extra[t.name] = v;
          break;
        }
        case "date": {
          if (isBlank(b, s, 8)) break;
          const y = digits(b, s, 4);
          const m = digits(b, s + 4, 2);
          const d = digits(b, s + 6, 2);
          if (y < 0 || m < 0 || d < 0 || !isValidDate(y, m, d)) {
            this.problem(t.pos, `must be a date YYYYMMDD; found '${str(b, s, 8)}'`, t.name);
            break;
          }
          codes[t.iris] =
            this.line.slice(s - o, s - o + 4) +
            "-" +
            this.line.slice(s - o + 4, s - o + 6) +
            "-" +
            this.line.slice(s - o + 6, s - o + 8);
          break;
        }
        case "year": {
          if (isBlank(b, s, 4)) break;
          if (!allDigits(b, s, 4))
            this.problem(t.pos, `must be a year YYYY; found '${str(b, s, 4)}'`, t.name);
          else codes[t.iris] = this.txtAt(s, 4);
          break;
        }
        case "stateTax":
        case "localTax": {
          // Pub 1220: when not reporting the tax, these bytes may continue the special data entries.
          if (isBlank(b, s, 12)) {
            keep(t.name, "");
            break;
          }
          const v = amount(b, s, 12, false);
          if (Number.isNaN(v)) extra[t.name] = this.txtAt(s, 12);
          else if (t.kind === "stateTax") stateTax = v;
          else localTax = v;
          break;
        }
        case "cfsf": {
          if (b[s] === 48 && b[s + 1] === 48) {
            keep(t.name, "00");
            break;
          }
          if (isBlank(b, s, 2)) {
            cfsfBlank = t;
            break;
          }
          const code = this.txtAt(s, 2);
          if (CFSF_STATES[code] === undefined) {
            this.problem(
              t.pos,
              `'${code}' is not a Combined Federal/State Filing Program state code`,
              t.name,
            );
            break;
          }
          if (!g.payer.combinedFederalState) {
            this.problem(
              t.pos,
              `combined federal/state code ${code} on a payer whose A record position 6 is not '1'`,
              t.name,
            );
          }
          cfsfCode = code;
          break;
        }
      }
    }
    if (cfsfCode !== "" && g.payer.combinedFederalState) {
      let acc = g.states.get(cfsfCode);
      if (acc === undefined) {
        acc = { count: 0, sums: new Float64Array(AMOUNT_COUNT), stateTax: 0, localTax: 0 };
        g.states.set(cfsfCode, acc);
      }
      acc.count++;
      for (let i = 0; i < AMOUNT_COUNT; i++) acc.sums[i]! += values[i]!;
      acc.stateTax += stateTax;
      acc.localTax += localTax;
    }
    if (cfsfCode === "" && stateTax === 0 && localTax === 0) return null;
    // The writer derives a CF/SF code from the state of a CF/SF payer's form; this one was left blank.
    if (cfsfBlank !== null && g.payer.combinedFederalState) keep(cfsfBlank.name, "");
    const st: FireState = {
      code: cfsfCode !== "" ? (CFSF_STATES[cfsfCode] ?? recipientState) : recipientState,
    };
    if (stateTax !== 0) st.stateTaxWithheldCents = stateTax;
    if (localTax !== 0) st.localTaxWithheldCents = localTax;
    return st;
  }

  /** Compares the control totals at positions 16-339 of a C or K record with the sums. */
  private compareTotals(sums: Float64Array, what: string): void {
    const b = this.b;
    for (let i = 0; i < AMOUNT_COUNT; i++) {
      const pos = TOTAL_POS + 18 * i;
      const s = this.off + pos - 1;
      const v = amount(b, s, 18, true);
      const code = AMOUNT_CODES[i]!;
      if (Number.isNaN(v)) {
        this.problem(
          pos,
          `control total ${code} must be 18 digits (cents, zero-filled); found '${str(b, s, 18)}'`,
        );
      } else if (v !== sums[i]) {
        this.problem(pos, `control total ${code} is ${v} cents but the ${what} add up to ${sums[i]} cents`);
      }
    }
  }

  private count(pos: number, expected: number, what: string): void {
    const v = digits(this.b, this.off + pos - 1, 8);
    if (v < 0) this.problem(pos, `${what} must be 8 digits`);
    else if (v !== expected) this.problem(pos, `${what} is ${v} but the file has ${expected}`);
  }

  private onC(decode: boolean): void {
    const g = this.group;
    if (this.phase !== "payer" || g === null) {
      this.problem(1, "C record without a preceding A record", "RecordType");
      return;
    }
    this.phase = "closed";
    this.group = null;
    this.closed = g;
    this.kSeen = new Set();
    if (!decode) return;
    this.count(2, g.count, "number of payees");
    if (g.totalsReliable) this.compareTotals(g.sums, "B records of this payer");
  }

  private onK(decode: boolean): void {
    const g = this.closed;
    if (this.phase !== "closed" || g === null) {
      this.problem(1, "K record must follow the C record (or another K record) of its payer", "RecordType");
      return;
    }
    if (!g.payer.combinedFederalState) {
      this.problem(
        1,
        `K record for a payer (record ${g.record}) that is not a Combined Federal/State filer`,
        "RecordType",
      );
      return;
    }
    if (!decode) return;
    const code = this.txtAt(this.off + 746, 2);
    const st = CFSF_STATES[code];
    if (st === undefined) {
      this.problem(747, `'${code}' is not a Combined Federal/State Filing Program state code`);
      return;
    }
    if (this.kSeen.has(code)) this.problem(747, `second K record for state code ${code}`);
    this.kSeen.add(code);
    g.payer.stateOrder = [...this.kSeen];
    const acc = g.states.get(code) ?? {
      count: 0,
      sums: new Float64Array(AMOUNT_COUNT),
      stateTax: 0,
      localTax: 0,
    };
    this.count(2, acc.count, `number of payees for ${st}`);
    if (g.totalsReliable) {
      this.compareTotals(acc.sums, `B records for ${st}`);
      this.stateTotal(707, acc.stateTax, "state income tax withheld total");
      this.stateTotal(725, acc.localTax, "local income tax withheld total");
    }
  }

  private stateTotal(pos: number, expected: number, what: string): void {
    const s = this.off + pos - 1;
    if (isBlank(this.b, s, 18)) {
      if (expected !== 0) this.problem(pos, `${what} is blank but the B records add up to ${expected} cents`);
      return;
    }
    const v = amount(this.b, s, 18, false);
    if (Number.isNaN(v)) this.problem(pos, `${what} must be 18 digits; found '${str(this.b, s, 18)}'`);
    else if (v !== expected)
      this.problem(pos, `${what} is ${v} cents but the B records add up to ${expected} cents`);
  }

  private onF(decode: boolean): void {
    this.beforePayer();
    this.phase = "end";
    if (!decode) return;
    const b = this.b;
    const o = this.off;
    this.count(2, this.aCount, "number of A records");
    if (!allZeroN(b, o + 9, 21)) this.problem(10, "positions 10-30 must be zeros");
    if (!isBlank(b, o + 49, 8)) this.count(50, this.bCount, "total number of payees");
  }

  private finish(): void {
    const end = this.b.length;
    const next = this.rec + 1;
    if (this.phase === "payer" && this.group !== null) {
      this.problemAt(
        next,
        "C",
        end,
        "RecordType",
        1,
        `C record missing for the payer (A) record at record ${this.group.record}`,
      );
    }
    if (this.phase !== "end") {
      this.problemAt(
        next,
        "F",
        end,
        "RecordType",
        1,
        "F (end of transmission) record missing at the end of the file",
      );
    }
    if (this.tPayees >= 0 && this.tPayees !== this.bCount) {
      this.problemAt(
        1,
        "T",
        295,
        "TotalNumberOfPayees",
        296,
        `total number of payees is ${this.tPayees} but the file has ${this.bCount} B records`,
      );
    }
  }
}

const FLAG_NAMES = new WeakMap<Readonly<Record<string, string>>, string[]>();
function flagNames(values: Readonly<Record<string, string>>): string[] {
  let names = FLAG_NAMES.get(values);
  if (names === undefined) {
    names = Object.values(values);
    FLAG_NAMES.set(values, names);
  }
  return names;
}

function isRecordTypeByte(c: number): boolean {
  return c === 0x54 || c === 0x41 || c === 0x42 || c === 0x43 || c === 0x4b || c === 0x46;
}

function digitString(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function allZero(b: Uint8Array, s: number): boolean {
  for (let i = s; i < s + 12; i++) if (b[i] !== 48) return false;
  return true;
}

function allZeroN(b: Uint8Array, s: number, n: number): boolean {
  for (let i = s; i < s + n; i++) if (b[i] !== 48) return false;
  return true;
}
