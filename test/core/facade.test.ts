// The embedder's Promise facade over the in-memory adapters: payers, intake and reads without Effect or a database.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { verifySignature, signPayload, NotFound, forms } from "../../core/index.ts";
import { embeddedService } from "../support/core.ts";
import { necRows } from "../support/forms.ts";

let t = Date.UTC(2026, 0, 5);
const { service, scope } = await embeddedService(
  "3f1b8c2e-0000-4000-8000-000000000001",
  "facade-test",
  () => new Date((t += 1000)),
);

test("payer, intake of two forms (one recipient matched twice), reads, typed errors", async () => {
  const payer = await service.createPayer(scope, { name: "Embedded Co", tin: "12-3456789" });
  assert.is(payer.tinLast4, "6789");
  const rows = necRows(1, 5);
  const same = { ...rows[0], jsonForm: { ...rows[0]?.jsonForm, RecipientAccountNum: "B" } };
  const result = await service.fileForms(scope, payer.id, { reference: "emb", forms: [rows[0], same] });
  assert.is(result.batch.created, 2);
  const recipients = await service.listRecipients(scope, { limit: 10, startingAfter: null }, payer.id);
  assert.is(recipients.data.length, 1, "matched by TIN under the payer");
  const id = result.rows[0]?.id as string;
  assert.is((await service.getFiling(scope, id)).status, "ready_to_file");
  try {
    await service.getPayer(scope, "00000000-0000-4000-8000-000000000000");
    assert.unreachable();
  } catch (e) {
    assert.instance(e, NotFound);
  }
  assert.ok(forms.listForms().length >= 21);
  await service.dispose();
});

test("webhook signatures are exported for receivers", () => {
  const header = signPayload(["whsec_test"], 1_800_000_000, "{}");
  assert.equal(
    verifySignature({ header, rawBody: "{}", secret: "whsec_test", now: new Date(1_800_000_000_000) }),
    { ok: true },
  );
});

test.run();
