import { Context, type Effect } from "effect";
import type { Principal, RateWindow } from "../domain/parties/account.ts";

export interface Admission { readonly principal: Principal; readonly rate: RateWindow }

/**
 * Resolves a bearer token (by its SHA-256 hash) to what it may act as, and counts the request against the
 * credential's shared rate window in the same round trip (D33: shared by every process through the database).
 */
export class AccessGate extends Context.Service<AccessGate, {
  readonly admit: (tokenHash: string, now: Date) => Effect.Effect<Admission | undefined>;
}>()("core/AccessGate") {}
