// The accounts role (core/ports/accounts.port.ts) against a store adapter: the account repository (moved from
// the whole-store contract). Runs on a store with `accounts` alone.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { randomUUID } from "node:crypto";
import { storeRows } from "../../support/rows.ts";
import {
  clock,
  contractSetup,
  run,
  type ContractContext,
  type OpenStore,
  type RoleStore,
} from "./harness.ts";

/** What the accounts suite needs of a store. */
export type AccountsStore = RoleStore<never, "accounts">;

export function accountsContract(name: string, open: OpenStore<AccountsStore>) {
  const s = suite<ContractContext<AccountsStore>>(`Accounts contract: ${name}`);
  const at = clock(Date.UTC(2026, 0, 1));
  const { account } = storeRows(at);

  contractSetup(s, open, account);

  s("accounts: insert, get, list, count, update", async ({ store, a }) => {
    const before = await run(store.accounts.count());
    assert.ok(before >= 2);
    await run(store.accounts.insert(account()));
    assert.is(await run(store.accounts.count()), before + 1);
    const got = await run(store.accounts.get(a.accountId));
    assert.is(got?.liveEnabled, false);
    const up = await run(
      store.accounts.update(a.accountId, { liveEnabled: true, ipAllowlist: ["10.0.0.0/8"] }),
    );
    assert.is(up?.liveEnabled, true);
    assert.equal(up?.ipAllowlist, ["10.0.0.0/8"]);
    // Issue 41: the account's default for strict, off until set, and off again.
    assert.not.ok(got?.strictRules);
    assert.is((await run(store.accounts.update(a.accountId, { strictRules: true })))?.strictRules, true);
    assert.is((await run(store.accounts.get(a.accountId)))?.strictRules, true);
    assert.not.ok((await run(store.accounts.update(a.accountId, { strictRules: false })))?.strictRules);
    assert.ok((await run(store.accounts.list())).some((x) => x.id === a.accountId));
    assert.is(await run(store.accounts.get(randomUUID())), undefined);
    assert.is(await run(store.accounts.get("not-a-uuid")), undefined);
  });

  return s;
}
