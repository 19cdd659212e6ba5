// Issue 39: the mail house's tracking notifications (Lob's signed webhooks in production and in the sandbox, where
// the Lob emulator sends them). A notification is taken as the raw bytes that came and the metadata that came with
// them (for Lob, the signature headers): only the vendor's adapter knows how it is signed. Apart from MailHouse so
// that a fake of sending needs no signature scheme, and a host that receives notifications needs no sender.
import * as Context from "effect/Context";
import type * as Effect from "effect/Effect";
import type { Unauthorized } from "../domain/shared/errors.ts";
import type { LetterEvent } from "./mail-house.port.ts";

export interface TrackingNotification {
  /** What came with the body, by lower-case name (for an HTTP push, its headers). */
  readonly meta: Readonly<Record<string, string | undefined>>;
  /** The body exactly as received: the signature covers these bytes, not a re-serialisation. */
  readonly rawBody: string;
}

export class MailTracking extends Context.Service<
  MailTracking,
  {
    /**
     * Verifies that the vendor sent this notification recently and reads its letter events (none for an event type
     * that is not about a letter's travel). Unsigned, forged, altered or stale notifications are Unauthorized.
     */
    readonly read: (
      notification: TrackingNotification,
    ) => Effect.Effect<readonly LetterEvent[], Unauthorized>;
  }
>()("core/MailTracking") {}
