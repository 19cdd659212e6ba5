// The HTTP server the Koa app runs in. Node answers requests it cannot parse (headers over 16 KB, bad framing)
// itself, before Koa, with an empty body; here they get the error envelope like every other error (D36).
import { createServer, type Server, type ServerResponse } from "node:http";
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
  /** Responses in flight, to be told to close their connection when the server stops. */
  readonly active: Set<ServerResponse>;
  stopping: boolean;
}
const serving = new WeakMap<Server, Serving>();

/** Serves `app` on `port` (0: any) and resolves once it listens. */
export function listen(app: Koa, port: number, host?: string): Promise<Server> {
  const handle = app.callback();
  const state: Serving = { active: new Set(), stopping: false };
  // One listener for every response ('close' comes once): no closure made per request.
  function forget(this: ServerResponse) {
    state.active.delete(this);
  }
  const server = createServer((req, res) => {
    if (state.stopping) res.shouldKeepAlive = false;
    else {
      state.active.add(res);
      res.on("close", forget);
    }
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
  if (state) {
    state.stopping = true;
    for (const res of state.active) {
      if (!res.headersSent) res.shouldKeepAlive = false;
      // Already answering (a stream): its connection goes idle when the response ends, and is closed then.
      else res.once("close", () => setImmediate(() => server.closeIdleConnections()));
    }
    state.active.clear();
  }
  server.closeIdleConnections();
  return closed;
}
