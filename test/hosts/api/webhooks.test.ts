import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startApi, type TestApi } from "../../support/api.ts";

const s = suite<{ api: TestApi }>("webhook endpoints and events");
s.before(async (ctx) => {
  ctx.api = await startApi();
});
s.after(async (ctx) => {
  await ctx.api.close();
});

s("create shows the secret once; list/get show a preview; patch, rotate, delete", async ({ api }) => {
  const c = await api.request("POST", "/v1/webhooks", {
    body: { url: "https://example.com/hooks", events: ["filing.accepted", "cart.paid"] },
  });
  assert.is(c.status, 201, c.text);
  assert.match(c.body.signing_secret, /^whsec_[A-Za-z0-9+/=]{40,}$/);
  const stored = await api.db.knex("webhook_endpoints").where("id", c.body.id).first("secret");
  assert.ok(String(stored.secret).startsWith("sb1:"), "encrypted at rest");
  assert.not.ok(String(stored.secret).includes(c.body.signing_secret.slice(6)));
  assert.is(c.body.environment, "sandbox");
  const list = (await api.request("GET", "/v1/webhooks")).body;
  assert.is(list.data.length, 1);
  assert.not.ok("signing_secret" in list.data[0]);
  assert.ok(list.data[0].signing_secret_preview.startsWith("whsec_"));
  const p = await api.request("PATCH", `/v1/webhooks/${c.body.id}`, {
    body: { events: ["*"], status: "disabled" },
  });
  assert.equal([p.body.events, p.body.status], [["*"], "disabled"]);
  assert.is(p.body.url, "https://example.com/hooks");
  const r = await api.request("POST", `/v1/webhooks/${c.body.id}/rotate-secret`);
  assert.is(r.status, 200);
  assert.ok(r.body.signing_secret !== c.body.signing_secret);
  const d = await api.request("GET", `/v1/webhooks/${c.body.id}/deliveries`);
  assert.equal(d.body.data, []);
  assert.is((await api.request("DELETE", `/v1/webhooks/${c.body.id}`)).status, 204);
  assert.is((await api.request("GET", `/v1/webhooks/${c.body.id}`)).status, 404);
});

s(
  "bad input: http URL, unknown event, empty events, environment mismatch: 422 with param",
  async ({ api }) => {
    const cases: Array<[unknown, string]> = [
      [{ url: "http://example.com/h", events: ["*"] }, "url"],
      [{ url: "https://example.com/h", events: ["filing.exploded"] }, "events.0"],
      [{ url: "https://example.com/h", events: [] }, "events"],
      [{ url: "https://example.com/h", events: ["*"], environment: "production" }, "environment"],
      [{ events: ["*"] }, "url"],
      [{ url: "https://example.com:0/h", events: ["*"] }, "url"],
      [{ url: "http://localhost:0/h", events: ["*"] }, "url"],
      [{ url: "https://user:pass@example.com/h", events: ["*"] }, "url"],
    ];
    for (const [body, param] of cases) {
      const r = await api.request("POST", "/v1/webhooks", { body });
      assert.is(r.status, 422, JSON.stringify(body));
      assert.is(r.body.error.type, "invalid_request");
      assert.is(r.body.error.param, param);
    }
    const made = await api.request("POST", "/v1/webhooks", {
      body: { url: "https://example.com/h", events: ["*"] },
    });
    assert.is(made.status, 201, made.text);
    const moved = await api.request("PATCH", `/v1/webhooks/${made.body.id}`, {
      body: { url: "https://example.com:0/h" },
    });
    assert.is(moved.status, 422, moved.text);
    assert.is(moved.body.error.param, "url");
    assert.is((await api.request("GET", `/v1/webhooks/${made.body.id}`)).body.url, "https://example.com/h");
    await api.request("DELETE", `/v1/webhooks/${made.body.id}`);
    const live = await api.liveKey();
    const livePortZero = await api.request("POST", "/v1/webhooks", {
      key: live,
      body: { url: "https://example.com:0/h", events: ["*"] },
    });
    assert.is(livePortZero.status, 422, livePortZero.text);
    assert.is(livePortZero.body.error.param, "url");
    const local = await api.request("POST", "/v1/webhooks", {
      body: { url: "http://localhost:4000/h", events: ["*"] },
    });
    assert.is(local.status, 201, "sandbox allows http://localhost (D29)");
    const liveLocal = await api.request("POST", "/v1/webhooks", {
      key: live,
      body: { url: "http://localhost:4000/h", events: ["*"] },
    });
    assert.is(liveLocal.status, 422);
  },
);

s("events: cart.paid is recorded and listed (D28)", async ({ api }) => {
  const e = (await api.request("GET", "/v1/events")).body;
  assert.is(e.object, "list");
  assert.is((await api.request("GET", "/v1/events/evt_doesnotexist")).status, 404);
});

s.run();
