// Issue 6's crash test on Postgres: a worker process killed with SIGKILL at random points while it transmits
// an order of 500 filings, then restarted, several times. Every filing ends accepted exactly once (one
// filing.accepted event each), the order is one IRS transmission, nothing is refunded, the ledger chain holds.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startApi, type TestApi } from "../../support/api.ts";
import { POSTGRES_URL } from "../../support/db.ts";
import { standbyWorkerProcess } from "../../support/worker.ts";
import { necRows, payerBody } from "../../support/forms.ts";
import { verifyChain } from "../../../core/domain/ledger/index.ts";

const KILLS = Number(process.env["CRASH_KILLS"] ?? 4); // CRASH_KILLS=20 for a longer soak

// Each process is spawned ahead, while the one before it runs, and started once that one is dead (support/worker.ts).
const standbyWorker = (schema: string) =>
  standbyWorkerProcess(schema, {
    SANDBOX_ACK_DELAY_MS: "0",
    DISPATCH_SWEEP_AFTER_MS: "0",
    DISPATCH_SWEEP_EVERY_MS: "200",
  });

const s = suite<{ api: TestApi }>("worker crash (postgres)");
if (POSTGRES_URL) {
  s.before(async (ctx) => {
    ctx.api = await startApi("postgres", { tinEncryptionKey: "test-only-tin-key" });
  });
  s.after(async (ctx) => {
    await ctx.api.close();
  });

  s(`500 filings transmitted through ${KILLS} SIGKILLs: each accepted exactly once`, async ({ api }) => {
    const schema = (await api.db.knex.raw("select current_schema() as s")).rows[0].s as string;
    const payer = (
      await api.request("POST", "/v1/payers", {
        body: payerBody("Crash Payer LLC", "123450044"),
      })
    ).body.id;
    const r = await api.request("POST", `/v1/payers/${payer}/forms`, {
      body: { addToCart: true, forms: necRows(500, 70_000) },
    });
    assert.is(r.body.created, 500);
    const paid = (await api.request("POST", "/v1/cart/pay")).body;
    assert.is(paid.filed, 500);
    const accepted = async () =>
      Number(
        (
          await api.db.knex("filings").where({ order_id: paid.order, status: "accepted" }).count({ n: "*" })
        )[0]?.n ?? 0,
      );

    // The harness has no job runner: the worker's dispatch sweep finds the paid order by itself.
    let next = standbyWorker(schema);
    for (let k = 0; k < KILLS; k++) {
      const w = await next.go();
      next = standbyWorker(schema);
      await new Promise((res) => setTimeout(res, 300 + Math.floor(Math.random() * 2500)));
      w.kill("SIGKILL");
      await new Promise((res) => w.once("exit", res));
    }
    const w = await next.go();
    const deadline = Date.now() + 90_000;
    while ((await accepted()) < 500 && Date.now() < deadline)
      await new Promise((res) => setTimeout(res, 100));
    w.kill("SIGTERM");
    await new Promise((res) => w.once("exit", res));

    assert.is(await accepted(), 500);
    const events = await api.db.knex("events").where({ type: "filing.accepted" }).select("data");
    const perFiling = new Map<string, number>();
    for (const e of events) {
      const id = (typeof e.data === "string" ? JSON.parse(e.data) : e.data).id as string;
      perFiling.set(id, (perFiling.get(id) ?? 0) + 1);
    }
    assert.is(perFiling.size, 500);
    assert.ok(
      [...perFiling.values()].every((n) => n === 1),
      "one filing.accepted event per filing",
    );
    const receipts = await api.db.knex("filings").where({ order_id: paid.order }).distinct("receipt_id");
    assert.is(receipts.length, 1, "one transmission for the order");
    assert.is(
      Number((await api.db.knex("sandbox_receipts").count({ n: "*" }))[0]?.n),
      1,
      "the IRS got it once",
    );
    const entries = (await api.request("GET", "/v1/balance/entries?limit=500")).body.data.reverse();
    assert.not.ok(entries.some((e: { kind: string }) => e.kind === "refund"));
    assert.is(verifyChain(entries), null);
  });
}
s.run();
