// The prepaid balance (SPEC "Balance", D15, D16): read it and its ledger, top it up from the card, set
// auto-replenish and the card on file.
import * as Effect from "effect/Effect";
import { ledgerRows } from "../shared.ts";
import { InvalidRequest } from "../../domain/shared/errors.ts";
import type { PageQuery } from "../../domain/shared/paging.ts";
import { compileBody } from "../../domain/shared/validation.ts";
import { CardProcessor } from "../../ports/card-processor.port.ts";
import { Clock } from "../../ports/clock.port.ts";
import { IdempotentOperation } from "../../ports/idempotency.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { Store, type LedgerEntryRow, type Scope } from "../../ports/store.port.ts";
import { balanceView, paymentMethodView, topupView } from "../../domain/ledger/views.ts";
import { Repos, withTransaction } from "../../ports/unit-of-work.port.ts";
export { balanceView, entryView } from "../../domain/ledger/views.ts";

/**
 * The balance with its ten latest entries; `recent: false` (a payer-scoped grant, for which the ledger is
 * account-wide, as GET /v1/balance/entries is) answers them as an empty list.
 */
export const getBalance = Effect.fnUntraced(function* (
  scope: Scope,
  options: { recent: boolean } = { recent: true },
) {
  const repos = (yield* Store).scoped(scope);
  const b = yield* repos.balance.get();
  if (!options.recent) return balanceView(b, []);
  const recent = yield* repos.balance.entries({ limit: 10, startingAfter: null });
  return balanceView(b, recent.data);
});

export const listEntries = Effect.fnUntraced(function* (scope: Scope, page: PageQuery) {
  return yield* (yield* Store).scoped(scope).balance.entries(page);
});

export const topUpBody = compileBody<{ amount_cents: number }>({
  type: "object",
  additionalProperties: false,
  required: ["amount_cents"],
  properties: { amount_cents: { type: "integer", minimum: 1, maximum: 100_000_000 } },
});

type TopupView = ReturnType<typeof topupView>;

/**
 * Charges the card on file and records a `topup` entry; a decline is 402 and nothing is recorded. Under an
 * idempotent operation (a request with an Idempotency-Key, issue 38) the top-up's id and the charge's idempotency
 * key are the operation's, and its result is recorded with the entry: a retry after a crash at any step finds the
 * recorded top-up, or has the processor replay the charge it made, and never charges twice.
 */
export const topUp = Effect.fn("topUp")(function* (scope: Scope, body: unknown) {
  const c = topUpBody(body);
  if (!c.ok) return yield* c.error;
  const amount = c.value.amount_cents;
  const processor = yield* CardProcessor;
  const ids = yield* Ids;
  const operation = yield* IdempotentOperation;
  const now = (yield* Clock).now().toISOString();
  const charged: string[] = [];
  return yield* withTransaction(
    Effect.gen(function* () {
      const tx = yield* Repos(scope);
      const balance = yield* tx.balance.lock();
      if (operation !== undefined) {
        const done = yield* tx.operations.result(operation, "topup");
        if (done !== undefined) return done as TopupView;
      }
      if (!balance.card)
        return yield* new InvalidRequest({
          param: "amount_cents",
          message: "No card on file: add one first.",
          see: { op: "set_payment_method" },
        });
      const topupId = operation !== undefined ? `top_${operation}` : ids.short("top_");
      const { chargeId } = yield* processor.charge({
        scope,
        card: balance.card,
        customer: balance.cardCustomer,
        amountCents: amount,
        idempotencyKey: topupId,
        description: "Prepaid balance top-up",
      });
      charged.push(chargeId);
      const next = ledgerRows(
        balance,
        [
          {
            kind: "topup",
            amount_cents: amount,
            reference: chargeId,
            description: "Top-up from the card on file",
          },
        ],
        () => ids.short("", 10),
        now,
      );
      if (!next.ok) return yield* new InvalidRequest({ param: "amount_cents", message: next.message });
      const row = next.rows[0] as LedgerEntryRow;
      yield* tx.balance.append(next.rows);
      const view: TopupView = topupView(topupId, amount, chargeId, row);
      if (operation !== undefined) yield* tx.operations.record(operation, "topup", view, now);
      return view;
    }),
  ).pipe(
    Effect.tapCause(() =>
      Effect.forEach(charged, (chargeId) => Effect.ignore(processor.refund({ scope, chargeId })), {
        discard: true,
      }),
    ),
  );
});

export const autoBody = compileBody<{
  auto_replenish: { enabled?: boolean; threshold_cents?: number; topup_cents?: number };
}>({
  type: "object",
  additionalProperties: false,
  required: ["auto_replenish"],
  properties: {
    auto_replenish: {
      type: "object",
      additionalProperties: false,
      properties: {
        enabled: { type: "boolean" },
        threshold_cents: { type: "integer", minimum: 0, maximum: 100_000_000 },
        topup_cents: { type: "integer", minimum: 1, maximum: 100_000_000 },
      },
    },
  },
});

export const setAutoReplenish = Effect.fn("setAutoReplenish")(function* (scope: Scope, body: unknown) {
  const c = autoBody(body);
  if (!c.ok) return yield* c.error;
  const repos = (yield* Store).scoped(scope);
  const current = yield* repos.balance.get();
  const next = { ...current.autoReplenish, ...c.value.auto_replenish };
  if (next.enabled && next.topup_cents <= 0)
    return yield* new InvalidRequest({
      param: "auto_replenish.topup_cents",
      message: "topup_cents must be at least 1 when auto-replenish is enabled.",
    });
  if (next.enabled && !current.card)
    return yield* new InvalidRequest({
      param: "auto_replenish.enabled",
      message: "Auto-replenish needs a card on file: add one first.",
      see: { op: "set_payment_method" },
    });
  yield* repos.balance.update({ autoReplenish: next });
  return yield* getBalance(scope);
});

export const cardBody = compileBody<{ token: string }>({
  type: "object",
  additionalProperties: false,
  required: ["token"],
  properties: { token: { type: "string", minLength: 1, maxLength: 200 } },
});

/** Saves the card under the account's customer at the processor (made on first use, then kept). */
export const setPaymentMethod = Effect.fn("setPaymentMethod")(function* (scope: Scope, body: unknown) {
  const c = cardBody(body);
  if (!c.ok) return yield* c.error;
  const repos = (yield* Store).scoped(scope);
  const current = yield* repos.balance.get();
  const { card, customer } = yield* (yield* CardProcessor).attach({
    scope,
    token: c.value.token,
    customer: current.cardCustomer,
  });
  yield* repos.balance.update({ card, cardCustomer: customer ?? current.cardCustomer });
  return paymentMethodView(card);
});
