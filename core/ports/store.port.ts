import { Context, type Effect } from "effect";
import type { Account, Role } from "../domain/parties/account.ts";
import type { Payer } from "../domain/parties/payer.ts";
import type { Recipient } from "../domain/parties/recipient.ts";
import type { Page, PageQuery } from "../domain/shared/paging.ts";
import type { Filing } from "../domain/filing/filing.ts";
import type { FilingStatus, Service } from "../domain/filing/status.ts";
import type { IntakeRowResult } from "../domain/filing/intake.ts";

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
  /** The accepted original a correction refers to (D19: it must have been filed through the service). */
  readonly findFiledOriginal: (key: Pick<Filing, "payerId" | "recipientTinHash" | "form" | "taxYear" | "accountNumber">) => Effect.Effect<Filing | undefined>;
}

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

export interface CartRepo {
  /** The environment's open cart, created with `newId` when there is none. */
  readonly openCart: (newId: string, now: string) => Effect.Effect<{ readonly id: string }>;
  readonly insertItems: (items: readonly CartItem[]) => Effect.Effect<void>;
}

export interface ScopedStore {
  readonly scope: Scope;
  readonly payers: PayerRepo;
  readonly recipients: RecipientRepo;
  readonly filings: FilingRepo;
  readonly batches: BatchRepo;
  readonly carts: CartRepo;
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

export class Store extends Context.Service<Store, {
  readonly scoped: (scope: Scope) => ScopedStore;
  /** Runs `body` in one database transaction; a failure (typed or defect) rolls everything back. */
  readonly transaction: <A, E>(scope: Scope, body: (tx: ScopedStore) => Effect.Effect<A, E>) => Effect.Effect<A, E>;
  readonly accounts: AccountRepo;
  readonly apiKeys: ApiKeyRepo;
}>()("core/Store") {}
