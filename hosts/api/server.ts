// The HTTP server the Koa app runs in. Node answers some requests itself, before Koa, with an empty body or none:
// here each gets the error envelope, Request-Id and API-Version like every other error (D36). A missing Host and
// an unsupported Expect go on to the app, which refuses them (middleware/protocol.ts); what never becomes a
// request the app could see (CONNECT, a request Node cannot parse) is answered on the socket here.
import { createServer, ServerResponse, STATUS_CODES, type IncomingMessage, type Server } from "node:http";
import type { Duplex } from "node:stream";
import type Koa from "koa";
import { CURRENT_API_VERSION } from "../../core/domain/shared/versioning.ts";
import { nextRequestId } from "./middleware/request-context.ts";

/** The methods the API's routes answer, for the Allow of a refused CONNECT. */
const API_METHODS = "GET, POST, PUT, PATCH, DELETE";

/** One whole response written on a socket no ServerResponse owns, closing the connection after it. */
function answerOnSocket(
  socket: Duplex,
  status: number,
  error: { readonly type: string; readonly message: string },
  headers: Readonly<Record<string, string>> = {},
): void {
  const body = JSON.stringify({ error });
  const head = {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    "Request-Id": nextRequestId(),
    "API-Version": CURRENT_API_VERSION,
    ...headers,
    Connection: "close",
  };
  const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\n${lines.join("")}\r\n${body}`);
}

const CLIENT_ERRORS: Readonly<Record<string, readonly [number, string, string]>> = {
  HPE_HEADER_OVERFLOW: [431, "headers_too_large", "The request headers exceed 16 KB."],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "invalid_request", "The request was not received in time."],
};

/** A socket whose bytes Node could not read as a request ('clientError'). */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  // Nothing is written over a response already on its way (the peer would read a corrupt stream), nor on a
  // connection the client reset.
  const inFlight = (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
  if (!socket.writable || err.code === "ECONNRESET" || inFlight?.headersSent === true) {
    socket.destroy();
    return;
  }
  const [status, type, message] = CLIENT_ERRORS[err.code ?? ""] ?? [
    400,
    "invalid_request",
    "The request is not valid HTTP.",
  ];
  answerOnSocket(socket, status, { type, message });
}

/**
 * CONNECT (a tunnel through a proxy, which this server is not). Node hands the socket over to a 'connect' listener
 * and, without one, closes it without a word; the parser is detached by then, so the socket's errors are ours too.
 */
function refuseConnect(_req: IncomingMessage, socket: Duplex): void {
  socket.on("error", () => socket.destroy());
  answerOnSocket(
    socket,
    405,
    {
      type: "method_not_allowed",
      message: `CONNECT is not allowed: this is not a proxy; allowed: ${API_METHODS}.`,
    },
    { Allow: API_METHODS },
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
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    res.on("close", closeWhenStopping);
    void handle(req, res);
  };
  // requireHostHeader: false and the 'checkExpectation' listener hand those requests to the app, which answers
  // them with the envelope (middleware/protocol.ts); Node's own answers have an empty body.
  const server = createServer({ ServerResponse: responseClass(state), requireHostHeader: false }, onRequest);
  serving.set(server, state);
  server.on("checkExpectation", onRequest);
  server.on("connect", refuseConnect);
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
