// The ledger role (core/ports/ledger.port.ts: the balance and its entries) against a store adapter (moved from
// the whole-store contract). Runs on a store with `balance` and `begin`.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import { randomUUID } from "node:crypto";
import { storeRows } from "../../support/rows.ts";
import {
  clock,
  contractSetup,
  inTransaction,
  run,
  type ContractContext,
  type OpenStore,
  type TransactionalStore,
} from "./harness.ts";

/** What the ledger suite needs of a store: the balance repository, in and out of a transaction. */
export type LedgerStore = TransactionalStore<"balance">;

export function ledgerContract(name: string, open: OpenStore<LedgerStore>) {
  const s = suite<ContractContext<LedgerStore>>(`Ledger contract: ${name}`);
  const at = clock(Date.UTC(2026, 0, 1));
  const { account } = storeRows(at);

  contractSetup(s, open, account);

  s(
    "balance: the card and the processor's customer are kept per account and environment; the customer outlives a card change",
    async ({ store, a, b, live }) => {
      const repos = store.scoped(live);
      assert.equal((await run(repos.balance.get())).cardCustomer, null);
      await run(
        repos.balance.update({
          card: { token: "pm_1", brand: "visa", last4: "4242" },
          cardCustomer: "cus_A",
        }),
      );
      await run(repos.balance.update({ card: { token: "pm_2", brand: "mastercard", last4: "4444" } }));
      const got = await run(repos.balance.get());
      assert.equal(got.card, { token: "pm_2", brand: "mastercard", last4: "4444" });
      assert.is(got.cardCustomer, "cus_A");
      assert.is((await run(inTransaction(store, live, (tx) => tx.balance.lock()))).cardCustomer, "cus_A");
      for (const other of [a, b]) {
        const o = await run(store.scoped(other).balance.get());
        assert.is(o.card, null);
        assert.is(o.cardCustomer, null);
      }
    },
  );

  s(
    "balance: an entry is found by its kind and reference (a credit, a top-up), only as that kind and only in its own scope",
    async ({ store, a, live }) => {
      const entry = (
        seq: number,
        kind: "credit" | "topup",
        amount: number,
        after: number,
        reference: string,
      ) => ({
        id: `led_${randomUUID()}`,
        seq,
        kind,
        amount_cents: amount,
        balance_after_cents: after,
        reference,
        createdAt: at(),
      });
      await run(
        inTransaction(store, live, (tx) =>
          Effect.gen(function* () {
            yield* tx.balance.lock();
            yield* tx.balance.append([
              entry(1, "topup", 500, 500, "WIRE-7"),
              entry(2, "credit", 250000, 250500, "WIRE-8"),
            ]);
          }),
        ),
      );
      const found = await run(store.scoped(live).balance.entryByReference("credit", "WIRE-8"));
      assert.is(found?.kind, "credit");
      assert.is(found?.amount_cents, 250000);
      assert.is(found?.balance_after_cents, 250500);
      assert.is(
        await run(store.scoped(live).balance.entryByReference("credit", "WIRE-7")),
        undefined,
        "a top-up is not a credit",
      );
      assert.is(
        (await run(store.scoped(live).balance.entryByReference("topup", "WIRE-7")))?.amount_cents,
        500,
        "the top-up by its kind",
      );
      assert.is(
        await run(store.scoped(a).balance.entryByReference("credit", "WIRE-8")),
        undefined,
        "the sandbox of the same account",
      );
      assert.is((await run(store.scoped(live).balance.get())).balanceCents, 250500);
    },
  );

  return s;
}
