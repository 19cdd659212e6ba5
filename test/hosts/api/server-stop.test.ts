// hosts/api/server.ts: stopping the server answers what is in flight with `Connection: close` and closes each
// connection once its response ends, so a stopping process does not wait for clients to drop keep-alive connections.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { request, Agent, type IncomingMessage } from "node:http";
import { PassThrough } from "node:stream";
import Koa from "koa";
import { listen, stopServing } from "../../../hosts/api/server.ts";

/** A Koa app whose `/slow` waits for `release` and whose `/stream` streams until `endStream`. */
function app() {
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  const stream = new PassThrough();
  const koa = new Koa();
  koa.use(async (ctx) => {
    if (ctx.path === "/slow") await released;
    if (ctx.path === "/stream") {
      ctx.type = "text/plain";
      ctx.body = stream;
      return;
    }
    ctx.body = { ok: true };
  });
  return { koa, release, stream };
}

function get(port: number, path: string, agent: Agent): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    request({ port, path, agent }, resolve).on("error", reject).end();
  });
}

const body = (res: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = "";
    res.on("data", (d: Buffer) => (text += d.toString()));
    res.on("end", () => resolve(text));
  });

const s = suite("API server: stopping");

s("a response not stopping keeps its connection alive", async () => {
  const { koa } = app();
  const server = await listen(koa, 0, "127.0.0.1");
  const port = (server.address() as { port: number }).port;
  const agent = new Agent({ keepAlive: true });
  const res = await get(port, "/", agent);
  assert.is(res.headers.connection, "keep-alive");
  await body(res);
  agent.destroy();
  await stopServing(server);
});

s(
  "a request in flight when the server stops is answered with Connection: close, and the server closes",
  async () => {
    const { koa, release } = app();
    const server = await listen(koa, 0, "127.0.0.1");
    const port = (server.address() as { port: number }).port;
    const agent = new Agent({ keepAlive: true });
    const pending = get(port, "/slow", agent);
    await new Promise((r) => setTimeout(r, 50)); // the request reaches the handler
    const closed = stopServing(server);
    release();
    const res = await pending;
    assert.is(res.statusCode, 200);
    assert.is(res.headers.connection, "close");
    assert.equal(JSON.parse(await body(res)), { ok: true });
    await closed; // resolves only once every connection is closed
    agent.destroy();
  },
);

s(
  "a response already streaming when the server stops: its connection closes when the stream ends",
  async () => {
    const { koa, stream } = app();
    const server = await listen(koa, 0, "127.0.0.1");
    const port = (server.address() as { port: number }).port;
    const agent = new Agent({ keepAlive: true });
    stream.write("first ");
    const res = await get(port, "/stream", agent);
    assert.is(res.headers.connection, "keep-alive"); // answered before the stop
    const text = body(res);
    let isClosed = false;
    const closed = stopServing(server).then(() => (isClosed = true));
    await new Promise((r) => setTimeout(r, 50));
    assert.is(isClosed, false, "the stream is still answering");
    stream.end("last");
    assert.is(await text, "first last");
    await closed;
    assert.ok(isClosed);
    agent.destroy();
  },
);

s.run();
