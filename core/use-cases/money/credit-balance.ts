// Operator credit for customers who pay by wire or invoice: one `credit` entry on the prepaid balance of an
// account's environment, never touching a card. The payment's reference (the wire or invoice number) is unique
// per account and environment, so the same credit run twice is refused instead of counted twice.
import * as Effect from "effect/Effect";
import { entryView } from "./balance.ts";
import { ledgerRows } from "../shared.ts";
import { Conflict, InvalidRequest, NotFound } from "../../domain/shared/errors.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { Store, type LedgerEntryRow } from "../../ports/store.port.ts";
import { Repos, withTransaction } from "../../ports/unit-of-work.port.ts";

/** $10 million: far above any filing bill, low enough to catch a mistyped amount. */
export const MAX_CREDIT_CENTS = 1_000_000_000;

/** Control characters and lone surrogates: a reference is shown in the ledger and in operators' terminals. */
const UNPRINTABLE = /[\p{Cc}\p{Cs}]/u;

export interface CreditInput {
  readonly accountId: string;
  readonly livemode: boolean;
  readonly amountCents: number;
  readonly reference: string;
}

export const creditBalance = Effect.fn("creditBalance")(function* (input: CreditInput) {
  const { amountCents } = input;
  if (!Number.isSafeInteger(amountCents) || amountCents < 1 || amountCents > MAX_CREDIT_CENTS) {
    return yield* new InvalidRequest({
      param: "amount_cents",
      message: `The amount must be a whole number of cents from 1 to ${MAX_CREDIT_CENTS}.`,
    });
  }
  const reference = input.reference.trim();
  if (reference.length === 0 || reference.length > 200 || UNPRINTABLE.test(reference)) {
    return yield* new InvalidRequest({
      param: "reference",
      message: "The reference (the wire or invoice number) must be 1 to 200 printable characters.",
    });
  }
  const store = yield* Store;
  if (!(yield* store.accounts.get(input.accountId)))
    return yield* new NotFound({ message: `No account ${input.accountId}.` });
  const ids = yield* Ids;
  const now = (yield* Clock).now().toISOString();
  const scope = { accountId: input.accountId, livemode: input.livemode };
  return yield* withTransaction(
    Effect.gen(function* () {
      const tx = yield* Repos(scope);
      const balance = yield* tx.balance.lock();
      const earlier = yield* tx.balance.entryByReference("credit", reference);
      if (earlier) {
        return yield* new Conflict({
          param: "reference",
          message: `Account ${input.accountId} already has a ${input.livemode ? "live" : "sandbox"} credit with reference "${reference}" (${earlier.amount_cents} cents on ${earlier.createdAt}); nothing was credited.`,
        });
      }
      const next = ledgerRows(
        balance,
        [
          {
            kind: "credit",
            amount_cents: amountCents,
            reference,
            description: "Payment received by wire or invoice, credited by the operator",
          },
        ],
        () => ids.short("", 10),
        now,
      );
      if (!next.ok) return yield* new InvalidRequest({ param: "amount_cents", message: next.message });
      yield* tx.balance.append(next.rows);
      return entryView(next.rows[0] as LedgerEntryRow);
    }),
  );
});
