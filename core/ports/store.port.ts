import { Context, type Effect } from "effect";
import type { Account, Role } from "../domain/parties/account.ts";
import type { Payer } from "../domain/parties/payer.ts";
import type { Recipient } from "../domain/parties/recipient.ts";
import type { Page, PageQuery } from "../domain/shared/paging.ts";
import type { Filing } from "../domain/filing/filing.ts";
import type { FilingStatus, Service } from "../domain/filing/status.ts";
import type { IntakeRowResult } from "../domain/filing/intake.ts";
import type { AutoReplenish, LedgerEntry } from "../domain/ledger/index.ts";
import type { ChargeLine, PricingSegment } from "../domain/pricing/index.ts";
import type { Extension } from "../domain/extensions/extension.ts";
import type { AuthorizationCode, ConsentSession, Grant, OAuthApp, OAuthToken, User } from "../domain/oauth/model.ts";

/** D2: every stored row carries account and environment; scoped repositories add both to every query. */
export interface Scope { readonly accountId: string; readonly livemode: boolean }

export interface PayerRow extends Payer { readonly tinCiphertext: string; readonly tinHash: string }
export interface RecipientRow extends Recipient { readonly tinCiphertext: string; readonly tinHash: string }

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export type PayerPatch = Partial<Omit<Mutable<Payer>, "id" | "accountId" | "livemode" | "createdAt" | "tinLast4">>;
export type RecipientPatch = Partial<Omit<Mutable<RecipientRow>, "id" | "shortId" | "accountId" | "livemode" | "createdAt" | "payerId">>;

/** Storage failures are defects (500 api_error); expected outcomes are return values. */
export interface PayerRepo {
  readonly insert: (row: PayerRow) => Effect.Effect<void>;
  readonly get: (id: string) => Effect.Effect<Payer | undefined>;
  readonly update: (id: string, patch: PayerPatch) => Effect.Effect<Payer | undefined>;
  readonly list: (page: PageQuery) => Effect.Effect<Page<Payer>>;
  readonly getMany: (ids: readonly string[]) => Effect.Effect<readonly Payer[]>;
  /** The payer's sealed TIN (for transmission only). */
  readonly tinCiphertext: (id: string) => Effect.Effect<string | undefined>;
  /** The keyed hash of the payer's TIN (to compare with a TIN from a file without decrypting). */
  readonly tinHash: (id: string) => Effect.Effect<string | undefined>;
}

export interface RecipientRepo {
  /** False when the payer already has a recipient with this TIN (and TIN type): nothing is inserted. */
  readonly insert: (row: RecipientRow) => Effect.Effect<boolean>;
  /** By UUID or short id (`rcp_…`). */
  readonly get: (id: string) => Effect.Effect<Recipient | undefined>;
  readonly update: (id: string, patch: RecipientPatch) => Effect.Effect<Recipient | undefined>;
  readonly list: (page: PageQuery, filter: { readonly payerId?: string }) => Effect.Effect<Page<Recipient>>;
  /** D8: matched by TIN under the payer; restricted to the TIN type when one is given. */
  readonly findByTin: (payerId: string, tinHash: string, tinType: "ssn" | "ein" | null) => Effect.Effect<Recipient | undefined>;
  readonly hasFilings: (id: string) => Effect.Effect<boolean>;
  readonly getMany: (ids: readonly string[]) => Effect.Effect<readonly Recipient[]>;
  readonly tinCiphertext: (id: string) => Effect.Effect<string | undefined>;
  /** Recipients of a payer whose TIN hash is one of `hashes` (intake matching, D8). */
  readonly findManyByTin: (payerId: string, hashes: readonly string[]) => Effect.Effect<readonly (Recipient & { readonly tinHash: string })[]>;
  /** Inserts and returns the ids inserted; a row whose TIN the payer already has (D8) is skipped. */
  readonly insertMany: (rows: readonly RecipientRow[]) => Effect.Effect<ReadonlySet<string>>;
}

