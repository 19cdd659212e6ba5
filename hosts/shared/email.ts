// The Mailer of each environment (issue 39), chosen here and only here:
// - sandbox: the environment's outbox, always: nothing in the sandbox leaves the machine, and an integrator reads
//   each message at GET /v1/sandbox/outbox exactly as the recipient would get it, links included.
// - live: SMTP through SMTP_URL from EMAIL_FROM. Without SMTP_URL no live e-mail is sent, and none is recorded as
//   sent either: each send fails as unavailable with the reason and its job waits an hour and tries again, so a
//   statement is never marked furnished by a notice nobody could read (docs/decisions.md).
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import { makeOutboxMailer } from "../../adapters/email/mailer.outbox.ts";
import { makeSmtpMailer } from "../../adapters/email/mailer.smtp.ts";
import { ServiceUnavailable } from "../../core/domain/shared/errors.ts";
import { Mailer } from "../../core/ports/mailer.port.ts";
import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";

/** How long a live e-mail waits before trying again while SMTP is not configured. */
const UNCONFIGURED_RETRY_SECONDS = 3600;

export function emailLayer(config: Config, logger: Logger) {
  return Layer.effect(
    Mailer,
    Effect.gen(function* () {
      const outbox = yield* makeOutboxMailer;
      const email = config.email;
      const smtp = email
        ? yield* Effect.acquireRelease(
            Effect.sync(() =>
              makeSmtpMailer({ url: email.smtpUrl, from: email.from, log: (line) => logger.warn(line) }),
            ),
            (m) => Effect.sync(() => m.close()),
          )
        : undefined;
      return Mailer.of({
        send: (message) =>
          !message.scope.livemode
            ? outbox.send(message)
            : smtp
              ? smtp.send(message)
              : Effect.fail(
                  new ServiceUnavailable({
                    message:
                      "E-mail is not configured in live mode: set SMTP_URL and EMAIL_FROM. The e-mail waits and is sent once it is.",
                    retryAfterSeconds: UNCONFIGURED_RETRY_SECONDS,
                  }),
                ),
      });
    }),
  );
}
