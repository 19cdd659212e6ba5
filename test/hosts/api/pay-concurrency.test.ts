// Issue 5's race: 20 simultaneous pays of one cart from two app instances on one Postgres, with and without
// Idempotency-Keys: exactly one order, one ledger draw; the rest are already_paid, replays or 409.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { withTwoInstances, type TestApi } from "../../support/api.ts";
import { POSTGRES_URL } from "../../support/db.ts";
import { necRows, payerBody } from "../../support/forms.ts";

const fullPayer = payerBody("Race Payer LLC", "123450011");

const s = suite<{ a: TestApi; b: TestApi }>("pay races (postgres)");
if (POSTGRES_URL) {
  withTwoInstances(s);

  for (const withKeys of [false, true]) {
    s(
      `20 simultaneous pays ${withKeys ? "with one Idempotency-Key" : "without keys"}: one order, one draw`,
      async ({ a, b }) => {
        const payer = (await a.request("POST", "/v1/payers", { body: fullPayer })).body.id;
        const forms = (
          await a.request("POST", `/v1/payers/${payer}/forms`, {
            body: { addToCart: true, forms: necRows(5, withKeys ? 5000 : 6000) },
          })
        ).body.forms;
        assert.is(forms.length, 5);
        const entriesBefore = (await a.request("GET", "/v1/balance/entries?limit=500")).body.data.length;
        const ordersBefore = (await a.request("GET", "/v1/orders?limit=500")).body.data.length;
        const headers: Record<string, string> = withKeys
          ? { "Idempotency-Key": `pay-race-${Date.now()}` }
          : {};
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) => (i % 2 ? b : a).request("POST", "/v1/cart/pay", { headers })),
        );
        const fresh = results.filter(
          (r) => r.status === 200 && !r.body.already_paid && r.headers.get("idempotent-replayed") !== "true",
        );
        const others = results.filter((r) => !fresh.includes(r));
        assert.is(fresh.length, 1, results.map((r) => `${r.status} ${r.text.slice(0, 80)}`).join("\n"));
        assert.is(others.length, 19);
        for (const r of others) {
          const ok =
            (r.status === 200 &&
              (r.body.already_paid === true || r.headers.get("idempotent-replayed") === "true")) ||
            r.status === 409;
          assert.ok(ok, `${r.status} ${r.text.slice(0, 200)}`);
          if (r.status === 200) assert.is(r.body.order, fresh[0]?.body.order);
        }
        const entries = (await a.request("GET", "/v1/balance/entries?limit=500")).body.data;
        assert.is(entries.length, entriesBefore + 1, "exactly one ledger draw");
        assert.is(entries[0].kind, "filing");
        assert.is(entries[0].amount_cents, -fresh[0]?.body.amount_charged);
        assert.is(
          (await a.request("GET", "/v1/orders?limit=500")).body.data.length,
          ordersBefore + 1,
          "exactly one order",
        );
        for (const f of forms)
          assert.is((await b.request("GET", `/v1/filings/${f.id}`)).body.status, "queued");
      },
    );
  }
}
s.run();
