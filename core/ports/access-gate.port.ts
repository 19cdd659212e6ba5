import * as Context from "effect/Context";
import type * as Effect from "effect/Effect";
import type { Principal, RateWindow } from "../domain/parties/account.ts";

export interface Admission {
  readonly principal: Principal;
  readonly rate: RateWindow;
}

/**
 * Resolves a bearer token (an API key or an OAuth access token, looked up by its SHA-256 hash) to what it may
 * act as, and counts the request against the credential's shared rate window (D33: per API key or OAuth grant,
 * shared by every process through the database). Undefined for an unknown, revoked or expired credential.
 */
export class AccessGate extends Context.Service<
  AccessGate,
  {
    readonly admit: (token: string, now: Date) => Effect.Effect<Admission | undefined>;
  }
>()("core/AccessGate") {}
