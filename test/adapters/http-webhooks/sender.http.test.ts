import { test } from "uvu";
import * as assert from "uvu/assert";
import * as http from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import * as Effect from "effect/Effect";
import {
  makeHttpWebhookSender,
  layer,
  MAX_RESPONSE_BYTES,
} from "../../../adapters/http-webhooks/sender.http.ts";
import { WebhookSender, type WebhookRequest } from "../../../core/ports/webhook-sender.port.ts";
import { signPayload, verifySignature } from "../../../core/domain/webhooks/index.ts";

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
const seen: Seen[] = [];
let connections = 0;

const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const path = req.url ?? "/";
    seen.push({
      method: req.method ?? "",
      url: path,
      headers: req.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    });
    if (path === "/ok") return void res.writeHead(200, { "Content-Type": "text/plain" }).end("thanks");
    if (path === "/204") return void res.writeHead(204).end();
    if (path === "/500") return void res.writeHead(500).end("boom");
    if (path === "/410") return void res.writeHead(410).end();
    if (path === "/429") return void res.writeHead(429, { "Retry-After": "30" }).end();
    if (path === "/503")
      return void res.writeHead(503, { "Retry-After": "Wed, 01 Jul 2026 12:05:00 GMT" }).end();
    if (path === "/redirect") return void res.writeHead(302, { Location: "/ok" }).end();
    if (path === "/big") return void res.writeHead(200).end(Buffer.alloc(4 * MAX_RESPONSE_BYTES, 0x61));
    if (path === "/slow") {
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(200).end();
      }, 1500);
      return;
    }
    res.writeHead(404).end();
  });
});
receiver.on("connection", () => connections++);
receiver.keepAliveTimeout = 10_000;

let base = "";
const sender = makeHttpWebhookSender({ allowPrivate: true, timeoutMs: 5_000 });
const body = JSON.stringify({
  id: "evt_1",
  type: "cart.paid",
  created: 1_782_907_200,
  data: { cart: "crt_1" },
});
const req = (path: string, extra: Partial<WebhookRequest> = {}): WebhookRequest => ({
  url: `${base}${path}`,
  headers: {},
  body,
  timeoutMs: 2_000,
  livemode: false,
  ...extra,
});
const send = (s: { send: WebhookSender["Service"]["send"] }, r: WebhookRequest) =>
  Effect.runPromise(s.send(r));

