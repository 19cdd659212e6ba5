// Row codecs (adapters/knex/rows/): a good row decodes to its entity; a row of the wrong shape is refused with a
// RowDecodeError naming the field; and each column's plain decoder (the fast path) answers as its schema does.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Schema from "effect/Schema";
import { finding } from "../../../core/domain/iris/rules/engine.ts";
import { compactFinding, expandAll } from "../../../adapters/knex/rows/filings.ts";
import {
  arrayOf,
  Bool,
  type Column,
  FilingRow,
  INVALID,
  json,
  JsonObject,
  literals,
  Null,
  NullableNum,
  NullableText,
  NullableTimestamp,
  Num,
  oneOf,
  optional,
  PayerRow,
  PayItemsRow,
  recordOf,
  RowDecodeError,
  struct,
  Text,
  Timestamp,
  toFiling,
  toPayer,
  tuple,
} from "../../../adapters/knex/rows.ts";

const at = new Date("2026-02-03T04:05:06.789Z");
const filingRow = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: "0b9c3f5e-4f6a-4d7e-9a51-6f3c2b1a0d9e",
  short_id: "fil_8Kq2",
  account_id: "5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6",
  livemode: false,
  payer_id: "6e2f3a4b-5c6d-4e7f-8091-a2b3c4d5e6f7",
  recipient_id: "7f3a4b5c-6d7e-4f80-91a2-b3c4d5e6f708",
  form: "1099-NEC",
  tax_year: 2025,
  status: "ready_to_file",
  service: "efile",
  physical_mail: null,
  portal_access: true,
  reference: "inv-1",
  batch_id: null,
  order_id: null,
  corrects: null,
  superseded_by: null,
  refile_of: null,
  receipt_id: null,
  amount_charged_cents: 0,
  json_form: { NonemployeeCompensationAmt: 1200, RecipientDetail: { TINLast4: "0000" } },
  sealed_tins: { "RecipientDetail.TIN": "sealed" },
  submitted_at: null,
  acknowledged_at: null,
  voided_at: null,
  ack_errors: null,
  warnings: null,
  amount_refunded_cents: 0,
  transmission_id: null,
  submission_id: null,
  record_id: null,
  account_number: null,
  recipient_tin_hash: "hash",
  dup_key: "key",
  rules_checked: null,
  created_at: at,
  updated_at: at,
  ...over,
});

const refusal = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    assert.instance(e, RowDecodeError);
    return (e as Error).message;
  }
  throw new Error("the row was not refused");
};

const rows = suite("rows");

rows("a good filing row decodes to its filing, by the plain decoder and by the schema alike", () => {
  const f = toFiling(filingRow());
  assert.is(f.status, "ready_to_file");
  assert.is(f.createdAt, "2026-02-03T04:05:06.789Z");
  assert.equal(f.warnings, []);
  assert.is(f.rulesChecked, undefined);
  assert.not.ok("rulesChecked" in f);
  assert.equal(FilingRow.decode(filingRow()), FilingRow.decodeWithSchema(filingRow()));
  // What drivers may give instead: timestamps as text, numbers as numeric text, json as its text.
  const texts = toFiling(
    filingRow({
      created_at: "2026-02-03 04:05:06.789+00",
      tax_year: "2025",
      json_form: '{"a":1}',
      warnings: '[{"code":"reporting_threshold","severity":"Notice","path":"jsonForm","message":"m"}]',
    }),
  );
  assert.is(texts.createdAt, "2026-02-03T04:05:06.789Z");
  assert.is(texts.taxYear, 2025);
  assert.equal(texts.jsonForm, { a: 1 });
  assert.is(texts.warnings[0]?.severity, "Notice");
});

rows("a filing row with an unknown status is refused, naming the row and the field", () => {
  const message = refusal(() => toFiling(filingRow({ status: "bogus" })));
  assert.match(message, /^filings row 0b9c3f5e-4f6a-4d7e-9a51-6f3c2b1a0d9e: /);
  assert.match(message, /Expected "ready_to_file" \| "in_cart"/);
  assert.match(message, /at \["status"\]/);
});

