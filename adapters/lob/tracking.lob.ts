// Lob's tracking webhooks (issue 39). Lob signs each POST: `Lob-Signature` is the hex HMAC-SHA256, keyed with the
// webhook's secret (LOB_WEBHOOK_SECRET), of `${Lob-Signature-Timestamp}.${raw body}`; the timestamp is milliseconds
// since the epoch. A notification is taken when the signature matches (compared in constant time) and the
// timestamp is within five minutes of the clock either way: an old signed body replayed later is refused, a body
// changed under a captured signature is refused. One event a POST: `{ id: "evt_…", event_type: { id:
// "letter.mailed" }, body: { id: "ltr_…" }, date_created }`. An exact replay inside the window passes: the
// consumer records each (letter, status) once.
import { createHmac, timingSafeEqual } from "node:crypto";
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import * as Redacted from "effect/Redacted";
import { Unauthorized } from "../../core/domain/shared/errors.ts";
import { Clock } from "../../core/ports/clock.port.ts";
import type { LetterEvent } from "../../core/ports/mail-house.port.ts";
import { MailTracking, type TrackingNotification } from "../../core/ports/mail-tracking.port.ts";

export const SIGNATURE_HEADER = "lob-signature";
export const TIMESTAMP_HEADER = "lob-signature-timestamp";
/** How far the signature's timestamp may be from the clock, either way. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

/** Lob's event types about a letter's travel, as the port's statuses; every other type is no letter event. */
const STATUS: Readonly<Record<string, LetterEvent["status"]>> = {
  "letter.mailed": "mailed",
  "letter.in_transit": "in_transit",
  "letter.in_local_area": "in_transit",
  "letter.processed_for_delivery": "in_transit",
  "letter.re-routed": "in_transit",
  "letter.delivered": "delivered",
  "letter.returned_to_sender": "returned",
};

export type WebhookRefusal = "unsigned" | "stale" | "forged";

export type WebhookVerdict =
  | { readonly ok: true; readonly events: readonly LetterEvent[]; readonly eventId: string | null }
  | { readonly ok: false; readonly reason: WebhookRefusal; readonly message: string };

/** The hex signature Lob sends for a body signed at `timestamp` (the header's text, as sent). */
export function lobSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest("hex");
}

/** Milliseconds since the epoch from the timestamp header: milliseconds (Lob's), seconds, or ISO 8601. */
function timestampMs(value: string): number | undefined {
  if (/^\d{1,16}$/.test(value)) {
    const n = Number(value);
    return n < 1e12 ? n * 1000 : n;
  }
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : at;
}

const refuse = (reason: WebhookRefusal, message: string): WebhookVerdict => ({ ok: false, reason, message });

/** The letter events of one Lob notification, or why it is refused. Pure but for the HMAC: `now` is the clock's. */
export function verifyLobWebhook(input: {
  readonly secret: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly rawBody: string;
  readonly now: Date;
  readonly toleranceMs?: number;
}): WebhookVerdict {
  const header = (name: string) => {
    for (const [k, v] of Object.entries(input.headers)) if (k.toLowerCase() === name) return v?.trim();
    return undefined;
  };
  const signature = header(SIGNATURE_HEADER);
  const timestamp = header(TIMESTAMP_HEADER);
  if (!signature || !timestamp)
    return refuse("unsigned", "The notification carries no Lob-Signature and Lob-Signature-Timestamp.");
  const at = timestampMs(timestamp);
  if (at === undefined) return refuse("unsigned", "Lob-Signature-Timestamp is not a timestamp.");
  if (Math.abs(input.now.getTime() - at) > (input.toleranceMs ?? WEBHOOK_TOLERANCE_MS))
    return refuse("stale", "Lob-Signature-Timestamp is more than five minutes from now.");
  const expected = Buffer.from(lobSignature(input.secret, timestamp, input.rawBody), "utf8");
  const given = Buffer.from(signature.toLowerCase(), "utf8");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return refuse("forged", "Lob-Signature does not match the notification.");

  let event: {
    id?: unknown;
    event_type?: { id?: unknown } | string;
    body?: { id?: unknown; metadata?: { delivery?: unknown } };
    reference_id?: unknown;
    date_created?: unknown;
  };
  try {
    event = JSON.parse(input.rawBody) as typeof event;
  } catch {
    return { ok: true, events: [], eventId: null };
  }
  const eventId = typeof event?.id === "string" ? event.id : null;
  const type = typeof event?.event_type === "string" ? event.event_type : event?.event_type?.id;
  const status = typeof type === "string" ? STATUS[type] : undefined;
  const letterId = typeof event?.body?.id === "string" ? event.body.id : event?.reference_id;
  if (status === undefined || typeof letterId !== "string" || !letterId.startsWith("ltr_"))
    return { ok: true, events: [], eventId };
  const created = typeof event.date_created === "string" ? Date.parse(event.date_created) : Number.NaN;
  const when = Number.isNaN(created) ? new Date(at) : new Date(created);
  const delivery = event.body?.metadata?.delivery;
  return {
    ok: true,
    events: [
      {
        vendorId: letterId,
        status,
        at: when.toISOString(),
        ...(typeof delivery === "string" && delivery.length <= 64 ? { delivery } : {}),
      },
    ],
    eventId,
  };
}

export interface LobTrackingOptions {
  /** LOB_WEBHOOK_SECRET: the secret of the Lob webhook subscription (or of the emulator). */
  readonly webhookSecret: Redacted.Redacted<string>;
  readonly now: () => Date;
  readonly toleranceMs?: number;
}

export function makeLobMailTracking(options: LobTrackingOptions): MailTracking["Service"] {
  return MailTracking.of({
    read: (notification: TrackingNotification) =>
      Effect.suspend(() => {
        const verdict = verifyLobWebhook({
          secret: Redacted.value(options.webhookSecret),
          headers: notification.meta,
          rawBody: notification.rawBody,
          now: options.now(),
          ...(options.toleranceMs === undefined ? {} : { toleranceMs: options.toleranceMs }),
        });
        return verdict.ok
          ? Effect.succeed(verdict.events)
          : Effect.fail(new Unauthorized({ message: verdict.message }));
      }),
  });
}

/** The tracking reader on the service's Clock. */
export const layer = (options: Omit<LobTrackingOptions, "now">) =>
  Layer.effect(
    MailTracking,
    Effect.gen(function* () {
      const clock = yield* Clock;
      return makeLobMailTracking({ ...options, now: clock.now });
    }),
  );
