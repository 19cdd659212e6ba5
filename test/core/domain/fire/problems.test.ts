// Every kind of bad input yields problems naming the record, record type, field and byte position.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  FORM_SPECS,
  MAX_PROBLEMS,
  parseFire,
  writeFire,
  type FireProblem,
} from "../../../../core/domain/fire/index.ts";
import { ascii, bytesOf, fileInput, fullForm, mustParse, payer } from "./helpers.ts";

const nec = FORM_SPECS.find((s) => s.form === "1099-NEC")!;
const bSpec = FORM_SPECS.find((s) => s.form === "1099-B")!;

/** Valid file: T, A, B, B, C, F (records 1-6), LF-terminated, as an array of 750-char lines. */
function lines(): string[] {
  const p = payer();
  const bytes = writeFire(fileInput([fullForm(nec, 0, p), fullForm(nec, 2, p)]), { lineEnding: "lf" });
  const out = ascii(bytes).split("\n");
  out.pop();
  assert.equal(out.map((l) => l[0]).join(""), "TABBCF");
  return out;
}

const join = (ls: string[], ending = "\n"): Uint8Array => bytesOf(ls.map((l) => l + ending).join(""));
const put = (line: string, pos: number, value: string): string =>
  line.slice(0, pos - 1) + value + line.slice(pos - 1 + value.length);

function problems(bytes: Uint8Array): FireProblem[] {
  const r = parseFire(bytes);
  if (r.ok) throw new Error("expected problems, parse succeeded");
  return r.problems;
}

function has(ps: FireProblem[], want: Partial<FireProblem>): FireProblem {
  const hit = ps.find((p) => Object.entries(want).every(([k, v]) => p[k as keyof FireProblem] === v));
  if (hit === undefined)
    throw new Error(
      `no problem matching ${JSON.stringify(want)} in:\n${ps.map((p) => JSON.stringify(p)).join("\n")}`,
    );
  return hit;
}

test("the base file is valid with LF, CRLF and no terminators", () => {
  for (const ending of ["\n", "\r\n", ""]) mustParse(parseFire(join(lines(), ending)));
});

test("truncated last record", () => {
  const ls = lines();
  const bytes = join(ls.slice(0, 5)).subarray(0);
  const whole = new Uint8Array([...bytes, ...bytesOf(ls[5]!.slice(0, 300))]);
  const ps = problems(whole);
  const p = has(ps, { record: 6, recordType: "F", field: "RecordLength", position: 301 });
  assert.is(p.offset, 5 * 751 + 300);
});

test("wrong record length: a 749-byte and a 752-byte B record", () => {
  const ls = lines();
  ls[2] = ls[2]!.slice(0, 749);
  ls[3] = ls[3]! + "XX";
  const ps = problems(join(ls));
  const short = has(ps, { record: 3, recordType: "B", field: "RecordLength", position: 750 });
  assert.is(short.offset, 2 * 751 + 749);
  has(ps, { record: 4, recordType: "B", field: "RecordLength", position: 751 });
});

test("wrong record length is found in a file without terminators too", () => {
  const ls = lines();
  ls[2] = ls[2]!.slice(0, 700);
  const ps = problems(join(ls, ""));
  // Without terminators the 50 missing bytes shift every later record: the first misplaced record type
  // and the short final record are reported.
  has(ps, { record: 4, recordType: "?", field: "RecordType", position: 1, offset: 3 * 750 });
  has(ps, { record: 6, field: "RecordLength", position: 701 });
});

test("B record before any A record", () => {
  const ls = lines();
  const ps = problems(join([ls[0]!, ls[2]!, ls[1]!, ...ls.slice(3)]));
  const p = has(ps, { record: 2, recordType: "B", field: "RecordType", position: 1 });
  assert.match(p.message, /before any A/);
  assert.is(p.offset, 751);
});