export interface FilingFilter {
  readonly statuses?: readonly FilingStatus[];
  readonly payerId?: string;
  readonly form?: string;
  readonly taxYear?: number;
  readonly batchId?: string;
  readonly orderId?: string;
  readonly corrects?: string;
}

export interface FilingRepo {
  /**
   * Inserts what it can and returns the ids inserted. A row that duplicates a live original (D11: same payer,
   * recipient TIN, form, tax year and account number, not voided or rejected) is skipped, also within one call.
   */
  readonly insertMany: (rows: readonly Filing[]) => Effect.Effect<ReadonlySet<string>>;
  /** By UUID or short id (`fil_…`). */
  readonly get: (id: string) => Effect.Effect<Filing | undefined>;
  readonly list: (page: PageQuery, filter: FilingFilter) => Effect.Effect<Page<Filing>>;
  readonly getMany: (ids: readonly string[]) => Effect.Effect<readonly Filing[]>;
  /** Sets fields of one filing when its status is one of `from`; returns the updated filing or undefined. */
  readonly update: (id: string, from: readonly FilingStatus[], patch: FilingPatch) => Effect.Effect<Filing | undefined>;
  /** One patch for every listed filing whose status is one of `from`, in one statement; returns the ids changed. */
  readonly updateMany: (ids: readonly string[], from: readonly FilingStatus[], patch: FilingPatch) => Effect.Effect<readonly string[]>;
  /** Transmission: each listed `submitted` filing gets the receipt and its own submission and record ids; returns how many. */
  readonly recordReceipt: (receipt: { readonly receiptId: string; readonly transmissionId: string; readonly updatedAt: string },
    records: readonly { readonly filingId: string; readonly submissionId: number; readonly recordId: number }[]) => Effect.Effect<number>;
  /** The records of a transmission: each filing under the receipt with its submission and record ids (acknowledgements). */
  readonly receiptRecords: (receiptId: string) => Effect.Effect<readonly ReceiptRecord[]>;
  /** Pay: every listed filing in_cart -> queued with its order and charge; returns how many moved. */
  readonly markQueued: (orderId: string, charges: readonly { readonly id: string; readonly amountChargedCents: number }[], now: string) => Effect.Effect<number>;
  /** The accepted original a correction refers to (D19: it must have been filed through the service). */
  readonly findFiledOriginal: (key: Pick<Filing, "payerId" | "recipientTinHash" | "form" | "taxYear" | "accountNumber">) => Effect.Effect<Filing | undefined>;
}

export interface ReceiptRecord {
  readonly filingId: string;
  readonly submissionId: number;
  readonly recordId: number;
  readonly form: string;
  readonly taxYear: number;
}

export type FilingPatch = Partial<Pick<Filing, "status" | "service" | "physicalMail" | "portalAccess" | "orderId" | "amountChargedCents" | "receiptId" | "supersededBy" | "updatedAt" | "submittedAt" | "acknowledgedAt" | "voidedAt" | "ackErrors" | "amountRefundedCents" | "transmissionId" | "submissionId" | "recordId">>;

export type BatchKind = "payer_forms" | "filing" | "filings_batch" | "fire";

export interface Batch {
  readonly id: string;
  readonly accountId: string;
  readonly livemode: boolean;
  readonly kind: BatchKind;
  readonly payerId: string | null;
  readonly reference: string | null;
  readonly created: number;
  readonly failed: number;
  readonly rows: readonly IntakeRowResult[];
  readonly createdAt: string;
}

export interface BatchRepo {
  readonly insert: (batch: Batch) => Effect.Effect<void>;
  readonly get: (id: string) => Effect.Effect<Batch | undefined>;
}

export interface CartItem {
  readonly id: string;
  readonly cartId: string;
  readonly filingId: string;
  readonly service: Service;
  readonly physicalMail: boolean | null;
  readonly portalAccess: boolean | null;
  readonly createdAt: string;
}

