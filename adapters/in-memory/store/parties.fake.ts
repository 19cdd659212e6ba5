import * as Effect from "effect/Effect";
import type { Payer } from "../../../core/domain/parties/payer.ts";
import type { Recipient } from "../../../core/domain/parties/recipient.ts";
import type * as Ports from "../../../core/ports/store.port.ts";
import type { PayerRow, RecipientRow } from "../../../core/ports/store.port.ts";
import { pageFrom, strip, type FakeScope } from "./shared.ts";

export function fakePayers(c: FakeScope): Ports.PayerRepo {
  const { ref, mine } = c;
  return {
    insert: (row) =>
      Effect.sync(() => {
        ref.t.payers.set(row.id, row);
      }),
    // Ids are uuids, which Postgres compares case-insensitively.
    get: (id) =>
      Effect.sync(() => {
        const r = ref.t.payers.get(id.toLowerCase());
        return r && mine(r) ? (strip(r) as Payer) : undefined;
      }),
    update: (id, patch) =>
      Effect.sync(() => {
        const r = ref.t.payers.get(id);
        if (!r || !mine(r)) return undefined;
        const next = { ...r, ...patch } as PayerRow;
        ref.t.payers.set(id, next);
        return strip(next) as Payer;
      }),
    list: (page) =>
      Effect.sync(() =>
        pageFrom(
          [...ref.t.payers.values()].filter(mine).map((r) => strip(r) as Payer),
          page,
        ),
      ),
    getMany: (ids) =>
      Effect.sync(() =>
        ids
          .map((id) => ref.t.payers.get(id))
          .filter((r): r is PayerRow => r !== undefined && mine(r))
          .map((r) => strip(r) as Payer),
      ),
    tinCiphertext: (id) =>
      Effect.sync(() => {
        const r = ref.t.payers.get(id);
        return r && mine(r) ? r.tinCiphertext : undefined;
      }),
    tinHash: (id) =>
      Effect.sync(() => {
        const r = ref.t.payers.get(id);
        return r && mine(r) ? r.tinHash : undefined;
      }),
  };
}

export function fakeRecipients(c: FakeScope): Ports.RecipientRepo {
  const { ref, mine, sameTin, recipientBy } = c;
  return {
    insert: (row) =>
      Effect.sync(() => {
        if (sameTin(row)) return false;
        ref.t.recipients.set(row.id, row);
        return true;
      }),
    get: (id) =>
      Effect.sync(() => {
        const r = recipientBy(id);
        return r ? (strip(r) as Recipient) : undefined;
      }),
    update: (id, patch) =>
      Effect.sync(() => {
        const r = recipientBy(id);
        if (!r) return undefined;
        const next = { ...r, ...patch } as RecipientRow;
        ref.t.recipients.set(r.id, next);
        return strip(next) as Recipient;
      }),
    list: (page, filter) =>
      Effect.sync(() => {
        const all = [...ref.t.recipients.values()].filter(mine).map((r) => strip(r) as Recipient);
        return pageFrom(
          all.filter((r) => !filter.payerId || r.payerId === filter.payerId),
          page,
          (r, c) => r.id === c || r.shortId === c,
          undefined,
          all,
        );
      }),
    findByTin: (payerId, tinHash, tinType) =>
      Effect.sync(() => {
        const r = [...ref.t.recipients.values()]
          .filter(
            (x) =>
              mine(x) &&
              x.payerId === payerId &&
              x.tinHash === tinHash &&
              (!tinType || x.tinType === tinType),
          )
          .sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1))[0];
        return r ? (strip(r) as Recipient) : undefined;
      }),
    hasFilings: (id) =>
      Effect.sync(() => [...ref.t.filings.values()].some((f) => mine(f) && f.recipientId === id)),
    getMany: (ids) =>
      Effect.sync(() =>
        ids
          .map((id) => ref.t.recipients.get(id))
          .filter((r): r is RecipientRow => r !== undefined && mine(r))
          .map((r) => strip(r) as Recipient),
      ),
    tinCiphertext: (id) =>
      Effect.sync(() => {
        const r = ref.t.recipients.get(id);
        return r && mine(r) ? r.tinCiphertext : undefined;
      }),
    findManyByTin: (payerId, hashes) =>
      Effect.sync(() => {
        const wanted = new Set(hashes);
        return [...ref.t.recipients.values()]
          .filter((r) => mine(r) && r.payerId === payerId && wanted.has(r.tinHash))
          .sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1))
          .map((r) => ({ ...(strip(r) as Recipient), tinHash: r.tinHash }));
      }),
    insertMany: (rows) =>
      Effect.sync(() => {
        const inserted = new Set<string>();
        for (const r of rows) {
          if (sameTin(r)) continue;
          ref.t.recipients.set(r.id, r);
          inserted.add(r.id);
        }
        return inserted;
      }),
  };
}

export function fakeExtensions(c: FakeScope): Ports.ExtensionRepo {
  const { ref, scope, mine } = c;
  return {
    insert: (e, formsKey) =>
      Effect.sync(() => {
        if (
          [...ref.t.extensions.values()].some(
            (x) => mine(x) && x.payerId === e.payerId && x.taxYear === e.taxYear && x.formsKey === formsKey,
          )
        )
          return false;
        ref.t.extensions.set(e.id, { ...e, accountId: scope.accountId, formsKey });
        return true;
      }),
    find: (payerId, taxYear, formsKey) =>
      Effect.sync(() =>
        [...ref.t.extensions.values()].find(
          (x) => mine(x) && x.payerId === payerId && x.taxYear === taxYear && x.formsKey === formsKey,
        ),
      ),
    get: (id) =>
      Effect.sync(() => {
        const x = ref.t.extensions.get(id);
        return x && mine(x) ? x : undefined;
      }),
    list: (page, payerId) =>
      Effect.sync(() =>
        pageFrom(
          [...ref.t.extensions.values()].filter(
            (e) => mine(e) && (payerId === undefined || e.payerId === payerId),
          ),
          page,
        ),
      ),
  };
}