test("letters in an amount field", () => {
  const ls = lines();
  ls[2] = put(ls[2]!, 55, "0000012A3456");
  ls[3] = put(ls[3]!, 91, "00000000001X");
  const ps = problems(join(ls));
  const p = has(ps, { record: 3, recordType: "B", field: "PaymentAmount1", position: 55 });
  assert.is(p.offset, 2 * 751 + 54);
  assert.match(p.message, /12 digits/);
  has(ps, { record: 4, recordType: "B", field: "PaymentAmount4", position: 91 });
});

test("negative amount on a form that does not allow it; negative 1099-B amounts are fine", () => {
  const ls = lines();
  ls[2] = put(ls[2]!, 55, "-00000012345");
  has(problems(join(ls)), { record: 3, recordType: "B", field: "PaymentAmount1", position: 55 });
  const b = fullForm(bSpec, 0, payer());
  const r = mustParse(parseFire(writeFire(fileInput([b]))));
  assert.ok(Object.values(r.forms[0]!.amounts).some((v) => v < 0));
});

test("bad TINs: payee with a letter, blank payee, payer with a hyphen, transmitter too short", () => {
  const ls = lines();
  ls[2] = put(ls[2]!, 12, "12345678A");
  ls[3] = put(ls[3]!, 12, "         ");
  ls[1] = put(ls[1]!, 12, "12-345678");
  ls[0] = put(ls[0]!, 7, "98765432 ");
  const ps = problems(join(ls));
  has(ps, { record: 3, recordType: "B", field: "PayeeTIN", position: 12 });
  assert.match(has(ps, { record: 4, recordType: "B", field: "PayeeTIN", position: 12 }).message, /blank/);
  has(ps, { record: 2, recordType: "A", field: "PayerTIN", position: 12 });
  has(ps, { record: 1, recordType: "T", field: "TransmitterTIN", position: 7 });
});

test("missing F record", () => {
  const ls = lines();
  const bytes = join(ls.slice(0, 5));
  const ps = problems(bytes);
  const p = has(ps, { recordType: "F", field: "RecordType", position: 1 });
  assert.is(p.record, 6);
  assert.is(p.offset, bytes.length);
});

test("missing T record", () => {
  const ls = lines();
  const ps = problems(join(ls.slice(1)));
  has(ps, { record: 1, recordType: "A", field: "RecordType", position: 1, offset: 0 });
});

test("C totals and payee count that do not add up", () => {
  const ls = lines();
  const c = ls[4]!;
  const total1 = Number(c.slice(15, 33));
  ls[4] = put(put(c, 16, String(total1 + 1).padStart(18, "0")), 2, "00000003");
  const ps = problems(join(ls));
  const p = has(ps, { record: 5, recordType: "C", field: "ControlTotal1", position: 16 });
  assert.is(p.offset, 4 * 751 + 15);
  assert.match(p.message, new RegExp(`add up to ${total1}`));
  has(ps, { record: 5, recordType: "C", field: "NumberOfPayees", position: 2 });
});

test("C record missing for an A record", () => {
  const ls = lines();
  const ps = problems(
    join(
      [ls[0]!, ls[1]!, ls[2]!, ls[1]!, ls[3]!, ls[4]!, ls[5]!].map((l, i) =>
        put(l, 500, String(i + 1).padStart(8, "0")),
      ),
    ),
  );
  const p = has(ps, { record: 4, recordType: "A", field: "RecordType", position: 1 });
  assert.match(p.message, /C record missing/);
});

test("F counts wrong: number of A records and total payees", () => {
  const ls = lines();
  ls[5] = put(put(ls[5]!, 2, "00000002"), 50, "00000009");
  const ps = problems(join(ls));
  has(ps, { record: 6, recordType: "F", field: "NumberOfARecords", position: 2 });
  has(ps, { record: 6, recordType: "F", field: "TotalNumberOfPayees", position: 50 });
});

