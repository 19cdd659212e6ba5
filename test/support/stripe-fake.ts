// A local fake of the few Stripe endpoints the card processor uses, speaking Stripe's wire format: form-encoded
// request bodies (`card[token]=…`), Bearer secret key, `Idempotency-Key` replay (same key and parameters: the
// first answer again, with `Idempotent-Replayed: true`; other parameters: 400 idempotency_error), and Stripe's
// error bodies `{ error: { type, code, decline_code, message, param } }`. PaymentIntents are listed as Stripe lists
// them (GET with query parameters, newest first, `created` filters, `starting_after` pages, the charge expanded),
// and read one by one (GET /v1/payment_intents/:id, its charge expanded on request).
// Test cards, as Stripe documents them: tok_visa / pm_card_visa (4242) succeed; tok_chargeDeclined (0002) and
// tok_chargeDeclinedInsufficientFunds (9995) are declined when attached; tok_chargeCustomerFail (0341)
// attaches and is declined when charged. Fault switches: answer the next N requests 500, or do the next
// request and then drop its reply (the client sees a reset connection).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";

interface TestCard {
  brand: string;
  last4: string;
  attach?: string;
  charge?: string;
}
const CARDS: Record<string, TestCard> = {
  visa: { brand: "visa", last4: "4242" },
  mastercard: { brand: "mastercard", last4: "4444" },
  chargeDeclined: { brand: "visa", last4: "0002", attach: "generic_decline" },
  chargeDeclinedInsufficientFunds: { brand: "visa", last4: "9995", attach: "insufficient_funds" },
  chargeCustomerFail: { brand: "visa", last4: "0341", charge: "generic_decline" },
};

export interface FakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  replayed: boolean;
}
export interface FakeIntent {
  id: string;
  amount: number;
  customer: string;
  payment_method: string;
  status: string;
  refunded: boolean;
  metadata: Record<string, string>;
  /** Unix seconds, as Stripe's `created`. */
  created: number;
}

