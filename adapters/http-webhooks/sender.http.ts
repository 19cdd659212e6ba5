// Webhook delivery over Node's http/https: keep-alive agents (throughput to one receiver), one overall timeout,
// no redirects, the response body drained up to 64 KB and discarded. D29: private targets are refused by a
// custom DNS lookup on the agent, so the address that was checked is the address the socket connects to.
import * as dns from "node:dns";
import * as http from "node:http";
import * as https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import { DELIVERY_TIMEOUT_MS, type SendResult } from "../../core/domain/webhooks/events.ts";
import { isPrivateAddress } from "../../core/domain/webhooks/url.ts";
import { WebhookSender, type WebhookRequest } from "../../core/ports/webhook-sender.port.ts";

export const MAX_RESPONSE_BYTES = 64 * 1024;
export const DEFAULT_USER_AGENT = "info-return-filing-webhooks/1";

export interface HttpWebhookSenderOptions {
  /** Deliver to private, loopback and link-local targets too (local development and tests only). */
  readonly allowPrivate: boolean;
  /**
   * D29 accepts http://localhost endpoints in sandbox: with this set, sandbox deliveries may reach loopback
   * addresses (never other private ones). Leave it off where the sandbox is shared: there, a user's
   * "localhost" is the service's own machine.
   */
  readonly allowLoopbackInSandbox?: boolean;
  /** Used when a request carries no positive `timeoutMs`. Default 15 s (D27). */
  readonly timeoutMs?: number;
  readonly userAgent?: string;
  /** Concurrent connections per receiver (host and port). Default 128. */
  readonly maxSocketsPerHost?: number;
  /** Name resolution, `dns.lookup` by default; tests substitute their own. */
  readonly lookup?: LookupFunction;
}

export type HttpWebhookSender = WebhookSender["Service"] & {
  /** Closes the pooled connections. */
  readonly close: () => void;
};

type Policy = "open" | "public" | "public_or_loopback";

const LOOPBACK = (ip: string) =>
  ip.startsWith("127.") || ip === "::1" || ip.toLowerCase().startsWith("::ffff:127.");

class BlockedTarget extends Error {
  readonly code = "ERR_WEBHOOK_PRIVATE_TARGET";
}

function blocked(policy: Policy, ip: string): boolean {
  if (policy === "open" || !isPrivateAddress(ip)) return false;
  return !(policy === "public_or_loopback" && LOOPBACK(ip));
}

