// The HTTP server the Koa app runs in. Node answers requests it cannot parse (headers over 16 KB, bad framing)
// itself, before Koa, with an empty body; here they get the error envelope like every other error (D36).
import { createServer, ServerResponse, type Server } from "node:http";
import type { Socket } from "node:net";
import type Koa from "koa";
import { CURRENT_API_VERSION } from "../../core/domain/shared/versioning.ts";

const CLIENT_ERRORS: Readonly<Record<string, readonly [number, string, string]>> = {
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large", "The request headers exceed 16 KB."],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout", "The request was not received in time."],
};

function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || err.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const [status, reason, message] = CLIENT_ERRORS[err.code ?? ""] ?? [
    400,
    "Bad Request",
    "The request is not valid HTTP.",
  ];
  const body = JSON.stringify({
    error: { type: status === 431 ? "headers_too_large" : "invalid_request", message },
  });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `API-Version: ${CURRENT_API_VERSION}\r\nConnection: close\r\n\r\n${body}`,
  );
}

interface Serving {
  stopping: boolean;
}
const serving = new WeakMap<Server, Serving>();

/** Where a response of `responseClass` keeps the keep-alive Node decided for it. */
const KEEP_ALIVE = Symbol("keepAlive");

/**
 * The response class of one server: once the server is stopping, every response not yet answered says
 * `Connection: close` (Node reads `shouldKeepAlive` when it writes the headers). No response is collected anywhere:
 * a long-lived set that every request went in and out of made the garbage collector promote whole requests once it
 * had been through a full collection (the read path's scavenges took three times as long, issue 19).
 */
function responseClass(state: Serving) {
  class StoppableResponse extends ServerResponse {}
  Object.defineProperty(StoppableResponse.prototype, "shouldKeepAlive", {
    get(this: { [KEEP_ALIVE]?: boolean }) {
      return this[KEEP_ALIVE] !== false && !state.stopping;
    },
    set(this: { [KEEP_ALIVE]?: boolean }, keepAlive: boolean) {
      this[KEEP_ALIVE] = keepAlive;
    },
  });
  return StoppableResponse;
}

/** Serves `app` on `port` (0: any) and resolves once it listens. */
export function listen(app: Koa, port: number, host?: string): Promise<Server> {
  const handle = app.callback();
  const state: Serving = { stopping: false };
  // A response already answering (a stream) when the server stops keeps its connection until it ends; then the
  // connection is idle and is closed. One listener for every response ('close' comes once): no closure per request.
  function closeWhenStopping() {
    if (state.stopping) setImmediate(() => server.closeIdleConnections());
  }
  const server = createServer({ ServerResponse: responseClass(state) }, (req, res) => {
    res.on("close", closeWhenStopping);
    void handle(req, res);
  });
  serving.set(server, state);
  server.on("clientError", answerClientError);
  // Longer than the usual client and load-balancer idle timeouts (60 s), so the server is not the side that closes
  // an idle keep-alive connection just as a client reuses it (the client would see ECONNRESET).
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    const done = () => {
      server.off("error", reject);
      resolve(server);
    };
    if (host === undefined) server.listen(port, done);
    else server.listen(port, host, done);
  });
}

/**
 * Stops taking connections; requests in flight finish, each answered with `Connection: close` so that its
 * connection closes after it (Node's own close() leaves a keep-alive connection open until the client drops it,
 * which held a stopping process for its whole grace period). Resolves once every connection is closed.
 */
export function stopServing(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const state = serving.get(server);
  if (state) state.stopping = true;
  server.closeIdleConnections();
  return closed;
}
