// The emulator's handler on a node:http server (`npm run irs-emulator`, and tests that want a real socket; the Lob
// emulator's too).
// A dropped reply (fault) resets the connection after the request was taken.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { EmulatedConnectionLost, type IrsEmulator } from "./emulator.ts";

export async function serveEmulator(
  emulator: Pick<IrsEmulator, "handle">,
  port = 0,
  host = "127.0.0.1",
): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const url = `http://${req.headers.host ?? `${host}:${String(port)}`}${req.url ?? "/"}`;
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(url, {
      method: req.method ?? "GET",
      headers,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}),
    } as RequestInit);
    emulator.handle(request).then(
      async (response) => {
        const body = Buffer.from(await response.arrayBuffer());
        res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
        res.end(body);
      },
      (e: unknown) => {
        if (e instanceof EmulatedConnectionLost) {
          req.socket.destroy();
          return;
        }
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "internal_error" }));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(port, host, () => resolve()));
  const address = server.address() as AddressInfo;
  return {
    server,
    url: `http://${host}:${String(address.port)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