/** Resolves every address of the name and refuses the lot when any one is blocked (no partial trust). */
function guardedLookup(base: LookupFunction, policy: Policy): LookupFunction {
  return (hostname, options, callback) => {
    base(hostname, { ...options, all: true }, (err, result) => {
      if (err) return callback(err, "");
      const addresses = typeof result === "string" ? [{ address: result, family: isIP(result) }] : result;
      const bad = addresses.find((a) => blocked(policy, a.address));
      if (bad)
        return callback(
          new BlockedTarget(`refused: ${hostname} resolves to a private address (${bad.address})`),
          "",
        );
      const first = addresses[0];
      if (first === undefined)
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "");
      if (options.all) return callback(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}

function describe(e: unknown, timeoutMs: number, timedOut: boolean): string {
  if (timedOut) return `timeout: no response within ${timeoutMs} ms`;
  if (e instanceof BlockedTarget) return e.message;
  const err = e as NodeJS.ErrnoException;
  switch (err.code) {
    case "ECONNREFUSED":
      return `connection refused (${err.message})`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `host not found (${err.code})`;
    case "ECONNRESET":
      return "connection reset by the receiver";
    default:
      return err.message ? `request failed: ${err.message}` : "request failed";
  }
}

export function makeHttpWebhookSender(options: HttpWebhookSenderOptions): HttpWebhookSender {
  const defaultTimeout = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const maxSockets = options.maxSocketsPerHost ?? 128;
  const baseLookup: LookupFunction = options.lookup ?? (dns.lookup as LookupFunction);
  // One pair of agents per policy: a pooled socket is only ever reused under the policy that checked it.
  const agents = new Map<Policy, { http: http.Agent; https: https.Agent }>();
  const agentsFor = (policy: Policy) => {
    let pair = agents.get(policy);
    if (pair === undefined) {
      const lookup = policy === "open" ? baseLookup : guardedLookup(baseLookup, policy);
      const common = {
        keepAlive: true,
        maxSockets,
        maxFreeSockets: maxSockets,
        scheduling: "lifo" as const,
        timeout: 30_000,
        lookup,
      };
      pair = { http: new http.Agent(common), https: new https.Agent(common) };
      agents.set(policy, pair);
    }
    return pair;
  };
  const policyFor = (livemode: boolean): Policy => {
    if (options.allowPrivate) return "open";
    return !livemode && options.allowLoopbackInSandbox === true ? "public_or_loopback" : "public";
  };

  const send = (request: WebhookRequest) =>
    Effect.callback<SendResult>((resume) => {
      const timeoutMs = request.timeoutMs > 0 ? request.timeoutMs : defaultTimeout;
      const refuse = (error: string) => resume(Effect.succeed({ status: 0, retryAfter: null, error }));
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        return refuse("invalid url");
      }
      if (url.protocol !== "https:" && url.protocol !== "http:")
        return refuse(`unsupported scheme ${url.protocol}`);
      // Refused at creation since; one stored before: node:http takes port 0 for "the default port".
      if (url.port === "0") return refuse("invalid port 0");
      const policy = policyFor(request.livemode);
      const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
      // An IP literal is connected to without a lookup, so it is checked here.
      if (isIP(host) !== 0 && blocked(policy, host)) return refuse(`refused: ${host} is a private address`);

      let done = false;
      let status = 0;
      let retryAfter: string | null = null;
      let timedOut = false;
      let req: http.ClientRequest | undefined;
      const finish = (error: string | null) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resume(
          Effect.succeed(
            status === 0
              ? { status: 0, retryAfter: null, error: error ?? "no response" }
              : { status, retryAfter, error: null },
          ),
        );
      };
      const timer = setTimeout(() => {
        timedOut = true;
        finish(describe(undefined, timeoutMs, true));
        req?.destroy();
      }, timeoutMs);

      try {
        const pair = agentsFor(policy);
        const isHttps = url.protocol === "https:";
        const body = Buffer.from(request.body, "utf8");
        req = (isHttps ? https : http).request({
          method: "POST",
          protocol: url.protocol,
          hostname: host,
          port: url.port === "" ? undefined : Number(url.port),
          path: `${url.pathname}${url.search}`,
          agent: isHttps ? pair.https : pair.http,
          headers: {
            "User-Agent": userAgent,
            ...request.headers,
            "Content-Type": "application/json",
            "Content-Length": String(body.length),
          },
        });
        req.on("response", (res) => {
          status = res.statusCode ?? 0;
          const ra = res.headers["retry-after"];
          retryAfter = typeof ra === "string" ? ra : null;
          let read = 0;
          res.on("data", (chunk: Buffer) => {
            read += chunk.length;
            // Enough has been read; the rest is not waited for (the connection is dropped instead of reused).
            if (read > MAX_RESPONSE_BYTES) {
              finish(null);
              res.destroy();
            }
          });
          res.on("end", () => finish(null));
          res.on("error", () => finish(null));
          res.on("close", () => finish(null));
        });
        req.on("error", (e) => finish(describe(e, timeoutMs, timedOut)));
        req.end(body);
      } catch (e) {
        // Synchronous refusals by Node, e.g. a header value with a line break.
        finish(describe(e, timeoutMs, false));
        req?.destroy();
      }
      return Effect.sync(() => {
        done = true;
        clearTimeout(timer);
        req?.destroy();
      });
    });

  return {
    send,
    sandboxLoopback: options.allowPrivate || options.allowLoopbackInSandbox === true,
    privateTargets: options.allowPrivate === true,
    close: () => {
      for (const pair of agents.values()) {
        pair.http.destroy();
        pair.https.destroy();
      }
      agents.clear();
    },
  };
}

/** The sender as a Layer; its pooled connections are closed when the layer's scope closes. */
export const layer = (options: HttpWebhookSenderOptions) =>
  Layer.effect(
    WebhookSender,
    Effect.acquireRelease(
      Effect.sync(() => makeHttpWebhookSender(options)),
      (s) => Effect.sync(() => s.close()),
    ),
  );
