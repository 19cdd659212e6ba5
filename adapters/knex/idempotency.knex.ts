// D30 on the database: the claim is one INSERT ... ON CONFLICT, so two processes racing on one key
// cannot both win.
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import type { Knex } from "knex";
import { IdempotencyStore, type IdempotencyKeyRef } from "../../core/ports/idempotency.port.ts";
import { run } from "./store.knex.ts";
import { decodeOptional, IdempotencyKeyRow } from "./rows.ts";

const KEEP_MS = 24 * 3600 * 1000;

const where = (ref: IdempotencyKeyRef) => ({
  account_id: ref.accountId,
  livemode: ref.livemode,
  method: ref.method,
  path: ref.path,
  key: ref.key,
});

export function makeKnexIdempotencyStore(knex: Knex): IdempotencyStore["Service"] {
  return IdempotencyStore.of({
    claim: (ref, requestHash, now, claimTtlMs) =>
      run(async () => {
        const lockedUntil = new Date(now.getTime() + claimTtlMs);
        const expiredBefore = new Date(now.getTime() - KEEP_MS);
        // Take the key if it is new, its in-flight claim expired (a crashed process), or its record is older than 24 h.
        const taken = await knex.raw(
          `
        insert into idempotency_keys (account_id, livemode, method, path, key, request_hash, state, created_at, locked_until)
        values (?, ?, ?, ?, ?, ?, 'in_flight', ?, ?)
        on conflict (account_id, livemode, method, path, key) do update set
          request_hash = excluded.request_hash, state = 'in_flight', created_at = excluded.created_at,
          locked_until = excluded.locked_until, response_status = null, response_body = null
        where (idempotency_keys.state = 'in_flight' and idempotency_keys.locked_until < ? and idempotency_keys.request_hash = excluded.request_hash)
           or idempotency_keys.created_at < ?
        returning key`,
          [
            ref.accountId,
            ref.livemode,
            ref.method,
            ref.path,
            ref.key,
            requestHash,
            now,
            lockedUntil,
            now,
            expiredBefore,
          ],
        );
        if (taken.rows.length > 0) return { kind: "claimed" as const };
        const row = decodeOptional(
          IdempotencyKeyRow,
          await knex("idempotency_keys").where(where(ref)).first(),
        );
        if (!row) return { kind: "in_flight" as const };
        if (row.request_hash !== requestHash) return { kind: "mismatch" as const };
        if (row.state !== "done") return { kind: "in_flight" as const };
        return {
          kind: "replay" as const,
          response: {
            status: Number(row.response_status),
            body: row.response_body ?? "",
            contentType: row.response_content_type ?? "application/json",
          },
        };
      }),
    complete: (ref, response) =>
      run(() =>
        knex("idempotency_keys").where(where(ref)).update({
          state: "done",
          response_status: response.status,
          response_body: response.body,
          response_content_type: response.contentType,
          locked_until: null,
        }),
      ).pipe(Effect.asVoid),
    release: (ref) =>
      run(() => knex("idempotency_keys").where(where(ref)).andWhere("state", "in_flight").delete()).pipe(
        Effect.asVoid,
      ),
  });
}

export const layer = (knex: Knex) => Layer.succeed(IdempotencyStore, makeKnexIdempotencyStore(knex));
