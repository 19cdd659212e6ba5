import * as Context from "effect/Context";
import type * as Effect from "effect/Effect";

/**
 * Slow, salted hashing of user passwords (scrypt) for the OAuth sign-in page (D32). Bearer secrets, which are
 * long and random, use the fast `Hasher` instead.
 */
export class PasswordHasher extends Context.Service<
  PasswordHasher,
  {
    readonly hash: (password: string) => Effect.Effect<string>;
    /** Constant-time check of `password` against a stored hash; false for a malformed hash. */
    readonly verify: (password: string, stored: string) => Effect.Effect<boolean>;
  }
>()("core/PasswordHasher") {}
