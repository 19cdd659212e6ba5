// Mutated valid files (flipped, inserted, deleted bytes, truncation): parseFire never throws, and
// returns either ok or a non-empty problem list whose numbers are in range.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { FORM_SPECS, parseFire, writeFire, type FireParseResult } from "../../../../core/domain/fire/index.ts";
import { fileInput, fullForm, payer } from "./helpers.ts";

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
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), bytes: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 4 }) }),
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
    assert.ok(Number.isInteger(p.record) && p.record >= 1 && p.record <= bytes.length + 1, `record ${p.record} in range`);
    assert.ok(Number.isInteger(p.position) && p.position >= 1 && p.position <= 751, `position ${p.position} in range`);
    assert.ok(Number.isInteger(p.offset) && p.offset >= 0 && p.offset <= bytes.length, `offset ${p.offset} in range`);
    assert.ok(RECORD_TYPES.has(p.recordType), `record type ${p.recordType}`);
    assert.ok(p.field.length > 0 && p.message.length > 0);
  }
}

test("mutated valid files never make parseFire throw", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: bases.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 }), (which, ms) => {
      const bytes = apply(bases[which]!, ms);
      check(bytes, parseFire(bytes));
    }),
    { numRuns: 600 },
  );
});

test("a single flipped byte inside a record is never silently accepted when it breaks a numeric field", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: bases.length - 1 }), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 11 }), (which, rec, digit) => {
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
    }),
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

test.run();
