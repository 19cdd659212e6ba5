// Accounts, API keys and the sandbox reset on Knex.
import * as Effect from "effect/Effect";
import type { Knex } from "knex";
import { type AccountRepo, type ApiKeyRepo, type Scope } from "../../../core/ports/store.port.ts";
import { isUuid } from "../../../core/domain/shared/validation.ts";
import { CountRow, rowsOf, toAccount, toApiKey, type Row } from "../rows.ts";
import type { SandboxRepo } from "../../../core/ports/store.port.ts";
import { type Db, run } from "./shared.ts";

export function sandboxRepo(db: Db, scope: Scope): SandboxRepo {
  return {
    reset: (now, startingBalance, entryId) =>
      run(async () => {
        const where = { account_id: scope.accountId, livemode: scope.livemode };
        const cleared = CountRow.decode(
          rowsOf(await db("filing_states").where(where).count({ n: "*" }))[0],
        ).n;
        for (const table of [
          "cart_items",
          "filing_states",
          "filing_forms",
          "transmission_receipts",
          "carts",
          "orders",
          "batches",
          "dispatches",
          "ledger_entries",
          "statements",
          "statement_deliveries",
          "email_outbox",
        ])
          await db(table).where(where).delete();
        await db.raw(
          "insert into balances (account_id, livemode, updated_at) values (?, ?, ?) on conflict do nothing",
          [scope.accountId, scope.livemode, now],
        );
        await db("balances")
          .where(where)
          .update({ balance_cents: startingBalance, entry_count: 1, order_count: 0, updated_at: now });
        await db("ledger_entries").insert({
          id: entryId,
          ...where,
          seq: 1,
          kind: "adjustment",
          amount_cents: startingBalance,
          balance_after_cents: startingBalance,
          description: "Sandbox reset",
          created_at: now,
        });
        return cleared;
      }),
  };
}

export const accountRepo = (db: Knex): AccountRepo => ({
  insert: (a) =>
    run(() =>
      db("accounts").insert({
        id: a.id,
        name: a.name,
        live_enabled: a.liveEnabled,
        default_api_version: a.defaultApiVersion,
        ip_allowlist: JSON.stringify(a.ipAllowlist),
        strict_rules: a.strictRules === true,
        created_at: a.createdAt,
      }),
    ).pipe(Effect.asVoid),
  get: (id) =>
    run(async () => {
      if (!isUuid(id)) return undefined;
      const row: unknown = await db("accounts").where("id", id).first();
      return row ? toAccount(row) : undefined;
    }),
  list: () => run(async () => rowsOf(await db("accounts").orderBy("created_at", "asc")).map(toAccount)),
  count: () => run(async () => CountRow.decode(rowsOf(await db("accounts").count({ n: "*" }))[0]).n),
  update: (id, patch) =>
    run(async () => {
      if (!isUuid(id)) return undefined;
      const cols: Row = {};
      if (patch.liveEnabled !== undefined) cols["live_enabled"] = patch.liveEnabled;
      if (patch.defaultApiVersion !== undefined) cols["default_api_version"] = patch.defaultApiVersion;
      if (patch.ipAllowlist !== undefined) cols["ip_allowlist"] = JSON.stringify(patch.ipAllowlist);
      if (patch.strictRules !== undefined) cols["strict_rules"] = patch.strictRules;
      const rows = rowsOf(await db("accounts").where("id", id).update(cols).returning("*"));
      return rows[0] ? toAccount(rows[0]) : undefined;
    }),
});

export const apiKeyRepo = (db: Knex): ApiKeyRepo => ({
  insert: (k) =>
    run(() =>
      db("api_keys").insert({
        id: k.id,
        account_id: k.accountId,
        livemode: k.livemode,
        role: k.role,
        key_hash: k.keyHash,
        display_prefix: k.displayPrefix,
        created_at: k.createdAt,
      }),
    ).pipe(Effect.asVoid),
  listForAccount: (accountId) =>
    run(async () =>
      rowsOf(await db("api_keys").where("account_id", accountId).orderBy("created_at")).map(toApiKey),
    ),
});
