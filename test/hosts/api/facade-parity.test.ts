// The embedder's facade and the HTTP host run the same use case for payer forms intake, so they answer the
// same: the unknown payer (404), every row failing (D10: 422 with the rows) and a partial batch (201).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createFilingService, InvalidRequest, NotFound } from "../../../core/index.ts";
import { startApi, type TestApi } from "../../support/api.ts";
import { embeddedService } from "../../support/core.ts";
import { necRow, necRows } from "../../support/forms.ts";

const s = suite<{ api: TestApi; service: ReturnType<typeof createFilingService>; payerId: string }>(
  "facade and HTTP answer alike",
);
const scope = { accountId: "3f1b8c2e-0000-4000-8000-0000000000aa", livemode: false };

s.before(async (ctx) => {
  ctx.api = await startApi();
  ctx.service = (await embeddedService(scope.accountId, "parity-test")).service;
  ctx.payerId = (await ctx.service.createPayer(scope, { name: "Parity Co", tin: "12-3456789" })).id;
});
s.after(async ({ api, service }) => {
  await service.dispose();
  await api.close();
});

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => assert.unreachable("expected a failure"),
    (e: unknown) => e,
  );
/** A row without what differs between two stores (ids). */
const rowShape = (r: Record<string, unknown>) => ({
  reference: r["reference"],
  status: r["status"],
  error: r["error"] ?? null,
  added_to_cart: r["added_to_cart"],
});

s("an unknown payer is not found in both", async ({ api, service }) => {
  const id = "00000000-0000-4000-8000-000000000000";
  const body = { forms: necRows(1, 5) };
  const http = await api.request("POST", `/v1/payers/${id}/forms`, { body });
  const e = await rejection(service.fileForms(scope, id, body));
  assert.is(http.status, 404);
  assert.instance(e, NotFound);
  assert.is(http.body.error.message, (e as NotFound).message);
});

s("every row failing is invalid_request with the rows in both (D10)", async ({ api, service, payerId }) => {
  const bad = necRow({ tin: "12345", accountNum: "X1" });
  const body = { reference: "parity", forms: [bad, { ...bad, tax_year: 1999 }] };
  const http = await api.request("POST", `/v1/payers/${api.mainPayerId}/forms`, { body });
  const e = await rejection(service.fileForms(scope, payerId, body));
  assert.is(http.status, 422);
  assert.instance(e, InvalidRequest);
  const err = e as InvalidRequest;
  assert.is(http.body.error.param, err.param);
  assert.is(http.body.error.message, err.message);
  const rows = (err.extra as { forms: Record<string, unknown>[] }).forms;
  assert.equal(http.body.forms.map(rowShape), rows.map(rowShape));
});

s("a partial batch is saved with the same rows in both", async ({ api, service, payerId }) => {
  const body = { forms: [necRows(1, 40)[0], necRow({ tin: "1" })] };
  const http = await api.request("POST", `/v1/payers/${api.mainPayerId}/forms`, { body });
  const facade = await service.fileForms(scope, payerId, body);
  assert.is(http.status, 201);
  assert.equal([http.body.created, http.body.failed], [facade.view.created, facade.view.failed]);
  assert.equal(
    http.body.forms.map(rowShape),
    facade.view.forms.map((r) => rowShape(r as unknown as Record<string, unknown>)),
  );
});

s.run();
