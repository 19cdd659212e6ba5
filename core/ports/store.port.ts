import * as Context from "effect/Context";
import type * as Effect from "effect/Effect";
import type { Scope } from "../domain/shared/scope.ts";
import type { BalanceRepo } from "./ledger.port.ts";
import type { CartRepo, DispatchQueue, DispatchRepo, OrderRepo } from "./carts.port.ts";
import type { EventRepo, Outbox, WebhookRepo } from "./events.port.ts";
import type { BatchRepo, FilingRepo } from "./filings.port.ts";
import type { ExtensionRepo, PayerRepo, RecipientRepo } from "./parties.port.ts";
import type { TinMatchQueue, TinMatchRepo } from "./tin-match-runs.port.ts";
import type { AccountRepo, ApiKeyRepo, SandboxRepo } from "./accounts.port.ts";
import type { OAuthAppRepo, OAuthGrantRepo, UserRepo } from "./oauth-store.port.ts";
import type { OperationRepo } from "./operations.port.ts";
import type { StatementQueue, StatementRepo } from "./statements.port.ts";
import type { EmailOutboxRepo } from "./email-outbox.port.ts";
import type { PortalRepo } from "./portal.port.ts";
import type { W9Queue, W9RequestRepo } from "./w9-requests.port.ts";
import type { BNoticeQueue, BNoticeRepo } from "./b-notices.port.ts";

// The storage ports by role live in their own files (parties, filings, carts, ledger, events, TIN-match runs,
// accounts, OAuth); this file composes them into the scoped store and the `Store` service, and re-exports them
// with the domain entities they carry so a use case can import its storage types from one place.
export type * from "./parties.port.ts";
export type * from "./filings.port.ts";
export type * from "./carts.port.ts";
export type * from "./ledger.port.ts";
export type * from "./events.port.ts";
export type * from "./tin-match-runs.port.ts";
export type * from "./accounts.port.ts";
export type * from "./oauth-store.port.ts";
export type * from "./operations.port.ts";
export type * from "./statements.port.ts";
export type * from "./email-outbox.port.ts";
export type * from "./portal.port.ts";
export type * from "./w9-requests.port.ts";
export type * from "./b-notices.port.ts";
export type { Scope } from "../domain/shared/scope.ts";
export type { Batch, BatchKind } from "../domain/filing/batch.ts";
export type { FilingFilter } from "../domain/filing/filter.ts";
export type { Cart, CartItem, NewCartItem, Order } from "../domain/cart/model.ts";
export type { StoredEvent, WebhookDelivery, WebhookEndpoint } from "../domain/webhooks/model.ts";
export type { TinMatchEntry, TinMatchResult, TinMatchRun } from "../domain/parties/tin-match-run.ts";

export interface ScopedStore {
  readonly scope: Scope;
  readonly payers: PayerRepo;
  readonly recipients: RecipientRepo;
  readonly filings: FilingRepo;
  readonly batches: BatchRepo;
  readonly carts: CartRepo;
  readonly balance: BalanceRepo;
  readonly orders: OrderRepo;
  readonly events: EventRepo;
  readonly dispatches: DispatchRepo;
  readonly extensions: ExtensionRepo;
  readonly sandbox: SandboxRepo;
  readonly webhooks: WebhookRepo;
  readonly tinMatches: TinMatchRepo;
  readonly operations: OperationRepo;
  readonly statements: StatementRepo;
  /** The environment's e-mail outbox (the sandbox's e-mail). */
  readonly emails: EmailOutboxRepo;
  /** The recipient portal: access codes, sign-in attempts and the recipients' activity. */
  readonly portal: PortalRepo;
  /** W-9 requests (issue 40). */
  readonly w9Requests: W9RequestRepo;
  /** B-notices after CP2100 uploads (issue 40 item 4). */
  readonly bNotices: BNoticeRepo;
}

/** A database transaction (or a savepoint in one) opened by `Store.begin`. */
export interface OpenTransaction {
  /** The repositories of `scope` that read and write inside this transaction. */
  readonly scoped: (scope: Scope) => ScopedStore;
  /** Commits the transaction (releases the savepoint); a commit that fails is a defect. */
  readonly commit: Effect.Effect<void>;
  /** Rolls the transaction back (to the savepoint). */
  readonly rollback: Effect.Effect<void>;
}

export class Store extends Context.Service<
  Store,
  {
    readonly scoped: (scope: Scope) => ScopedStore;
    /**
     * The adapters' transaction primitive behind `withTransaction` (core/ports/unit-of-work.port.ts); use cases
     * do not call it. Opens a database transaction, or a savepoint in `outer` when one is given (`outer` is a
     * transaction this store opened). The caller ends it with exactly one of `commit` or `rollback`.
     */
    readonly begin: (outer: OpenTransaction | undefined) => Effect.Effect<OpenTransaction>;
    readonly accounts: AccountRepo;
    readonly apiKeys: ApiKeyRepo;
    readonly oauthApps: OAuthAppRepo;
    readonly users: UserRepo;
    readonly oauth: OAuthGrantRepo;
    readonly dispatchQueue: DispatchQueue;
    readonly tinMatchQueue: TinMatchQueue;
    readonly outbox: Outbox;
    readonly statementQueue: StatementQueue;
    readonly w9Queue: W9Queue;
    readonly bNoticeQueue: BNoticeQueue;
  }
>()("core/Store") {}
