import type * as Effect from "effect/Effect";
import type { Account, Role } from "../domain/parties/account.ts";

export interface SandboxRepo {
  /** Clears the environment's filings, carts, orders, batches and their ledger draws; returns how many filings went. */
  readonly reset: (now: string, startingBalanceCents: number, entryId: string) => Effect.Effect<number>;
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
  readonly update: (
    id: string,
    patch: Partial<Pick<Account, "liveEnabled" | "ipAllowlist" | "defaultApiVersion" | "strictRules">>,
  ) => Effect.Effect<Account | undefined>;
}

export interface ApiKeyRepo {
  readonly insert: (row: ApiKeyRow) => Effect.Effect<void>;
  readonly listForAccount: (accountId: string) => Effect.Effect<readonly ApiKeyRow[]>;
}
