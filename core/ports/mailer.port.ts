// Issue 39: one e-mail to one recipient (SMTP through nodemailer in production; the environment's outbox in the
// sandbox and with no SMTP_URL). A notice of posting carries a link to the portal and never a TIN, an amount or an
// attachment; the idempotency key is the statement delivery's (`emailKey`, `inviteKey`).
import * as Context from "effect/Context";
import type * as Effect from "effect/Effect";
import type { ServiceUnavailable } from "../domain/shared/errors.ts";
import type { Scope } from "./store.port.ts";

export interface EmailMessage {
  readonly scope: Scope;
  readonly idempotencyKey: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export type EmailOutcome =
  | { readonly kind: "sent"; readonly messageId: string }
  /** The server refused the address for good (a permanent 5xx): the caller falls back to paper. */
  | { readonly kind: "rejected"; readonly reason: string };

export class Mailer extends Context.Service<
  Mailer,
  {
    /** Sends one message; a server that is down is ServiceUnavailable (retried), never a rejection. */
    readonly send: (message: EmailMessage) => Effect.Effect<EmailOutcome, ServiceUnavailable>;
  }
>()("core/Mailer") {}