test.before(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
test.after(async () => {
  sender.close();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});
test.before.each(() => {
  seen.length = 0;
});

test("200: POST with JSON content type, user agent, the signature header and the exact body", async () => {
  const t = 1_782_907_200;
  const secret = "whsec_test";
  const r = await send(
    sender,
    req("/ok", { headers: { "Service-Signature": signPayload([secret], t, body) } }),
  );
  assert.equal(r, { status: 200, retryAfter: null, error: null });
  const got = seen[0] as Seen;
  assert.is(got.method, "POST");
  assert.is(got.headers["content-type"], "application/json");
  assert.match(String(got.headers["user-agent"]), /^info-return-filing-webhooks\//);
  assert.is(got.body, body);
  assert.is(got.headers["content-length"], String(Buffer.byteLength(body)));
  const header = String(got.headers["service-signature"]);
  assert.equal(verifySignature({ header, rawBody: got.body, secret, now: new Date(t * 1000) }), { ok: true });
});

test("status codes come back as they are", async () => {
  assert.equal(await send(sender, req("/204")), { status: 204, retryAfter: null, error: null });
  assert.equal(await send(sender, req("/500")), { status: 500, retryAfter: null, error: null });
  assert.equal(await send(sender, req("/410")), { status: 410, retryAfter: null, error: null });
  assert.equal(await send(sender, req("/429")), { status: 429, retryAfter: "30", error: null });
  assert.equal(await send(sender, req("/503")), {
    status: 503,
    retryAfter: "Wed, 01 Jul 2026 12:05:00 GMT",
    error: null,
  });
});

test("a redirect is not followed", async () => {
  assert.equal(await send(sender, req("/redirect")), { status: 302, retryAfter: null, error: null });
  assert.equal(
    seen.map((s) => s.url),
    ["/redirect"],
  );
});

test("a large response body is cut short, not buffered", async () => {
  assert.equal(await send(sender, req("/big")), { status: 200, retryAfter: null, error: null });
  // The pool still works afterwards.
  assert.equal(await send(sender, req("/ok")), { status: 200, retryAfter: null, error: null });
});

test("a slow receiver hits the timeout", async () => {
  const started = Date.now();
  const r = await send(sender, req("/slow", { timeoutMs: 200 }));
  assert.is(r.status, 0);
  assert.match(String(r.error), /timeout/);
  // The receiver answers after 1.5 s: anything under that returned at the timeout (a loaded machine may stall a while).
  assert.ok(Date.now() - started < 1400, "returns at the timeout, not when the receiver answers");
});

test("the default timeout comes from the options (15 s unless configured)", async () => {
  const quick = makeHttpWebhookSender({ allowPrivate: true, timeoutMs: 150 });
  const r = await send(quick, req("/slow", { timeoutMs: 0 }));
  quick.close();
  assert.is(r.status, 0);
  assert.match(String(r.error), /timeout: no response within 150 ms/);
});

test("a refused connection is a result, not a failure", async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const r = await send(sender, { ...req("/ok"), url: `http://127.0.0.1:${port}/ok` });
  assert.is(r.status, 0);
  assert.match(String(r.error), /connection refused/);
});

test("a TLS failure (https to a plain-http receiver) is a result", async () => {
  const r = await send(sender, { ...req("/ok"), url: base.replace("http:", "https:") + "/ok" });
  assert.is(r.status, 0);
  assert.match(String(r.error), /^request failed: /);
});

test("unusable URLs and header values are results too", async () => {
  assert.equal(await send(sender, { ...req("/ok"), url: "not a url" }), {
    status: 0,
    retryAfter: null,
    error: "invalid url",
  });
  assert.equal(await send(sender, { ...req("/ok"), url: "ftp://127.0.0.1/x" }), {
    status: 0,
    retryAfter: null,
    error: "unsupported scheme ftp:",
  });
  // Port 0 (an endpoint stored before it was refused): Node would connect to the scheme's default port instead.
  const before = connections;
  assert.equal(await send(sender, { ...req("/ok"), url: "http://127.0.0.1:0/ok" }), {
    status: 0,
    retryAfter: null,
    error: "invalid port 0",
  });
  assert.is(connections, before, "no connection was made");
  const r = await send(sender, req("/ok", { headers: { "X-Bad": "a\r\nInjected: 1" } }));
  assert.is(r.status, 0);
  assert.ok(r.error !== null);
});

test("D29: allowPrivate false refuses private targets before connecting", async () => {
  const guarded = makeHttpWebhookSender({ allowPrivate: false });
  const port = (receiver.address() as AddressInfo).port;
  const before = connections;
  for (const url of [
    `http://127.0.0.1:${port}/ok`,
    `http://[::1]:${port}/ok`,
    `http://[::ffff:127.0.0.1]:${port}/ok`,
    `https://169.254.169.254/latest`,
    `https://10.0.0.1/x`,
  ]) {
    const r = await send(guarded, { ...req("/ok"), url, livemode: true });
    assert.is(r.status, 0, url);
    assert.match(String(r.error), /refused: .* private address/, url);
  }
  // A name is checked on the address it resolves to.
  const byName = await send(guarded, { ...req("/ok"), url: `http://localhost:${port}/ok`, livemode: true });
  assert.is(byName.status, 0);
  assert.match(String(byName.error), /refused: localhost resolves to a private address/);
  guarded.close();
  assert.is(connections, before, "no connection was made");
  assert.is(seen.length, 0);
});

test("D29: a custom resolver's answer is checked, and refused when any address is private", async () => {
  const port = (receiver.address() as AddressInfo).port;
  const fake =
    (answers: Record<string, string[]>): LookupFunction =>
    (hostname, options, callback) => {
      const list = (answers[hostname] ?? []).map((address) => ({
        address,
        family: address.includes(":") ? 6 : 4,
      }));
      if (list.length === 0)
        return callback(
          Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }),
          "",
        );
      if (options.all) return callback(null, list);
      callback(null, (list[0] as { address: string }).address, (list[0] as { family: number }).family);
    };
  const lookup = fake({
    "mixed.test": ["93.184.216.34", "10.1.2.3"],
    "rebind.test": ["127.0.0.1"],
    "receiver.test": ["127.0.0.1"],
  });
  const guarded = makeHttpWebhookSender({ allowPrivate: false, allowLoopbackInSandbox: true, lookup });
  const mixed = await send(guarded, { ...req("/ok"), url: `http://mixed.test:${port}/ok`, livemode: true });
  assert.match(String(mixed.error), /refused: mixed\.test resolves to a private address \(10\.1\.2\.3\)/);
  const rebind = await send(guarded, { ...req("/ok"), url: `http://rebind.test:${port}/ok`, livemode: true });
  assert.match(String(rebind.error), /refused: rebind\.test resolves to a private address \(127\.0\.0\.1\)/);
  const unknown = await send(guarded, {
    ...req("/ok"),
    url: `http://nowhere.test:${port}/ok`,
    livemode: true,
  });
  assert.equal(unknown, { status: 0, retryAfter: null, error: "host not found (ENOTFOUND)" });
  assert.is(seen.length, 0);
  // Sandbox with allowLoopbackInSandbox: loopback is reached, through the checked answer of the same resolver.
  const sandbox = await send(guarded, {
    ...req("/ok"),
    url: `http://receiver.test:${port}/ok`,
    livemode: false,
  });
  assert.equal(sandbox, { status: 200, retryAfter: null, error: null });
  assert.is(seen.length, 1);
  // ... but never other private ranges, and production stays guarded even on a pooled connection.
  assert.match(
    String((await send(guarded, { ...req("/ok"), url: "https://10.0.0.1/x", livemode: false })).error),
    /refused/,
  );
  const prod = await send(guarded, { ...req("/ok"), url: `http://receiver.test:${port}/ok`, livemode: true });
  assert.match(String(prod.error), /refused/);
  guarded.close();
});

// Throughput is measured in bench/webhooks.bench.ts; a test on a shared 2-core machine asserts only the reuse.
test("keep-alive: many deliveries share few connections", async () => {
  const fast = makeHttpWebhookSender({ allowPrivate: true, maxSocketsPerHost: 32 });
  const before = connections;
  const n = 3000;
  const results = await Effect.runPromise(
    Effect.forEach(
      Array.from({ length: n }, () => req("/ok")),
      (r) => fast.send(r),
      { concurrency: 64 },
    ),
  );
  fast.close();
  assert.ok(results.every((r) => r.status === 200));
  assert.ok(connections - before <= 32, `${connections - before} connections`);
});

test("layer provides the sender and closes it with its scope", async () => {
  const r = await Effect.runPromise(
    Effect.provide(
      WebhookSender.use((s) => s.send(req("/ok"))),
      layer({ allowPrivate: true }),
    ),
  );
  assert.equal(r, { status: 200, retryAfter: null, error: null });
});

test("interruption aborts the request", async () => {
  const r = await Effect.runPromise(
    Effect.timeoutOption(sender.send(req("/slow", { timeoutMs: 5000 })), "50 millis"),
  );
  assert.is(r._tag, "None");
});

test.run();
