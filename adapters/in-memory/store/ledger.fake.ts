import * as Effect from "effect/Effect";
import type * as Ports from "../../../core/ports/store.port.ts";
import { pageFrom, type FakeScope } from "./shared.ts";

export function fakeBalance(c: FakeScope): Ports.BalanceRepo {
  const { ref, scope, mine, balanceKey, balanceOf } = c;
  return {
    lock: () => Effect.sync(() => balanceOf()),
    get: () => Effect.sync(() => balanceOf()),
    append: (entries) =>
      Effect.sync(() => {
        const last = entries[entries.length - 1];
        if (!last) return;
        for (const e of entries) ref.t.ledger.set(e.id, { ...e, ...scope });
        ref.t.balances.set(balanceKey, {
          ...balanceOf(),
          balanceCents: last.balance_after_cents,
          entryCount: last.seq,
        });
      }),
    update: (patch) =>
      Effect.sync(() => {
        ref.t.balances.set(balanceKey, { ...balanceOf(), ...patch });
      }),
    // The ledger lists in its own order (seq), which keeps balance_after_cents a chain even within one instant.
    entries: (page) =>
      Effect.sync(() =>
        pageFrom([...ref.t.ledger.values()].filter(mine), page, undefined, (a, b) => b.seq - a.seq),
      ),
    entryByReference: (kind, reference) =>
      Effect.sync(() =>
        [...ref.t.ledger.values()].find((e) => mine(e) && e.kind === kind && e.reference === reference),
      ),
  };
}
