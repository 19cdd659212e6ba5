// A complete production IRIS configuration for tests that pay in live mode without transmitting (no worker runs):
// a fresh RSA key in a temporary file and made-up identifiers. Tests that transmit point `apiBase` at an emulator.
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadIrisConfig } from "../../hosts/shared/iris-config.ts";
import type { TestApi } from "./api.ts";
import { necRow, necRows, payerBody } from "./forms.ts";

/** IRIS_TRANSMITTER_JSON of the tests: the service's own made-up transmitter. */
export const TRANSMITTER_JSON = JSON.stringify({
  tin: "000000001",
  name: "Filing Service Inc",
  address_line1: "1 Market St",
  city: "San Francisco",
  state: "CA",
  postal_code: "94105",
  contact_name: "Ops Desk",
  contact_email: "ops@filing.example",
  contact_phone: "4155550100",
});

export function testIrisConfig(apiBase = "http://127.0.0.1:9") {
  return loadIrisConfig(testIrisEnv(apiBase));
}

/** The environment variables of testIrisConfig, for a host process of a test (a new key file each call). */
export function testIrisEnv(apiBase = "http://127.0.0.1:9"): Record<string, string> {
  const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const keyFile = join(mkdtempSync(join(tmpdir(), "iris-key-")), "iris-private.pem");
  writeFileSync(keyFile, keys.privateKey.export({ type: "pkcs8", format: "pem" }));
  return {
    IRIS_API_BASE: apiBase,
    IRIS_CLIENT_ID: "2b9f1c4e-0000-4000-8000-00000000c1d1",
    IRIS_USER_ID: "test-user-1",
    IRIS_KEY_ID: "kid-test-1",
    IRIS_PRIVATE_KEY_FILE: keyFile,
    IRIS_TCC: "BB003",
    IRIS_TEST_CD: "P",
    IRIS_SOFTWARE_IDS: "2025=25A0000001,2026=26A0000001",
    IRIS_TRANSMITTER_JSON: TRANSMITTER_JSON,
  };
}

/**
 * What the live emulator tests pay: `goodForms` 1099-NECs (from `necRows(goodForms, tins.rowsFrom)`) under "Good
 * Payer LLC" and one under "Reject Payer Inc" (the emulator rejects a payer named so), e-file only, added to the
 * cart and paid with `key`. Returns the forms of each and the order.
 */
export async function payGoodAndRejected(
  api: Pick<TestApi, "request">,
  key: string,
  o: {
    goodPayerTin: string;
    badPayerTin: string;
    goodForms: number;
    rowsFrom: number;
    badRecipientTin: string;
  },
) {
  const payer = async (name: string, tin: string) =>
    (await api.request("POST", "/v1/payers", { key, body: payerBody(name, tin) })).body.id as string;
  const file = async (payerId: string, forms: unknown[]) =>
    (
      await api.request("POST", `/v1/payers/${payerId}/forms`, {
        key,
        body: { addToCart: true, service: "efile", forms },
      })
    ).body.forms;
  const good = await payer("Good Payer LLC", o.goodPayerTin);
  const bad = await payer("Reject Payer Inc", o.badPayerTin);
  const goodForms = await file(good, necRows(o.goodForms, o.rowsFrom));
  const badForms = await file(bad, [necRow({ tin: o.badRecipientTin, first: "Ann", last: "Lee" })]);
  const paid = await api.request("POST", "/v1/cart/pay", { key });
  if (paid.status !== 200) throw new Error(`pay: ${paid.status} ${paid.text}`);
  return { goodForms, badForms, order: paid.body.order as string };
}
