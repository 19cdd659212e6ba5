// The Mailer of production (issue 39): one message per call over SMTP_URL through nodemailer (a small pool of
// connections), from EMAIL_FROM. What the server answers decides the outcome:
// - accepted: sent, with the server's message id;
// - the recipient refused for good (a 5xx to RCPT TO): rejected, and the core falls back to paper where it can;
// - anything else (no connection, a timeout, a 4xx "try later", a refused login): ServiceUnavailable, so the job
//   waits and tries again; nothing is marked bounced because the server was down.
// SMTP has no idempotency key, so a worker killed between the server's 250 and the record sends the message again
// (at least once); its Message-ID is derived from the delivery's key, so mail clients show the repeat as one message.
import { createHash } from "node:crypto";
import * as Effect from "effect/Effect";
import * as Redacted from "effect/Redacted";
import nodemailer from "nodemailer";
import { ServiceUnavailable } from "../../core/domain/shared/errors.ts";
import { Mailer, type EmailMessage, type EmailOutcome } from "../../core/ports/mailer.port.ts";

export interface SmtpMailerOptions {
  /** SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465 or smtp://127.0.0.1:2525. */
  readonly url: Redacted.Redacted<string>;
  /** EMAIL_FROM: the From header, e.g. "Tax statements <statements@example.com>". */
  readonly from: string;
  /** Connections kept open to the server. */
  readonly maxConnections?: number;
  /** A failure the operator should see: no message content, no address beyond the domain. */
  readonly log: (line: string) => void;
  /** How long to wait before trying again after a transient failure. */
  readonly retryAfterSeconds?: number;
}

interface SmtpError {
  readonly code?: string;
  readonly command?: string;
  readonly responseCode?: number;
  readonly response?: string;
  readonly message?: string;
}

const asSmtpError = (e: unknown): SmtpError => (typeof e === "object" && e !== null ? (e as SmtpError) : {});

/** The domain of an address, for log lines (the local part identifies a person). */
const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1);
/** A server's reply with every address's local part hidden. */
const redacted = (text: string) => text.replace(/[^\s<>@:;,]+@/g, "…@").slice(0, 200);

export function makeSmtpMailer(opts: SmtpMailerOptions): Mailer["Service"] & { readonly close: () => void } {
  const transport = nodemailer.createTransport({
    url: Redacted.value(opts.url),
    pool: true,
    maxConnections: opts.maxConnections ?? 4,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const fromDomain = domainOf(opts.from.replace(/^.*<|>.*$/g, "")) || "localhost";
  const retryAfterSeconds = opts.retryAfterSeconds ?? 60;

  const send = (m: EmailMessage) =>
    Effect.tryPromise({
      try: async (): Promise<EmailOutcome> => {
        const id = createHash("sha256")
          .update(`${m.scope.accountId}:${m.scope.livemode}:${m.idempotencyKey}`)
          .digest("hex")
          .slice(0, 32);
        const info = await transport.sendMail({
          from: opts.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          messageId: `<${id}@${fromDomain}>`,
        });
        return { kind: "sent", messageId: String(info.messageId ?? id) };
      },
      catch: (e) => e,
    }).pipe(
      Effect.catch((e) => {
        const err = asSmtpError(e);
        const code = err.responseCode ?? 0;
        const refused =
          code >= 500 && code < 600 && (err.code === "EENVELOPE" || /RCPT/i.test(err.command ?? ""));
        if (refused)
          return Effect.succeed<EmailOutcome>({
            kind: "rejected",
            reason: `the mail server refused the address: ${redacted(err.response ?? err.message ?? String(code))}`,
          });
        opts.log(
          `smtp send to a ${domainOf(m.to)} address failed (${err.code ?? "error"}${code ? ` ${code}` : ""}): ${redacted(err.message ?? "")}`,
        );
        return Effect.fail(
          new ServiceUnavailable({
            message: `The mail server did not take the message (${err.code ?? "error"}${code ? ` ${code}` : ""}); it is sent again later.`,
            retryAfterSeconds,
          }),
        );
      }),
    );

  return Object.assign(Mailer.of({ send }), { close: () => transport.close() });
}