export interface Cart { readonly id: string; readonly status: "open" | "paid"; readonly orderId: string | null; readonly createdAt: string }

export interface CartRepo {
  /**
   * The environment's open cart, created with `newId` when there is none. In a transaction the cart is held
   * (share-locked) until it ends, so a pay of that cart waits for the change instead of missing it.
   */
  readonly openCart: (newId: string, now: string) => Effect.Effect<{ readonly id: string }>;
  /** The open cart, held like `openCart` holds it; undefined when there is none. */
  readonly holdOpen: () => Effect.Effect<Cart | undefined>;
  /** A cart by id, held like `openCart` holds it. */
  readonly hold: (id: string) => Effect.Effect<Cart | undefined>;
  readonly insertItems: (items: readonly CartItem[]) => Effect.Effect<void>;
  /** The open cart, if any. */
  readonly current: () => Effect.Effect<Cart | undefined>;
  readonly latestPaid: () => Effect.Effect<Cart | undefined>;
  readonly get: (id: string) => Effect.Effect<Cart | undefined>;
  /**
   * Takes the cart for paying until the transaction ends: "busy" when another pay of it is in flight; otherwise
   * waits for the adds, removals and voids holding it, so the items read next are final.
   */
  readonly lockForPay: (id: string) => Effect.Effect<Cart | "busy" | undefined>;
  readonly items: (cartId: string) => Effect.Effect<readonly CartItem[]>;
  readonly itemByFiling: (filingId: string) => Effect.Effect<CartItem | undefined>;
  readonly removeItem: (id: string) => Effect.Effect<CartItem | undefined>;
  readonly markPaid: (id: string, orderId: string) => Effect.Effect<void>;
}

export interface BalanceState {
  readonly balanceCents: number;
  readonly entryCount: number;
  readonly orderCount: number;
  readonly autoReplenish: AutoReplenish;
  readonly card: { readonly token: string; readonly brand: string; readonly last4: string } | null;
  /** The account's customer at the card processor (a Stripe customer id); kept when the card changes. */
  readonly cardCustomer: string | null;
}

export interface LedgerEntryRow extends LedgerEntry {
  readonly id: string;
  readonly seq: number;
  readonly createdAt: string;
}

export interface BalanceRepo {
  /** Locks the balance row for the rest of the transaction (creating it at zero first): ledger changes are serial. */
  readonly lock: () => Effect.Effect<BalanceState>;
  readonly get: () => Effect.Effect<BalanceState>;
  /** Appends entries (already chained from the locked state) and stores the new balance. */
  readonly append: (entries: readonly LedgerEntryRow[]) => Effect.Effect<void>;
  readonly update: (patch: Partial<Pick<BalanceState, "autoReplenish" | "card" | "cardCustomer" | "orderCount">>) => Effect.Effect<void>;
  readonly entries: (page: PageQuery) => Effect.Effect<Page<LedgerEntryRow>>;
  /** The operator credit (`credit` entry) recorded with this payment reference, if any. */
  readonly creditByReference: (reference: string) => Effect.Effect<LedgerEntryRow | undefined>;
}

export interface Order {
  readonly id: string;
  readonly number: string;
  readonly cartId: string;
  readonly paymentStatus: "paid";
  readonly forms: number;
  readonly chargeLines: readonly ChargeLine[];
  readonly pricingSegments: readonly PricingSegment[];
  readonly grandTotalCents: number;
  readonly fromBalanceCents: number;
  readonly fromCardCents: number;
  readonly cardChargeId: string | null;
  /** The payment receipt as first returned, replayed for `already_paid`. */
  readonly receipt: Record<string, unknown>;
  readonly createdAt: string;
}

export interface OrderRepo {
  readonly insert: (order: Order) => Effect.Effect<void>;
  readonly get: (id: string) => Effect.Effect<Order | undefined>;
  readonly byCart: (cartId: string) => Effect.Effect<Order | undefined>;
  readonly list: (page: PageQuery) => Effect.Effect<Page<Order>>;
}

