// Credential lookup and the shared rate window in one round trip: the hot path of every request.
import { createHash } from "node:crypto";
import { Layer } from "effect";
import type { Knex } from "knex";
import { AccessGate } from "../../core/ports/access-gate.port.ts";
import { run } from "./store.knex.ts";
import { roleOf, toAccount, type Row } from "./rows.ts";

const WINDOW_SECONDS = 60;

const ADMIT_SQL = `
with k as (
  select id, account_id, livemode, role from api_keys where key_hash = ? and revoked_at is null
), w as (
  insert into rate_windows (credential_id, window_start, used)
  select k.id::text, ?, 1 from k
  on conflict (credential_id) do update set
    used = case when excluded.window_start > rate_windows.window_start then 1 else rate_windows.used + 1 end,
    window_start = greatest(rate_windows.window_start, excluded.window_start)
  returning used, window_start
)
select k.id as key_id, k.livemode, k.role, a.*, w.used, w.window_start
from k join accounts a on a.id = k.account_id cross join w`;

export function makeKnexAccessGate(knex: Knex, limitPerMinute: number): AccessGate["Service"] {
  return AccessGate.of({
    admit: (token, now) => run(async () => {
      const hash = createHash("sha256").update(token).digest("hex");
      const windowStart = Math.floor(now.getTime() / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
      const result = await knex.raw(ADMIT_SQL, [hash, windowStart]);
      const row = (result.rows as Row[])[0];
      if (!row) return undefined;
      const account = toAccount(row);
      return {
        principal: {
          kind: "api_key" as const, credentialId: String(row["key_id"]), accountId: account.id,
          livemode: Boolean(row["livemode"]), role: roleOf(row["role"]), scopes: null, payerId: null, account,
        },
        rate: { limit: limitPerMinute, used: Number(row["used"]), resetAtSeconds: Number(row["window_start"]) + WINDOW_SECONDS },
      };
    }),
  });
}

export const layer = (knex: Knex, limitPerMinute: number) => Layer.succeed(AccessGate, makeKnexAccessGate(knex, limitPerMinute));
