// Issue 7 with a real local HTTP receiver: events reach endpoints signed, retries are recorded, rotation keeps
// both secrets valid during the overlap; TIN matching completes asynchronously and emits its event.
import { suite } from "uvu";
import { Webhook } from "standardwebhooks";
import * as assert from "uvu/assert";
import { createServer, type Server } from "node:http";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { AddressInfo } from "node:net";
import * as ManagedRuntime from "effect/ManagedRuntime";
import { openTestDb, type TestDb } from "../../support/db.ts";
import { testConfig, TEST_KEY, keyedCall } from "../../support/api.ts";
import { appLayer, JOB_DEFAULTS, type AppRuntime } from "../../../hosts/shared/runtime.ts";
import { createApp } from "../../../hosts/api/app.ts";
import { makeLogger } from "../../../hosts/shared/logger.ts";
import { startWorker } from "../../../hosts/shared/worker.ts";
import { openJobs } from "../../../adapters/pg-boss/jobs.pg-boss.ts";
import { seedSandbox } from "../../../core/use-cases/accounts/accounts.ts";
import { verifySignature } from "../../../core/domain/webhooks/index.ts";

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  at: number;
}

const s = suite<{
  t: TestDb;
  runtime: AppRuntime;
  stop: () => Promise<void>;
  base: string;
  receiver: Server;
  hook: string;
  received: Received[];
  answer: number[];
}>("webhook delivery and TIN matching");
s.before(async (ctx) => {
  ctx.received = [];
  ctx.answer = [];
  ctx.receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      ctx.received.push({ headers: req.headers, body, at: Date.now() });
      res.statusCode = ctx.answer.shift() ?? 200;
      res.end("ok");
    });
  });
  await new Promise<void>((r) => ctx.receiver.listen(0, "127.0.0.1", () => r()));
  ctx.hook = `http://127.0.0.1:${(ctx.receiver.address() as AddressInfo).port}/hooks`;
  ctx.t = await openTestDb("pglite");
  const config = testConfig({ webhookRetryScale: 0.0005, outboxPollMs: 100 });
  const jobs = await openJobs(ctx.t.db, {
    pollingIntervalSeconds: 0.1,
    defaults: { ...JOB_DEFAULTS, retryDelay: 1, retryBackoff: false },
  });
  ctx.runtime = ManagedRuntime.make(appLayer(ctx.t.db, config, jobs.service)) as AppRuntime;
  await ctx.runtime.runPromise(seedSandbox(TEST_KEY));
  const worker = await startWorker({ runtime: ctx.runtime, jobs, config, logger: makeLogger("silent") });
  const server = createApp({ runtime: ctx.runtime, config, logger: makeLogger("silent") }).listen(
    0,
    "127.0.0.1",
  );
  await new Promise((r) => server.once("listening", r));
  ctx.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ctx.stop = async () => {
    server.closeAllConnections();
    server.close();
    await worker.stop();
    await ctx.runtime.dispose();
    await ctx.t.drop();
    ctx.receiver.closeAllConnections();
    ctx.receiver.close();
  };
});
s.after(async (ctx) => {
  await ctx.stop();
});

const call = keyedCall;
const until = async (what: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
};

function handVerify(header: string, body: string, secret: string): boolean {
  const parts = header.split(",");
  const t = parts.find((p) => p.startsWith("t="))?.slice(2) ?? "";
  const want = createHmac("sha256", Buffer.from(secret, "utf8")).update(`${t}.${body}`).digest();
  return parts
    .filter((p) => p.startsWith("v1="))
    .some((p) => {
      const got = Buffer.from(p.slice(3), "hex");
      return got.length === want.length && timingSafeEqual(got, want);
    });
}

