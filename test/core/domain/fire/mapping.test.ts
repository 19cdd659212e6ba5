// FIRE -> IRIS mapping, element by element, for every form Pub 1220 lays out: a B record with every amount code and
// tail field filled (valid values for the IRIS element each one feeds) becomes a jsonForm the catalogue accepts, with
// each value in its element, integers as integers, groups nested as the IRIS element tree, no state group where IRIS
// has none, and the insured of 1099-LTC.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  AMOUNT_CODES,
  FORM_SPECS,
  fireFormToIris,
  parseFire,
  sourceOf,
  splitPersonName,
  writeFire,
} from "../../../../core/domain/fire/index.ts";
import { centsToAmount, validateForm } from "../../../../core/domain/forms/index.ts";
import { element, fileInput, mustParse, payer, recipient, validInput } from "./helpers.ts";

function keys(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) v.forEach((x) => keys(x, out));
  else if (typeof v === "object" && v !== null)
    for (const [k, x] of Object.entries(v)) {
      out.push(k);
      keys(x, out);
    }
  return out;
}

function at(json: Record<string, unknown>, path: string): unknown {
  let v: unknown = json;
  for (const seg of path.split(".")) {
    if (Array.isArray(v)) v = v[0];
    v = (v as Record<string, unknown> | undefined)?.[seg];
  }
  return Array.isArray(v) && element("1099-NEC", path) === undefined ? v : v;
}

const NO_STATE_GROUP = new Set(["1099-LTC", "1099-SA", "1099-S"]);

for (const spec of FORM_SPECS) {
  test(`${spec.form}: every Pub 1220 field lands in its IRIS element and the catalogue accepts the form`, () => {
    const p = payer({ combinedFederalState: spec.tail.some((t) => t.kind === "cfsf") });
    const r = mustParse(parseFire(writeFire(fileInput([validInput(spec, p)]))));
    const f = r.forms[0]!;
    const { jsonForm, sources, dropped } = fireFormToIris(f);
    const v = validateForm(spec.form, 2025, jsonForm);
    assert.ok(v.ok, `${spec.form}: ${JSON.stringify(v.ok ? null : v.issues)}\n${JSON.stringify(jsonForm)}`);
    assert.not.ok(
      keys(jsonForm).some((k) => k.includes(".")),
      "no dotted keys: groups are nested",
    );

    for (const [code, def] of Object.entries(spec.amounts)) {
      const cents = f.amountsByCode[code]!;
      if (def.iris === null) {
        assert.ok(
          dropped.some(
            (d) => d.field === `PaymentAmount${code}` && d.position === 55 + 12 * AMOUNT_CODES.indexOf(code),
          ),
          `${code} dropped`,
        );
        continue;
      }
      assert.is(at(jsonForm, def.iris), centsToAmount(cents), `${spec.form} code ${code} -> ${def.iris}`);
      assert.equal(sources[def.iris], {
        field: `PaymentAmount${code}`,
        position: 55 + 12 * AMOUNT_CODES.indexOf(code),
      });
    }
    for (const t of spec.tail) {
      if (t.kind === "flag") {
        const [first, ...others] = Object.values(t.values);
        assert.is(at(jsonForm, first!), true, `${t.name} -> ${first}`);
        for (const o of others) assert.is(at(jsonForm, o), undefined, `${o} not set`);
      } else if ((t.kind === "text" || t.kind === "date" || t.kind === "year") && t.iris !== null) {
        const el = element(spec.form, t.iris)!;
        const got = at(jsonForm, t.iris);
        const raw = f.codes[t.iris]!;
        if (t.kind === "text" && t.percent === true)
          assert.is(got, Number(raw) / 100, `${t.iris}: whole percent as a ratio`);
        else if (el.kind === "integer") assert.is(got, Number(raw), `${t.iris} is an integer`);
        else if (t.kind === "text" && t.each === true)
          assert.equal(got, [...raw], `${t.iris}: one code per character`);
        else assert.type(got, "string", t.iris);
        assert.equal(sources[t.iris], { field: t.name, position: t.pos }, `${t.iris} source`);
      }
    }
    const stateTax = spec.tail.some((t) => t.kind === "stateTax");
    if (NO_STATE_GROUP.has(spec.form)) {
      assert.is(jsonForm["StateLocalTaxGrp"], undefined, "IRIS has no state group");
      if (stateTax)
        assert.ok(
          dropped.some((d) => d.field === "StateIncomeTaxWithheld" && /no state tax group/.test(d.reason)),
        );
    } else if (stateTax) {
      const g = (jsonForm["StateLocalTaxGrp"] as Array<Record<string, unknown>>)[0]!;
      assert.is(g["StateAbbreviationCd"], "CA");
      assert.equal(g["StateTaxGrp"], { StateTaxWithheldAmt: 43.21 });
      assert.equal(g["LocalTaxGrp"], { LocalTaxWithheldAmt: 12.34 });
      if (spec.tail.some((t) => t.kind === "text" && t.name === "SpecialDataEntries"))
        assert.is(g["SpecialDataEntriesTxt"], "STATE ID 12-3456");
    }
    assert.is(at(jsonForm, spec.accountNumberElement ?? "RecipientAccountNum"), `ACCT-${spec.typeOfReturn}`);
  });
}

