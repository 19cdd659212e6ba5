// Credential lookup and the shared rate window: the hot path of every request.
//
// - The credential (API key + account, or OAuth access token + grant + account) is looked up by its SHA-256
//   hash in one query and cached in-process for a short time (the host passes CREDENTIAL_CACHE_MS, default 2 s; never past an
//   access token's expiry), so a revoked credential stops working within that time.
// - A cached credential far from its limit is admitted synchronously: no query, no promise.
// - The rate window (D33) lives in the database so every process shares it. Far from the limit, a process
//   counts locally and adds its count to the shared row at most every 100 ms; near the limit (the last 20%,
//   and always for limits under 250) every request increments the shared row synchronously, so the limit
//   itself is exact across processes.
import { createHash } from "node:crypto";
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import type { Knex } from "knex";
import { isApiKey, type Principal } from "../../core/domain/parties/account.ts";
import { AccessGate } from "../../core/ports/access-gate.port.ts";
import { run } from "./store.knex.ts";
import { hotQuery } from "./hot-query.ts";
import { accountFrom, KeyCredentialRow, RateWindowRow, TokenCredentialRow } from "./rows.ts";

const WINDOW_SECONDS = 60;
const FLUSH_MS = 100;

const LOOKUP_SQL = `
select k.id as key_id, k.livemode, k.role, a.*
from api_keys k join accounts a on a.id = k.account_id
where k.key_hash = $1 and k.revoked_at is null`;

// Access tokens of a grant revoked by its owner still run to their expiry (SPEC "Authentication", Revocation);
// tokens revoked because a code or refresh token was replayed stop at once.
const OAUTH_LOOKUP_SQL = `
select t.grant_id, t.scopes as token_scopes, t.expires_at as token_expires_at, g.livemode as grant_livemode, g.role as grant_role,
  g.payer_id as grant_payer_id, a.*
from oauth_tokens t join oauth_grants g on g.id = t.grant_id join accounts a on a.id = g.account_id
where t.token_hash = $1 and t.kind = 'access' and t.revoked_at is null and t.expires_at > $2`;

const INCREMENT_SQL = `
insert into rate_windows (credential_id, window_start, used) values ($1, $2, $3)
on conflict (credential_id) do update set
  used = case when excluded.window_start > rate_windows.window_start then excluded.used else rate_windows.used + excluded.used end,
  window_start = greatest(rate_windows.window_start, excluded.window_start)
returning used, window_start`;

/** `known`: the shared count last read; `inFlight`: local counts being added to it now; `pending`: not sent yet. */
interface WindowState {
  start: number;
  known: number;
  inFlight: number;
  pending: number;
  timer: NodeJS.Timeout | null;
}

export class SharedWindowCounter {
  private readonly windows = new Map<string, WindowState>();
  private readonly incrementQuery: (values: unknown[]) => Promise<unknown[]>;
  constructor(
    knex: Knex,
    private readonly limit: number,
  ) {
    this.incrementQuery = hotQuery(knex, "rate_increment", INCREMENT_SQL);
  }

  private localMargin(): number {
    return this.limit < 250 ? Infinity : Math.ceil(this.limit * 0.2);
  }

  private async increment(id: string, start: number, delta: number): Promise<number> {
    const row = RateWindowRow.decode((await this.incrementQuery([id, start, delta]))[0]);
    return row.window_start > start ? 0 : row.used;
  }

  private flushSoon(id: string, s: WindowState): void {
    if (s.timer) return;
    s.timer = setTimeout(() => {
      s.timer = null;
      const delta = s.pending;
      if (delta === 0) return;
      s.pending = 0;
      s.inFlight += delta;
      this.increment(id, s.start, delta).then(
        (used) => {
          s.inFlight -= delta;
          s.known = Math.max(s.known, used);
        },
        () => {
          s.inFlight -= delta;
          s.pending += delta;
        },
      );
    }, FLUSH_MS);
    s.timer.unref();
  }

  /** Stops the flush timers and writes what was counted locally, before the pool closes. */
  async close(): Promise<void> {
    const flushes: Promise<unknown>[] = [];
    for (const [id, s] of this.windows) {
      if (s.timer) {
        clearTimeout(s.timer);
        s.timer = null;
      }
      if (s.pending > 0) {
        flushes.push(this.increment(id, s.start, s.pending).catch(() => undefined));
        s.pending = 0;
      }
    }
    this.windows.clear();
    await Promise.all(flushes);
  }