export interface StoredEvent { readonly id: string; readonly type: string; readonly data: Record<string, unknown>; readonly createdAt: string }

export interface EventRepo {
  readonly insert: (event: StoredEvent) => Effect.Effect<void>;
  readonly insertMany: (events: readonly StoredEvent[]) => Effect.Effect<void>;
  readonly list: (page: PageQuery) => Effect.Effect<Page<StoredEvent>>;
  readonly get: (id: string) => Effect.Effect<StoredEvent | undefined>;
}

export interface ExtensionRepo {
  /** False when the payer already has one for the same year and form families (nothing inserted). */
  readonly insert: (e: Extension, formsKey: string) => Effect.Effect<boolean>;
  readonly find: (payerId: string, taxYear: number, formsKey: string) => Effect.Effect<Extension | undefined>;
  readonly get: (id: string) => Effect.Effect<Extension | undefined>;
  readonly list: (page: PageQuery) => Effect.Effect<Page<Extension>>;
}

export interface WebhookEndpoint {
  readonly id: string;
  readonly url: string;
  readonly events: readonly string[];
  readonly status: "active" | "disabled";
  readonly secret: string;
  readonly previousSecret: string | null;
  readonly rotatedAt: string | null;
  readonly livemode: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface WebhookDelivery {
  readonly id: string;
  readonly endpointId: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly status: "pending" | "succeeded" | "failed";
  readonly attempts: number;
  readonly lastStatusCode: number | null;
  readonly lastError: string | null;
  readonly nextAttemptAt: string | null;
  readonly lastAttemptAt: string | null;
  readonly createdAt: string;
}

export interface WebhookRepo {
  readonly insert: (e: WebhookEndpoint) => Effect.Effect<void>;
  readonly get: (id: string) => Effect.Effect<WebhookEndpoint | undefined>;
  readonly list: (page: PageQuery) => Effect.Effect<Page<WebhookEndpoint>>;
  readonly update: (id: string, patch: Partial<Pick<WebhookEndpoint, "url" | "events" | "status" | "secret" | "previousSecret" | "rotatedAt" | "updatedAt">>) => Effect.Effect<WebhookEndpoint | undefined>;
  readonly remove: (id: string) => Effect.Effect<boolean>;
  readonly deliveries: (endpointId: string, page: PageQuery) => Effect.Effect<Page<WebhookDelivery>>;
  /** Active endpoints of this environment (the caller matches event types). */
  readonly active: () => Effect.Effect<readonly WebhookEndpoint[]>;
  /** Inserts deliveries; one per (endpoint, event) ever. Returns the ids inserted. */
  readonly insertDeliveries: (rows: readonly WebhookDelivery[]) => Effect.Effect<readonly string[]>;
  readonly getDelivery: (id: string) => Effect.Effect<WebhookDelivery | undefined>;
  readonly recordAttempt: (id: string, patch: Pick<WebhookDelivery, "status" | "attempts" | "lastStatusCode" | "lastError" | "nextAttemptAt" | "lastAttemptAt">) => Effect.Effect<void>;
}

export interface TinMatchEntry { readonly name: string; readonly tinCiphertext: string; readonly tinLast4: string; readonly tinType: "ssn" | "ein" | null; readonly recipient: string | null; readonly reference: string | null }
export interface TinMatchResult { readonly recipient?: string; readonly reference?: string; readonly name: string; readonly tin_last4: string; readonly result: "match" | "mismatch" | "not_issued" }
export interface TinMatchRun {
  readonly id: string;
  readonly status: "processing" | "completed";
  readonly count: number;
  readonly entries: readonly TinMatchEntry[];
  readonly results: readonly TinMatchResult[] | null;
  readonly createdAt: string;
  readonly completedAt: string | null;
}

export interface TinMatchRepo {
  readonly insert: (run: TinMatchRun) => Effect.Effect<void>;
  readonly get: (id: string) => Effect.Effect<TinMatchRun | undefined>;
  readonly list: (page: PageQuery) => Effect.Effect<Page<TinMatchRun>>;
  /** Completes a processing run; false when it was already completed (a retried job). */
  readonly complete: (id: string, results: readonly TinMatchResult[], now: string) => Effect.Effect<boolean>;
}

export interface SandboxRepo {
  /** Clears the environment's filings, carts, orders, batches and their ledger draws; returns how many filings went. */
  readonly reset: (now: string, startingBalanceCents: number, entryId: string) => Effect.Effect<number>;
}

export interface DispatchRepo {
  /** Records that a paid order's filings are waiting for transmission (durable, in the payment's transaction). */
  readonly enqueue: (orderId: string, now: string) => Effect.Effect<void>;
}

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
}

