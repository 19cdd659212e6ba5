// Notifications from vendors, outside the bearer-token API (issue 39): Lob's tracking webhooks at POST /webhooks/lob.
// The signature is the credential; the adapter checks it (LOB_WEBHOOK_SECRET) over the raw bytes, so the body is
// read raw here. Unsigned, forged, altered or stale: 401 in the error envelope, nothing recorded.
import * as Effect from "effect/Effect";
import { receiveTrackingNotification } from "../../core/use-cases/statements/statements.ts";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from "../../adapters/lob/tracking.lob.ts";
import { readRaw } from "./middleware/body.ts";
import type { Api, ApiContext } from "./http.ts";

export const VENDOR_WEBHOOK_PATHS: ReadonlySet<string> = new Set(["/webhooks/lob"]);

/** A tracking event is a few kilobytes; Lob's letters view included. */
const NOTIFICATION_LIMIT = 256 * 1024;

/** The POST handler (the app answers 405 for other methods). */
export function vendorWebhook(api: Api) {
  return async (ctx: ApiContext): Promise<void> => {
    ctx.state.route = ctx.path;
    const raw = await readRaw(ctx, NOTIFICATION_LIMIT, "The notification");
    const result = await api.run(
      receiveTrackingNotification({
        meta: {
          [SIGNATURE_HEADER]: ctx.get(SIGNATURE_HEADER) || undefined,
          [TIMESTAMP_HEADER]: ctx.get(TIMESTAMP_HEADER) || undefined,
        },
        rawBody: raw.toString("utf8"),
      }).pipe(Effect.withSpan("POST /webhooks/lob")),
    );
    ctx.status = 200;
    ctx.body = { received: true, events: result.events, moved: result.moved };
  };
}