test("K totals wrong and K record missing for a state", () => {
  const p = payer({ combinedFederalState: true });
  const a = fullForm(nec, 0, p);
  const b = { ...fullForm(nec, 2, p), state: { code: "MA", stateTaxWithheldCents: 50 } };
  const ls = ascii(writeFire(fileInput([a, b]), { lineEnding: "lf" })).split("\n");
  ls.pop();
  assert.equal(ls.map((l) => l[0]).join(""), "TABBCKKF");
  ls[5] = put(put(ls[5]!, 707, "000000000000000001"), 34, "000000000000000001");
  let ps = problems(join(ls));
  has(ps, { record: 6, recordType: "K", field: "StateIncomeTaxWithheldTotal", position: 707 });
  has(ps, { record: 6, recordType: "K", field: "ControlTotal2", position: 34 });
  const dropped = [...ls.slice(0, 6), ls[7]!].map((l, i) => put(l, 500, String(i + 1).padStart(8, "0")));
  ps = problems(join(dropped));
  assert.match(
    has(ps, { record: 7, recordType: "F", field: "RecordType", position: 1 }).message,
    /K record missing for state MA/,
  );
});

test("amount code problems: not valid for the form, non-zero amount without its code", () => {
  const ls = lines();
  ls[1] = put(ls[1]!, 28, "14B");
  ls[2] = put(ls[2]!, 67, "000000000500");
  const ps = problems(join(ls));
  has(ps, { record: 2, recordType: "A", field: "AmountCodes", position: 30 });
  has(ps, { record: 3, recordType: "B", field: "PaymentAmount2", position: 67 });
});

test("unknown record type, bad indicator value, bad sequence number, non-ASCII in a name", () => {
  const ls = lines();
  ls[2] = put(put(put(ls[2]!, 547, "7"), 500, "00000099"), 290, "\u00e9");
  ls.splice(4, 0, "Z".padEnd(750, " "));
  const ps = problems(join(ls));
  has(ps, { record: 3, recordType: "B", field: "DirectSalesIndicator", position: 547 });
  has(ps, { record: 3, recordType: "B", field: "RecordSequenceNumber", position: 500 });
  has(ps, { record: 3, recordType: "B", field: "FirstPayeeNameLine", position: 290 });
  has(ps, { record: 5, recordType: "?", field: "RecordType", position: 1 });
});

test("a dropped record gives one sequence-number problem, not one per later record", () => {
  const ls = lines();
  const ps = problems(join([ls[0]!, ls[1]!, ls[3]!, ls[4]!, ls[5]!]));
  const seq = ps.filter((p) => p.field === "RecordSequenceNumber");
  assert.equal(
    seq.map((p) => [p.record, p.recordType, p.position]),
    [[3, "B", 500]],
  );
  has(ps, { record: 4, recordType: "C", field: "NumberOfPayees", position: 2 });
});

test("every problem is reported, not only the first", () => {
  const ls = lines();
  ls[2] = put(put(ls[2]!, 55, "ABCDEFGHIJKL"), 12, "ABCDEFGHI");
  ls[3] = put(ls[3]!, 488, "ZZ");
  const ps = problems(join(ls));
  has(ps, { record: 3, field: "PaymentAmount1" });
  has(ps, { record: 3, field: "PayeeTIN" });
  has(ps, { record: 4, field: "PayeeState", position: 488 });
});

test("a binary file yields problems, never an exception", () => {
  let seed = 12345;
  const rnd = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const bin = Uint8Array.from({ length: 20_000 }, () => Math.floor(rnd() * 256));
  bin[0] = 0x00;
  const ps = problems(bin);
  has(ps, { record: 1, recordType: "?", field: "RecordType", position: 1, offset: 0 });
  assert.ok(ps.length <= MAX_PROBLEMS + 1);
  assert.equal(
    problems(new Uint8Array(0)).map((p) => p.record),
    [1],
  );
  const big = new Uint8Array(2_000_000).fill(0xff);
  const many = problems(big);
  assert.is(many.length, MAX_PROBLEMS + 1);
  assert.match(many[MAX_PROBLEMS]!.message, /more than/);
});

test.run();
