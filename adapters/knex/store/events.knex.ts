// Events and webhook endpoints and deliveries on Knex.
import * as Effect from "effect/Effect";
import type { Scope } from "../../../core/ports/store.port.ts";
import { isUuid } from "../../../core/domain/shared/validation.ts";
import type { SecretBox } from "../../system/system.ts";
import { IdRow, rowsOf, toColumns, toDelivery, toEndpointWith, toEvent } from "../rows.ts";
import type { EventRepo, StoredEvent } from "../../../core/ports/store.port.ts";
import type { WebhookRepo } from "../../../core/ports/store.port.ts";
import { type Db, run, scopedTable, pageOf, pageMap } from "./shared.ts";

export function eventRepo(db: Db, scope: Scope): EventRepo {
  const toEventRow = (e: StoredEvent) => ({
    id: e.id,
    account_id: scope.accountId,
    livemode: scope.livemode,
    type: e.type,
    data: JSON.stringify(e.data),
    created_at: e.createdAt,
  });
  return {
    insert: (e) => run(() => db("events").insert(toEventRow(e))).pipe(Effect.asVoid),
    insertMany: (events) =>
      run(async () => {
        // As one JSON parameter per 2,000 events, read by json_to_recordset (an acknowledgement of 20,000 forms
        // writes 20,000 events; a bound parameter per column and row cost the driver's escaping in JavaScript).
        for (let i = 0; i < events.length; i += 2000) {
          await db.raw(
            `insert into events (id, account_id, livemode, type, data, created_at)
          select id, ?::uuid, ?::boolean, type, data, created_at from json_to_recordset(?::json) as t(id text, type text, data jsonb, created_at timestamptz)`,
            [
              scope.accountId,
              scope.livemode,
              JSON.stringify(
                events
                  .slice(i, i + 2000)
                  .map((e) => ({ id: e.id, type: e.type, data: e.data, created_at: e.createdAt })),
              ),
            ],
          );
        }
      }),
    list: (page) => run(async () => pageMap(await pageOf(db, "events", scope, page), page.limit, toEvent)),
    get: (id) =>
      run(async () => {
        const row: unknown = await scopedTable(db, "events", scope).where("id", id).first();
        return row ? toEvent(row) : undefined;
      }),
  };
}

export function webhookRepo(db: Db, scope: Scope, box: SecretBox): WebhookRepo {
  const toEndpoint = (r: unknown) => toEndpointWith(r, box);
  return {
    insert: (e) =>
      run(() =>
        db("webhook_endpoints").insert({
          id: e.id,
          account_id: scope.accountId,
          livemode: scope.livemode,
          url: e.url,
          events: JSON.stringify(e.events),
          status: e.status,
          secret: box.seal(e.secret),
          previous_secret: e.previousSecret === null ? null : box.seal(e.previousSecret),
          rotated_at: e.rotatedAt,
          created_at: e.createdAt,
          updated_at: e.updatedAt,
        }),
      ).pipe(Effect.asVoid),
    get: (id) =>
      run(async () => {
        if (!isUuid(id)) return undefined;
        const row: unknown = await scopedTable(db, "webhook_endpoints", scope).where("id", id).first();
        return row ? toEndpoint(row) : undefined;
      }),
    list: (page) =>
      run(async () => pageMap(await pageOf(db, "webhook_endpoints", scope, page), page.limit, toEndpoint)),
    update: (id, patch) =>
      run(async () => {
        if (!isUuid(id)) return undefined;
        const cols = toColumns(patch);
        if (patch.events) cols["events"] = JSON.stringify(patch.events);
        if (patch.secret !== undefined) cols["secret"] = box.seal(patch.secret);
        if (patch.previousSecret !== undefined)
          cols["previous_secret"] = patch.previousSecret === null ? null : box.seal(patch.previousSecret);
        const rows = rowsOf(
          await scopedTable(db, "webhook_endpoints", scope).where("id", id).update(cols).returning("*"),
        );
        return rows[0] ? toEndpoint(rows[0]) : undefined;
      }),
    remove: (id) =>
      run(async () =>
        isUuid(id)
          ? rowsOf(await scopedTable(db, "webhook_endpoints", scope).where("id", id).delete().returning("id"))
              .length > 0
          : false,
      ),
    deliveries: (endpointId, page) =>
      run(async () =>
        pageMap(
          await pageOf(db, "webhook_deliveries", scope, page, (q) => {
            q.where("webhook_deliveries.endpoint_id", endpointId);
          }),
          page.limit,
          toDelivery,
        ),
      ),
    active: () =>
      run(async () =>
        rowsOf(await scopedTable(db, "webhook_endpoints", scope).where("status", "active")).map(toEndpoint),
      ),
    insertDeliveries: (rows) =>
      run(async () => {
        if (rows.length === 0) return [];
        const inserted = rowsOf(
          await db("webhook_deliveries")
            .insert(
              rows.map((d) => ({
                id: d.id,
                account_id: scope.accountId,
                livemode: scope.livemode,
                endpoint_id: d.endpointId,
                event_id: d.eventId,
                event_type: d.eventType,
                status: d.status,
                attempts: d.attempts,
                next_attempt_at: d.nextAttemptAt,
                created_at: d.createdAt,
              })),
            )
            .onConflict(["endpoint_id", "event_id"])
            .ignore()
            .returning("id"),
        );
        return inserted.map((r) => IdRow.decode(r).id);
      }),
    getDelivery: (id) =>
      run(async () => {
        const row: unknown = await scopedTable(db, "webhook_deliveries", scope).where("id", id).first();
        return row ? toDelivery(row) : undefined;
      }),
    recordAttempt: (id, p) =>
      run(() =>
        scopedTable(db, "webhook_deliveries", scope).where("id", id).update({
          status: p.status,
          attempts: p.attempts,
          last_status_code: p.lastStatusCode,
          last_error: p.lastError,
          next_attempt_at: p.nextAttemptAt,
          last_attempt_at: p.lastAttemptAt,
        }),
      ).pipe(Effect.asVoid),
    recordAttempts: (list) =>
      run(async () => {
        for (let i = 0; i < list.length; i += 1000) {
          await db.raw(
            `update webhook_deliveries d set status = v.status, attempts = v.attempts, last_status_code = v.last_status_code, last_error = v.last_error,
            next_attempt_at = v.next_attempt_at, last_attempt_at = v.last_attempt_at
          from json_to_recordset(?::json) as v(id text, status text, attempts int, last_status_code int, last_error text, next_attempt_at timestamptz, last_attempt_at timestamptz)
          where d.id = v.id and d.account_id = ? and d.livemode = ?`,
            [
              JSON.stringify(
                list.slice(i, i + 1000).map((p) => ({
                  id: p.id,
                  status: p.status,
                  attempts: p.attempts,
                  last_status_code: p.lastStatusCode,
                  last_error: p.lastError,
                  next_attempt_at: p.nextAttemptAt,
                  last_attempt_at: p.lastAttemptAt,
                })),
              ),
              scope.accountId,
              scope.livemode,
            ],
          );
        }
      }),
  };
}
