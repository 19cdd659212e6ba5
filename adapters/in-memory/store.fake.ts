// In-memory Store for domain tests and embedders' tests. Same scoping and paging rules as the Knex adapter;
// a transaction works on a copy of the tables and swaps it in only on success.
import { Effect, Exit, Layer } from "effect";
import { toPage, unknownCursorPage, type Page, type PageQuery } from "../../core/domain/shared/paging.ts";
import type { Account } from "../../core/domain/parties/account.ts";
import {
  Store, type ApiKeyRow, type PayerRow, type RecipientRow, type Scope, type ScopedStore,
} from "../../core/ports/store.port.ts";
import type { Payer } from "../../core/domain/parties/payer.ts";
import type { Recipient } from "../../core/domain/parties/recipient.ts";
import type { Filing } from "../../core/domain/filing/filing.ts";
import { pricingKind, type CartFiling, type CartItemGroup } from "../../core/domain/cart/cart.ts";
import type { FilingFilter } from "../../core/domain/filing/filter.ts";
import type { Extension } from "../../core/domain/extensions/extension.ts";
import type { TinMatchRun, WebhookDelivery, WebhookEndpoint } from "../../core/ports/store.port.ts";
import type { Batch, BalanceState, Cart, CartItem, LedgerEntryRow, Order, StoredEvent } from "../../core/ports/store.port.ts";
import { duplicateKey as dupKey } from "../../core/domain/filing/filing.ts";
import { emptyOAuthTables, fakeOAuthRepos, type OAuthTables } from "./oauth.fake.ts";

/** OAuth tables are not transactional here: a transaction's copy shares them. */
export interface Tables extends OAuthTables {
  accounts: Map<string, Account>;
  apiKeys: Map<string, ApiKeyRow & { revokedAt: string | null }>;
  payers: Map<string, PayerRow>;
  recipients: Map<string, RecipientRow>;
  filings: Map<string, Filing>;
  batches: Map<string, Batch>;
  carts: Map<string, { id: string; accountId: string; livemode: boolean; status: string; createdAt: string }>;
  cartItems: Map<string, CartItem & { accountId: string; livemode: boolean }>;
  balances: Map<string, BalanceState>;
  ledger: Map<string, LedgerEntryRow & { accountId: string; livemode: boolean }>;
  orders: Map<string, Order & { accountId: string; livemode: boolean }>;
  events: Map<string, StoredEvent & { accountId: string; livemode: boolean }>;
  dispatches: Map<string, { orderId: string; accountId: string; livemode: boolean; createdAt: string }>;
  extensions: Map<string, Extension & { accountId: string; formsKey: string }>;
  webhooks: Map<string, WebhookEndpoint & { accountId: string }>;
  deliveries: Map<string, WebhookDelivery & { accountId: string; livemode: boolean }>;
  tinRuns: Map<string, TinMatchRun & { accountId: string; livemode: boolean }>;
  fannedOut: Set<string>;
}

export const emptyTables = (): Tables => ({
  accounts: new Map(), apiKeys: new Map(), payers: new Map(), recipients: new Map(), filings: new Map(), batches: new Map(),
  carts: new Map(), cartItems: new Map(), balances: new Map(), ledger: new Map(), orders: new Map(), events: new Map(), dispatches: new Map(), extensions: new Map(), webhooks: new Map(), deliveries: new Map(), tinRuns: new Map(), fannedOut: new Set(),
  ...emptyOAuthTables(),
});

const cloneTables = (t: Tables): Tables => ({
  accounts: new Map(t.accounts), apiKeys: new Map(t.apiKeys), payers: new Map(t.payers),
  recipients: new Map(t.recipients), filings: new Map(t.filings), batches: new Map(t.batches), carts: new Map(t.carts),
  cartItems: new Map(t.cartItems), balances: new Map(t.balances), ledger: new Map(t.ledger), orders: new Map(t.orders),
  events: new Map(t.events), dispatches: new Map(t.dispatches), extensions: new Map(t.extensions), webhooks: new Map(t.webhooks), deliveries: new Map(t.deliveries), tinRuns: new Map(t.tinRuns), fannedOut: new Set(t.fannedOut),
  oauthApps: t.oauthApps, users: t.users, grants: t.grants, codes: t.codes, tokens: t.tokens, sessions: t.sessions,
});