  private windowOf(id: string, now: Date): WindowState {
    const start = Math.floor(now.getTime() / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
    let s = this.windows.get(id);
    if (!s || s.start < start) {
      if (s?.timer) {
        clearTimeout(s.timer);
        if (s.pending > 0) void this.increment(id, s.start, s.pending).catch(() => undefined);
      }
      s = { start, known: 0, inFlight: 0, pending: 0, timer: null };
      this.windows.set(id, s);
    }
    return s;
  }

  /** Counts one request locally when the window is far from its limit; null when it must go to the database. */
  hitLocally(id: string, now: Date): { used: number; resetAtSeconds: number } | null {
    const s = this.windowOf(id, now);
    const estimate = s.known + s.inFlight + s.pending + 1;
    if (s.known === 0 || this.limit - estimate < this.localMargin()) return null;
    s.pending++;
    this.flushSoon(id, s);
    return { used: estimate, resetAtSeconds: s.start + WINDOW_SECONDS };
  }

  /** Counts one request; returns the window's use including it and when the window resets. */
  async hit(id: string, now: Date): Promise<{ used: number; resetAtSeconds: number }> {
    const local = this.hitLocally(id, now);
    if (local) return local;
    const s = this.windowOf(id, now);
    const start = s.start;
    const delta = s.pending + 1;
    s.pending = 0;
    s.inFlight += delta;
    let used: number;
    try {
      used = await this.increment(id, start, delta);
    } finally {
      s.inFlight -= delta;
    }
    s.known = Math.max(s.known, used);
    return { used, resetAtSeconds: start + WINDOW_SECONDS };
  }
}

export function makeKnexAccessGate(
  knex: Knex,
  limitPerMinute: number,
  cacheMs = 2000,
  onClose?: (fn: () => Promise<void>) => void,
): AccessGate["Service"] {
  const counter = new SharedWindowCounter(knex, limitPerMinute);
  onClose?.(() => counter.close());
  const cache = new Map<string, { principal: Principal; until: number }>();
  const lookupQuery = hotQuery(knex, "credential_lookup", LOOKUP_SQL);
  const oauthQuery = hotQuery(knex, "oauth_token_lookup", OAUTH_LOOKUP_SQL);
  const fromKey = (found: unknown): { principal: Principal; until: number } => {
    const row = KeyCredentialRow.decode(found);
    const account = accountFrom(row);
    return {
      principal: {
        kind: "api_key",
        credentialId: row.key_id,
        accountId: account.id,
        livemode: row.livemode,
        role: row.role,
        scopes: null,
        payerId: null,
        account,
      },
      until: Infinity,
    };
  };
  const fromToken = (found: unknown): { principal: Principal; until: number } => {
    const row = TokenCredentialRow.decode(found);
    const account = accountFrom(row);
    return {
      principal: {
        // The grant is the credential its rate window counts (D33).
        kind: "oauth",
        credentialId: row.grant_id,
        accountId: account.id,
        livemode: row.grant_livemode,
        role: row.grant_role,
        scopes: row.token_scopes,
        payerId: row.grant_payer_id,
        account,
      },
      until: Date.parse(row.token_expires_at),
    };
  };
  // The cache is keyed by the presented credential itself, in this process's memory only and for at most
  // `cacheMs`, so a cached request skips hashing it; the database only ever sees the hash.
  const cached = (token: string, now: Date): Principal | undefined => {
    const hit = cache.get(token);
    return hit && hit.until > Date.now() && hit.until > now.getTime() ? hit.principal : undefined;
  };
  const lookup = async (token: string, now: Date): Promise<Principal | undefined> => {
    const nowMs = Date.now();
    const hit = cached(token, now);
    if (hit) return hit;
    const hash = createHash("sha256").update(token).digest("hex");
    const apiKey = isApiKey(token);
    const row = (await (apiKey ? lookupQuery([hash]) : oauthQuery([hash, now.toISOString()])))[0];
    if (!row) {
      cache.delete(token);
      return undefined;
    }
    const found = apiKey ? fromKey(row) : fromToken(row);
    if (cacheMs > 0) {
      if (cache.size > 10_000) cache.clear();
      cache.set(token, { principal: found.principal, until: Math.min(found.until, nowMs + cacheMs) });
    }
    return found.principal;
  };
  const admitFromDatabase = (token: string, now: Date) =>
    run(async () => {
      const principal = await lookup(token, now);
      if (!principal) return undefined;
      const { used, resetAtSeconds } = await counter.hit(principal.credentialId, now);
      return { principal, rate: { limit: limitPerMinute, used, resetAtSeconds } };
    });
  return AccessGate.of({
    admit: (token, now) =>
      Effect.suspend(() => {
        // The common case, a cached credential far from its rate limit, needs no I/O: answered synchronously.
        const principal = cached(token, now);
        const local = principal && counter.hitLocally(principal.credentialId, now);
        return principal && local
          ? Effect.succeed({ principal, rate: { limit: limitPerMinute, ...local } })
          : admitFromDatabase(token, now);
      }),
  });
}

export const layer = (
  knex: Knex,
  limitPerMinute: number,
  cacheMs?: number,
  onClose?: (fn: () => Promise<void>) => void,
) => Layer.succeed(AccessGate, makeKnexAccessGate(knex, limitPerMinute, cacheMs, onClose));
