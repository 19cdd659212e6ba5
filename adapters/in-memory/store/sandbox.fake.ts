import * as Effect from "effect/Effect";
import type * as Ports from "../../../core/ports/store.port.ts";
import { type FakeScope } from "./shared.ts";

export function fakeSandbox(c: FakeScope): Ports.SandboxRepo {
  const { ref, scope, mine, balanceKey, balanceOf } = c;
  return {
    reset: (now, startingBalance, entryId) =>
      Effect.sync(() => {
        const cleared = [...ref.t.filings.values()].filter(mine).length;
        for (const table of [
          ref.t.cartItems,
          ref.t.filings,
          ref.t.carts,
          ref.t.orders,
          ref.t.batches,
          ref.t.dispatches,
          ref.t.ledger,
          ref.t.statements,
          ref.t.statementDeliveries,
          ref.t.emails,
        ] as Map<string, { accountId: string; livemode: boolean }>[]) {
          for (const [k, v] of table) if (mine(v)) table.delete(k);
        }
        ref.t.ledger.set(entryId, {
          id: entryId,
          seq: 1,
          kind: "adjustment",
          amount_cents: startingBalance,
          balance_after_cents: startingBalance,
          description: "Sandbox reset",
          createdAt: now,
          ...scope,
        });
        ref.t.balances.set(balanceKey, {
          ...balanceOf(),
          balanceCents: startingBalance,
          entryCount: 1,
          orderCount: 0,
        });
        return cleared;
      }),
  };
}
