import * as Effect from "effect/Effect";
import type * as Ports from "../../../core/ports/store.port.ts";
import { pageFrom, type FakeScope } from "./shared.ts";

export function fakeEvents(c: FakeScope): Ports.EventRepo {
  const { ref, scope, mine } = c;
  return {
    insert: (e) =>
      Effect.sync(() => {
        ref.t.events.set(e.id, { ...e, ...scope });
      }),
    insertMany: (events) =>
      Effect.sync(() => {
        for (const e of events) ref.t.events.set(e.id, { ...e, ...scope });
      }),
    list: (page) => Effect.sync(() => pageFrom([...ref.t.events.values()].filter(mine), page)),
    get: (id) =>
      Effect.sync(() => {
        const e = ref.t.events.get(id);
        return e && mine(e) ? e : undefined;
      }),
  };
}

export function fakeWebhooks(c: FakeScope): Ports.WebhookRepo {
  const { ref, scope, mine } = c;
  return {
    insert: (e) =>
      Effect.sync(() => {
        ref.t.webhooks.set(e.id, { ...e, accountId: scope.accountId });
      }),
    get: (id) =>
      Effect.sync(() => {
        const e = ref.t.webhooks.get(id);
        return e && mine(e) ? e : undefined;
      }),
    list: (page) => Effect.sync(() => pageFrom([...ref.t.webhooks.values()].filter(mine), page)),
    update: (id, patch) =>
      Effect.sync(() => {
        const e = ref.t.webhooks.get(id);
        if (!e || !mine(e)) return undefined;
        const next = { ...e, ...patch };
        ref.t.webhooks.set(id, next);
        return next;
      }),
    remove: (id) =>
      Effect.sync(() => {
        const e = ref.t.webhooks.get(id);
        if (!e || !mine(e)) return false;
        ref.t.webhooks.delete(id);
        return true;
      }),
    deliveries: (endpointId, page) =>
      Effect.sync(() => {
        const all = [...ref.t.deliveries.values()].filter(mine);
        return pageFrom(
          all.filter((d) => d.endpointId === endpointId),
          page,
          undefined,
          undefined,
          all,
        );
      }),
    active: () =>
      Effect.sync(() => [...ref.t.webhooks.values()].filter((e) => mine(e) && e.status === "active")),
    insertDeliveries: (rows) =>
      Effect.sync(() => {
        const out: string[] = [];
        for (const d of rows) {
          if (
            [...ref.t.deliveries.values()].some(
              (x) => x.endpointId === d.endpointId && x.eventId === d.eventId,
            )
          )
            continue;
          ref.t.deliveries.set(d.id, { ...d, ...scope });
          out.push(d.id);
        }
        return out;
      }),
    getDelivery: (id) =>
      Effect.sync(() => {
        const d = ref.t.deliveries.get(id);
        return d && mine(d) ? d : undefined;
      }),
    recordAttempt: (id, p) =>
      Effect.sync(() => {
        const d = ref.t.deliveries.get(id);
        if (d && mine(d)) ref.t.deliveries.set(id, { ...d, ...p });
      }),
    recordAttempts: (list) =>
      Effect.sync(() => {
        for (const { id, ...p } of list) {
          const d = ref.t.deliveries.get(id);
          if (d && mine(d)) ref.t.deliveries.set(id, { ...d, ...p });
        }
      }),
  };
}
