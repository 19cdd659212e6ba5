// In-memory AccessGate (API keys and OAuth access tokens) and IdempotencyStore with the same rules as the SQL adapters.
import { createHash } from "node:crypto";
import * as Effect from "effect/Effect";
import { AccessGate } from "../../core/ports/access-gate.port.ts";
import {
  IdempotencyStore,
  type IdempotencyKeyRef,
  type StoredResponse,
} from "../../core/ports/idempotency.port.ts";
import type { Tables } from "./store.fake.ts";
import type { Principal } from "../../core/domain/parties/account.ts";
import { isExpired } from "../../core/domain/oauth/model.ts";

function principalOf(t: Tables, hash: string, now: Date): Principal | undefined {
  const key = t.apiKeys.get(hash);
  if (key) {
    const account = t.accounts.get(key.accountId);
    if (key.revokedAt || !account) return undefined;
    return {
      kind: "api_key",
      credentialId: key.id,
      accountId: key.accountId,
      livemode: key.livemode,
      role: key.role,
      scopes: null,
      payerId: null,
      account,
    };
  }
  // OAuth access tokens: the grant is the rate-limited credential; a grant revoked by its owner leaves its
  // access tokens to run to their expiry, as in the SQL adapter.
  const token = t.tokens.get(hash);
  if (!token || token.kind !== "access" || token.revokedAt || isExpired(token.expiresAt, now))
    return undefined;
  const grant = t.grants.get(token.grantId);
  const account = grant && t.accounts.get(grant.accountId);
  if (!grant || !account) return undefined;
  return {
    kind: "oauth",
    credentialId: grant.id,
    accountId: grant.accountId,
    livemode: grant.livemode,
    role: grant.role,
    scopes: token.scopes,
    payerId: grant.payerId,
    account,
  };
}

export function makeFakeAccessGate(tables: () => Tables, limitPerMinute: number): AccessGate["Service"] {
  const windows = new Map<string, { start: number; used: number }>();
  return AccessGate.of({
    admit: (token, now) =>
      Effect.sync(() => {
        const principal = principalOf(tables(), createHash("sha256").update(token).digest("hex"), now);
        if (!principal) return undefined;
        const start = Math.floor(now.getTime() / 60000) * 60;
        const w = windows.get(principal.credentialId);
        const next = !w || start > w.start ? { start, used: 1 } : { start: w.start, used: w.used + 1 };
        windows.set(principal.credentialId, next);
        return {
          principal,
          rate: { limit: limitPerMinute, used: next.used, resetAtSeconds: next.start + 60 },
        };
      }),
  });
}

export function makeFakeIdempotencyStore(): IdempotencyStore["Service"] {
  const rows = new Map<
    string,
    {
      hash: string;
      state: "in_flight" | "done" | "released";
      response?: StoredResponse;
      operationId: string;
      lockedUntil: number;
      createdAt: number;
    }
  >();
  const id = (r: IdempotencyKeyRef) => JSON.stringify([r.accountId, r.livemode, r.method, r.path, r.key]);
  return IdempotencyStore.of({
    claim: (ref, hash, now, ttl, newOperationId) =>
      Effect.sync(() => {
        const t = now.getTime();
        const row = rows.get(id(ref));
        const old = row !== undefined && t - row.createdAt > 24 * 3600 * 1000;
        const free =
          row &&
          (old ||
            row.state === "released" ||
            (row.state === "in_flight" && row.lockedUntil < t && row.hash === hash));
        if (!row || free) {
          const operationId = row && !old && row.hash === hash ? row.operationId : newOperationId;
          rows.set(id(ref), { hash, state: "in_flight", lockedUntil: t + ttl, createdAt: t, operationId });
          return { kind: "claimed" as const, operationId };
        }
        if (row.hash !== hash) return { kind: "mismatch" as const };
        if (row.state === "in_flight" || !row.response) return { kind: "in_flight" as const };
        return { kind: "replay" as const, response: row.response };
      }),
    complete: (ref, response) =>
      Effect.sync(() => {
        const row = rows.get(id(ref));
        if (row) rows.set(id(ref), { ...row, state: "done", response });
      }),
    release: (ref) =>
      Effect.sync(() => {
        const row = rows.get(id(ref));
        if (row?.state === "in_flight") rows.set(id(ref), { ...row, state: "released" });
      }),
  });
}
