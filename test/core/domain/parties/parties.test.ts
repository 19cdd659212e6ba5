import { test } from "uvu";
import * as assert from "uvu/assert";
import { parsePayerCreate, parsePayerUpdate } from "../../../../core/domain/parties/payer.ts";
import { parseRecipientCreate } from "../../../../core/domain/parties/recipient.ts";
import { InvalidRequest } from "../../../../core/domain/shared/errors.ts";

const param = (r: unknown) => (r instanceof InvalidRequest ? r.param : "ok");

test("payer create: name alias, defaults, normalisation (D5, D6)", () => {
  const p = parsePayerCreate({
    name: "Acme",
    tin: "12-3456789",
    state: "ca",
    contact_phone: "(217) 555-0100",
  });
  assert.not.instance(p, InvalidRequest);
  if (p instanceof InvalidRequest) return;
  assert.is(p.legalName, "Acme");
  assert.is(p.tinType, "ein");
  assert.is(p.state, "CA");
  assert.is(p.country, "US");
  assert.is(p.contactPhone, "2175550100");
  assert.is(p.tin.reveal(), "123456789");
});

test("payer create: each bad field names itself", () => {
  assert.is(param(parsePayerCreate({ legal_name: "A" })), "tin");
  assert.is(param(parsePayerCreate({ tin: "123456789" })), "legal_name");
  assert.is(param(parsePayerCreate({ legal_name: "A", tin: "12345678" })), "tin");
  assert.is(param(parsePayerCreate({ legal_name: "A", tin: "123456789", tin_type: "itin" })), "tin_type");
  assert.is(param(parsePayerCreate({ legal_name: "A", tin: "123456789", state: "Cal" })), "state");
  assert.is(
    param(parsePayerCreate({ legal_name: "A", tin: "123456789", postal_code: "1234" })),
    "postal_code",
  );
  assert.is(
    param(parsePayerCreate({ legal_name: "A", tin: "123456789", contact_email: "nope" })),
    "contact_email",
  );
  assert.is(
    param(parsePayerCreate({ legal_name: "A", tin: "123456789", favourite_color: "red" })),
    "favourite_color",
  );
  assert.is(param(parsePayerCreate({ legal_name: 5, tin: "123456789" })), "legal_name");
  assert.is(param(parsePayerCreate({ legal_name: "A", name: "B", tin: "123456789" })), "name");
  assert.is(param(parsePayerCreate([1, 2])), undefined);
});

test("payer create: response-only fields are ignored", () => {
  const p = parsePayerCreate({
    legal_name: "A",
    tin: "123456789",
    id: "x",
    object: "payer",
    tin_last4: "1",
    is_main_company: true,
  });
  assert.not.instance(p, InvalidRequest);
});

test("payer update: TIN cannot change; only named fields", () => {
  assert.is(param(parsePayerUpdate({ tin: "123456789" })), "tin");
  const u = parsePayerUpdate({ city: "Boston" });
  assert.equal(u, { city: "Boston" });
});

test("recipient create: electronic delivery needs email; payer required", () => {
  assert.is(param(parseRecipientCreate({ name: "N", tin: "123456789" })), "payer");
  assert.is(
    param(parseRecipientCreate({ payer: "p", name: "N", tin: "123456789", delivery_method: "electronic" })),
    "email",
  );
  const ok = parseRecipientCreate({
    payer: "p",
    name: "N",
    tin: "123-45-6789",
    delivery_method: "electronic",
    email: "a@b.co",
  });
  assert.not.instance(ok, InvalidRequest);
  assert.is(
    param(parseRecipientCreate({ payer: "p", name: "N", tin: "123456789", delivery_method: "fax" })),
    "delivery_method",
  );
});

test.run();
