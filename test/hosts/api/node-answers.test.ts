// Requests Node's http server used to answer itself, before Koa saw them, with an empty body or none (a missing
// Host, an unsupported Expect, CONNECT, a request that is not HTTP): each gets a real response carrying the error
// envelope, Request-Id and API-Version (D36). And a request its client abandons is logged as what it is, not as
// a 500. Raw sockets: a client library would refuse to send most of these.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { connect } from "node:net";
import { startApi, type TestApi } from "../../support/api.ts";
import { makeLogger } from "../../../hosts/shared/logger.ts";

interface RawResponse {
  statusLine: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parse(raw: string): RawResponse {
  const end = raw.indexOf("\r\n\r\n");
  assert.ok(end > 0, `no complete response head in ${JSON.stringify(raw)}`);
  const [statusLine = "", ...lines] = raw.slice(0, end).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { statusLine, status: Number(statusLine.split(" ")[1]), headers, body: raw.slice(end + 4) };
}

/** Writes `request` on a fresh connection and reads until the server closes it (or 3 s pass). */
function exchange(api: TestApi, request: string): Promise<string> {
  const { port } = new URL(api.base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.write(request));
    let out = "";
    const done = () => resolve(out);
    socket.on("data", (d) => (out += d.toString()));
    socket.on("close", done);
    socket.on("error", done);
    setTimeout(() => {
      socket.destroy();
      done();
    }, 3000).unref();
  });
}

/** The envelope every one of these answers carries. */
function assertEnvelope(r: RawResponse, status: number, type: string): { type: string; message: string } {
  assert.is(r.status, status, r.statusLine);
  assert.match(r.statusLine, new RegExp(`^HTTP/1\\.1 ${status} [A-Z]`));
  assert.match(r.headers["content-type"] ?? "", /^application\/json/);
  assert.match(r.headers["request-id"] ?? "", /^req_[A-Za-z0-9]{20}$/);
  assert.is(r.headers["api-version"], "2026-06-15");
  assert.is(Number(r.headers["content-length"]), Buffer.byteLength(r.body), "the whole body, as announced");
  const body = JSON.parse(r.body) as { error: { type: string; message: string } };
  assert.is(body.error.type, type, r.body);
  assert.type(body.error.message, "string");
  assert.ok(body.error.message.length > 0);
  return body.error;
}

const lines: string[] = [];
const s = suite<{ api: TestApi }>("answers Node's http server gave itself");
s.before(async (ctx) => {
  ctx.api = await startApi(
    "pglite",
    {},
    {
      logger: makeLogger("info", {
        destination: {
          write: (line: string) => {
            lines.push(line);
          },
        },
      }),
    },
  );
});
s.after(async (ctx) => {
  await ctx.api.close();
});

s("HTTP/1.1 without a Host header: 400 invalid_request with the envelope", async ({ api }) => {
  const r = parse(await exchange(api, `GET /v1/payers HTTP/1.1\r\nAuthorization: Bearer ${api.key}\r\n\r\n`));
  const error = assertEnvelope(r, 400, "invalid_request");
  assert.match(error.message, /Host/);
  assert.is(r.headers["connection"], "close");
  // HTTP/1.0 needs no Host (RFC 9112 3.2), and one with a Host is answered as always.
  const old = parse(
    await exchange(api, `GET /v1/payers HTTP/1.0\r\nAuthorization: Bearer ${api.key}\r\n\r\n`),
  );
  assert.is(old.status, 200, old.body);
  const ok = parse(
    await exchange(
      api,
      `GET /v1/payers HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer ${api.key}\r\n\r\n`,
    ),
  );
  assert.is(ok.status, 200, ok.body);
});

s("an Expect other than 100-continue: 417 expectation_failed with the envelope", async ({ api }) => {
  for (const expect of ["999-bogus", "100-continue, 200-also"]) {
    const raw = await exchange(
      api,
      `POST /v1/payers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${api.key}\r\nExpect: ${expect}\r\n` +
        "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}",
    );
    // Node sends 100 Continue for any value naming 100-continue; the final answer follows it.
    const r = parse(raw.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, ""));
    const error = assertEnvelope(r, 417, "expectation_failed");
    assert.match(error.message, /100-continue/);
  }
});