test("1099-LTC: the insured's TIN, name and address in InsuredGrp, brought into the IRIS character sets", () => {
  const spec = FORM_SPECS.find((s) => s.form === "1099-LTC")!;
  const f = mustParse(parseFire(writeFire(fileInput([validInput(spec, payer())])))).forms[0]!;
  const { jsonForm, sources } = fireFormToIris(f);
  assert.equal(jsonForm["InsuredGrp"], {
    TIN: "123456780",
    PersonName: { PersonFirstNm: "JANE", PersonMiddleNm: "Q", PersonLastNm: "PUBLIC" },
    MailingAddressGrp: {
      USAddress: {
        AddressLine1Txt: "12 OAK ST APT 4",
        CityNm: "RENO",
        StateAbbreviationCd: "NV",
        ZIPCd: "89501",
      },
    },
  });
  assert.equal(sources["InsuredGrp.PersonName.PersonLastNm"], { field: "NameOfInsured", position: 557 });
  assert.equal(sources["InsuredGrp.MailingAddressGrp.USAddress.ZIPCd"], {
    field: "InsuredZipCode",
    position: 679,
  });
});

test("5498: the postponed contribution group is nested, its year an integer", () => {
  const spec = FORM_SPECS.find((s) => s.form === "5498")!;
  const f = mustParse(parseFire(writeFire(fileInput([validInput(spec, payer())])))).forms[0]!;
  const g = fireFormToIris(f).jsonForm["PostponedOrLateContributionGrp"] as Record<string, unknown>;
  assert.equal(Object.keys(g).sort(), [
    "ContributionAmt",
    "ContributionYr",
    "PostponedOrLateContriReasonTxt",
    "PostponedOrLateContributionCd",
  ]);
  assert.is(g["ContributionYr"], 2024);
});

test("foreign payees become a ForeignAddress with the IRS country code", () => {
  const spec = FORM_SPECS.find((s) => s.form === "1099-NEC")!;
  const input = {
    ...validInput(spec, payer()),
    state: null,
    recipient: recipient({
      foreign: true,
      address: "221B BAKER ST.",
      city: "LONDON, NW1 6XE, ENGLAND",
      state: "",
      postalCode: "",
    }),
  };
  const f = mustParse(parseFire(writeFire(fileInput([input])))).forms[0]!;
  const { jsonForm } = fireFormToIris(f);
  const rd = jsonForm["RecipientDetail"] as Record<string, Record<string, unknown>>;
  assert.equal(rd["MailingAddressGrp"], {
    ForeignAddress: {
      AddressLine1Txt: "221B BAKER ST",
      CityNm: "LONDON",
      CountryCd: "UK",
      ForeignPostalCd: "NW1 6XE",
    },
  });
  assert.ok(validateForm("1099-NEC", 2025, jsonForm).ok);
  // State tax for a foreign payee without a CF/SF state: the missing state is located at the payee's state field.
  const taxed = { ...input, state: { code: "", stateTaxWithheldCents: 100 } };
  const t = fireFormToIris(mustParse(parseFire(writeFire(fileInput([taxed])))).forms[0]!);
  const v = validateForm("1099-NEC", 2025, t.jsonForm);
  assert.not.ok(v.ok);
  const issue = v.ok ? undefined : v.issues[0];
  assert.equal(sourceOf(t.sources, issue?.param ?? ""), { field: "PayeeState", position: 488 });
});

test("payee names: persons by name control, suffixes, 'LAST, FIRST'; businesses and over-long names as BusinessName", () => {
  assert.equal(splitPersonName("JOHN Q PUBLIC JR", "PUBL"), {
    PersonFirstNm: "JOHN",
    PersonMiddleNm: "Q",
    PersonLastNm: "PUBLIC",
    SuffixNm: "JR",
  });
  assert.equal(splitPersonName("MARY VAN DYKE", "VAND"), { PersonFirstNm: "MARY", PersonLastNm: "VAN DYKE" });
  assert.equal(splitPersonName("O'NEIL, SEAN P"), {
    PersonFirstNm: "SEAN",
    PersonMiddleNm: "P",
    PersonLastNm: "O NEIL",
  });
  assert.equal(splitPersonName("DOE JOHN", "DOE"), { PersonFirstNm: "JOHN", PersonLastNm: "DOE" });
  assert.is(splitPersonName("CHER"), null);
  assert.is(splitPersonName("BARTHOLOMEWBARTHOLOMEW SMITH"), null);
  const spec = FORM_SPECS.find((s) => s.form === "1099-NEC")!;
  const long = {
    ...validInput(spec, payer()),
    recipient: recipient({ name: "BARTHOLOMEW-ALEXANDER MONTGOMERY", nameControl: "MONT" }),
  };
  const rd = fireFormToIris(mustParse(parseFire(writeFire(fileInput([long])))).forms[0]!).jsonForm[
    "RecipientDetail"
  ] as Record<string, unknown>;
  assert.equal(rd["BusinessName"], { BusinessNameLine1Txt: "BARTHOLOMEW-ALEXANDER MONTGOMERY" });
});

test("sourceOf: a validation param finds its Pub 1220 field, also for enclosing groups and array items", () => {
  const sources = {
    "StateLocalTaxGrp.StateAbbreviationCd": { field: "CombinedFederalStateCode", position: 747 },
    "InsuredGrp.PersonName.PersonLastNm": { field: "NameOfInsured", position: 557 },
  };
  assert.equal(sourceOf(sources, "jsonForm.StateLocalTaxGrp.0.StateAbbreviationCd"), {
    field: "CombinedFederalStateCode",
    position: 747,
  });
  assert.equal(
    sourceOf(sources, "jsonForm.InsuredGrp.PersonName.PersonFirstNm"),
    { field: "NameOfInsured", position: 557 },
    "a sibling via the enclosing group",
  );
  assert.equal(
    sourceOf(sources, "jsonForm.InsuredGrp"),
    { field: "NameOfInsured", position: 557 },
    "a group via an element inside it",
  );
  assert.is(sourceOf(sources, "jsonForm.Nope"), undefined);
});

test.run();
