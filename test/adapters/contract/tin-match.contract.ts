// The TIN-match role (core/ports/tin-match-runs.port.ts: runs, the queue and the IRS allowance) against a store
// adapter (moved from the whole-store filings contract). Runs on a store with `tinMatchQueue` alone.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { storeRows } from "../../support/rows.ts";
import {
  clock,
  contractSetup,
  run,
  type ContractContext,
  type OpenStore,
  type RoleStore,
} from "./harness.ts";
import { intakeStart } from "./intake-rows.ts";

/** What the TIN-match suite needs of a store. */
export type TinMatchStore = RoleStore<never, "tinMatchQueue">;

export function tinMatchContract(name: string, open: OpenStore<TinMatchStore>) {
  const s = suite<ContractContext<TinMatchStore>>(`TIN-match contract: ${name}`);
  const { account } = storeRows(clock(intakeStart));

  contractSetup(s, open, account);

  s(
    "tinMatchQueue: TIN-and-name sends counted before they go, outcomes set after, counted within the window",
    async ({ store }) => {
      const q = store.tinMatchQueue;
      await run(q.recordPairSends(["k1", "k2"], "2026-03-01T00:00:00.000Z"));
      await run(q.recordPairSends(["k1"], "2026-03-01T10:00:00.000Z"));
      let seen = await run(q.pairSends(["k1", "k2", "k3"], "2026-02-28T12:00:00.000Z"));
      assert.equal(seen.get("k1"), { count: 2, last: null });
      assert.equal(seen.get("k2"), { count: 1, last: null });
      assert.is(seen.has("k3"), false);
      await run(q.setPairOutcomes([{ key: "k1", outcome: "match" }], "2026-03-01T00:00:00.000Z"));
      await run(q.setPairOutcomes([{ key: "k1", outcome: "mismatch" }], "2026-03-01T10:00:00.000Z"));
      seen = await run(q.pairSends(["k1"], "2026-02-28T12:00:00.000Z"));
      assert.equal(seen.get("k1"), { count: 2, last: "mismatch" }, "the latest answer");
      seen = await run(q.pairSends(["k1"], "2026-03-01T05:00:00.000Z"));
      assert.equal(seen.get("k1"), { count: 1, last: "mismatch" }, "only sends since the window start count");
      assert.equal(await run(q.pairSends([], "2026-02-28T12:00:00.000Z")), new Map());
    },
  );

  return s;
}
