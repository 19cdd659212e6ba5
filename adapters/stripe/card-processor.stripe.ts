// Stripe as the card processor of the production environment (D16); the only file that imports `stripe`.
// - attach: a Stripe customer per account (created on first use, idempotency key from the account id so a
//   retried first attach finds the same customer); a `tok_…` becomes a PaymentMethod, a `pm_…` is used as is;
//   the PaymentMethod is attached to the customer and its id is what charges name.
// - charge: a PaymentIntent created and confirmed off-session in one request, under the caller's idempotency
//   key (the SDK's own retries resend the same key, so a lost reply never charges twice).
// - refund: a Stripe refund of the PaymentIntent; refunding twice is refunding once.
// - charges: the succeeded, unrefunded PaymentIntents this service made (they carry its account and idempotency key
//   in their metadata) created in a window, every page of Stripe's list, for reconciliation.
// Declines are CardDeclined carrying Stripe's decline code; Stripe unreachable, 5xx or rate limited (after the
// SDK's retries) is ServiceUnavailable. Stripe's test tokens (`tok_visa`, `tok_chargeDeclined`, ...) work.
import { createHash } from "node:crypto";
import type Stripe from "stripe";
import * as Effect from "effect/Effect";
import * as Redacted from "effect/Redacted";
import { CardDeclined, InvalidRequest, ServiceUnavailable } from "../../core/domain/shared/errors.ts";
import { CardProcessor, type ProcessorCharge } from "../../core/ports/card-processor.port.ts";

export interface StripeCardOptions {
  readonly secretKey: Redacted.Redacted<string>;
  /** Where the API is (STRIPE_API_BASE), for example a local fake: `http://127.0.0.1:12111`. Default Stripe's. */
  readonly apiBase?: string | undefined;
  /** The SDK's retries of connection errors, 409 and 5xx, with backoff. Default 2. */
  readonly maxNetworkRetries?: number;
  /** Per request. Default 30 s: a charge runs inside the pay transaction. */
  readonly timeoutMs?: number;
  /** Operator-facing lines (never a key or a card): wrong credentials, unexpected replies. */
  readonly log?: (line: string) => void;
}

export const DEFAULT_STRIPE_API_BASE = "https://api.stripe.com";