s(
  "a TIN match run completes asynchronously (sandbox rules) and its event is delivered signed",
  async (ctx) => {
    const ep = await call(ctx.base, "POST", "/v1/webhooks", {
      url: ctx.hook,
      events: ["tin_match.completed"],
    });
    assert.is(ep.status, 201);
    const secret = ep.body.signing_secret as string;
    const run = await call(ctx.base, "POST", "/v1/tin-match", {
      entries: [
        { name: "Zero", tin: "000000000", reference: "z" },
        { name: "Even", tin: "123456788" },
        { name: "Odd", tin: "123456789" },
      ],
    });
    assert.is(run.status, 202);
    assert.equal([run.body.status, run.body.count], ["processing", 3]);
    await until(
      async () => (await call(ctx.base, "GET", `/v1/tin-match/${run.body.id}`)).body.status === "completed",
    );
    const done = (await call(ctx.base, "GET", `/v1/tin-match/${run.body.id}`)).body;
    assert.equal(
      done.results.map((r: { result: string }) => r.result),
      ["not_issued", "match", "mismatch"],
    );
    assert.is(done.results[0].reference, "z");
    assert.not.ok(JSON.stringify(done).includes("123456788"));
    await until(() => ctx.received.length >= 1);
    const got = ctx.received[0] as Received;
    const header = String(got.headers["service-signature"]);
    assert.match(header, /^t=\d+,v1=[0-9a-f]{64}$/);
    assert.equal(verifySignature({ header, rawBody: got.body, secret, now: new Date() }), { ok: true });
    assert.ok(handVerify(header, got.body, secret));
    // The Standard Webhooks headers verify with an off-the-shelf verifier and the same secret.
    const std = {
      "webhook-id": String(got.headers["webhook-id"]),
      "webhook-timestamp": String(got.headers["webhook-timestamp"]),
      "webhook-signature": String(got.headers["webhook-signature"]),
    };
    assert.ok(new Webhook(secret).verify(got.body, std));
    const event = JSON.parse(got.body);
    assert.is(std["webhook-id"], event.id);
    assert.is(event.type, "tin_match.completed");
    assert.is(event.data.id, run.body.id);
    assert.type(event.created, "number");
    assert.is((await call(ctx.base, "GET", `/v1/events/${event.id}`)).body.id, event.id);
    await call(ctx.base, "DELETE", `/v1/webhooks/${ep.body.id}`);
  },
);

s("a receiver that answers 500 then 200 gets a retry, recorded in the deliveries listing", async (ctx) => {
  ctx.received.length = 0;
  const ep = await call(ctx.base, "POST", "/v1/webhooks", { url: ctx.hook, events: ["tin_match.completed"] });
  ctx.answer.push(500, 200);
  await call(ctx.base, "POST", "/v1/tin-match", { entries: [{ name: "Retry", tin: "123456780" }] });
  await until(() => ctx.received.length >= 2, 20_000);
  await until(
    async () =>
      (await call(ctx.base, "GET", `/v1/webhooks/${ep.body.id}/deliveries`)).body.data[0]?.status ===
      "succeeded",
  );
  const d = (await call(ctx.base, "GET", `/v1/webhooks/${ep.body.id}/deliveries`)).body.data[0];
  assert.is(d.object, "webhook_delivery");
  assert.is(d.attempts, 2);
  assert.is(d.last_status_code, 200);
  assert.is(d.event_type, "tin_match.completed");
  assert.is((ctx.received[0] as Received).body, (ctx.received[1] as Received).body, "the same event, resent");
  await call(ctx.base, "DELETE", `/v1/webhooks/${ep.body.id}`);
});

s("after a rotation, deliveries carry both signatures: old and new secrets both verify", async (ctx) => {
  ctx.received.length = 0;
  const ep = await call(ctx.base, "POST", "/v1/webhooks", { url: ctx.hook, events: ["*"] });
  const oldSecret = ep.body.signing_secret as string;
  const rotated = await call(ctx.base, "POST", `/v1/webhooks/${ep.body.id}/rotate-secret`);
  const newSecret = rotated.body.signing_secret as string;
  await call(ctx.base, "POST", "/v1/tin-match", { entries: [{ name: "Rotate", tin: "123456782" }] });
  await until(() => ctx.received.length >= 1);
  const got = ctx.received[0] as Received;
  const header = String(got.headers["service-signature"]);
  assert.is(header.split(",").filter((p) => p.startsWith("v1=")).length, 2);
  for (const secret of [oldSecret, newSecret]) {
    assert.equal(verifySignature({ header, rawBody: got.body, secret, now: new Date() }), { ok: true });
    assert.ok(handVerify(header, got.body, secret));
  }
  assert.equal(
    verifySignature({ header, rawBody: got.body, secret: "whsec_wrong", now: new Date() }).ok,
    false,
  );
});

s("TIN match bad input: 0 or 1001 names, a malformed TIN", async (ctx) => {
  assert.is((await call(ctx.base, "POST", "/v1/tin-match", { entries: [] })).status, 422);
  const many = Array.from({ length: 1001 }, (_, i) => ({ name: "N", tin: String(100000000 + i) }));
  assert.is((await call(ctx.base, "POST", "/v1/tin-match", { entries: many })).status, 422);
  const bad = await call(ctx.base, "POST", "/v1/tin-match", { entries: [{ name: "N", tin: "12345" }] });
  assert.is(bad.status, 422);
  assert.is(bad.body.error.param, "entries.0.tin");
});

s.run();
