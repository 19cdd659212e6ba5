// POST /v1/cart/pay (SPEC pay rules 1-5, D4, D14, D15, D17): validate every item before touching money; then,
// in one transaction holding the cart and balance rows, draw from the prepaid balance, charge the rest to the
// card, record the order, the ledger entries, the filings queued, the cart.paid event and the dispatch.
// Transmission starts only after commit. A card charge whose transaction does not commit is refunded.
import * as Effect from "effect/Effect";
import { priceCart } from "../../domain/cart/cart.ts";
import { cartPaymentView } from "../../domain/cart/views.ts";
import { paymentDrafts, planPayment } from "../../domain/ledger/index.ts";
import { ledgerRows } from "../shared.ts";
import { cartRuleProblems } from "../filing/irs-rules.ts";
import { payerMissingForFiling } from "../../domain/parties/payer.ts";
import { recipientMissingForFiling } from "../../domain/parties/recipient.ts";
import type { Principal } from "../../domain/parties/account.ts";
import {
  CartNotPayable,
  Conflict,
  Forbidden,
  InvalidRequest,
  PaymentRequired,
  RequestInProgress,
  ServiceUnavailable,
  type Problem,
} from "../../domain/shared/errors.ts";
import { IrsTransmitter } from "../../ports/irs-transmitter.port.ts";
import { compileBody } from "../../domain/shared/validation.ts";
import { SsaTransmitter } from "../../ports/ssa-transmitter.port.ts";
import { getFormDefinition } from "../../domain/forms/index.ts";
import { TinVault } from "../../ports/tin-vault.port.ts";
import { CardProcessor } from "../../ports/card-processor.port.ts";
import { Clock } from "../../ports/clock.port.ts";
import { IdempotentOperation } from "../../ports/idempotency.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { move } from "../../domain/filing/status.ts";
import { Pricing } from "../../ports/pricing.port.ts";
import { Jobs } from "../../ports/jobs.port.ts";
import { TRANSMIT_QUEUE } from "../lifecycle/queues.ts";
import { Store, type CartItem, type Order, type Scope, type ScopedStore } from "../../ports/store.port.ts";
import type { PayFiling, PayRecipient } from "../../domain/cart/cart.ts";
import type { Payer } from "../../domain/parties/payer.ts";
import type { Operation } from "../../domain/shared/operations.ts";
import { Repos, withTransaction } from "../../ports/unit-of-work.port.ts";

class AlreadyPaid {
  readonly _tag = "AlreadyPaid";
  constructor(readonly cartId: string) {}
}

/** Pay rule 2 and D5: why each item cannot be filed as it stands (empty when every item can). */
function cartProblems(
  items: readonly CartItem[],
  filings: ReadonlyMap<string, PayFiling>,
  payers: ReadonlyMap<string, Payer>,
  recipients: ReadonlyMap<string, PayRecipient>,
): Problem[] {
  const problems: Problem[] = [];
  for (const item of items) {
    const f = filings.get(item.filingId);
    const problem = (type: string, message: string, see?: Operation) =>
      problems.push({
        item: item.id,
        reference: f?.reference ?? null,
        type,
        message,
        ...(see ? { see } : {}),
      });
    if (!f) {
      problem("missing_form", `Filing ${item.filingId} no longer exists.`);
      continue;
    }
    if (!PAY.from.includes(f.status)) {
      problem("form_not_in_cart", `Filing ${f.id} is ${f.status}; remove it from the cart.`);
      continue;
    }
    const payer = payers.get(f.payerId);
    const missingPayer = payer ? payerMissingForFiling(payer) : ["payer"];
    if (missingPayer.length > 0)
      problem(
        "payer_incomplete",
        `Payer ${f.payerId} lacks ${missingPayer.join(", ")}; update the payer to complete it.`,
        { op: "update_payer", id: f.payerId },
      );
    const recipient = recipients.get(f.recipientId);
    const missingRecipient = recipient ? recipientMissingForFiling(recipient) : ["recipient"];
    if (missingRecipient.length > 0)
      problem(
        "recipient_incomplete",
        `Recipient ${f.recipientId} lacks ${missingRecipient.join(", ")}; update the recipient to complete it.`,
        { op: "update_recipient", id: f.recipientId },
      );
  }
  return problems;
}

const PAY = move("pay");
/** The body of POST /v1/cart/pay (optional): `strict` refuses forms with IRS warnings (issue 41). */
export const payBody = compileBody<{ strict?: boolean }>({
  type: "object",
  additionalProperties: false,
  properties: { strict: { type: "boolean" } },
});

