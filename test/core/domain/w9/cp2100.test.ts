// The CP2100 list as CSV (issue 40 item 4, parsing only): rows read with quotes and aliases; broken encoding, a
// missing or unknown column, a bad TIN or year, and duplicate rows are problems naming the line and field. Made-up TINs.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { parseCp2100Csv } from "../../../../core/domain/w9/cp2100.ts";

const csv = (s: string) => new TextEncoder().encode(s);

test("rows, with a BOM, quotes, CRLF, aliases and a blank line", () => {
  const r = parseCp2100Csv(
    csv(
      '\uFEFFPayee Name,TIN,Account,Year\r\n"Roe, Jane",900-00-3001,A-1,2025\r\n\r\nJohn Poe,900003002,,2025\r\n',
    ),
  );
  assert.equal(r.problems, []);
  assert.equal(
    r.rows.map((x) => [x.line, x.name, x.tin.last4, x.accountNumber, x.taxYear]),
    [
      [2, "Roe, Jane", "3001", "A-1", 2025],
      [4, "John Poe", "3002", null, 2025],
    ],
  );
  assert.not.match(JSON.stringify(r.rows), /900003001/, "the TIN never serialises whole");
});

test("problems name the line and field; duplicates point to the first line", () => {
  const r = parseCp2100Csv(
    csv(
      'name,tin,account_number,tax_year\nA,900-00-30,1,2025\n,900003004,1,2025\nB,900003005,1,25\nC,900003006,7,2025\nC2,900-00-3006,7,2025\n"D,900003007,1,2025\n',
    ),
  );
  assert.equal(
    r.problems.map((p) => [p.line, p.field]),
    [
      [2, "tin"],
      [3, "name"],
      [4, "tax_year"],
      [6, "tin"],
      [7, "line"],
    ],
  );
  assert.match(r.problems[3]?.message ?? "", /line 5/);
  assert.equal(
    r.rows.map((x) => x.line),
    [5],
  );
});

test("a missing column and broken UTF-8 refuse the file", () => {
  assert.equal(parseCp2100Csv(csv("name,account\nA,1\n")).problems, [
    { line: 1, field: "header", message: "The header has no tin, tax_year column." },
  ]);
  const broken = parseCp2100Csv(new Uint8Array([0x6e, 0x61, 0xff, 0xfe, 0x0a]));
  assert.equal(
    broken.problems.map((p) => p.field),
    ["file"],
  );
});

test("an unknown column refuses the file (it is not ignored)", () => {
  const r = parseCp2100Csv(csv("name,tin,account_number,tax_year,amount\nA,900003001,1,2025,10\n"));
  assert.equal(r.rows, []);
  assert.equal(r.problems, [{ line: 1, field: "header", message: "Unknown column(s): amount." }]);
});

test.run();
