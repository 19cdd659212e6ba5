// The results of idempotent operations (core/ports/operations.port.ts, issue 38) against a store adapter: written in
// the operation's transaction (gone with it when it rolls back), read back by a retry, kept apart per scope and kind.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
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

export type OperationsStore = TransactionalStore<"operations">;

export function operationsContract(name: string, open: OpenStore<OperationsStore>) {
  const s = suite<ContractContext<OperationsStore>>(`Operations contract: ${name}`);
  const at = clock(Date.UTC(2026, 0, 1));
  const { account } = storeRows(at);
  contractSetup(s, open, account);

  s(
    "a result recorded in a transaction that commits is read back, as JSON, by its scope and kind only",
    async (c) => {
      const result = { object: "balance_topup", id: "top_op1", amount_cents: 5000, entry: { seq: 3 } };
      await run(inTransaction(c.store, c.a, (tx) => tx.operations.record("op1", "topup", result, at())));
      assert.equal(await run(c.store.scoped(c.a).operations.result("op1", "topup")), result);
      assert.is(await run(c.store.scoped(c.a).operations.result("op1", "pay")), undefined, "another kind");
      assert.is(
        await run(c.store.scoped(c.b).operations.result("op1", "topup")),
        undefined,
        "another account",
      );
      assert.is(await run(c.store.scoped(c.live).operations.result("op1", "topup")), undefined, "production");
    },
  );

  s("a result recorded in a transaction that rolls back is not there", async (c) => {
    const failed = await Effect.runPromise(
      Effect.result(
        inTransaction(c.store, c.a, (tx) =>
          Effect.andThen(
            tx.operations.record("op2", "topup", { id: "x" }, at()),
            Effect.fail("boom" as const),
          ),
        ),
      ),
    );
    assert.is(failed._tag, "Failure");
    assert.is(await run(c.store.scoped(c.a).operations.result("op2", "topup")), undefined);
  });

  return s;
}
