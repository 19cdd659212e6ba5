// Mutated valid files (flipped, inserted, deleted bytes, truncation): parseFire never throws, and
// returns either ok or a non-empty problem list whose numbers are in range.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import {
  AMOUNT_CODES,
  CFSF_STATES,
  FORM_SPECS,
  SPEC_BY_TYPE,
  parseFire,
  writeFire,
  type FireFileInput,
  type FireFormInput,
  type FireLineEnding,
  type FireParseResult,
  type FirePayer,
  type FireVendor,
  type FormSpec,
} from "../../../../core/domain/fire/index.ts";
import { ascii, fileInput, fullForm, mustParse, payer, recipient, transmitter } from "./helpers.ts";

const RECORD_TYPES = new Set(["T", "A", "B", "C", "K", "F", "?"]);

const bases: Uint8Array[] = (["crlf", "lf", "none"] as const).map((lineEnding) => {
  const cfsf = payer({ combinedFederalState: true });
  const forms = [
    fullForm(FORM_SPECS.find((s) => s.form === "1099-NEC")!, 0, cfsf),
    fullForm(FORM_SPECS.find((s) => s.form === "1099-B")!, 0, payer()),
    fullForm(FORM_SPECS.find((s) => s.form === "1099-R")!, 2, cfsf),
  ];
  return writeFire(fileInput(forms), { lineEnding });
});

type Mutation =
  | { kind: "flip"; at: number; value: number }
  | { kind: "insert"; at: number; bytes: number[] }
  | { kind: "delete"; at: number; count: number }
  | { kind: "truncate"; at: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("flip" as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({
    kind: fc.constant("insert" as const),
    at: fc.nat(),
    bytes: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), count: fc.integer({ min: 1, max: 800 }) }),
  fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
);

function apply(base: Uint8Array, ms: Mutation[]): Uint8Array {
  let b = base;
  for (const m of ms) {
    const at = b.length === 0 ? 0 : m.at % (b.length + 1);
    if (m.kind === "flip") {
      if (b.length === 0) continue;
      b = b.slice();
      b[at % b.length] = m.value;
    } else if (m.kind === "insert") {
      const out = new Uint8Array(b.length + m.bytes.length);
      out.set(b.subarray(0, at));
      out.set(m.bytes, at);
      out.set(b.subarray(at), at + m.bytes.length);
      b = out;
    } else if (m.kind === "delete") {
      b = new Uint8Array([...b.subarray(0, at), ...b.subarray(Math.min(b.length, at + m.count))]);
    } else {
      b = b.slice(0, at);
    }
  }
  return b;
}

function check(bytes: Uint8Array, r: FireParseResult): void {
  if (r.ok) {
    assert.ok(r.forms.length === r.rows);
    return;
  }
  assert.ok(r.problems.length > 0, "a failed parse has problems");
  for (const p of r.problems) {
    assert.ok(
      Number.isInteger(p.record) && p.record >= 1 && p.record <= bytes.length + 1,
      `record ${p.record} in range`,
    );
    assert.ok(
      Number.isInteger(p.position) && p.position >= 1 && p.position <= 751,
      `position ${p.position} in range`,
    );
    assert.ok(
      Number.isInteger(p.offset) && p.offset >= 0 && p.offset <= bytes.length,
      `offset ${p.offset} in range`,
    );
    assert.ok(RECORD_TYPES.has(p.recordType), `record type ${p.recordType}`);
    assert.ok(p.field.length > 0 && p.message.length > 0);
  }
}

test("mutated valid files never make parseFire throw", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: bases.length - 1 }),
      fc.array(mutation, { minLength: 1, maxLength: 4 }),
      (which, ms) => {
        const bytes = apply(bases[which]!, ms);
        check(bytes, parseFire(bytes));
      },
    ),
    { numRuns: 600 },
  );
});

test("a single flipped byte inside a record is never silently accepted when it breaks a numeric field", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: bases.length - 1 }),
      fc.integer({ min: 0, max: 5 }),
      fc.integer({ min: 0, max: 11 }),
      (which, rec, digit) => {
        // Payment amount 1 of the first B record (record 3) or of any other record's sequence number.
        const base = bases[which]!;
        const stride = [752, 751, 750][which]!;
        const recordStart = (rec % 2 === 0 ? 2 : rec) * stride;
        const at = recordStart + (rec % 2 === 0 ? 54 + digit : 499 + (digit % 8));
        const bytes = base.slice();
        bytes[at] = 0x58; // 'X'
        const r = parseFire(bytes);
        assert.not.ok(r.ok, "an X in a numeric field is a problem");
        check(bytes, r);
      },
    ),
    { numRuns: 200 },
  );
});

