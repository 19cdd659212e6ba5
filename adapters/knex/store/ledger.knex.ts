// The prepaid balance and its ledger on Knex.
import type { Scope } from "../../../core/ports/store.port.ts";
import { rowsOf, toBalance, toEntry, type Row } from "../rows.ts";
import type { BalanceRepo } from "../../../core/ports/store.port.ts";
import { type Db, run, pageOf, pageMap } from "./shared.ts";

export function balanceRepo(db: Db, scope: Scope): BalanceRepo {
  const key = { account_id: scope.accountId, livemode: scope.livemode };
  return {
    lock: () =>
      run(async () => {
        await db.raw(
          "insert into balances (account_id, livemode, updated_at) values (?, ?, now()) on conflict do nothing",
          [scope.accountId, scope.livemode],
        );
        const r = await db.raw("select * from balances where account_id = ? and livemode = ? for update", [
          scope.accountId,
          scope.livemode,
        ]);
        return toBalance(rowsOf(r.rows)[0]);
      }),
    get: () => run(async () => toBalance(await db("balances").where(key).first())),
    append: (entries) =>
      run(async () => {
        const last = entries[entries.length - 1];
        if (!last) return;
        await db("ledger_entries").insert(
          entries.map((e) => ({
            id: e.id,
            ...key,
            seq: e.seq,
            kind: e.kind,
            amount_cents: e.amount_cents,
            balance_after_cents: e.balance_after_cents,
            reference: e.reference ?? null,
            description: e.description ?? null,
            created_at: e.createdAt,
          })),
        );
        await db("balances").where(key).update({
          balance_cents: last.balance_after_cents,
          entry_count: last.seq,
          updated_at: last.createdAt,
        });
      }),
    update: (patch) =>
      run(async () => {
        await db.raw(
          "insert into balances (account_id, livemode, updated_at) values (?, ?, now()) on conflict do nothing",
          [scope.accountId, scope.livemode],
        );
        const cols: Row = { updated_at: new Date() };
        if (patch.autoReplenish)
          Object.assign(cols, {
            auto_enabled: patch.autoReplenish.enabled,
            auto_threshold_cents: patch.autoReplenish.threshold_cents,
            auto_topup_cents: patch.autoReplenish.topup_cents,
          });
        if (patch.card !== undefined)
          Object.assign(cols, {
            card_token: patch.card?.token ?? null,
            card_brand: patch.card?.brand ?? null,
            card_last4: patch.card?.last4 ?? null,
          });
        if (patch.cardCustomer !== undefined) cols["card_customer"] = patch.cardCustomer;
        if (patch.orderCount !== undefined) cols["order_count"] = patch.orderCount;
        await db("balances").where(key).update(cols);
      }),
    entries: (page) =>
      run(async () => pageMap(await pageOf(db, "ledger_entries", scope, page), page.limit, toEntry)),
    entryByReference: (kind, reference) =>
      run(async () => {
        const r: unknown = await db("ledger_entries")
          .where({ ...key, kind, reference })
          .first();
        return r ? toEntry(r) : undefined;
      }),
  };
}