/** The options of a pay request's body (none: an empty body). */
export function parsePayBody(body: unknown): PayOptions | InvalidRequest {
  if (body === undefined) return {};
  const c = payBody(body);
  return c.ok ? { strict: c.value.strict } : c.error;
}

export interface PayOptions {
  /**
   * Issue 41: refuse the cart while a form in it has warnings the IRS reports errors for (the IRS would accept it
   * with errors). Undefined: the account's default (`strictRules`).
   */
  readonly strict?: boolean | undefined;
}

/** Issue 41: a `cart_not_payable` problem for each form that has IRS warnings, when paying under strict. */
function warningProblems(items: readonly CartItem[], filings: ReadonlyMap<string, PayFiling>): Problem[] {
  return items.flatMap((item) => {
    const f = filings.get(item.filingId);
    if (!f || f.irsWarnings === 0) return [];
    return [
      {
        item: item.id,
        reference: f.reference,
        type: "irs_warnings",
        message: `Filing ${f.id} has ${f.irsWarnings} IRS warning(s) (Report Error rules: the IRS accepts it with errors); under strict it is not filed. See the filing's warnings, then correct it (void and file it again) or pay without strict.`,
        see: { op: "get_filing", id: f.id },
      },
    ];
  });
}

type PayItems = {
  readonly items: readonly CartItem[];
  readonly filings: ReadonlyMap<string, PayFiling>;
};

/**
 * Pay rules 1-2 inside the pay transaction: the cart is locked, then every item is checked (configuration, parties,
 * the IRS business rules, warnings under strict) before the payment method is touched.
 */
const checkCart = Effect.fn("payCart.check")(function* (
  tx: ScopedStore,
  scope: Scope,
  cartId: string,
  strict: boolean,
) {
  const irs = yield* IrsTransmitter;
  const ssa = yield* SsaTransmitter;
  const vault = yield* TinVault;
  // The cart is taken first: adds, removals and voids in flight finish before the items are read, and none
  // can start until this transaction ends, so what is checked and charged is exactly what is filed.
  const locked = yield* tx.carts.lockForPay(cartId);
  if (locked === "busy")
    return yield* new RequestInProgress({
      message:
        "A payment of this cart is already in progress; retry when it has finished to get its receipt.",
    });
  if (!locked || locked.status === "paid") return yield* Effect.fail(new AlreadyPaid(cartId));
  // Rule 2: every item is checked before the payment method is touched. What is read here is the items, their
  // filings' state and parties and their recipients' addresses, not the forms (see cartRuleProblems).
  const { items, filings, recipients } = yield* tx.carts.payItems(cartId);
  if (items.length === 0) return yield* Effect.fail(new AlreadyPaid(cartId));
  // Production e-filing needs the server's IRIS configuration (the SSA's for the W-2 family): without it nothing is charged.
  const efiled = items.filter((i) => i.service !== "print_mail").map((i) => filings.get(i.filingId));
  const toSsa = (f: PayFiling | undefined) =>
    f !== undefined && getFormDefinition(f.form, f.taxYear)?.filedWith === "SSA";
  const missing = [
    efiled.some((f) => !toSsa(f)) ? irs.missingConfiguration(scope.livemode) : null,
    efiled.some(toSsa) ? ssa.missingConfiguration(scope.livemode) : null,
  ].filter((m): m is string => m !== null);
  if (missing.length > 0) {
    return yield* new ServiceUnavailable({
      message: `${missing.join(" ")} Nothing was charged or filed.`,
    });
  }
  const payers = new Map(
    (yield* tx.payers.getMany([...new Set([...filings.values()].map((f) => f.payerId))])).map(
      (p) => [p.id, p] as const,
    ),
  );
  const problems = cartProblems(items, filings, payers, recipients);
  // IRS business rules (core/domain/iris/rules): what the IRS would reject is refused before any charge.
  const ruleProblems = yield* Effect.provideService(
    cartRuleProblems(tx, irs.profile(scope.livemode), items, filings, payers, strict),
    TinVault,
    vault,
  );
  problems.push(...ruleProblems);
  // Issue 41: under strict, the warnings intake stored refuse too (once per form: a form read again above
  // already names its rules).
  if (strict) {
    const named = new Set(ruleProblems.map((p) => p.item));
    problems.push(...warningProblems(items, filings).filter((p) => !named.has(p.item)));
  }
  if (problems.length > 0) {
    return yield* new CartNotPayable({
      message: `${problems.length} cart item(s) cannot be filed; nothing was charged or filed.`,
      problems,
    });
  }
  return { items, filings } satisfies PayItems;
});

