// D30 on the real host: replay, reuse with another body, and a racing duplicate (Postgres: PGlite has one connection).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startApi, type TestApi } from "../../support/api.ts";
import { backends } from "../../support/db.ts";

for (const backend of backends) {
  const s = suite<{ api: TestApi }>(`idempotency (${backend})`);
  s.before(async (ctx) => {
    ctx.api = await startApi(backend);
  });
  s.after(async (ctx) => {
    await ctx.api.close();
  });

  s(
    "same key + same body replays the stored response with Idempotent-Replayed; one row created",
    async ({ api }) => {
      const body = { name: "Idem Co", tin: "123456789" };
      const a = await api.request("POST", "/v1/payers", { body, headers: { "Idempotency-Key": "k-1" } });
      const b = await api.request("POST", "/v1/payers", { body, headers: { "Idempotency-Key": "k-1" } });
      assert.is(a.status, 201);
      assert.is(b.status, 201);
      assert.is(b.headers.get("idempotent-replayed"), "true");
      assert.is(a.headers.get("idempotent-replayed"), null);
      assert.is(b.body.id, a.body.id);
      const list = (await api.request("GET", "/v1/payers?limit=500")).body.data.filter(
        (p: { legal_name: string }) => p.legal_name === "Idem Co",
      );
      assert.is(list.length, 1);
    },
  );

  s("same key + different body is 422 idempotency_key_reused and changes nothing", async ({ api }) => {
    await api.request("POST", "/v1/payers", {
      body: { name: "First", tin: "123456789" },
      headers: { "Idempotency-Key": "k-2" },
    });
    const r = await api.request("POST", "/v1/payers", {
      body: { name: "Second", tin: "123456789" },
      headers: { "Idempotency-Key": "k-2" },
    });
    assert.is(r.status, 422);
    assert.is(r.body.error.type, "idempotency_key_reused");
    const names = (await api.request("GET", "/v1/payers?limit=500")).body.data.map(
      (p: { legal_name: string }) => p.legal_name,
    );
    assert.not.ok(names.includes("Second"));
  });

  s("a failed request (422) is stored and replayed too", async ({ api }) => {
    const a = await api.request("POST", "/v1/payers", {
      body: { name: "No TIN" },
      headers: { "Idempotency-Key": "k-3" },
    });
    const b = await api.request("POST", "/v1/payers", {
      body: { name: "No TIN" },
      headers: { "Idempotency-Key": "k-3" },
    });
    assert.is(a.status, 422);
    assert.is(b.status, 422);
    assert.is(b.headers.get("idempotent-replayed"), "true");
  });

  s("keys are scoped per path and per environment; over-long keys are 422", async ({ api }) => {
    const body = { name: "Scoped", tin: "123456789" };
    const live = await api.liveKey();
    const a = await api.request("POST", "/v1/payers", { body, headers: { "Idempotency-Key": "k-4" } });
    const b = await api.request("POST", "/v1/payers", {
      body,
      key: live,
      headers: { "Idempotency-Key": "k-4" },
    });
    assert.is(b.status, 201);
    assert.is.not(b.body.id, a.body.id);
    const long = await api.request("POST", "/v1/payers", {
      body,
      headers: { "Idempotency-Key": "x".repeat(256) },
    });
    assert.is(long.status, 422);
  });

  if (backend === "postgres") {
    s(
      "racing duplicates: exactly one runs, the others get 409 request_in_progress or the replay",
      async ({ api }) => {
        const body = { name: "Race Co", tin: "123456789" };
        const results = await Promise.all(
          Array.from({ length: 12 }, () =>
            api.request("POST", "/v1/payers", { body, headers: { "Idempotency-Key": "race-1" } }),
          ),
        );
        const created = results.filter(
          (r) => r.status === 201 && r.headers.get("idempotent-replayed") !== "true",
        );
        const inFlight = results.filter((r) => r.status === 409);
        const replayed = results.filter((r) => r.headers.get("idempotent-replayed") === "true");
        assert.is(created.length, 1);
        assert.is(inFlight.length + replayed.length, 11);
        assert.ok(inFlight.every((r) => r.body.error.type === "request_in_progress"));
        const list = (await api.request("GET", "/v1/payers?limit=500")).body.data.filter(
          (p: { legal_name: string }) => p.legal_name === "Race Co",
        );
        assert.is(list.length, 1);
      },
    );

    s("two app instances on one database share idempotency keys", async ({ api }) => {
      const second = await api.another();
      try {
        const body = { name: "Two Instances", tin: "123456789" };
        const a = await api.request("POST", "/v1/payers", {
          body,
          headers: { "Idempotency-Key": "multi-1" },
        });
        const b = await second.request("POST", "/v1/payers", {
          body,
          headers: { "Idempotency-Key": "multi-1" },
        });
        assert.is(b.headers.get("idempotent-replayed"), "true");
        assert.is(b.body.id, a.body.id);
      } finally {
        await second.close();
      }
    });
  }
  s.run();
}
