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
    claim: (ref, requestHash, now, claimTtlMs, newOperationId) =>
      run(async () => {
        const lockedUntil = new Date(now.getTime() + claimTtlMs);
        const expiredBefore = new Date(now.getTime() - KEEP_MS);
        // Take the key if it is new, its in-flight claim expired (a crashed process), its request failed (released),
        // or its record is older than 24 h. The operation id stays when the same request is taken over within the
        // 24 h (a crash's or a failure's retry is the same operation); any other taking starts a new operation.
        const taken = await knex.raw(
          `
        insert into idempotency_keys (account_id, livemode, method, path, key, request_hash, state, created_at, locked_until, operation_id)
        values (?, ?, ?, ?, ?, ?, 'in_flight', ?, ?, ?)
        on conflict (account_id, livemode, method, path, key) do update set
          operation_id = case
            when idempotency_keys.request_hash = excluded.request_hash and idempotency_keys.created_at >= ?
              then coalesce(idempotency_keys.operation_id, excluded.operation_id)
            else excluded.operation_id end,
          request_hash = excluded.request_hash, state = 'in_flight', created_at = excluded.created_at,
          locked_until = excluded.locked_until, response_status = null, response_body = null
        where (idempotency_keys.state = 'in_flight' and idempotency_keys.locked_until < ? and idempotency_keys.request_hash = excluded.request_hash)
           or idempotency_keys.state = 'released'
           or idempotency_keys.created_at < ?
        returning operation_id`,
          [
            ref.accountId,
            ref.livemode,
            ref.method,
            ref.path,
            ref.key,
            requestHash,
            now,
            lockedUntil,
            newOperationId,
            expiredBefore,
            now,
            expiredBefore,
          ],
        );
        const claimed = (taken.rows as { operation_id: string }[])[0];
        if (claimed) return { kind: "claimed" as const, operationId: claimed.operation_id };
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
      run(() =>
        knex("idempotency_keys")
          .where(where(ref))
          .andWhere("state", "in_flight")
          .update({ state: "released", locked_until: null }),
      ).pipe(Effect.asVoid),
  });
}

export const layer = (knex: Knex) => Layer.succeed(IdempotencyStore, makeKnexIdempotencyStore(knex));