/** The SDK's host, port and protocol from an API base URL; refuses anything else with one clear line. */
export function stripeEndpoint(apiBase: string): { host: string; port: number; protocol: "http" | "https" } {
  let url: URL;
  try {
    url = new URL(apiBase);
  } catch {
    throw new Error(`STRIPE_API_BASE is not a URL: ${apiBase}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new Error(`STRIPE_API_BASE must be an http or https URL: ${apiBase}`);
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.username)
    throw new Error(
      `STRIPE_API_BASE must be a bare origin such as ${DEFAULT_STRIPE_API_BASE} (the SDK adds /v1/): ${apiBase}`,
    );
  const protocol = url.protocol === "https:" ? "https" : "http";
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === "https" ? 443 : 80,
    protocol,
  };
}

/** How many refunded replays a charge steps past before it takes the last answer as it is. */
const MAX_REFUNDED_REPLAYS = 20;

const isRefunded = (pi: Stripe.PaymentIntent) =>
  typeof pi.latest_charge === "object" && (pi.latest_charge?.amount_refunded ?? 0) > 0;

const UNAVAILABLE = "The card processor is unavailable; nothing was charged. Retry later.";

// The SDK takes about half a second to load: only a process that charges a production card loads it.
let sdk: typeof Stripe | undefined;
const loadSdk = async () => (sdk ??= (await import("stripe")).default);

export function makeStripeCardProcessor(options: StripeCardOptions): CardProcessor["Service"] {
  const endpoint = stripeEndpoint(options.apiBase ?? DEFAULT_STRIPE_API_BASE);
  let client: Promise<Stripe> | undefined;
  const stripe = () =>
    (client ??= loadSdk().then(
      (Sdk) =>
        new Sdk(Redacted.value(options.secretKey), {
          ...endpoint,
          maxNetworkRetries: options.maxNetworkRetries ?? 2,
          timeout: options.timeoutMs ?? 30_000,
          telemetry: false,
          appInfo: { name: "info-return-filing" },
        }),
    ));
  const log = options.log ?? (() => {});

  /** Stripe's failures as the port's; a failure that can only be this service's bug stays a defect. */
  const classify = <E>(
    e: unknown,
    onCard: (e: Stripe.errors.StripeError) => E,
    onInvalid: (e: Stripe.errors.StripeError) => E,
  ): Effect.Effect<never, E | ServiceUnavailable> => {
    if (!sdk || !(e instanceof sdk.errors.StripeError)) return Effect.die(e);
    switch (e.type) {
      case "StripeCardError":
        return Effect.fail(onCard(e));
      case "StripeInvalidRequestError":
        return Effect.fail(onInvalid(e));
      case "StripeConnectionError":
      case "StripeAPIError":
      case "StripeRateLimitError":
        log(`stripe: ${e.type} ${e.statusCode ?? ""} ${e.requestId ?? ""}: ${e.message}`);
        return Effect.fail(new ServiceUnavailable({ message: UNAVAILABLE, retryAfterSeconds: 5 }));
      case "StripeAuthenticationError":
      case "StripePermissionError":
        log(
          `stripe: ${e.type} ${e.statusCode ?? ""}: Stripe refused the secret key; check STRIPE_SECRET_KEY`,
        );
        return Effect.fail(new ServiceUnavailable({ message: UNAVAILABLE, retryAfterSeconds: 60 }));
      default:
        return Effect.die(new Error(`stripe: ${e.type} ${e.statusCode ?? ""}: ${e.message}`));
    }
  };

  const call = <A, E>(
    f: (stripe: Stripe) => Promise<A>,
    onCard: (e: Stripe.errors.StripeError) => E,
    onInvalid: (e: Stripe.errors.StripeError) => E,
  ) =>
    Effect.tryPromise({ try: async () => f(await stripe()), catch: (e) => e }).pipe(
      Effect.catch((e) => classify(e, onCard, onInvalid)),
    );

  const declineCode = (e: Stripe.errors.StripeError) => e.decline_code ?? e.code ?? "declined";
  const attachDeclined = (e: Stripe.errors.StripeError): CardDeclined | InvalidRequest =>
    new CardDeclined({
      message: `The card was declined (${declineCode(e)}): ${e.message} It was not saved.`,
    });
  const badToken = (e: Stripe.errors.StripeError): CardDeclined | InvalidRequest =>
    new InvalidRequest({ param: "token", message: `Stripe refused the card token: ${e.message}` });

  const newCustomer = (accountId: string, idempotencyKey: string) =>
    call(
      (stripe) =>
        stripe.customers.create(
          { description: `Account ${accountId}`, metadata: { account: accountId } },
          { idempotencyKey },
        ),
      attachDeclined,
      badToken,
    ).pipe(Effect.map((c) => c.id));

  return CardProcessor.of({
    attach: ({ scope, token, customer }) =>
      Effect.gen(function* () {
        if (!/^(tok|pm)_[A-Za-z0-9_]{1,195}$/.test(token)) {
          return yield* new InvalidRequest({
            param: "token",
            message:
              "Expected a Stripe card token (tok_…) or PaymentMethod id (pm_…) made by Stripe.js or Elements.",
          });
        }
        let owner = customer ?? (yield* newCustomer(scope.accountId, `customer:${scope.accountId}`));
        const pmId = token.startsWith("pm_")
          ? token
          : (yield* call(
              (stripe) => stripe.paymentMethods.create({ type: "card", card: { token } }),
              attachDeclined,
              badToken,
            )).id;
        const attach = (cus: string) =>
          call(
            (stripe) => stripe.paymentMethods.attach(pmId, { customer: cus }),
            attachDeclined,
            (e) =>
              e.code === "resource_missing" && e.param === "customer"
                ? new InvalidRequest({ param: "customer", message: e.message })
                : badToken(e),
          );
        let pm = yield* attach(owner).pipe(
          Effect.catchIf(
            (e): e is InvalidRequest => e._tag === "InvalidRequest" && e.param === "customer",
            // The stored customer was deleted at Stripe: the account gets a new one.
            () =>
              Effect.gen(function* () {
                owner = yield* newCustomer(scope.accountId, `customer:${scope.accountId}:after:${owner}`);
                return yield* attach(owner);
              }),
          ),
        );
        if (!pm.card)
          return yield* new InvalidRequest({
            param: "token",
            message: `The token is a ${pm.type} payment method, not a card.`,
          });
        return { card: { token: pm.id, brand: pm.card.brand, last4: pm.card.last4 }, customer: owner };
      }),

    charge: ({ scope, card, customer, amountCents, idempotencyKey, description }) =>
      Effect.gen(function* () {
        if (!customer || !card.token.startsWith("pm_")) {
          return yield* new CardDeclined({
            message:
              "The card on file is not saved with the card processor; add it again with PUT /v1/payment-method. Nothing was charged.",
          });
        }
        const create = (sent: string) =>
          call(
            (stripe) =>
              stripe.paymentIntents.create(
                {
                  amount: amountCents,
                  currency: "usd",
                  customer,
                  payment_method: card.token,
                  allowed_payment_method_types: ["card"],
                  confirm: true,
                  off_session: true,
                  description,
                  metadata: { account: scope.accountId, idempotency_key: idempotencyKey },
                },
                { idempotencyKey: sent },
              ),
            (e) =>
              new CardDeclined({
                message: `The card on file was declined (${declineCode(e)}): ${e.message} Nothing was charged or filed.`,
              }),
            (e) =>
              new CardDeclined({
                message:
                  e.code === "amount_too_small"
                    ? `Stripe cannot charge ${amountCents} cents to a card (its minimum is 50 cents); add to the prepaid balance and pay again. Nothing was charged.`
                    : `Stripe refused the charge (${e.code ?? "invalid_request"}): ${e.message} Add the card again with PUT /v1/payment-method. Nothing was charged.`,
              }),
          );
        // Stripe checks that a key comes back with the same parameters: the key sent is the caller's with a digest
        // of this charge, so the same charge replays and a different one (another amount, another card) is a
        // new charge rather than a 400. A replayed charge that was refunded since (a reconciliation returned
        // it) is not one to record: the next attempt key makes a new charge. The caller's own key is in the
        // metadata, where reconciliation reads it.
        const digest = createHash("sha256")
          .update(JSON.stringify([amountCents, customer, card.token, description]))
          .digest("hex")
          .slice(0, 16);
        let intent: Stripe.Response<Stripe.PaymentIntent>;
        for (let attempt = 0; ; attempt++) {
          const sent = `${idempotencyKey}:${digest}${attempt === 0 ? "" : `:r${String(attempt)}`}`;
          intent = yield* create(sent);
          if (
            intent.lastResponse.headers["idempotent-replayed"] !== "true" ||
            attempt >= MAX_REFUNDED_REPLAYS
          )
            break;
          const id = intent.id;
          const unreadable = (e: Stripe.errors.StripeError) =>
            new ServiceUnavailable({
              message: `Stripe could not read back payment ${id} (${e.code ?? e.type}): ${e.message}`,
              retryAfterSeconds: 5,
            });
          const now = yield* call(
            (stripe) => stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] }),
            unreadable,
            unreadable,
          );
          if (!isRefunded(now)) break;
        }
        if (intent.status !== "succeeded") {
          log(`stripe: payment ${intent.id} ended ${intent.status}`);
          return yield* new CardDeclined({
            message: `The card payment did not complete (${intent.status}); nothing was filed.`,
          });
        }
        return { chargeId: intent.id };
      }),

    charges: ({ createdFrom, createdBefore }) => {
      const failed = (e: Stripe.errors.StripeError) =>
        new ServiceUnavailable({
          message: `Stripe could not list payments (${e.code ?? e.type}): ${e.message}`,
        });
      const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
      return call(
        async (stripe) => {
          const out: ProcessorCharge[] = [];
          const list = stripe.paymentIntents.list({
            created: { gte: seconds(createdFrom), lt: seconds(createdBefore) },
            limit: 100,
            expand: ["data.latest_charge"],
          });
          for await (const pi of list) {
            const refunded = isRefunded(pi);
            const account = pi.metadata["account"];
            const key = pi.metadata["idempotency_key"];
            if (pi.status !== "succeeded" || refunded || !account || !key) continue;
            out.push({
              chargeId: pi.id,
              accountId: account,
              idempotencyKey: key,
              amountCents: pi.amount_received,
              createdAt: new Date(pi.created * 1000).toISOString(),
            });
          }
          return out;
        },
        failed,
        failed,
      );
    },

    refund: ({ chargeId }) => {
      const failed = (e: Stripe.errors.StripeError) =>
        new ServiceUnavailable({
          message: `Stripe could not refund ${chargeId} (${e.code ?? e.type}): ${e.message}`,
        });
      return Effect.tryPromise({
        try: async () =>
          (await stripe()).refunds.create(
            { payment_intent: chargeId },
            { idempotencyKey: `refund:${chargeId}` },
          ),
        catch: (e) => e,
      }).pipe(
        Effect.asVoid,
        Effect.catch((e) =>
          sdk && e instanceof sdk.errors.StripeError && e.code === "charge_already_refunded"
            ? Effect.void
            : classify(e, failed, failed),
        ),
        Effect.tapError((e) => Effect.sync(() => log(`stripe: refund of ${chargeId} failed: ${e.message}`))),
      );
    },
  });
}
