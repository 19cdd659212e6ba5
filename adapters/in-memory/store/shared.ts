// The in-memory store's tables and the helpers its repositories share (scoping, paging, TIN stripping).
import { toPage, unknownCursorPage, type Page, type PageQuery } from "../../../core/domain/shared/paging.ts";
import type { Account } from "../../../core/domain/parties/account.ts";
import type {
  ApiKeyRow,
  PayerRow,
  RecipientRow,
  Scope,
  TinMatchRun,
  WebhookDelivery,
  WebhookEndpoint,
  Batch,
  BalanceState,
  Cart,
  CartItem,
  LedgerEntryRow,
  Order,
  StoredEvent,
} from "../../../core/ports/store.port.ts";
import type { Filing } from "../../../core/domain/filing/filing.ts";
import type {
  ConsentRecord,
  StatementDeliveryRecord,
  StatementRecord,
} from "../../../core/ports/statements.port.ts";
import type { OutboxMessage } from "../../../core/ports/email-outbox.port.ts";
import type { PortalActivity } from "../../../core/ports/portal.port.ts";
import type { W9Request } from "../../../core/domain/w9/request.ts";
import type { BNotice } from "../../../core/domain/w9/b-notice-record.ts";

export interface PortalRow {
  readonly accountId: string;
  readonly livemode: boolean;
  readonly recipientId: string;
  readonly accessCode: string | null;
  readonly attempts: number;
  readonly windowStartedAt: string | null;
  readonly lockedUntil: string | null;
}
import { EMPTY_BALANCE } from "../../../core/domain/ledger/balance.ts";
import type { Extension } from "../../../core/domain/extensions/extension.ts";
import { emptyOAuthTables, type OAuthTables } from "../oauth.fake.ts";

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
  /** Results of idempotent operations by account, environment, operation id and kind (JSON text). */
  operations: Map<string, string>;
  /** Recipient statements by account, environment and filing id (JSON key). */
  statements: Map<string, StatementRecord & { accountId: string; livemode: boolean }>;
  statementDeliveries: Map<string, StatementDeliveryRecord & { accountId: string; livemode: boolean }>;
  consents: Map<string, ConsentRecord & { accountId: string; livemode: boolean }>;
  /** The e-mail outbox by account, environment and idempotency key (JSON key). */
  emails: Map<string, OutboxMessage & { accountId: string; livemode: boolean }>;
  /** Statements viewed in the portal (JSON key of account, environment and filing). */
  viewed: Set<string>;
  /** Each recipient's portal row (JSON key of account, environment and recipient). */
  portal: Map<string, PortalRow>;
  portalActivity: Map<string, PortalActivity & { accountId: string; livemode: boolean }>;
  /** W-9 requests by id (issue 40). */
  w9Requests: Map<string, W9Request & { accountId: string; livemode: boolean }>;
  /** B-notices by id (issue 40 item 4). */
  bNotices: Map<string, BNotice & { accountId: string; livemode: boolean }>;
  fannedOut: Set<string>;
}

export const emptyTables = (): Tables => ({
  accounts: new Map(),
  apiKeys: new Map(),
  payers: new Map(),
  recipients: new Map(),
  filings: new Map(),
  batches: new Map(),
  carts: new Map(),
  cartItems: new Map(),
  balances: new Map(),
  ledger: new Map(),
  orders: new Map(),
  events: new Map(),
  dispatches: new Map(),
  extensions: new Map(),
  webhooks: new Map(),
  deliveries: new Map(),
  tinRuns: new Map(),
  operations: new Map(),
  statements: new Map(),
  statementDeliveries: new Map(),
  consents: new Map(),
  emails: new Map(),
  viewed: new Set(),
  portal: new Map(),
  portalActivity: new Map(),
  w9Requests: new Map(),
  bNotices: new Map(),
  fannedOut: new Set(),
  ...emptyOAuthTables(),
});

