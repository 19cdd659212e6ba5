import type * as Effect from "effect/Effect";
import type { Payer } from "../domain/parties/payer.ts";
import type { Recipient } from "../domain/parties/recipient.ts";
import type { Extension } from "../domain/extensions/extension.ts";
import type { Page, PageQuery } from "../domain/shared/paging.ts";

export interface PayerRow extends Payer {
  readonly tinCiphertext: string;
  readonly tinHash: string;
}
export interface RecipientRow extends Recipient {
  readonly tinCiphertext: string;
  readonly tinHash: string;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export type PayerPatch = Partial<
  Omit<Mutable<Payer>, "id" | "accountId" | "livemode" | "createdAt" | "tinLast4">
>;
export type RecipientPatch = Partial<
  Omit<Mutable<RecipientRow>, "id" | "shortId" | "accountId" | "livemode" | "createdAt" | "payerId">
>;

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
  readonly findByTin: (
    payerId: string,
    tinHash: string,
    tinType: "ssn" | "ein" | null,
  ) => Effect.Effect<Recipient | undefined>;
  readonly hasFilings: (id: string) => Effect.Effect<boolean>;
  readonly getMany: (ids: readonly string[]) => Effect.Effect<readonly Recipient[]>;
  readonly tinCiphertext: (id: string) => Effect.Effect<string | undefined>;
  /** Recipients of a payer whose TIN hash is one of `hashes` (intake matching, D8). */
  readonly findManyByTin: (
    payerId: string,
    hashes: readonly string[],
  ) => Effect.Effect<readonly (Recipient & { readonly tinHash: string })[]>;
  /** Inserts and returns the ids inserted; a row whose TIN the payer already has (D8) is skipped. */
  readonly insertMany: (rows: readonly RecipientRow[]) => Effect.Effect<ReadonlySet<string>>;
}

export interface ExtensionRepo {
  /** False when the payer already has one for the same year and form families (nothing inserted). */
  readonly insert: (e: Extension, formsKey: string) => Effect.Effect<boolean>;
  readonly find: (payerId: string, taxYear: number, formsKey: string) => Effect.Effect<Extension | undefined>;
  readonly get: (id: string) => Effect.Effect<Extension | undefined>;
  /** Newest first; with `payerId`, only that payer's (filtered in the query: full pages, exact `hasMore`). */
  readonly list: (page: PageQuery, payerId?: string) => Effect.Effect<Page<Extension>>;
}