export interface ApiKeyRow {
  readonly id: string;
  readonly accountId: string;
  readonly livemode: boolean;
  readonly role: Role;
  readonly keyHash: string;
  readonly displayPrefix: string;
  readonly createdAt: string;
}

export interface AccountRepo {
  readonly insert: (account: Account) => Effect.Effect<void>;
  readonly get: (id: string) => Effect.Effect<Account | undefined>;
  readonly list: () => Effect.Effect<readonly Account[]>;
  readonly count: () => Effect.Effect<number>;
  readonly update: (id: string, patch: Partial<Pick<Account, "liveEnabled" | "ipAllowlist" | "defaultApiVersion">>) => Effect.Effect<Account | undefined>;
}

export interface ApiKeyRepo {
  readonly insert: (row: ApiKeyRow) => Effect.Effect<void>;
  readonly listForAccount: (accountId: string) => Effect.Effect<readonly ApiKeyRow[]>;
}

/** Paid orders waiting for transmission, across accounts: the worker's safety net when a job was never sent. */
export interface DispatchQueue {
  readonly pending: (createdBefore: string, limit: number) => Effect.Effect<readonly { readonly orderId: string; readonly accountId: string; readonly livemode: boolean }[]>;
  readonly markDone: (orderId: string) => Effect.Effect<void>;
}

/** TIN match runs across accounts: the worker's safety net and the IRS's daily allowance (one IRS user id). */
export interface TinMatchQueue {
  /** Runs still processing that were created before `createdBefore`. */
  readonly pending: (createdBefore: string, limit: number) => Effect.Effect<readonly { readonly id: string; readonly accountId: string; readonly livemode: boolean }[]>;
  /** Names matched in production runs completed since `since`. */
  readonly liveMatchesSince: (since: string) => Effect.Effect<number>;
  /** Production requests per TIN-and-name key sent since `since`: how many, and the latest answer (null before one came). */
  readonly pairSends: (keys: readonly string[], since: string) => Effect.Effect<ReadonlyMap<string, { readonly count: number; readonly last: string | null }>>;
  /** Counts requests before they are sent; their outcomes are set once the IRS answered. */
  readonly recordPairSends: (keys: readonly string[], sentAt: string) => Effect.Effect<void>;
  readonly setPairOutcomes: (outcomes: readonly { readonly key: string; readonly outcome: string }[], sentAt: string) => Effect.Effect<void>;
}

/** Events not yet fanned out to webhook endpoints (the outbox), across accounts. */
export interface Outbox {
  readonly pending: (limit: number) => Effect.Effect<readonly (StoredEvent & { readonly accountId: string; readonly livemode: boolean })[]>;
  readonly markFannedOut: (eventIds: readonly string[], now: string) => Effect.Effect<void>;
  /** Pending deliveries due before `dueBefore` (a worker died mid-attempt, or a retry job was lost). */
  readonly dueDeliveries: (dueBefore: string, limit: number) => Effect.Effect<readonly { readonly id: string; readonly accountId: string; readonly livemode: boolean }[]>;
}

