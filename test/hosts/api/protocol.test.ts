// Protocol rules every endpoint shares: credentials, environments, versions, envelopes, bodies, paging.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startApi, type TestApi } from "../../support/api.ts";

const s = suite<{ api: TestApi }>("protocol");
s.before(async (ctx) => {
  ctx.api = await startApi("pglite", { sandboxHosts: ["sandbox.test"], liveHosts: ["api.test"] });
});
s.after(async (ctx) => {
  await ctx.api.close();
});

s("missing, malformed and unknown credentials are 401 unauthorized", async ({ api }) => {
  for (const headers of [
    {} as Record<string, string>,
    { authorization: "Basic abc" },
    { authorization: "Bearer sk_sandbox_nope" },
    { authorization: "Bearer " + "sk_sandbox_" + "x".repeat(40) },
  ]) {
    const r = await api.request("GET", "/v1/payers", { key: null, headers });
    assert.is(r.status, 401, JSON.stringify(headers));
    assert.is(r.body.error.type, "unauthorized");
    assert.type(r.body.error.message, "string");
  }
});

s("every response carries Request-Id and API-Version; errors too", async ({ api }) => {
  const ok = await api.request("GET", "/v1/payers");
  const bad = await api.request("GET", "/v1/payers", { key: null });
  for (const r of [ok, bad]) {
    assert.match(r.headers.get("request-id") ?? "", /^req_[A-Za-z0-9]{20}$/);
    assert.is(r.headers.get("api-version"), "2026-06-15");
  }
  assert.is.not(ok.headers.get("request-id"), bad.headers.get("request-id"));
});

s(
  "API-Version: the current one is accepted; an unknown one is 400 naming it and the supported ones",
  async ({ api }) => {
    const ok = await api.request("GET", "/v1/payers", { headers: { "API-Version": "2026-06-15" } });
    assert.is(ok.status, 200);
    const bad = await api.request("GET", "/v1/payers", { headers: { "API-Version": "2024-01-01" } });
    assert.is(bad.status, 400);
    assert.is(bad.body.error.type, "invalid_request");
    assert.ok(bad.body.error.message.includes("2024-01-01"));
    assert.ok(bad.body.error.message.includes("2026-06-15"));
    assert.is(bad.headers.get("api-version"), "2026-06-15");
  },
);

s(
  "environment by host: a sandbox host refuses live keys and a live host refuses sandbox keys (D2)",
  async ({ api }) => {
    const live = await api.liveKey();
    const onSandboxHost = await api.request("GET", "/v1/payers", {
      key: live,
      headers: { host: "sandbox.test" },
    });
    assert.is(onSandboxHost.status, 401);
    const onLiveHost = await api.request("GET", "/v1/payers", { headers: { host: "api.test" } });
    assert.is(onLiveHost.status, 401);
    assert.is((await api.request("GET", "/v1/payers", { headers: { host: "sandbox.test" } })).status, 200);
    assert.is(
      (await api.request("GET", "/v1/payers", { key: live, headers: { host: "api.test" } })).status,
      200,
    );
    // A host configured as neither: the prefix picks the environment.
    assert.is((await api.request("GET", "/v1/payers", { key: live })).status, 200);
  },
);

s("unknown route 404 not_found, wrong method 405 method_not_allowed (D36)", async ({ api }) => {
  const nf = await api.request("GET", "/v1/nothing-here");
  assert.is(nf.status, 404);
  assert.is(nf.body.error.type, "not_found");
  const na = await api.request("DELETE", "/v1/payers");
  assert.is(na.status, 405);
  assert.is(na.body.error.type, "method_not_allowed");
  assert.ok((na.headers.get("allow") ?? "").includes("GET"));
});

s("non-JSON body is 400 invalid_request; oversized body is 413 payload_too_large (D9)", async ({ api }) => {
  const nj = await api.request("POST", "/v1/payers", {
    raw: "{not json",
    headers: { "content-type": "application/json" },
  });
  assert.is(nj.status, 400);
  assert.is(nj.body.error.type, "invalid_request");
  const big = await api.request("POST", "/v1/payers", {
    raw: JSON.stringify({ legal_name: "x".repeat(5 * 1024 * 1024) }),
    headers: { "content-type": "application/json" },
  });
  assert.is(big.status, 413);
  assert.is(big.body.error.type, "payload_too_large");
  const list = await api.request("GET", "/v1/payers");
  assert.is(list.body.data.length, 1, "nothing was created");
});

s("wrong types and unknown fields are 422 with error.param", async ({ api }) => {
  const cases: Array<[unknown, string]> = [
    [{ legal_name: 12, tin: "123456789" }, "legal_name"],
    [{ legal_name: "A", tin: 123456789 }, "tin"],
    [{ legal_name: "A", tin: "123456789", nested: { odd: true } }, "nested"],
    [{ legal_name: "A", tin: "123456789", state: ["CA"] }, "state"],
  ];
  for (const [body, param] of cases) {
    const r = await api.request("POST", "/v1/payers", { body });
    assert.is(r.status, 422, JSON.stringify(body));
    assert.is(r.body.error.type, "invalid_request");
    assert.is(r.body.error.param, param);
  }
  const arr = await api.request("POST", "/v1/payers", { body: [1, 2] });
  assert.is(arr.status, 422);
});

s("paging: limit=0 and limit=501 are 422; limit=500 is fine", async ({ api }) => {
  for (const l of ["0", "501", "abc"]) {
    const r = await api.request("GET", `/v1/payers?limit=${l}`);
    assert.is(r.status, 422, l);
    assert.is(r.body.error.param, "limit");
  }
  const ok = await api.request("GET", "/v1/payers?limit=500");
  assert.is(ok.status, 200);
  assert.equal(Object.keys(ok.body).sort(), ["data", "has_more", "next_cursor", "object"]);
});

s("rate limit headers are on every authenticated response", async ({ api }) => {
  const r = await api.request("GET", "/v1/payers");
  assert.is(r.headers.get("ratelimit-limit"), "100000");
  assert.ok(Number(r.headers.get("ratelimit-remaining")) < 100000);
  assert.ok(Number(r.headers.get("ratelimit-reset")) <= 60);
});

s.run();
