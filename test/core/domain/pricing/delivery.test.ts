import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  deliveryOf,
  normaliseService,
  resolveDelivery,
  type Service,
} from "../../../../core/domain/pricing/index.ts";

type Flag = boolean | undefined;
type Expected =
  | { service: Service; efile: boolean; printMail: boolean; portal: boolean }
  | { error: "portal_access" | "physical_mail" };

const E = (service: Service, efile: boolean, printMail: boolean, portal: boolean): Expected => ({
  service,
  efile,
  printMail,
  portal,
});
const ERR = (error: "portal_access" | "physical_mail"): Expected => ({ error });

// Every service x physical_mail x portal_access combination of D13 (27 rows).
const table: Array<[Service, Flag, Flag, Expected]> = [
  ["efile", undefined, undefined, E("efile", true, false, true)],
  ["efile", undefined, true, E("efile", true, false, true)],
  ["efile", undefined, false, ERR("portal_access")],
  ["efile", true, undefined, E("efile_print_mail", true, true, true)],
  ["efile", true, true, E("efile_print_mail", true, true, true)],
  ["efile", true, false, ERR("portal_access")],
  ["efile", false, undefined, E("efile", true, false, true)],
  ["efile", false, true, E("efile", true, false, true)],
  ["efile", false, false, ERR("portal_access")],
  ["efile_print_mail", undefined, undefined, E("efile_print_mail", true, true, true)],
  ["efile_print_mail", undefined, true, E("efile_print_mail", true, true, true)],
  ["efile_print_mail", undefined, false, ERR("portal_access")],
  ["efile_print_mail", true, undefined, E("efile_print_mail", true, true, true)],
  ["efile_print_mail", true, true, E("efile_print_mail", true, true, true)],
  ["efile_print_mail", true, false, ERR("portal_access")],
  ["efile_print_mail", false, undefined, E("efile", true, false, true)],
  ["efile_print_mail", false, true, E("efile", true, false, true)],
  ["efile_print_mail", false, false, ERR("portal_access")],
  ["print_mail", undefined, undefined, E("print_mail", false, true, false)],
  ["print_mail", undefined, true, E("print_mail", false, true, true)],
  ["print_mail", undefined, false, E("print_mail", false, true, false)],
  ["print_mail", true, undefined, E("print_mail", false, true, false)],
  ["print_mail", true, true, E("print_mail", false, true, true)],
  ["print_mail", true, false, E("print_mail", false, true, false)],
  ["print_mail", false, undefined, ERR("physical_mail")],
  ["print_mail", false, true, ERR("physical_mail")],
  ["print_mail", false, false, ERR("physical_mail")],
];

for (const [service, pm, pa, expected] of table) {
  test(`D13: ${service} physical_mail=${String(pm)} portal_access=${String(pa)}`, () => {
    const r = resolveDelivery(service, pm, pa);
    if ("error" in expected) {
      assert.is(r.ok, false);
      if (!r.ok) {
        assert.is(r.param, expected.error);
        assert.ok(r.message.length > 0);
      }
    } else {
      assert.ok(r.ok);
      if (r.ok) assert.equal(r.delivery, expected);
    }
  });
}

test("unrecognised or missing service falls back to efile_print_mail", () => {
  for (const s of [undefined, null, "", "EFILE", "fax", 3, {}, ["efile"]]) {
    const r = resolveDelivery(s);
    assert.ok(r.ok);
    if (r.ok)
      assert.equal(r.delivery, { service: "efile_print_mail", efile: true, printMail: true, portal: true });
    assert.is(normaliseService(s), "efile_print_mail");
  }
  const r = resolveDelivery("nonsense", false);
  assert.ok(r.ok && r.delivery.service === "efile");
});

test("null overrides mean not given", () => {
  assert.equal(resolveDelivery("print_mail", null, null), resolveDelivery("print_mail"));
});

test("deliveryOf matches resolveDelivery without overrides", () => {
  for (const s of ["efile", "efile_print_mail", "print_mail", "other"]) {
    const r = resolveDelivery(s);
    assert.ok(r.ok);
    if (r.ok) assert.equal(deliveryOf(s), r.delivery);
  }
});

test.run();