rows("a row without its id is refused: missing key id", () => {
  const { id: _, ...withoutId } = filingRow();
  const message = refusal(() => toFiling(withoutId));
  assert.match(message, /Missing key/);
  assert.match(message, /at \["id"\]/);
  assert.match(
    refusal(() => toPayer({})),
    /^payers row: Missing key\n {2}at \["id"\]/,
  );
});

rows("nested JSON, timestamps and numbers are checked too", () => {
  assert.match(
    refusal(() =>
      toFiling(filingRow({ warnings: [{ code: "x", severity: "Fatal", path: "p", message: "m" }] })),
    ),
    /at \["warnings"\]\[0\]\["severity"\]/,
  );
  assert.match(
    refusal(() => toFiling(filingRow({ json_form: "{not json" }))),
    /Expected JSON\n {2}at \["json_form"\]/,
  );
  assert.match(
    refusal(() => toFiling(filingRow({ json_form: [] }))),
    /a JSON object/,
  );
  assert.match(
    refusal(() => toFiling(filingRow({ updated_at: "soon" }))),
    /timestamp[\s\S]*at \["updated_at"\]/,
  );
  assert.match(
    refusal(() => toFiling(filingRow({ tax_year: "2025x" }))),
    /number[\s\S]*at \["tax_year"\]/,
  );
  assert.match(
    refusal(() => toFiling(filingRow({ livemode: "false" }))),
    /Expected boolean[\s\S]*at \["livemode"\]/,
  );
  assert.match(
    refusal(() => toPayer({ ...payerRow(), tin_type: "itin" })),
    /"ein" \| "ssn"[\s\S]*at \["tin_type"\]/,
  );
});

const payerRow = () => ({
  id: "6e2f3a4b-5c6d-4e7f-8091-a2b3c4d5e6f7",
  account_id: "5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6",
  livemode: true,
  legal_name: "Read Bench LLC",
  tin_type: "ein",
  tin_last4: "6789",
  tin_ciphertext: "never read",
  address_line1: null,
  address_line2: null,
  city: null,
  state: null,
  postal_code: null,
  country: "US",
  contact_name: null,
  contact_email: null,
  contact_phone: null,
  is_main_company: false,
  created_at: at,
  updated_at: at,
});

rows("columns the codec does not name are left out", () => {
  const p = PayerRow.decode(payerRow());
  assert.not.ok("tin_ciphertext" in p);
  assert.equal(p, PayerRow.decodeWithSchema(payerRow()));
});

rows("pay items: the left-joined cells decode to one of their shapes", () => {
  // The item's cells end with created_at in microseconds (its sort key; the adapter makes the ISO text from it).
  const item = ["ci_1", "f_1", "efile", null, true, 1770091506789123];
  const filing = ["1099-NEC", 2025, null, null, null, "in_cart", "p_1", "r_1", "2025.1", 2];
  const recipient = [true, "1 Main St", "Springfield", "IL", "62701"];
  const nulls = (n: number) => Array.from({ length: n }, () => null);
  const noRecipient = [false, ...nulls(4)];
  const cells = [
    [...item, ...filing, ...recipient],
    [...item, ...filing, ...noRecipient],
    [...item, ...nulls(10), ...noRecipient],
  ];
  const decoded = PayItemsRow.decode({ rows: JSON.stringify(cells) }).rows;
  assert.equal(decoded, cells);
  assert.equal(PayItemsRow.decodeWithSchema({ rows: JSON.stringify(cells) }).rows, cells);
  const half = [...item, "1099-NEC", ...nulls(9), ...noRecipient];
  assert.match(
    refusal(() => PayItemsRow.decode({ rows: JSON.stringify([half]) })),
    /cart_items \(pay\) row/,
  );
});

