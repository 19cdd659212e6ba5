// Shared by the Lob adapter tests: a letter request, a webhook receiver that keeps what arrives byte for byte, a
// stub Lob that answers one status, and the typed failure of an effect.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import type { LetterRequest, MailAddress } from "../../../core/ports/mail-house.port.ts";

export const API_KEY = "test_0dc8d51e0acffcb1880e0f19c79b2f5b0cc";
export const WEBHOOK_SECRET = "lob-webhook-secret-for-tests";

/** A minimal PDF: the emulator checks the magic, not the pages. */
export const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

export const SERVICE: MailAddress = {
  name: "Filing Service Returns",
  addressLine1: "1 Return Way",
  addressLine2: null,
  city: "Austin",
  state: "TX",
  postalCode: "78701",
  country: "US",
};

let letters = 0;
export function letter(over: Partial<MailAddress> = {}, key?: string): LetterRequest {
  const n = ++letters;
  return {
    scope: { accountId: "acct_lob_test", livemode: true },
    idempotencyKey: key ?? `stmt_fil_${String(n)}_v1_mail_a1`,
    to: {
      name: "Jordan Recipient",
      addressLine1: "185 Berry St",
      addressLine2: "Ste 6100",
      city: "San Francisco",
      state: "CA",
      postalCode: "94107",
      country: "US",
      ...over,
    },
    from: SERVICE,
    pdf: PDF,
    metadata: { filing: `fil_${String(n)}`, version: "1" },
  };
}

export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** An HTTP endpoint that answers 200 and keeps every request; `waitFor(n)` resolves once n have come. */
export async function startReceiver(): Promise<{
  url: string;
  received: Received[];
  waitFor: (n: number) => Promise<void>;
  close: () => Promise<void>;
}> {
  const received: Received[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      for (const w of waiters.filter((w) => received.length >= w.n)) w.resolve();
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  return {
    ...(await listen(server)),
    received,
    waitFor: (n) =>
      received.length >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve })),
  };
}

/** A stand-in for Lob that answers every request with this status, body and headers. */
export async function startStub(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    req.resume();
    req.on("end", () =>
      res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body)),
    );
  });
  return { ...(await listen(server)), hits: () => hits };
}

async function listen(server: Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The typed failure of an effect, or a test failure when it succeeded or died. */
export async function failure<A, E>(e: Effect.Effect<A, E>): Promise<E> {
  const exit = await Effect.runPromiseExit(e);
  if (Exit.isSuccess(exit)) throw new Error(`expected a failure, got ${JSON.stringify(exit.value)}`);
  const reason = exit.cause.reasons.find((r) => r._tag === "Fail");
  if (!reason || reason._tag !== "Fail")
    throw new Error(`expected a typed failure, got ${String(exit.cause)}`);
  return reason.error;
}