/**
 * Pay rules 3 and D14/D15: the cart priced, drawn from the locked balance and the rest charged to the card (the
 * charges' ids pushed to `charged` as they are made, so a transaction that does not commit refunds them), the
 * ledger rows appended.
 */
const chargeCart = Effect.fn("payCart.charge")(function* (
  tx: ScopedStore,
  scope: Scope,
  orderId: string,
  cart: PayItems,
  now: Date,
  charged: string[],
) {
  const processor = yield* CardProcessor;
  const ids = yield* Ids;
  const rateCard = (yield* Pricing).rateCard;
  const priced = priceCart(rateCard, cart.items, cart.filings);
  const balance = yield* tx.balance.lock();
  const plan = planPayment({
    balanceCents: balance.balanceCents,
    totalCents: priced.total_cents,
    autoReplenish: balance.autoReplenish,
    hasCard: balance.card !== null,
  });
  if (!plan.ok)
    return yield* new PaymentRequired({
      message: `Not enough prepaid balance and no card on file: ${plan.message}. Nothing was charged.`,
    });
  const number = `${now.getUTCFullYear()}-${String(balance.orderCount + 1).padStart(6, "0")}`;
  let cardChargeId: string | null = null;
  if (plan.fromCardCents > 0 && balance.card) {
    cardChargeId = (yield* processor.charge({
      scope,
      card: balance.card,
      customer: balance.cardCustomer,
      amountCents: plan.fromCardCents,
      idempotencyKey: `${orderId}:order`,
      description: `Order ${number}`,
    })).chargeId;
    charged.push(cardChargeId);
  }
  let autoTopupChargeId: string | null = null;
  if (plan.autoTopupCents > 0 && balance.card) {
    const top = yield* Effect.result(
      processor.charge({
        scope,
        card: balance.card,
        customer: balance.cardCustomer,
        amountCents: plan.autoTopupCents,
        idempotencyKey: `${orderId}:auto_topup`,
        description: "Auto-replenish",
      }),
    );
    if (top._tag === "Success") {
      charged.push(top.success.chargeId);
      autoTopupChargeId = top.success.chargeId;
    }
  }
  const drafts = paymentDrafts(plan, orderId, {
    includeAutoTopup: autoTopupChargeId !== null,
    orderLabel: number,
  });
  const chain = ledgerRows(balance, drafts, () => ids.short("", 10), now.toISOString());
  if (!chain.ok)
    return yield* new PaymentRequired({
      message: `The balance cannot cover this order: ${chain.message}`,
    });
  yield* tx.balance.append(chain.rows);
  yield* tx.balance.update({ orderCount: balance.orderCount + 1 });
  return { priced, plan, number, cardChargeId, autoTopupChargeId };
});

/** Pay rules 4-5: the filings queued, the order and its receipt, the cart paid, `cart.paid` and the dispatch. */
const recordOrder = Effect.fn("payCart.record")(function* (
  tx: ScopedStore,
  cartId: string,
  orderId: string,
  cart: PayItems,
  money: Effect.Success<ReturnType<typeof chargeCart>>,
  nowIso: string,
) {
  const ids = yield* Ids;
  const { items, filings } = cart;
  const { priced, plan, number } = money;
  const amountOf = new Map(priced.items.map((p) => [p.ref, p.amount_cents]));
  const moved = yield* tx.filings.markQueued(
    PAY,
    orderId,
    items.map((i) => ({ id: i.filingId, amountChargedCents: amountOf.get(i.id) ?? 0 })),
    nowIso,
  );
  if (moved !== items.length)
    return yield* new Conflict({
      message:
        "A form in the cart changed while it was being paid; nothing was charged. Review the cart and pay again.",
    });
  const receipt = cartPaymentView({
    cartId,
    orderId,
    number,
    items,
    filings,
    amountOf,
    priced,
    plan,
    filingStatus: PAY.to,
  });
  const order: Order = {
    id: orderId,
    number,
    cartId,
    paymentStatus: "paid",
    forms: items.length,
    chargeLines: priced.charge_lines,
    pricingSegments: priced.pricing_segments,
    grandTotalCents: priced.total_cents,
    fromBalanceCents: plan.fromBalanceCents,
    fromCardCents: plan.fromCardCents,
    cardChargeId: money.cardChargeId,
    autoTopupChargeId: money.autoTopupChargeId,
    receipt,
    createdAt: nowIso,
  };
  yield* tx.orders.insert(order);
  yield* tx.carts.markPaid(cartId, orderId);
  yield* tx.events.insert({
    id: ids.short("evt_"),
    type: "cart.paid",
    createdAt: nowIso,
    data: {
      cart: cartId,
      order: orderId,
      amount_charged: priced.total_cents,
      currency: "usd",
      filed: items.length,
      failed: 0,
    },
  });
  yield* tx.dispatches.enqueue(orderId, nowIso);
  return receipt;
});