export interface StripeFake {
  readonly base: string;
  readonly secretKey: string;
  readonly requests: FakeRequest[];
  readonly customers: Map<string, Record<string, string>>;
  readonly paymentMethods: Map<string, { card: TestCard; customer: string | null }>;
  readonly intents: Map<string, FakeIntent>;
  readonly refunds: Map<string, { payment_intent: string; amount: number }>;
  /** Answers the next `n` requests 500 api_error (doing nothing). */
  failNext: (n: number) => void;
  /** Does the next request, then resets the connection instead of answering. */
  dropNextReply: () => void;
  close: () => Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;

class StripeError {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {}
}
const invalid = (message: string, param?: string, code?: string) =>
  new StripeError(400, {
    type: "invalid_request_error",
    message,
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });
const missing = (what: string, value: string, param: string) =>
  invalid(`No such ${what}: '${value}'`, param, "resource_missing");
const declined = (declineCode: string, extra: Record<string, unknown> = {}) =>
  new StripeError(402, {
    type: "card_error",
    code: "card_declined",
    decline_code: declineCode,
    message:
      declineCode === "insufficient_funds" ? "Your card has insufficient funds." : "Your card was declined.",
    ...extra,
  });

export async function startStripeFake(secretKey = "sk_test_" + "F".repeat(24)): Promise<StripeFake> {
  const requests: FakeRequest[] = [];
  const customers = new Map<string, Record<string, string>>();
  const paymentMethods = new Map<string, { card: TestCard; customer: string | null }>();
  const intents = new Map<string, FakeIntent>();
  const refunds = new Map<string, { payment_intent: string; amount: number }>();
  const saved = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  let failing = 0;
  let drop = false;

  const pmView = (pmId: string) => {
    const pm = paymentMethods.get(pmId)!;
    return {
      id: pmId,
      object: "payment_method",
      type: "card",
      customer: pm.customer,
      card: { brand: pm.card.brand, last4: pm.card.last4, exp_month: 12, exp_year: 2034, funding: "credit" },
      livemode: false,
    };
  };
  const intentView = (pi: FakeIntent) => ({
    id: pi.id,
    object: "payment_intent",
    amount: pi.amount,
    amount_received: pi.status === "succeeded" ? pi.amount : 0,
    currency: "usd",
    customer: pi.customer,
    payment_method: pi.payment_method,
    status: pi.status,
    latest_charge: pi.status === "succeeded" ? pi.id.replace("pi_", "ch_") : null,
    metadata: pi.metadata,
    created: pi.created,
    livemode: false,
  });
  /** A `pm_card_<name>` test id makes a new PaymentMethod of that test card, as Stripe does. */
  const resolvePm = (pmId: string, param: string): string => {
    const test = /^pm_card_(\w+)$/.exec(pmId);
    if (test) {
      const card = CARDS[test[1] as string];
      if (!card) throw missing("PaymentMethod", pmId, param);
      const fresh = id("pm");
      paymentMethods.set(fresh, { card, customer: null });
      return fresh;
    }
    if (!paymentMethods.has(pmId)) throw missing("PaymentMethod", pmId, param);
    return pmId;
  };

  function handle(method: string, path: string, p: Record<string, string>): unknown {
    if (method === "POST" && path === "/v1/customers") {
      const cus = id("cus");
      customers.set(cus, p);
      return {
        id: cus,
        object: "customer",
        description: p["description"] ?? null,
        metadata: metadataOf(p),
        livemode: false,
      };
    }
    if (method === "POST" && path === "/v1/payment_methods") {
      if (p["type"] !== "card") throw invalid("Only type=card is supported here.", "type");
      const token = p["card[token]"] ?? "";
      const card = CARDS[/^tok_(\w+)$/.exec(token)?.[1] ?? ""];
      if (!card) throw missing("token", token, "card[token]");
      const pm = id("pm");
      paymentMethods.set(pm, { card, customer: null });
      return pmView(pm);
    }
    const attach = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path);
    if (method === "POST" && attach) {
      const pm = resolvePm(decodeURIComponent(attach[1] as string), "payment_method");
      const customer = p["customer"] ?? "";
      if (!customers.has(customer)) throw missing("customer", customer, "customer");
      const entry = paymentMethods.get(pm)!;
      if (entry.card.attach) throw declined(entry.card.attach);
      entry.customer = customer;
      return pmView(pm);
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const amount = Number(p["amount"]);
      if (!Number.isInteger(amount) || amount < 1) throw invalid("Invalid integer: " + p["amount"], "amount");
      if (p["currency"] !== "usd") throw invalid("Invalid currency.", "currency");
      if (amount < 50) throw invalid("Amount must be at least $0.50 usd", "amount", "amount_too_small");
      if (p["confirm"] !== "true" || p["off_session"] !== "true")
        throw invalid("This fake answers only confirmed off-session PaymentIntents.", "confirm");
      const customer = p["customer"] ?? "";
      if (!customers.has(customer)) throw missing("customer", customer, "customer");
      const pmId = p["payment_method"] ?? "";
      const pm = paymentMethods.get(pmId);
      if (!pm) throw missing("PaymentMethod", pmId, "payment_method");
      if (pm.customer !== customer)
        throw invalid("The provided PaymentMethod does not belong to the Customer.", "payment_method");
      const pi: FakeIntent = {
        id: id("pi"),
        amount,
        customer,
        payment_method: pmId,
        status: pm.card.charge ? "requires_payment_method" : "succeeded",
        refunded: false,
        metadata: metadataOf(p),
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(pi.id, pi);
      if (pm.card.charge) throw declined(pm.card.charge, { payment_intent: intentView(pi) });
      return intentView(pi);
    }
    if (method === "GET" && path === "/v1/payment_intents") {
      // Newest first, as Stripe lists; `created[gte]`/`created[lt]` filter, `starting_after` pages on.
      const limit = Number(p["limit"] ?? 10);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalid("Invalid limit.", "limit");
      const gte = p["created[gte]"] !== undefined ? Number(p["created[gte]"]) : -Infinity;
      const lt = p["created[lt]"] !== undefined ? Number(p["created[lt]"]) : Infinity;
      let all = [...intents.values()].reverse().filter((pi) => pi.created >= gte && pi.created < lt);
      const after = p["starting_after"];
      if (after !== undefined) {
        const at = all.findIndex((pi) => pi.id === after);
        if (at < 0) throw missing("payment_intent", after, "starting_after");
        all = all.slice(at + 1);
      }
      const expandCharge = Object.entries(p).some(
        ([k, v]) => k.startsWith("expand") && v === "data.latest_charge",
      );
      const data = all.slice(0, limit).map((pi) => {
        const view = intentView(pi);
        return expandCharge && view.latest_charge
          ? {
              ...view,
              latest_charge: {
                id: view.latest_charge,
                object: "charge",
                refunded: pi.refunded,
                amount_refunded: pi.refunded ? pi.amount : 0,
              },
            }
          : view;
      });
      return { object: "list", url: path, has_more: all.length > limit, data };
    }
    const one = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === "GET" && one) {
      const pi = intents.get(decodeURIComponent(one[1] as string));
      if (!pi) throw missing("payment_intent", one[1] as string, "intent");
      const view = intentView(pi);
      const expandCharge = Object.entries(p).some(
        ([k, v]) => k.startsWith("expand") && v === "latest_charge",
      );
      return expandCharge && view.latest_charge
        ? {
            ...view,
            latest_charge: {
              id: view.latest_charge,
              object: "charge",
              refunded: pi.refunded,
              amount_refunded: pi.refunded ? pi.amount : 0,
            },
          }
        : view;
    }
    if (method === "POST" && path === "/v1/refunds") {
      const piId = p["payment_intent"] ?? "";
      const pi = intents.get(piId);
      if (!pi || pi.status !== "succeeded") throw missing("payment_intent", piId, "payment_intent");
      if (pi.refunded)
        throw invalid(
          `Charge ${piId.replace("pi_", "ch_")} has already been refunded.`,
          undefined,
          "charge_already_refunded",
        );
      pi.refunded = true;
      const re = id("re");
      refunds.set(re, { payment_intent: piId, amount: pi.amount });
      return { id: re, object: "refund", amount: pi.amount, payment_intent: piId, status: "succeeded" };
    }
    throw new StripeError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const [path = "", query = ""] = (req.url ?? "").split("?");
      // A GET's parameters are its query string; a POST's its form-encoded body.
      const params = Object.fromEntries(
        new URLSearchParams(req.method === "GET" ? query : Buffer.concat(chunks).toString("utf8")),
      );
      const key = req.headers["idempotency-key"] as string | undefined;
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": id("req"), ...headers });
        res.end(JSON.stringify(body));
      };
      const record: FakeRequest = {
        method: req.method ?? "",
        path,
        params,
        idempotencyKey: key,
        replayed: false,
      };
      requests.push(record);
      if (req.headers["authorization"] !== `Bearer ${secretKey}`) {
        return send(401, {
          error: { type: "invalid_request_error", message: "Invalid API Key provided: sk_****" },
        });
      }
      if (failing > 0) {
        failing--;
        return send(500, { error: { type: "api_error", message: "An unknown error occurred." } });
      }
      const fingerprint = `${req.method} ${path} ${JSON.stringify(params)}`;
      const earlier = key ? saved.get(key) : undefined;
      let status: number;
      let body: unknown;
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          return send(400, {
            error: {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
        }
        record.replayed = true;
        ({ status, body } = earlier);
      } else {
        try {
          status = 200;
          body = handle(req.method ?? "", path, params);
        } catch (e) {
          if (!(e instanceof StripeError)) throw e;
          status = e.status;
          body = { error: e.body };
        }
        if (key) saved.set(key, { fingerprint, status, body });
      }
      if (drop) {
        drop = false;
        res.socket?.destroy();
        return;
      }
      send(status, body, record.replayed ? { "idempotent-replayed": "true" } : {});
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secretKey,
    requests,
    customers,
    paymentMethods,
    intents,
    refunds,
    failNext: (n) => {
      failing = n;
    },
    dropNextReply: () => {
      drop = true;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

function metadataOf(p: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(p).flatMap(([k, v]) => {
      const m = /^metadata\[(.+)\]$/.exec(k);
      return m ? [[m[1] as string, v]] : [];
    }),
  );
}