const inScope = (scope: Scope) => (r: { accountId: string; livemode: boolean }) =>
  r.accountId === scope.accountId && r.livemode === scope.livemode;

/** Newest first on (createdAt, id), like the SQL adapter. */
const newestFirst = <T extends { id: string; createdAt: string }>(a: T, b: T) =>
  (a.createdAt === b.createdAt ? (a.id === b.id ? 0 : a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1);

/**
 * A page of `rows` in `order`, after the item the cursor names. The cursor is looked up among `anchors` (by default
 * the rows themselves): a filtered list still pages from an item that no longer matches its filter, as in SQL.
 */
export function pageFrom<T extends { id: string; createdAt: string }>(rows: T[], page: PageQuery, cursorMatch: (r: T, c: string) => boolean = (r, c) => r.id === c, order: (a: T, b: T) => number = newestFirst, anchors: readonly T[] = rows): Page<T> {
  const sorted = rows.sort(order);
  let after = sorted;
  if (page.startingAfter !== null) {
    const anchor = anchors.find((r) => cursorMatch(r, page.startingAfter as string));
    if (anchor === undefined) return unknownCursorPage();
    after = sorted.filter((r) => r !== anchor && order(anchor, r) < 0);
  }
  return toPage(after.slice(0, page.limit + 1), page.limit);
}

function strip<T extends { tinCiphertext: string; tinHash: string }>(row: T): Omit<T, "tinCiphertext" | "tinHash"> {
  const { tinCiphertext: _c, tinHash: _h, ...rest } = row;
  return rest;
}

function scoped(ref: { t: Tables }, scope: Scope): ScopedStore {
  const mine = inScope(scope);
  const balanceKey = `${scope.accountId}|${scope.livemode}`;
  const balanceOf = (): BalanceState => ref.t.balances.get(balanceKey) ?? {
    balanceCents: 0, entryCount: 0, orderCount: 0, autoReplenish: { enabled: false, threshold_cents: 0, topup_cents: 0 }, card: null, cardCustomer: null,
  };
  const toCart = (c: { id: string; status: string; createdAt: string; orderId?: string | null } | undefined): Cart | undefined =>
    c ? { id: c.id, status: c.status === "paid" ? "paid" : "open", orderId: c.orderId ?? null, createdAt: c.createdAt } : undefined;
  const sameTin = (row: RecipientRow) => [...ref.t.recipients.values()].some((r) =>
    mine(r) && r.payerId === row.payerId && r.tinHash === row.tinHash && (r.tinType ?? "") === (row.tinType ?? ""));
  const recipientBy = (id: string) => [...ref.t.recipients.values()].find((r) => mine(r) && (r.id === id || r.shortId === id));
  return {
    scope,
    payers: {
      insert: (row) => Effect.sync(() => { ref.t.payers.set(row.id, row); }),
      // Ids are uuids, which Postgres compares case-insensitively.
      get: (id) => Effect.sync(() => { const r = ref.t.payers.get(id.toLowerCase()); return r && mine(r) ? (strip(r) as Payer) : undefined; }),
      update: (id, patch) => Effect.sync(() => {
        const r = ref.t.payers.get(id);
        if (!r || !mine(r)) return undefined;
        const next = { ...r, ...patch } as PayerRow;
        ref.t.payers.set(id, next);
        return strip(next) as Payer;
      }),
      list: (page) => Effect.sync(() => pageFrom([...ref.t.payers.values()].filter(mine).map((r) => strip(r) as Payer), page)),
      getMany: (ids) => Effect.sync(() => ids.map((id) => ref.t.payers.get(id)).filter((r): r is PayerRow => r !== undefined && mine(r)).map((r) => strip(r) as Payer)),
      tinCiphertext: (id) => Effect.sync(() => { const r = ref.t.payers.get(id); return r && mine(r) ? r.tinCiphertext : undefined; }),
      tinHash: (id) => Effect.sync(() => { const r = ref.t.payers.get(id); return r && mine(r) ? r.tinHash : undefined; }),
    },
    recipients: {
      insert: (row) => Effect.sync(() => {
        if (sameTin(row)) return false;
        ref.t.recipients.set(row.id, row);
        return true;
      }),
      get: (id) => Effect.sync(() => { const r = recipientBy(id); return r ? (strip(r) as Recipient) : undefined; }),
      update: (id, patch) => Effect.sync(() => {
        const r = recipientBy(id);
        if (!r) return undefined;
        const next = { ...r, ...patch } as RecipientRow;
        ref.t.recipients.set(r.id, next);
        return strip(next) as Recipient;
      }),
      list: (page, filter) => Effect.sync(() => {
        const all = [...ref.t.recipients.values()].filter(mine).map((r) => strip(r) as Recipient);
        return pageFrom(all.filter((r) => !filter.payerId || r.payerId === filter.payerId), page, (r, c) => r.id === c || r.shortId === c, undefined, all);
      }),
      findByTin: (payerId, tinHash, tinType) => Effect.sync(() => {
        const r = [...ref.t.recipients.values()]
          .filter((x) => mine(x) && x.payerId === payerId && x.tinHash === tinHash && (!tinType || x.tinType === tinType))
          .sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1))[0];
        return r ? (strip(r) as Recipient) : undefined;
      }),
      hasFilings: (id) => Effect.sync(() => [...ref.t.filings.values()].some((f) => mine(f) && f.recipientId === id)),
      getMany: (ids) => Effect.sync(() => ids.map((id) => ref.t.recipients.get(id)).filter((r): r is RecipientRow => r !== undefined && mine(r)).map((r) => strip(r) as Recipient)),
      tinCiphertext: (id) => Effect.sync(() => { const r = ref.t.recipients.get(id); return r && mine(r) ? r.tinCiphertext : undefined; }),
      findManyByTin: (payerId, hashes) => Effect.sync(() => {
        const wanted = new Set(hashes);
        return [...ref.t.recipients.values()]
          .filter((r) => mine(r) && r.payerId === payerId && wanted.has(r.tinHash))
          .sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1))
          .map((r) => ({ ...(strip(r) as Recipient), tinHash: r.tinHash }));
      }),
      insertMany: (rows) => Effect.sync(() => {
        const inserted = new Set<string>();
        for (const r of rows) {
          if (sameTin(r)) continue;
          ref.t.recipients.set(r.id, r);
          inserted.add(r.id);
        }
        return inserted;
      }),
    },
    filings: {
      insertMany: (rows) => Effect.sync(() => {
        const live = (f: Filing) => f.corrects === null && f.status !== "voided" && f.status !== "rejected";
        const taken = new Set([...ref.t.filings.values()].filter((f) => mine(f) && live(f)).map(dupKey));
        const inserted = new Set<string>();
        for (const f of rows) {
          if (live(f)) {
            if (taken.has(dupKey(f))) continue;
            taken.add(dupKey(f));
          }
          ref.t.filings.set(f.id, f);
          inserted.add(f.id);
        }
        return inserted;
      }),
      get: (id) => Effect.sync(() => [...ref.t.filings.values()].find((f) => mine(f) && (f.id === id || f.shortId === id))),
      list: (page, filter) => Effect.sync(() => {
        const all = [...ref.t.filings.values()].filter(mine);
        return pageFrom(all.filter((f) => filingMatches(f, filter)), page, (r, c) => r.id === c || r.shortId === c, undefined, all);
      }),
      listAll: (filter) => Effect.sync(() => [...ref.t.filings.values()].filter((f) => mine(f) && filingMatches(f, filter)).sort((a, b) => (a.id < b.id ? -1 : 1))),
      findFiledOriginal: (key) => Effect.sync(() => [...ref.t.filings.values()]
        .filter((f) => mine(f) && f.corrects === null && (f.status === "accepted" || f.status === "accepted_with_errors") && dupKey(f) === dupKey(key))
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))[0]),
      getMany: (ids) => Effect.sync(() => ids.map((id) => ref.t.filings.get(id)).filter((f): f is Filing => f !== undefined && mine(f))),
      update: (id, from, patch) => Effect.sync(() => {
        const f = ref.t.filings.get(id);
        if (!f || !mine(f) || !from.includes(f.status)) return undefined;
        const next = { ...f, ...patch };
        ref.t.filings.set(id, next);
        return next;
      }),
      updateMany: (ids, from, patch) => Effect.sync(() => {
        const changed: string[] = [];
        for (const id of ids) {
          const f = ref.t.filings.get(id);
          if (!f || !mine(f) || !from.includes(f.status)) continue;
          ref.t.filings.set(id, { ...f, ...patch });
          changed.push(id);
        }
        return changed;
      }),
      recordReceipt: (receipt, records) => Effect.sync(() => {
        let n = 0;
        for (const r of records) {
          const f = ref.t.filings.get(r.filingId);
          if (!f || !mine(f) || f.status !== "submitted") continue;
          ref.t.filings.set(r.filingId, { ...f, ...receipt, submissionId: r.submissionId, recordId: r.recordId });
          n++;
        }
        return n;
      }),
      receiptRecords: (receiptId) => Effect.sync(() => [...ref.t.filings.values()]
        .filter((f) => mine(f) && f.receiptId === receiptId && f.submissionId !== null && f.recordId !== null)
        .map((f) => ({ filingId: f.id, submissionId: f.submissionId ?? 0, recordId: f.recordId ?? 0, form: f.form, taxYear: f.taxYear }))),
      markQueued: (pay, orderId, charges, now) => Effect.sync(() => {
        let moved = 0;
        for (const c of charges) {
          const f = ref.t.filings.get(c.id);
          if (!f || !mine(f) || !pay.from.includes(f.status)) continue;
          ref.t.filings.set(c.id, { ...f, status: pay.to, orderId, amountChargedCents: c.amountChargedCents, updatedAt: now });
          moved++;
        }
        return moved;
      }),
    },
    batches: {
      insert: (b) => Effect.sync(() => { ref.t.batches.set(b.id, b); }),
      get: (id) => Effect.sync(() => { const b = ref.t.batches.get(id); return b && mine(b) ? b : undefined; }),
    },
    carts: {
      openCart: (newId, now) => Effect.sync(() => {
        const open = [...ref.t.carts.values()].find((c) => mine(c) && c.status === "open");
        if (open) return { id: open.id };
        ref.t.carts.set(newId, { id: newId, accountId: scope.accountId, livemode: scope.livemode, status: "open", createdAt: now });
        return { id: newId };
      }),
      insertItems: (items) => Effect.sync(() => { for (const i of items) ref.t.cartItems.set(i.id, { ...i, ...scope }); }),
      current: () => Effect.sync(() => toCart([...ref.t.carts.values()].find((c) => mine(c) && c.status === "open"))),
      // Transactions run one at a time here, so holding a cart is reading it.
      holdOpen: () => Effect.sync(() => toCart([...ref.t.carts.values()].find((c) => mine(c) && c.status === "open"))),
      hold: (id) => Effect.sync(() => { const c = ref.t.carts.get(id); return c && mine(c) ? toCart(c) : undefined; }),
      latestPaid: () => Effect.sync(() => toCart([...ref.t.carts.values()].filter((c) => mine(c) && c.status === "paid").sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))[0])),
      get: (id) => Effect.sync(() => { const c = ref.t.carts.get(id); return c && mine(c) ? toCart(c) : undefined; }),
      lockForPay: (id) => Effect.sync(() => { const c = ref.t.carts.get(id); return c && mine(c) ? toCart(c) : undefined; }),
      items: (cartId) => Effect.sync(() => [...ref.t.cartItems.values()].filter((i) => mine(i) && i.cartId === cartId).sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1))),
      itemsWithFilings: (cartId) => Effect.sync(() => {
        const items = [...ref.t.cartItems.values()].filter((i) => mine(i) && i.cartId === cartId).sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1));
        const filings = new Map<string, CartFiling>();
        for (const i of items) {
          const f = ref.t.filings.get(i.filingId);
          if (f && mine(f)) filings.set(f.id, { id: f.id, form: f.form, taxYear: f.taxYear, reference: f.reference, corrects: f.corrects, refileOf: f.refileOf });
        }
        return { items, filings };
      }),
      itemGroups: (cartId) => Effect.sync(() => {
        const groups = new Map<string, { -readonly [K in keyof CartItemGroup]: CartItemGroup[K] }>();
        for (const i of ref.t.cartItems.values()) {
          if (!mine(i) || i.cartId !== cartId) continue;
          const f = ref.t.filings.get(i.filingId);
          const kind = f && mine(f) ? pricingKind(f) : "original";
          const key = `${i.service}|${String(i.physicalMail)}|${String(i.portalAccess)}|${kind}`;
          const g = groups.get(key);
          if (g) g.count++; else groups.set(key, { service: i.service, physicalMail: i.physicalMail, portalAccess: i.portalAccess, kind, count: 1 });
        }
        return [...groups.values()];
      }),
      itemByFiling: (filingId) => Effect.sync(() => [...ref.t.cartItems.values()].find((i) => mine(i) && i.filingId === filingId)),
      removeItem: (id) => Effect.sync(() => { const i = ref.t.cartItems.get(id); if (!i || !mine(i)) return undefined; ref.t.cartItems.delete(id); return i; }),
      markPaid: (id, orderId) => Effect.sync(() => { const c = ref.t.carts.get(id); if (c) ref.t.carts.set(id, { ...c, status: "paid", orderId } as typeof c); }),
    },
    balance: {
      lock: () => Effect.sync(() => balanceOf()),
      get: () => Effect.sync(() => balanceOf()),
      append: (entries) => Effect.sync(() => {
        const last = entries[entries.length - 1];
        if (!last) return;
        for (const e of entries) ref.t.ledger.set(e.id, { ...e, ...scope });
        ref.t.balances.set(balanceKey, { ...balanceOf(), balanceCents: last.balance_after_cents, entryCount: last.seq });
      }),
      update: (patch) => Effect.sync(() => { ref.t.balances.set(balanceKey, { ...balanceOf(), ...patch }); }),
      // The ledger lists in its own order (seq), which keeps balance_after_cents a chain even within one instant.
      entries: (page) => Effect.sync(() => pageFrom([...ref.t.ledger.values()].filter(mine), page, undefined, (a, b) => b.seq - a.seq)),
      creditByReference: (reference) => Effect.sync(() => [...ref.t.ledger.values()].find((e) => mine(e) && e.kind === "credit" && e.reference === reference)),
    },
    orders: {
      insert: (o) => Effect.sync(() => { ref.t.orders.set(o.id, { ...o, ...scope }); }),
      get: (id) => Effect.sync(() => { const o = ref.t.orders.get(id); return o && mine(o) ? o : undefined; }),
      byCart: (cartId) => Effect.sync(() => [...ref.t.orders.values()].find((o) => mine(o) && o.cartId === cartId)),
      list: (page) => Effect.sync(() => pageFrom([...ref.t.orders.values()].filter(mine), page)),
    },
    events: {
      insert: (e) => Effect.sync(() => { ref.t.events.set(e.id, { ...e, ...scope }); }),
      insertMany: (events) => Effect.sync(() => { for (const e of events) ref.t.events.set(e.id, { ...e, ...scope }); }),
      list: (page) => Effect.sync(() => pageFrom([...ref.t.events.values()].filter(mine), page)),
      get: (id) => Effect.sync(() => { const e = ref.t.events.get(id); return e && mine(e) ? e : undefined; }),
    },
    extensions: {
      insert: (e, formsKey) => Effect.sync(() => {
        if ([...ref.t.extensions.values()].some((x) => mine(x) && x.payerId === e.payerId && x.taxYear === e.taxYear && x.formsKey === formsKey)) return false;
        ref.t.extensions.set(e.id, { ...e, accountId: scope.accountId, formsKey });
        return true;
      }),
      find: (payerId, taxYear, formsKey) => Effect.sync(() => [...ref.t.extensions.values()].find((x) => mine(x) && x.payerId === payerId && x.taxYear === taxYear && x.formsKey === formsKey)),
      get: (id) => Effect.sync(() => { const x = ref.t.extensions.get(id); return x && mine(x) ? x : undefined; }),
      list: (page, payerId) => Effect.sync(() => pageFrom([...ref.t.extensions.values()].filter((e) => mine(e) && (payerId === undefined || e.payerId === payerId)), page)),
    },
    webhooks: {
      insert: (e) => Effect.sync(() => { ref.t.webhooks.set(e.id, { ...e, accountId: scope.accountId }); }),
      get: (id) => Effect.sync(() => { const e = ref.t.webhooks.get(id); return e && mine(e) ? e : undefined; }),
      list: (page) => Effect.sync(() => pageFrom([...ref.t.webhooks.values()].filter(mine), page)),
      update: (id, patch) => Effect.sync(() => {
        const e = ref.t.webhooks.get(id);
        if (!e || !mine(e)) return undefined;
        const next = { ...e, ...patch };
        ref.t.webhooks.set(id, next);
        return next;
      }),
      remove: (id) => Effect.sync(() => { const e = ref.t.webhooks.get(id); if (!e || !mine(e)) return false; ref.t.webhooks.delete(id); return true; }),
      deliveries: (endpointId, page) => Effect.sync(() => {
        const all = [...ref.t.deliveries.values()].filter(mine);
        return pageFrom(all.filter((d) => d.endpointId === endpointId), page, undefined, undefined, all);
      }),
      active: () => Effect.sync(() => [...ref.t.webhooks.values()].filter((e) => mine(e) && e.status === "active")),
      insertDeliveries: (rows) => Effect.sync(() => {
        const out: string[] = [];
        for (const d of rows) {
          if ([...ref.t.deliveries.values()].some((x) => x.endpointId === d.endpointId && x.eventId === d.eventId)) continue;
          ref.t.deliveries.set(d.id, { ...d, ...scope });
          out.push(d.id);
        }
        return out;
      }),
      getDelivery: (id) => Effect.sync(() => { const d = ref.t.deliveries.get(id); return d && mine(d) ? d : undefined; }),
      recordAttempt: (id, p) => Effect.sync(() => { const d = ref.t.deliveries.get(id); if (d && mine(d)) ref.t.deliveries.set(id, { ...d, ...p }); }),
    },
    tinMatches: {
      insert: (r) => Effect.sync(() => { ref.t.tinRuns.set(r.id, { ...r, ...scope }); }),
      get: (id) => Effect.sync(() => { const r = ref.t.tinRuns.get(id); return r && mine(r) ? r : undefined; }),
      list: (page) => Effect.sync(() => pageFrom([...ref.t.tinRuns.values()].filter(mine), page)),
      complete: (id, results, now) => Effect.sync(() => {
        const r = ref.t.tinRuns.get(id);
        if (!r || !mine(r) || r.status !== "processing") return false;
        ref.t.tinRuns.set(id, { ...r, status: "completed", results, completedAt: now });
        return true;
      }),
    },
    sandbox: {
      reset: (now, startingBalance, entryId) => Effect.sync(() => {
        const cleared = [...ref.t.filings.values()].filter(mine).length;
        for (const table of [ref.t.cartItems, ref.t.filings, ref.t.carts, ref.t.orders, ref.t.batches, ref.t.dispatches, ref.t.ledger] as Map<string, { accountId: string; livemode: boolean }>[]) {
          for (const [k, v] of table) if (mine(v)) table.delete(k);
        }
        ref.t.ledger.set(entryId, { id: entryId, seq: 1, kind: "adjustment", amount_cents: startingBalance, balance_after_cents: startingBalance, description: "Sandbox reset", createdAt: now, ...scope });
        ref.t.balances.set(balanceKey, { ...balanceOf(), balanceCents: startingBalance, entryCount: 1, orderCount: 0 });
        return cleared;
      }),
    },
    dispatches: {
      enqueue: (orderId, now) => Effect.sync(() => { if (!ref.t.dispatches.has(orderId)) ref.t.dispatches.set(orderId, { orderId, ...scope, createdAt: now }); }),
    },
  };
}