test("random byte strings never make parseFire throw", () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 3000 }), (bytes) => {
      check(bytes, parseFire(bytes));
    }),
    { numRuns: 300 },
  );
});

// ---------------------------------------------------------------------------------------------------------------
// parse -> write -> parse: random valid files of every supported form, every framing, written back byte for byte.

/** Printable text without leading or trailing blanks (what the parser returns for a text field). */
const text = (max: number): fc.Arbitrary<string> =>
  fc
    .stringMatching(/^[A-Z0-9&'#-](?:[A-Z0-9 &'#,./-]*[A-Z0-9&'#-])?$/)
    .map((s) => s.slice(0, max).trim())
    .filter((s) => s !== "" && s === s.trim());
const digitsOf = (len: number): fc.Arbitrary<string> => fc.stringMatching(new RegExp(`^[0-9]{${len}}$`));
const date = fc
  .record({
    y: fc.integer({ min: 1990, max: 2030 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ y, m, d }) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`);
const CFSF_USPS = Object.values(CFSF_STATES);

function formOf(spec: FormSpec, p: FirePayer): fc.Arbitrary<FireFormInput> {
  const codes = Object.keys(spec.amounts);
  const max = 999_999_999_99;
  const amount = spec.negativeAllowed ? fc.integer({ min: -max, max }) : fc.integer({ min: 0, max });
  const tail: Record<string, fc.Arbitrary<unknown>> = {};
  for (const t of spec.tail) {
    if (t.kind === "flag") tail[t.name] = fc.constantFrom("", ...Object.keys(t.values));
    else if (t.kind === "text")
      tail[t.name] = fc.option(
        t.digits === true ? fc.integer({ min: 1, max: t.len }).chain(digitsOf) : text(t.len),
        { nil: undefined },
      );
    else if (t.kind === "date") tail[t.name] = fc.option(date, { nil: undefined });
    else if (t.kind === "year")
      tail[t.name] = fc.option(fc.integer({ min: 1990, max: 2030 }).map(String), { nil: undefined });
    else if (t.kind === "stateTax" || t.kind === "localTax")
      tail[t.name] = fc.oneof(fc.constant(0), fc.constant(-1), fc.integer({ min: 1, max }));
    else tail[t.name] = fc.constantFrom("state", "00", "blank");
  }
  return fc
    .record({
      amounts: fc.dictionary(fc.constantFrom(...codes), amount, { maxKeys: codes.length }),
      tail: fc.record(tail),
      corrected: fc.constantFrom(null, "G" as const, "C" as const),
      tin: digitsOf(9),
      tinType: fc.constantFrom(null, "ein" as const, "ssn" as const),
      name: text(40),
      account: fc.option(text(20), { nil: null }),
      state: fc.constantFrom(...CFSF_USPS),
    })
    .map((g) => {
      const indicators: Record<string, boolean> = {};
      const codesOut: Record<string, string> = {};
      const extra: Record<string, string> = {};
      const raw: Record<string, string> = {};
      let state = null as FireFormInput["state"];
      for (const t of spec.tail) {
        const v = g.tail[t.name];
        if (t.kind === "flag") for (const [ch, name] of Object.entries(t.values)) indicators[name] = v === ch;
        else if ((t.kind === "text" || t.kind === "date" || t.kind === "year") && typeof v === "string") {
          if (t.kind === "text" && t.iris === null) extra[t.name] = v;
          else codesOut[t.iris as string] = v;
        } else if (t.kind === "stateTax" || t.kind === "localTax") {
          if (v === -1) raw[t.name] = "";
          else if (typeof v === "number" && v > 0) {
            state = {
              ...(state ?? { code: g.state }),
              [t.kind === "stateTax" ? "stateTaxWithheldCents" : "localTaxWithheldCents"]: v,
            };
          }
        } else if (t.kind === "cfsf") {
          if (v === "00") raw[t.name] = "00";
          else if (v === "state" && p.combinedFederalState) state = { ...state, code: g.state };
        }
      }
      const amountsByCode: Record<string, number> = {};
      for (const [code, cents] of Object.entries(g.amounts)) if (cents !== 0) amountsByCode[code] = cents;
      const form: FireFormInput = {
        form: spec.form,
        corrected: g.corrected,
        payer: p,
        recipient: recipient({ tin: g.tin, tinType: g.tinType, name: g.name }),
        accountNumber: g.account,
        amounts: {},
        amountsByCode,
        indicators,
        codes: codesOut,
        extra,
        state,
      };
      if (Object.keys(raw).length > 0) form.raw = raw;
      return form;
    });
}

const vendor: fc.Arbitrary<FireVendor | null> = fc.option(
  fc.record({
    name: text(40),
    address: text(40),
    city: text(40),
    state: fc.constantFrom("TX", "NY", ""),
    postalCode: fc.constantFrom("", "12345", "123456789"),
    contactName: text(40),
    contactPhone: digitsOf(10),
    foreign: fc.boolean(),
  }),
  { nil: null },
);

const file: fc.Arbitrary<{ input: FireFileInput; lineEnding: FireLineEnding }> = fc
  .record({
    specs: fc.array(fc.constantFrom(...FORM_SPECS), { minLength: 1, maxLength: 4 }),
    cfsf: fc.boolean(),
    extraCodes: fc.boolean(),
    lineEnding: fc.constantFrom<FireLineEnding>("crlf", "lf", "none", "crlf-749"),
    vendor,
    year: fc.constantFrom(2025, 2026),
  })
  .chain((f) => {
    const p = payer({ combinedFederalState: f.cfsf });
    return fc
      .tuple(...f.specs.map((s) => fc.array(formOf(s, p), { minLength: 1, maxLength: 3 })))
      .map((groups) => {
        const forms = groups.flat();
        if (f.extraCodes) {
          // Declare every code of the form's spec, zero columns included, as some writers do.
          const bySpec = new Map<string, string>();
          for (const s of f.specs)
            bySpec.set(
              s.form,
              Object.keys(s.amounts)
                .sort((x, y) => AMOUNT_CODES.indexOf(x) - AMOUNT_CODES.indexOf(y))
                .join(""),
            );
          for (let i = 0; i < forms.length; i++) {
            const fm = forms[i]!;
            forms[i] = {
              ...fm,
              payer: { ...fm.payer, amountCodes: bySpec.get(fm.form)! },
              payerRecord:
                1000 +
                f.specs.findIndex((s) => s.form === fm.form) * 3 +
                ["", "G", "C"].indexOf(fm.corrected ?? ""),
            };
          }
        }
        const input: FireFileInput = {
          taxYear: f.year,
          test: true,
          transmitter: { ...transmitter, vendor: f.vendor },
          forms,
        };
        return { input, lineEnding: f.lineEnding };
      });
  });

/**
 * What other FIRE software writes where this writer writes something else: blank instead of zero state/local tax
 * fields, "00" instead of a blank CF/SF code. `pick` decides per B record.
 */
function otherWriter(bytes: Uint8Array, lineEnding: FireLineEnding, pick: readonly boolean[]): Uint8Array {
  const out = bytes.slice();
  const stride = lineEnding === "crlf" ? 752 : lineEnding === "lf" ? 751 : 750;
  let spec: FormSpec | undefined;
  let n = 0;
  for (let o = 0; o + 750 <= out.length; o += stride) {
    const type = String.fromCharCode(out[o]!);
    if (type === "A") spec = SPEC_BY_TYPE.get(ascii(out.subarray(o + 25, o + 27)).trim());
    if (type !== "B" || spec === undefined || !pick[n++ % pick.length]) continue;
    for (const t of spec.tail) {
      const at = o + t.pos - 1;
      if (
        (t.kind === "stateTax" || t.kind === "localTax") &&
        out.subarray(at, at + 12).every((c) => c === 48)
      )
        out.fill(32, at, at + 12);
      if (t.kind === "cfsf" && out[at] === 32 && out[at + 1] === 32) out.fill(48, at, at + 2);
    }
  }
  return out;
}

test("parse -> write -> parse is byte-identical for random files of every supported form and framing", () => {
  fc.assert(
    fc.property(
      file,
      fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
      ({ input, lineEnding }, pick) => {
        const first = otherWriter(writeFire(input, { lineEnding }), lineEnding, pick);
        const r = mustParse(parseFire(first));
        assert.is(r.framing.lineEnding, lineEnding);
        const second = writeFire({ ...r, forms: r.forms });
        assert.is(ascii(second), ascii(first));
        const again = mustParse(parseFire(second));
        assert.equal(again.forms, r.forms);
      },
    ),
    { numRuns: 150 },
  );
});

test("every supported form round-trips byte for byte with every tail field filled, in every framing", () => {
  for (const spec of FORM_SPECS) {
    for (const lineEnding of ["crlf", "lf", "none", "crlf-749"] as const) {
      const p = payer({ combinedFederalState: true });
      const first = writeFire(
        fileInput([fullForm(spec, 0, p), fullForm(spec, 1, payer()), fullForm(spec, 2, p)]),
        { lineEnding },
      );
      const r = mustParse(parseFire(first));
      assert.is(ascii(writeFire({ ...r, forms: r.forms })), ascii(first), `${spec.form} ${lineEnding}`);
    }
  }
});

test.run();
