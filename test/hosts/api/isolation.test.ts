// D2: a sandbox key never sees live rows and vice versa; another account never sees either.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startApi, type TestApi } from "../../support/api.ts";
import { createAccount, createApiKey } from "../../../core/use-cases/accounts.use-case.ts";

const s = suite<{ api: TestApi }>("environment and account isolation");
s.before(async (ctx) => {
  ctx.api = await startApi();
});
s.after(async (ctx) => {
  await ctx.api.close();
});

s("live and sandbox rows are disjoint; foreign accounts get 404", async ({ api }) => {
  const live = await api.liveKey();
  const lp = (
    await api.request("POST", "/v1/payers", { key: live, body: { name: "Live Co", tin: "123456789" } })
  ).body;
  const sp = (await api.request("POST", "/v1/payers", { body: { name: "Sandbox Co", tin: "123456789" } }))
    .body;
  assert.is(lp.livemode, true);
  assert.is(sp.livemode, false);
  const liveList = (await api.request("GET", "/v1/payers", { key: live })).body.data.map(
    (p: { id: string }) => p.id,
  );
  const sbList = (await api.request("GET", "/v1/payers")).body.data.map((p: { id: string }) => p.id);
  assert.ok(liveList.includes(lp.id) && !liveList.includes(sp.id));
  assert.ok(sbList.includes(sp.id) && !sbList.includes(lp.id));
  assert.is((await api.request("GET", `/v1/payers/${lp.id}`)).status, 404);
  assert.is((await api.request("GET", `/v1/payers/${sp.id}`, { key: live })).status, 404);
  assert.is((await api.request("PATCH", `/v1/payers/${lp.id}`, { body: { city: "X" } })).status, 404);
  const rec = await api.request("POST", "/v1/recipients", {
    body: { payer: lp.id, name: "R", tin: "123456789" },
  });
  assert.is(rec.status, 422, "a live payer cannot take sandbox recipients");

  const other = await api.runtime.runPromise(createAccount("Other"));
  const otherKey = (await api.runtime.runPromise(createApiKey(other.id, "sandbox", "owner"))).key;
  assert.is((await api.request("GET", `/v1/payers/${sp.id}`, { key: otherKey })).status, 404);
  assert.is((await api.request("GET", "/v1/payers", { key: otherKey })).body.data.length, 0);
  assert.is(
    (await api.request("PATCH", `/v1/payers/${sp.id}`, { key: otherKey, body: { city: "X" } })).status,
    404,
  );
  assert.is((await api.request("GET", `/v1/payers/${sp.id}`)).body.city, null, "unchanged");
});

s.run();