export function makeFakeStore(tables: Tables = emptyTables()): Store["Service"] & { readonly tables: () => Tables } {
  const ref = { t: tables };
  let queue: Promise<unknown> = Promise.resolve();
  const done = new Set<string>();
  // Production TIN Matching requests (tin_match_sends): outside the transactional tables, like the SQL rows are counted before the send.
  const tinSends: { key: string; sentAt: string; outcome: string | null }[] = [];
  const transaction = <A, E, R = never>(scope: Scope, body: (tx: ScopedStore) => Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.flatMap(Effect.context<R>(), (services) => Effect.flatten(Effect.promise((signal) => {
      // Transactions run one at a time, each on a copy swapped in only when it succeeds.
      const next = queue.then(async () => {
        const copy = { t: cloneTables(ref.t) };
        const exit = await Effect.runPromiseExitWith(services)(body(scoped(copy, scope)), { signal });
        if (Exit.isSuccess(exit)) ref.t = copy.t;
        return exit;
      });
      queue = next.catch(() => undefined);
      return next;
    })));
  return {
    ...Store.of({
      scoped: (scope) => scoped(ref, scope),
      transaction,
      accounts: {
        insert: (a) => Effect.sync(() => { ref.t.accounts.set(a.id, a); }),
        get: (id) => Effect.sync(() => ref.t.accounts.get(id)),
        list: () => Effect.sync(() => [...ref.t.accounts.values()].sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1))),
        count: () => Effect.sync(() => ref.t.accounts.size),
        update: (id, patch) => Effect.sync(() => {
          const a = ref.t.accounts.get(id);
          if (!a) return undefined;
          const next = { ...a, ...patch };
          ref.t.accounts.set(id, next);
          return next;
        }),
      },
      outbox: {
        pending: (limit) => Effect.sync(() => [...ref.t.events.values()].filter((e) => !ref.t.fannedOut.has(e.id)).slice(0, limit)),
        markFannedOut: (ids) => Effect.sync(() => { for (const id of ids) ref.t.fannedOut.add(id); }),
        dueDeliveries: (before, limit) => Effect.sync(() => [...ref.t.deliveries.values()].filter((d) => d.status === "pending" && d.nextAttemptAt !== null && d.nextAttemptAt < before).slice(0, limit)
          .map((d) => ({ id: d.id, accountId: d.accountId, livemode: d.livemode }))),
      },
      dispatchQueue: {
        pending: (before, limit) => Effect.sync(() => [...ref.t.dispatches.values()].filter((d) => !done.has(d.orderId) && d.createdAt < before).slice(0, limit)
          .map((d) => ({ orderId: d.orderId, accountId: d.accountId, livemode: d.livemode }))),
        markDone: (orderId) => Effect.sync(() => { done.add(orderId); }),
      },
      tinMatchQueue: {
        liveMatchesSince: (since) => Effect.sync(() => [...ref.t.tinRuns.values()].filter((r) => r.livemode && r.status === "completed" && (r.completedAt ?? "") >= since).reduce((n, r) => n + r.count, 0)),
        pairSends: (keys, since) => Effect.sync(() => {
          const out = new Map<string, { count: number; last: string | null }>();
          for (const s of tinSends) {
            if (!keys.includes(s.key) || s.sentAt < since) continue;
            const seen = out.get(s.key) ?? { count: 0, last: null };
            out.set(s.key, { count: seen.count + 1, last: s.outcome ?? seen.last });
          }
          return out;
        }),
        recordPairSends: (keys, sentAt) => Effect.sync(() => { for (const key of keys) tinSends.push({ key, sentAt, outcome: null }); }),
        setPairOutcomes: (outcomes, sentAt) => Effect.sync(() => {
          for (const o of outcomes) for (const s of tinSends) if (s.key === o.key && s.sentAt === sentAt && s.outcome === null) s.outcome = o.outcome;
        }),
        pending: (before, limit) => Effect.sync(() => [...ref.t.tinRuns.values()].filter((r) => r.status === "processing" && r.createdAt < before).slice(0, limit)
          .map((r) => ({ id: r.id, accountId: r.accountId, livemode: r.livemode }))),
      },
      ...fakeOAuthRepos(() => ref.t),
      apiKeys: {
        insert: (k) => Effect.sync(() => { ref.t.apiKeys.set(k.keyHash, { ...k, revokedAt: null }); }),
        listForAccount: (accountId) => Effect.sync(() => [...ref.t.apiKeys.values()].filter((k) => k.accountId === accountId)),
      },
    }),
    tables: () => ref.t,
  };
}

export const layerTest = (tables?: Tables) => Layer.succeed(Store, makeFakeStore(tables));

function filingMatches(f: Filing, filter: FilingFilter): boolean {
  return (!filter.statuses?.length || filter.statuses.includes(f.status)) && (!filter.payerId || f.payerId === filter.payerId)
    && (!filter.form || f.form === filter.form) && (!filter.taxYear || f.taxYear === filter.taxYear)
    && (!filter.batchId || f.batchId === filter.batchId) && (!filter.orderId || f.orderId === filter.orderId)
    && (!filter.corrects || f.corrects === filter.corrects);
}
