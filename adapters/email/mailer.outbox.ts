// The Mailer of the sandbox (issue 39): every e-mail is kept in the environment's outbox instead of leaving the
// machine, readable at GET /v1/sandbox/outbox. A retried send (a worker killed after keeping the message) finds the
// message its key already kept, so the outbox never shows one notice twice.
import * as Effect from "effect/Effect";
import { Clock } from "../../core/ports/clock.port.ts";
import { Ids } from "../../core/ports/ids.port.ts";
import { Mailer } from "../../core/ports/mailer.port.ts";
import { Store } from "../../core/ports/store.port.ts";
import { linksOf } from "./links.ts";

export const makeOutboxMailer = Effect.gen(function* () {
  const store = yield* Store;
  const ids = yield* Ids;
  const clock = yield* Clock;
  return Mailer.of({
    send: (m) =>
      store
        .scoped(m.scope)
        .emails.append({
          id: ids.short("msg_"),
          idempotencyKey: m.idempotencyKey,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          links: linksOf(m.text, m.html),
          createdAt: clock.now().toISOString(),
        })
        .pipe(Effect.map((kept) => ({ kind: "sent", messageId: kept.id }) as const)),
  });
});
