import type * as Effect from "effect/Effect";
import type { Scope } from "../domain/shared/scope.ts";
import type {
  AuthorizationCode,
  ConsentSession,
  Grant,
  OAuthApp,
  OAuthToken,
  User,
} from "../domain/oauth/model.ts";

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
  readonly redeemCode: (
    codeHash: string,
    now: string,
    tokens: readonly OAuthToken[],
  ) => Effect.Effect<boolean>;
  /** A replayed code: every token issued from it stops now. */
  readonly revokeCodeTokens: (codeHash: string, now: string) => Effect.Effect<void>;
  readonly token: (tokenHash: string) => Effect.Effect<OAuthToken | undefined>;
  readonly insertTokens: (tokens: readonly OAuthToken[]) => Effect.Effect<void>;
  /** Marks a refresh token used and stores its successors, atomically; false (nothing stored) when it was used already. */
  readonly rotateRefresh: (
    tokenHash: string,
    now: string,
    tokens: readonly OAuthToken[],
  ) => Effect.Effect<boolean>;
  readonly insertSession: (session: ConsentSession) => Effect.Effect<void>;
  readonly session: (id: string) => Effect.Effect<ConsentSession | undefined>;
  readonly updateSession: (
    id: string,
    patch: Partial<Pick<ConsentSession, "csrfHash" | "userId" | "attempts">>,
  ) => Effect.Effect<void>;
  readonly deleteSession: (id: string) => Effect.Effect<void>;
}
