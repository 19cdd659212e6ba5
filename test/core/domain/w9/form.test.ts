// The W-9's rules (issue 40): the TIN box shapes, an SSN refused for an entity classification, the LLC code and
// "Other" description, line 4's codes, the signature, the request's state machine and expiry.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { InvalidRequest } from "../../../../core/domain/shared/errors.ts";
import { isEntity, parseW9Form, parseW9Signature, parseW9Tin } from "../../../../core/domain/w9/form.ts";
import {
  canMove,
  effectiveStatus,
  expiryOf,
  parseW9RequestCreate,
  signedContent,
} from "../../../../core/domain/w9/request.ts";

const base = {
  name: "Ada Contractor",
  tax_classification: "individual",
  address_line1: "1 Main St",
  city: "Austin",
  state: "TX",
  postal_code: "78701",
  tin_type: "ssn",
  tin: "123-45-6789",
};
const paramOf = (over: Record<string, string>) => {
  const r = parseW9Form({ ...base, ...over });
  return r instanceof InvalidRequest ? r.param : "ok";
};

test("TIN shapes: SSN grouping, SSA's never-issued areas, groups and serials; ITINs; EIN", () => {
  assert.not.instance(parseW9Tin("123-45-6789", "ssn"), InvalidRequest);
  assert.not.instance(parseW9Tin("123456789", "ssn"), InvalidRequest);
  assert.not.instance(parseW9Tin("900-00-1234", "ssn"), InvalidRequest, "an ITIN goes in the SSN box");
  for (const bad of [
    "12-3456789",
    "000-12-3456",
    "666-12-3456",
    "123-00-4567",
    "123-45-0000",
    "12345678",
    "abc",
  ])
    assert.instance(parseW9Tin(bad, "ssn"), InvalidRequest, bad);
  assert.not.instance(parseW9Tin("12-3456789", "ein"), InvalidRequest);
  for (const bad of ["123-45-6789", "00-0000000", "1234567"])
    assert.instance(parseW9Tin(bad, "ein"), InvalidRequest, bad);
});

test("an SSN is refused for corporations, partnerships and LLCs; allowed for individuals and trusts", () => {
  assert.is(paramOf({}), "ok");
  assert.is(paramOf({ tax_classification: "c_corporation" }), "tin_type");
  assert.is(paramOf({ tax_classification: "s_corporation" }), "tin_type");
  assert.is(paramOf({ tax_classification: "partnership" }), "tin_type");
  assert.is(paramOf({ tax_classification: "llc", llc_code: "s" }), "tin_type");
  assert.is(paramOf({ tax_classification: "trust_estate" }), "ok");
  assert.is(paramOf({ tax_classification: "c_corporation", tin_type: "ein", tin: "12-3456789" }), "ok");
  assert.is(paramOf({ tin_type: "ein", tin: "12-3456789" }), "ok", "a sole proprietor may give an EIN");
  assert.ok(isEntity({ taxClassification: "llc" }));
  assert.not.ok(isEntity({ taxClassification: "individual" }));
});

test("each line's check names its field", () => {
  assert.is(paramOf({ name: " " }), "name");
  assert.is(paramOf({ tax_classification: "sole" }), "tax_classification");
  assert.is(paramOf({ tax_classification: "llc", tin_type: "ein", tin: "12-3456789" }), "llc_code");
  assert.is(
    paramOf({ tax_classification: "other", tin_type: "ein", tin: "12-3456789" }),
    "other_classification",
  );
  assert.is(paramOf({ exempt_payee_code: "14" }), "exempt_payee_code");
  assert.is(paramOf({ exempt_payee_code: "5" }), "ok");
  assert.is(paramOf({ fatca_code: "N" }), "fatca_code");
  assert.is(paramOf({ fatca_code: "m" }), "ok");
  assert.is(paramOf({ address_line1: "" }), "address_line1");
  assert.is(paramOf({ state: "Texas" }), "state");
  assert.is(paramOf({ postal_code: "7870" }), "postal_code");
  assert.is(paramOf({ tin_type: "" }), "tin_type");
  const ok = parseW9Form({ ...base, state: "tx", fatca_code: "a", foreign_partners: "on" });
  assert.not.instance(ok, InvalidRequest);
  if (!(ok instanceof InvalidRequest)) {
    assert.equal([ok.fields.state, ok.fields.fatcaCode, ok.fields.foreignPartners], ["TX", "A", true]);
    assert.is(JSON.stringify(ok.tin), '"***-**-6789"', "the TIN never serialises whole");
  }
});

test("the signature: a typed name and the affirmation; item 2 struck on request", () => {
  assert.is((parseW9Signature({ affirm: "on" }) as InvalidRequest).param, "signature");
  assert.is((parseW9Signature({ signature: "Ada" }) as InvalidRequest).param, "affirm");
  assert.equal(parseW9Signature({ signature: " Ada ", affirm: "on", strike_item_2: "on" }), {
    signerName: "Ada",
    item2Struck: true,
  });
});

test("the request: the table, expiry before and after the sweep, the create body", () => {
  const now = new Date(Date.UTC(2026, 0, 1));
  const open = { status: "sent" as const, expiresAt: expiryOf(now, 30) };
  assert.is(open.expiresAt, "2026-01-31T00:00:00.000Z");
  assert.ok(canMove(open, "complete", now));
  assert.ok(canMove(open, "cancel", now));
  assert.not.ok(canMove(open, "expire", now));
  const later = new Date(Date.parse(open.expiresAt));
  assert.is(effectiveStatus(open, later), "expired");
  assert.not.ok(canMove(open, "complete", later));
  assert.not.ok(canMove(open, "resend", later));
  assert.ok(canMove(open, "expire", later));
  for (const status of ["completed", "canceled", "expired"] as const)
    for (const t of ["complete", "cancel", "resend", "expire"] as const)
      assert.not.ok(canMove({ status, expiresAt: open.expiresAt }, t, later), `${status} ${t}`);
  assert.is((parseW9RequestCreate({}) as InvalidRequest).param, "payer");
  assert.is((parseW9RequestCreate({ payer: "p", name: "A" }) as InvalidRequest).param, "email");
  assert.is(
    (parseW9RequestCreate({ recipient: "r", expires_in_days: 91 }) as InvalidRequest).param,
    "expires_in_days",
  );
  assert.not.instance(parseW9RequestCreate({ recipient: "r", reason: "again" }), InvalidRequest);
});

test("the signed content is the same text whatever the key order", () => {
  const f = parseW9Form(base);
  if (f instanceof InvalidRequest) throw f;
  const sig = { item2Struck: false, signerName: "A", signedAt: "t", ip: "i", userAgent: null, sentTo: "e" };
  const reordered = Object.fromEntries(Object.entries(f.fields).reverse()) as typeof f.fields;
  assert.is(signedContent(f.fields, "h", sig), signedContent(reordered, "h", sig));
  assert.is.not(signedContent(f.fields, "h", sig), signedContent({ ...f.fields, city: "Waco" }, "h", sig));
});

test.run();