s("Expect: 100-continue still works: 100 Continue, then the body, then the answer", async ({ api }) => {
  const { port } = new URL(api.base);
  const body = JSON.stringify({ name: "Continue Payer LLC", tin: "123456789" });
  const raw = await new Promise<string>((resolve) => {
    const socket = connect(Number(port), "127.0.0.1", () =>
      socket.write(
        `POST /v1/payers HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer ${api.key}\r\n` +
          `Expect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      ),
    );
    let out = "";
    let sent = false;
    socket.on("data", (d) => {
      out += d.toString();
      if (!sent && out.startsWith("HTTP/1.1 100 Continue\r\n\r\n")) {
        sent = true;
        socket.write(body);
      }
    });
    socket.on("close", () => resolve(out));
    setTimeout(() => {
      socket.destroy();
      resolve(out);
    }, 3000).unref();
  });
  assert.ok(raw.startsWith("HTTP/1.1 100 Continue\r\n\r\n"), raw.slice(0, 80));
  const r = parse(raw.slice("HTTP/1.1 100 Continue\r\n\r\n".length));
  assert.is(r.status, 201, r.body);
  assert.is(JSON.parse(r.body).object, "payer");
});

s("CONNECT: 405 method_not_allowed with Allow and the envelope, not a dropped socket", async ({ api }) => {
  for (const target of ["example.com:443", "/v1/payers"]) {
    const r = parse(await exchange(api, `CONNECT ${target} HTTP/1.1\r\nHost: example.com:443\r\n\r\n`));
    const error = assertEnvelope(r, 405, "method_not_allowed");
    assert.match(error.message, /CONNECT/);
    assert.match(r.headers["allow"] ?? "", /\bGET\b.*\bPOST\b/);
    assert.is(r.headers["connection"], "close");
  }
});

s(
  "what is not HTTP: 400 invalid_request; headers over 16 KB: 431, both with the envelope",
  async ({ api }) => {
    for (const garbage of [
      "GARBAGE\r\n\r\n",
      "GET /v1/payers HTTP/9.9\r\nHost: x\r\n\r\n",
      "GET / HTTP/1.1\r\nBad Header\r\n\r\n",
    ]) {
      assertEnvelope(parse(await exchange(api, garbage)), 400, "invalid_request");
    }
    const big = parse(
      await exchange(api, `GET /v1/payers HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`),
    );
    assertEnvelope(big, 431, "headers_too_large");
  },
);

s(
  "a request its client abandons half-way through the body is logged as 499, never as a 500",
  async ({ api }) => {
    const { port } = new URL(api.base);
    lines.length = 0;
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write(
          `POST /v1/payers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${api.key}\r\n` +
            `Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name": "Half`,
        );
        setTimeout(() => socket.destroy(), 100);
      });
      socket.on("close", () => resolve());
    });
    // The line is written once the server has seen the connection close.
    for (let i = 0; i < 50 && !lines.some((l) => l.includes('"msg":"request"')); i++)
      await new Promise((r) => setTimeout(r, 20));
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const access = logged.filter((l) => l["msg"] === "request");
    assert.is(access.length, 1, lines.join(""));
    assert.is(access[0]?.["status"], 499);
    assert.is(access[0]?.["aborted"], true);
    assert.is(access[0]?.["route"], "/v1/payers");
    assert.is(access[0]?.["level"], "info");
    assert.not.ok(
      logged.some((l) => l["level"] === "error" || String(l["msg"]).includes("unhandled")),
      lines.join(""),
    );
    // Metrics count it as 499: no 5xx was answered to anyone.
    const metrics = await api.request("GET", "/metrics", { key: null });
    assert.match(
      metrics.text,
      /http_request_duration_seconds_count\{method="POST",route="\/v1\/payers",status="499"\} 1/,
    );
    assert.not.match(metrics.text, /status="5\d\d"/);
  },
);

s.run();