export const payCart = Effect.fn("payCart")(function* (
  scope: Scope,
  principal: Pick<Principal, "role" | "account"> & { readonly payerId?: string | null },
  options: PayOptions = {},
) {
  const strict = options.strict ?? principal.account.strictRules === true;
  if (principal.role !== "owner")
    return yield* new Forbidden({ message: "Only the account owner can pay the cart (D4)." });
  const store = yield* Store;
  const ids = yield* Ids;
  const processor = yield* CardProcessor;
  const clock = yield* Clock;
  const repos = store.scoped(scope);

  const receiptOf = (cartId: string) =>
    Effect.gen(function* () {
      const order = yield* repos.orders.byCart(cartId);
      return order ? { ...order.receipt, already_paid: true } : undefined;
    });
  // Pay rule 4: paying a cart already paid returns its receipt; an empty cart with nothing paid is not payable.
  // A payer-scoped grant sees that receipt only when the order holds only its payer's forms (issue 38): another
  // payer's order is not its to see, and the cart is answered as empty.
  const payerId = principal.payerId ?? null;
  const onlyPayers = (cartId: string) =>
    Effect.gen(function* () {
      if (payerId === null) return true;
      const items = yield* repos.carts.items(cartId);
      const filings = yield* repos.filings.getMany(items.map((i) => i.filingId));
      return filings.every((f) => f.payerId === payerId);
    });
  const alreadyPaidOrEmpty = Effect.gen(function* () {
    const paid = yield* repos.carts.latestPaid();
    const receipt = paid && (yield* onlyPayers(paid.id)) ? yield* receiptOf(paid.id) : undefined;
    if (receipt) return receipt;
    return yield* new CartNotPayable({
      message: "The cart is empty: add ready_to_file forms to it first.",
      problems: [],
      see: { op: "add_cart_items" },
    });
  });

  // Issue 38: under an idempotent operation the order's id is the operation's, and so are its charges' idempotency
  // keys. A retry after a crash that came after the commit finds the order and answers its receipt as it was
  // answered; one after a crash before the commit pays again, and the processor replays the charge it made.
  const operation = yield* IdempotentOperation;
  const orderId = operation !== undefined ? `ord_${operation}` : ids.short("ord_");
  if (operation !== undefined) {
    const done = yield* repos.orders.get(orderId);
    // The receipt stored is the one the first answer gave.
    if (done) return done.receipt as ReturnType<typeof cartPaymentView>;
  }
  const cart = yield* repos.carts.current();
  if (!cart) return yield* alreadyPaidOrEmpty;
  if (scope.livemode && !principal.account.liveEnabled) {
    return yield* new PaymentRequired({
      message:
        "Production filing is not enabled for this account; contact support to enable it. Nothing was charged.",
    });
  }
  const now = clock.now();
  const charged: string[] = [];
  const pay = withTransaction(
    Effect.gen(function* () {
      const tx = yield* Repos(scope);
      const checked = yield* checkCart(tx, scope, cart.id, strict);
      const money = yield* chargeCart(tx, scope, orderId, checked, now, charged);
      return yield* recordOrder(tx, cart.id, orderId, checked, money, now.toISOString());
    }),
  );

  const jobs = yield* Jobs;
  return yield* pay.pipe(
    // Transmission starts after commit. If this send is lost, the worker's dispatch sweep sends it.
    Effect.tap((receipt) =>
      Effect.ignore(
        jobs.send(
          TRANSMIT_QUEUE,
          { accountId: scope.accountId, livemode: scope.livemode, orderId: receipt.order },
          { key: receipt.order },
        ),
      ),
    ),
    // Money taken from a card whose payment was not recorded goes back.
    Effect.tapCause(() =>
      Effect.forEach(charged, (chargeId) => Effect.ignore(processor.refund({ scope, chargeId })), {
        discard: true,
      }),
    ),
    // The cart was paid (by a racing request) or emptied before this pay took it.
    Effect.catchTag("AlreadyPaid", (e: AlreadyPaid) =>
      Effect.flatMap(receiptOf(e.cartId), (r) => (r ? Effect.succeed(r) : alreadyPaidOrEmpty)),
    ),
  );
});