export const cloneTables = (t: Tables): Tables => ({
  accounts: new Map(t.accounts),
  apiKeys: new Map(t.apiKeys),
  payers: new Map(t.payers),
  recipients: new Map(t.recipients),
  filings: new Map(t.filings),
  batches: new Map(t.batches),
  carts: new Map(t.carts),
  cartItems: new Map(t.cartItems),
  balances: new Map(t.balances),
  ledger: new Map(t.ledger),
  orders: new Map(t.orders),
  events: new Map(t.events),
  dispatches: new Map(t.dispatches),
  extensions: new Map(t.extensions),
  webhooks: new Map(t.webhooks),
  deliveries: new Map(t.deliveries),
  tinRuns: new Map(t.tinRuns),
  operations: new Map(t.operations),
  statements: new Map(t.statements),
  statementDeliveries: new Map(t.statementDeliveries),
  consents: new Map(t.consents),
  emails: new Map(t.emails),
  viewed: new Set(t.viewed),
  portal: new Map(t.portal),
  portalActivity: new Map(t.portalActivity),
  w9Requests: new Map(t.w9Requests),
  bNotices: new Map(t.bNotices),
  fannedOut: new Set(t.fannedOut),
  oauthApps: t.oauthApps,
  users: t.users,
  grants: t.grants,
  codes: t.codes,
  tokens: t.tokens,
  sessions: t.sessions,
});

export const inScope = (scope: Scope) => (r: { accountId: string; livemode: boolean }) =>
  r.accountId === scope.accountId && r.livemode === scope.livemode;

/** Newest first on (createdAt, id), like the SQL adapter. */
const newestFirst = <T extends { id: string; createdAt: string }>(a: T, b: T) =>
  a.createdAt === b.createdAt
    ? a.id === b.id
      ? 0
      : a.id < b.id
        ? 1
        : -1
    : a.createdAt < b.createdAt
      ? 1
      : -1;

/** Oldest first on (createdAt, id). */
export const oldestFirst = <T extends { id: string; createdAt: string }>(a: T, b: T) => newestFirst(b, a);

/**
 * A page of `rows` in `order`, after the item the cursor names. The cursor is looked up among `anchors` (by default
 * the rows themselves): a filtered list still pages from an item that no longer matches its filter, as in SQL.
 */
export function pageFrom<T extends { id: string; createdAt: string }>(
  rows: T[],
  page: PageQuery,
  cursorMatch: (r: T, c: string) => boolean = (r, c) => r.id === c,
  order: (a: T, b: T) => number = newestFirst,
  anchors: readonly T[] = rows,
): Page<T> {
  const sorted = rows.sort(order);
  let after = sorted;
  if (page.startingAfter !== null) {
    const anchor = anchors.find((r) => cursorMatch(r, page.startingAfter as string));
    if (anchor === undefined) return unknownCursorPage();
    after = sorted.filter((r) => r !== anchor && order(anchor, r) < 0);
  }
  return toPage(after.slice(0, page.limit + 1), page.limit);
}

export function strip<T extends { tinCiphertext: string; tinHash: string }>(
  row: T,
): Omit<T, "tinCiphertext" | "tinHash"> {
  const { tinCiphertext: _c, tinHash: _h, ...rest } = row;
  return rest;
}

/** What every scoped repository of the fake works on: the tables (swapped by transactions) and its scope. */
export function fakeScope(ref: { t: Tables }, scope: Scope) {
  const mine = inScope(scope);
  const balanceKey = `${scope.accountId}|${scope.livemode}`;
  const balanceOf = (): BalanceState => ref.t.balances.get(balanceKey) ?? EMPTY_BALANCE;
  const toCart = (
    c: { id: string; status: string; createdAt: string; orderId?: string | null } | undefined,
  ): Cart | undefined =>
    c
      ? {
          id: c.id,
          status: c.status === "paid" ? "paid" : "open",
          orderId: c.orderId ?? null,
          createdAt: c.createdAt,
        }
      : undefined;
  const sameTin = (row: RecipientRow) =>
    [...ref.t.recipients.values()].some(
      (r) =>
        mine(r) &&
        r.payerId === row.payerId &&
        r.tinHash === row.tinHash &&
        (r.tinType ?? "") === (row.tinType ?? ""),
    );
  const recipientBy = (id: string) =>
    [...ref.t.recipients.values()].find((r) => mine(r) && (r.id === id || r.shortId === id));
  return { ref, scope, mine, balanceKey, balanceOf, toCart, sameTin, recipientBy };
}
export type FakeScope = ReturnType<typeof fakeScope>;
