// Card charges a crash kept from being recorded (D16: money is never lost). Pay and top-up charge the card inside
// their transaction and refund the charge when the transaction does not commit; a process killed between the charge
// and the commit (or a refund that failed because the processor was down) leaves a charge the database does not
// hold. The worker lists the processor's charges made by this service in a window that ends well after any such
// transaction could still be open, and refunds each one whose payment is not recorded.
import * as Effect from "effect/Effect";
import { CardProcessor, type ProcessorCharge } from "../../ports/card-processor.port.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Store, type ScopedStore } from "../../ports/store.port.ts";
import { Repos, withTransaction } from "../../ports/unit-of-work.port.ts";

/** What the database holds of a charge, by the idempotency key its payment gave it. */
export type ChargeRecord = "recorded" | "unrecorded" | "not_ours";

const ORDER_KEY = /^(ord_[A-Za-z0-9]+):(order|auto_topup)$/;
const TOPUP_KEY = /^top_[A-Za-z0-9]+$/;
const held = <A>(read: Effect.Effect<A | undefined>, recorded: (a: A | undefined) => boolean) =>
  Effect.map(read, (a): ChargeRecord => (recorded(a) ? "recorded" : "unrecorded"));

/**
 * An order's charge is recorded on the order (`cardChargeId`), and so is its auto top-up's (`autoTopupChargeId`;
 * for an order recorded before that, its `auto_topup` entry of the charge's amount), a top-up as a `topup` entry naming the charge. A key this service does not make is not ours.
 */
export function chargeRecord(repos: ScopedStore, charge: ProcessorCharge): Effect.Effect<ChargeRecord> {
  const [, orderId = "", part] = ORDER_KEY.exec(charge.idempotencyKey) ?? [];
  if (part === "order") return held(repos.orders.get(orderId), (o) => o?.cardChargeId === charge.chargeId);
  if (part === "auto_topup")
    return Effect.flatMap(repos.orders.get(orderId), (order) =>
      // The order names its auto top-up's charge; an order recorded before it did is matched by its entry.
      order?.autoTopupChargeId != null
        ? Effect.succeed<ChargeRecord>(
            order.autoTopupChargeId === charge.chargeId ? "recorded" : "unrecorded",
          )
        : held(
            repos.balance.entryByReference("auto_topup", orderId),
            (e) => e !== undefined && e.amount_cents === charge.amountCents,
          ),
    );
  if (TOPUP_KEY.test(charge.idempotencyKey))
    return held(repos.balance.entryByReference("topup", charge.chargeId), (e) => e !== undefined);
  return Effect.succeed("not_ours");
}

export interface ReconcileOptions {
  readonly livemode: boolean;
  /** How far back charges are listed: a charge left unrecorded is found by every run until it is this old. */
  readonly lookbackMs: number;
  /** Charges younger than this are left alone: their payment may still be committing. */
  readonly graceMs: number;
}

export interface ReconcileResult {
  readonly checked: number;
  readonly refunded: readonly ProcessorCharge[];
  /** Charges whose refund failed (the processor unavailable): the next run finds them again. */
  readonly failed: readonly { readonly charge: ProcessorCharge; readonly message: string }[];
}

/**
 * Refunds every charge of the environment made in [now - lookback, now - grace) whose payment the database does
 * not hold. Charges for accounts this database does not have are left alone (another deployment may share the
 * processor's account). Refunding is idempotent at the processor, so several workers may run this at once.
 */
export const reconcileCharges = Effect.fn("reconcileCharges")(function* (options: ReconcileOptions) {
  const processor = yield* CardProcessor;
  const store = yield* Store;
  const now = (yield* Clock).now().getTime();
  const charges = yield* processor.charges({
    livemode: options.livemode,
    createdFrom: new Date(now - options.lookbackMs).toISOString(),
    createdBefore: new Date(now - options.graceMs).toISOString(),
  });
  const refunded: ProcessorCharge[] = [];
  const failed: { charge: ProcessorCharge; message: string }[] = [];
  const known = new Map<string, boolean>();
  for (const charge of charges) {
    let exists = known.get(charge.accountId);
    if (exists === undefined) {
      exists = (yield* store.accounts.get(charge.accountId)) !== undefined;
      known.set(charge.accountId, exists);
    }
    if (!exists) continue;
    const scope = { accountId: charge.accountId, livemode: options.livemode };
    // Checked and refunded holding the account's balance row, which a pay or top-up holds from its charge to its
    // commit: a payment still committing is waited for, and one that starts after (a retry replaying the charge
    // of an attempt that crashed) finds the charge refunded and is charged anew (the CardProcessor's rule),
    // never recording a charge this refunds.
    const refund = yield* withTransaction(
      Effect.gen(function* () {
        const tx = yield* Repos(scope);
        yield* tx.balance.lock();
        if ((yield* chargeRecord(tx, charge)) !== "unrecorded") return undefined;
        return yield* Effect.result(processor.refund({ scope, chargeId: charge.chargeId }));
      }),
    );
    if (refund === undefined) continue;
    if (refund._tag === "Success") refunded.push(charge);
    else failed.push({ charge, message: refund.failure.message });
  }
  return { checked: charges.length, refunded, failed } satisfies ReconcileResult;
});
