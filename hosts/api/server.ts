// The HTTP server the Koa app runs in. Node answers requests it cannot parse (headers over 16 KB, bad framing)
// itself, before Koa, with an empty body; here they get the error envelope like every other error (D36).
import { createServer, type Server } from "node:http";
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

/** Serves `app` on `port` (0: any) and resolves once it listens. */
export function listen(app: Koa, port: number, host?: string): Promise<Server> {
  const server = createServer(app.callback());
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
