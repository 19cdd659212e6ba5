// Foreign payees: Pub 1220's free-text city/province/postal code/country area becomes an IRIS ForeignAddress with a
// CountryCd the IRS accepts, or a located problem saying what to supply.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { FORM_SPECS, parseFire, writeFire, type FireProblem } from "../../../../core/domain/fire/index.ts";
import { splitForeignAddress } from "../../../../core/domain/fire/foreign.ts";
import { fileInput, fullForm, mustParse, payer, recipient } from "./helpers.ts";

const nec = FORM_SPECS.find((s) => s.form === "1099-NEC")!;

test("the country is recognised from the IRS's names and the usual other ones, longest name first", () => {
  const cases: Array<[string, string | null]> = [
    ["TORONTO ON M5V 2T6 CANADA", "CA"],
    ["MUNICH 80331 GERMANY", "GM"],
    ["LONDON SW1A 1AA ENGLAND", "UK"],
    ["LONDON SW1A 1AA UNITED KINGDOM", "UK"],
    ["SEOUL, 04524, SOUTH KOREA", "KS"],
    ["PYONGYANG NORTH KOREA", "KN"],
    ["DOUGLAS IM1 1AA ISLE OF MAN", "IM"],
    ["ORANJESTAD ARUBA", "AA"],
    ["PORT MORESBY PAPUA NEW GUINEA", "PP"],
    ["LIBREVILLE GABON", "GB"],
    ["MEXICO CITY 06000 MEXICO", "MX"],
    ["ATLANTIS 12345", null],
    ["SPRINGFIELD IL 62701 USA", null],
  ];
  for (const [text, code] of cases) assert.is(splitForeignAddress(text).country, code, text);
});

test("city, province and postal code: by commas when the filer used them, else words before the first digit", () => {
  assert.equal(splitForeignAddress("TORONTO, ONTARIO, M5V 2T6, CANADA"), {
    country: "CA",
    city: "TORONTO",
    province: "ONTARIO",
    postalCode: "M5V 2T6",
  });
  assert.equal(splitForeignAddress("MEXICO CITY 06000 MEXICO"), {
    country: "MX",
    city: "MEXICO CITY",
    province: "",
    postalCode: "06000",
  });
  assert.equal(splitForeignAddress("PARIS FRANCE"), {
    country: "FR",
    city: "PARIS",
    province: "",
    postalCode: "",
  });
});

function foreignFile(cityArea: string): Uint8Array {
  const f = fullForm(nec, 0, payer());
  // The free text runs over the 40-character city field into the state and ZIP positions (448-498).
  const r = recipient({
    foreign: true,
    city: cityArea.slice(0, 40).trimEnd(),
    state: cityArea.slice(40, 42).trim(),
    postalCode: cityArea.slice(42, 51).trim(),
  });
  return writeFire(fileInput([{ ...f, recipient: r }]));
}

test("a foreign payee's B record carries the country code; the text may run into the state and ZIP positions", () => {
  const r = mustParse(parseFire(foreignFile("1-2-3 CHIYODA-KU TOKYO 100-0001 JAPAN")));
  assert.is(r.forms[0]!.recipient.country, "JA");
  const spill = "AVENIDA PAULISTA SAO PAULO SP 01310-100 BRAZIL"; // 46 characters: BRAZIL spans 41-46
  assert.ok(spill.length > 42);
  assert.is(mustParse(parseFire(foreignFile(spill))).forms[0]!.recipient.country, "BR");
});

test("a foreign payee without a recognisable country is a located problem saying what to supply", () => {
  const r = parseFire(foreignFile("ATLANTIS 12345"));
  if (r.ok) throw new Error("expected a problem");
  const p = r.problems.find((x: FireProblem) => x.field === "PayeeCity");
  assert.ok(p, JSON.stringify(r.problems));
  assert.equal([p!.record, p!.recordType, p!.position], [3, "B", 448]);
  assert.match(p!.message, /country's name/);
  assert.match(p!.message, /ATLANTIS 12345/);
});

test("a domestic payee has no country", () => {
  assert.is(
    mustParse(parseFire(writeFire(fileInput([fullForm(nec, 0, payer())])))).forms[0]!.recipient.country,
    null,
  );
});

test.run();