/** Apps registered with the command-line tool (D32). */
export interface OAuthAppRepo {
  readonly insert: (app: OAuthApp) => Effect.Effect<void>;
  readonly byClientId: (clientId: string) => Effect.Effect<OAuthApp | undefined>;
  readonly getMany: (ids: readonly string[]) => Effect.Effect<readonly OAuthApp[]>;
  readonly list: () => Effect.Effect<readonly OAuthApp[]>;
  /** Revokes the app with every grant and token it holds; false when there was no such active app. */
  readonly revoke: (clientId: string, now: string) => Effect.Effect<boolean>;
}

/** People who sign in on the consent page; an e-mail address is unique across accounts. */
export interface UserRepo {
  /** False when the e-mail address is taken (nothing inserted). */
  readonly insert: (user: User) => Effect.Effect<boolean>;
  readonly byEmail: (email: string) => Effect.Effect<User | undefined>;
  readonly get: (id: string) => Effect.Effect<User | undefined>;
}

/** Grants, their codes and tokens, and the consent pages' sessions (D32). */
export interface OAuthGrantRepo {
  /**
   * The active grant of the same (app, account, environment, payer), updated with `grant`'s scopes, role and
   * user; or `grant` itself, inserted, when there is none.
   */
  readonly upsertActive: (grant: Grant) => Effect.Effect<Grant>;
  readonly get: (id: string) => Effect.Effect<Grant | undefined>;
  readonly listActive: (scope: Scope, kind: Grant["kind"]) => Effect.Effect<readonly Grant[]>;
  /**
   * Revokes a grant: refresh is refused from then on. With `tokens`, every token of the grant also stops at
   * once (a stolen credential); without, access tokens run to their expiry. False when it was not active.
   */
  readonly revoke: (id: string, now: string, opts: { readonly tokens: boolean }) => Effect.Effect<boolean>;
  readonly insertCode: (code: AuthorizationCode) => Effect.Effect<void>;
  readonly code: (codeHash: string) => Effect.Effect<AuthorizationCode | undefined>;
  /** Marks the code used and stores the tokens it buys, atomically; false (nothing stored) when it was used already. */
  readonly redeemCode: (codeHash: string, now: string, tokens: readonly OAuthToken[]) => Effect.Effect<boolean>;
  /** A replayed code: every token issued from it stops now. */
  readonly revokeCodeTokens: (codeHash: string, now: string) => Effect.Effect<void>;
  readonly token: (tokenHash: string) => Effect.Effect<OAuthToken | undefined>;
  readonly insertTokens: (tokens: readonly OAuthToken[]) => Effect.Effect<void>;
  /** Marks a refresh token used and stores its successors, atomically; false (nothing stored) when it was used already. */
  readonly rotateRefresh: (tokenHash: string, now: string, tokens: readonly OAuthToken[]) => Effect.Effect<boolean>;
  readonly insertSession: (session: ConsentSession) => Effect.Effect<void>;
  readonly session: (id: string) => Effect.Effect<ConsentSession | undefined>;
  readonly updateSession: (id: string, patch: Partial<Pick<ConsentSession, "csrfHash" | "userId" | "attempts">>) => Effect.Effect<void>;
  readonly deleteSession: (id: string) => Effect.Effect<void>;
}

export class Store extends Context.Service<Store, {
  readonly scoped: (scope: Scope) => ScopedStore;
  /** Runs `body` in one database transaction; a failure (typed or defect) rolls everything back. */
  readonly transaction: <A, E>(scope: Scope, body: (tx: ScopedStore) => Effect.Effect<A, E>) => Effect.Effect<A, E>;
  readonly accounts: AccountRepo;
  readonly apiKeys: ApiKeyRepo;
  readonly oauthApps: OAuthAppRepo;
  readonly users: UserRepo;
  readonly oauth: OAuthGrantRepo;
  readonly dispatchQueue: DispatchQueue;
  readonly tinMatchQueue: TinMatchQueue;
  readonly outbox: Outbox;
}>()("core/Store") {}
