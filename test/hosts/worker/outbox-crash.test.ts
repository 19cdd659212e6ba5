// Issue 7: an event committed while no worker runs (or while the worker is killed) is still delivered after a
// restart: the events table is the outbox. The receiver sees one event id (deliveries are at least once).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startApi, type TestApi } from "../../support/api.ts";
import { POSTGRES_URL } from "../../support/db.ts";
import { standbyWorkerProcess } from "../../support/worker.ts";
import { necRows } from "../../support/forms.ts";

// Spawned ahead and started with go() (support/worker.ts): the second loads while the first starts.
const worker = (schema: string) =>
  standbyWorkerProcess(schema, { OUTBOX_POLL_MS: "100", SANDBOX_WEBHOOK_LOOPBACK: "true" });

const s = suite<{ api: TestApi; receiver: Server; hook: string; got: string[] }>(
  "outbox across a crash (postgres)",
);
if (POSTGRES_URL) {
  s.before(async (ctx) => {
    ctx.got = [];
    ctx.receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        ctx.got.push((JSON.parse(body) as { id: string }).id);
        res.end("ok");
      });
    });
    await new Promise<void>((r) => ctx.receiver.listen(0, "127.0.0.1", () => r()));
    ctx.hook = `http://127.0.0.1:${(ctx.receiver.address() as AddressInfo).port}/h`;
    ctx.api = await startApi("postgres", { tinEncryptionKey: "test-only-tin-key" });
  });
  s.after(async (ctx) => {
    await ctx.api.close();
    ctx.receiver.closeAllConnections();
    ctx.receiver.close();
  });

  s(
    "cart.paid committed with no worker alive, worker killed once, restarted: delivered, one event id",
    async ({ api, hook, got }) => {
      const schema = (await api.db.knex.raw("select current_schema() as s")).rows[0].s as string;
      assert.is(
        (await api.request("POST", "/v1/webhooks", { body: { url: hook, events: ["cart.paid"] } })).status,
        201,
      );
      await api.request("POST", `/v1/payers/${api.mainPayerId}/forms`, {
        body: { addToCart: true, forms: necRows(1, 88_000) },
      });
      const paid = await api.request("POST", "/v1/cart/pay");
      assert.is(paid.status, 200, paid.text);
      // The event is committed; no worker has seen it. A worker starts and is killed at once.
      const standby = worker(schema);
      const first = await worker(schema).go();
      first.kill("SIGKILL");
      await new Promise((r) => first.once("exit", r));
      const second = await standby.go();
      const deadline = Date.now() + 20_000;
      while (got.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      second.kill("SIGTERM");
      await new Promise((r) => second.once("exit", r));
      assert.ok(got.length >= 1, "delivered after the restart");
      const events = (await api.request("GET", "/v1/events")).body.data.filter(
        (e: { type: string }) => e.type === "cart.paid",
      );
      assert.is(events.length, 1, "exactly one event");
      assert.ok(
        got.every((id) => id === events[0].id),
        "every delivery carries that one event id",
      );
    },
  );
}
s.run();
