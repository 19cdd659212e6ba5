// Issue 7: webhook delivery throughput to a local receiver (target >= 1,000 deliveries/s) and p99
// event-to-delivery latency (target < 1 s). Events are written straight into the outbox, as a burst.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { BENCH_KEY, benchSchema, stop } from "./support/servers.ts";
import { record } from "./support/report.ts";

const N = Number(process.env["EVENTS"] ?? 5000);
const schema = "bench_webhooks";
const db = await benchSchema(schema);
const { admin } = db;

const latencies: number[] = [];
let received = 0;
let firstAt = 0;
let lastAt = 0;
const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (c: Buffer) => (body += c.toString()));
  req.on("end", () => {
    const now = Date.now();
    const e = JSON.parse(body) as { data: { sent: number } };
    latencies.push(now - e.data.sent);
    received++;
    if (received === 1) firstAt = now;
    lastAt = now;
    res.end("ok");
  });
});
await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

// The receiver is on this machine: loopback webhooks are off by default on Postgres (issue 13).
const api = await db.startApi(3906, { OUTBOX_POLL_MS: "50", SANDBOX_WEBHOOK_LOOPBACK: "true" });
const headers = { authorization: `Bearer ${BENCH_KEY}`, "content-type": "application/json" };
await fetch("http://127.0.0.1:3906/v1/webhooks", {
  method: "POST",
  headers,
  body: JSON.stringify({ url: hook, events: ["*"] }),
});
const account = (await admin.query(`select id from ${schema}.accounts limit 1`)).rows[0].id as string;

const t0 = Date.now();
for (let i = 0; i < N; i += 500) {
  const ids = Array.from(
    { length: Math.min(500, N - i) },
    (_, k) => `evt_bench${String(i + k).padStart(8, "0")}`,
  );
  const sent = Date.now();
  await admin.query(
    `insert into ${schema}.events (id, account_id, livemode, type, data, created_at)
    select id, $1, false, 'cart.paid', json_build_object('sent', $2::bigint), now() from unnest($3::text[]) as id`,
    [account, sent, ids],
  );
}
const deadline = Date.now() + 120_000;
while (received < N && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
const burstRate = received / ((lastAt - Math.min(firstAt, t0)) / 1000);
const burstReceived = received;

// Latency under a steady stream (500 events/s for 6 s), as events arrive in normal operation.
latencies.length = 0;
const STREAM = 3000;
for (let i = 0; i < STREAM; i += 100) {
  const ids = Array.from({ length: 100 }, (_, k) => `evt_stream${String(i + k).padStart(8, "0")}`);
  await admin.query(
    `insert into ${schema}.events (id, account_id, livemode, type, data, created_at)
    select id, $1, false, 'cart.paid', json_build_object('sent', $2::bigint), now() from unnest($3::text[]) as id`,
    [account, Date.now(), ids],
  );
  await new Promise((r) => setTimeout(r, 200));
}
const streamDeadline = Date.now() + 60_000;
while (received < N + STREAM && Date.now() < streamDeadline) await new Promise((r) => setTimeout(r, 50));
await stop(api);
receiver.close();
await db.close();
latencies.sort((a, b) => a - b);
const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
record("webhooks.bench.ts", "webhook deliveries, burst", burstRate, "deliveries/s", { atLeast: 1000 });
record("webhooks.bench.ts", "event-to-delivery p99 at 500 events/s", p(0.99), "ms", { under: 1000 });
console.log(
  `webhook delivery, burst of ${N} events: ${burstReceived} delivered, ${burstRate.toFixed(0)} deliveries/s (target >= 1000) ${burstRate >= 1000 ? "OK" : "BELOW TARGET"}`,
);
console.log(
  `event-to-delivery latency, steady 500 events/s: ${latencies.length} delivered, p50 ${p(0.5)} ms, p99 ${p(0.99)} ms (target < 1000 ms) ${p(0.99) < 1000 ? "OK" : "BELOW TARGET"}`,
);