// Each column's plain decoder against its schema: the same value, or both refuse.
const decodeBoth = <T>(c: Column<T>, u: unknown) => {
  const fast = c.decode(u);
  let viaSchema: unknown = INVALID;
  try {
    viaSchema = Schema.decodeUnknownSync(c.schema)(u);
  } catch {
    viaSchema = INVALID;
  }
  return { fast, viaSchema };
};
const samples: ReadonlyArray<readonly [string, Column<unknown>, readonly unknown[]]> = [
  ["Text", Text, ["", "x", null, undefined, 1, true, {}]],
  ["Bool", Bool, [true, false, null, 0, 1, "true"]],
  ["Null", Null, [null, undefined, 0, ""]],
  [
    "Num",
    Num,
    [0, -1.5, 2025, "2025", " 7 ", "1e3", "", " ", "x", Number.NaN, Infinity, "Infinity", null, true],
  ],
  ["NullableNum", NullableNum, [null, 3, "3", "x", undefined]],
  [
    "Timestamp",
    Timestamp,
    [at, new Date(Number.NaN), "2026-02-03", "2026-02-03 04:05:06+02", "soon", "", 0, null],
  ],
  ["NullableTimestamp", NullableTimestamp, [null, at, "x", undefined]],
  ["NullableText", NullableText, [null, "a", 1, undefined]],
  ["literals", literals(["a", "b"]), ["a", "b", "c", "", null, 1]],
  ["JsonObject", JsonObject, [{}, { a: 1 }, [], null, "x", 1]],
  ["json(arrayOf(Text))", json(arrayOf(Text)), [[], ["a"], '["a"]', "[1]", "{", [1], {}, null, "null"]],
  ["json(recordOf(Bool))", json(recordOf(Bool)), [{}, { a: true }, { a: 1 }, '{"a":false}', [], null]],
  [
    "struct with optional",
    struct({ a: Text, b: optional(Text), c: optional(arrayOf(Num)) }),
    [{ a: "x" }, { a: "x", b: "y" }, { a: "x", b: 1 }, { a: "x", c: [1, "2"] }, { b: "y" }, null, [], "x"],
  ],
  ["tuple", tuple(Text, Num), [["a", 1], ["a", "1"], ["a"], ["a", 1, 2], [1, "a"], {}, null]],
  ["oneOf", oneOf(tuple(Text, Text), tuple(Null, Null)), [["a", "b"], [null, null], ["a", null], []]],
];
for (const [name, column, values] of samples)
  rows(`column ${name}: the plain decoder answers as the schema`, () => {
    for (const u of values) {
      const { fast, viaSchema } = decodeBoth(column, u);
      assert.equal(
        fast,
        viaSchema,
        `${name} of ${String(u)}: plain ${String(fast)}, schema ${String(viaSchema)}`,
      );
    }
  });

rows(
  "a filing stores an IRS finding's text as its index in the rule table, and reads the finding back whole",
  () => {
    const f = finding("F1099NEC001", "jsonForm.FederalIncomeTaxWithheldAmt", "1099NEC", "(withheld 900.00)");
    const stored = compactFinding({ ...f, record: 3, field: "PaymentAmount4", position: 91 });
    assert.is(stored.message, undefined);
    assert.equal([stored.h, stored.d], [0, " (withheld 900.00)"]);
    assert.not.ok(JSON.stringify(stored).includes("appears excessive in relation to income"), "no IRS text");
    assert.ok(JSON.stringify(stored).length < JSON.stringify(f).length, JSON.stringify(stored));
    assert.equal(expandAll([JSON.parse(JSON.stringify(stored))]), [
      { ...f, record: 3, field: "PaymentAmount4", position: 91 },
    ]);
    // A rule with one text per form keeps the form's.
    const misc = finding("SMD001", "jsonForm.PayerTIN", "1099MISC");
    assert.is(compactFinding(misc).h, 10);
    assert.equal(expandAll([compactFinding(misc)]), [misc]);
    // A message that is not the rule table's (a notice, a changed text) is stored as it is.
    const notice = {
      code: "reporting_threshold",
      severity: "Notice" as const,
      path: "jsonForm.X",
      message: "below",
    };
    assert.equal(compactFinding(notice), notice);
    const odd = { ...f, message: "IRS rule F1099NEC001 (Reject): something else" };
    assert.equal(compactFinding(odd), odd);
    assert.equal(expandAll([odd]), [odd]);
  },
);

rows.run();
