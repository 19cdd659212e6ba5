// The SMTP Mailer (adapters/email/mailer.smtp.ts) against a real SMTP server in-process (smtp-server), each message
// parsed as a mail client would (mailparser): the notice arrives with its subject, text, HTML and link and nothing
// attached; a recipient refused with a 5xx is `rejected` (the core falls back to paper); a 4xx, a server that is
// gone or one that hangs up is ServiceUnavailable (the job waits), never a rejection. Also: the outbox's links.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { AddressInfo } from "node:net";
import * as Effect from "effect/Effect";
import * as Redacted from "effect/Redacted";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { linksOf } from "../../../adapters/email/links.ts";
import { makeSmtpMailer } from "../../../adapters/email/mailer.smtp.ts";
import { noticeEmail } from "../../../core/domain/statements/notices.ts";
import type { EmailMessage } from "../../../core/ports/mailer.port.ts";

interface Ctx {
  server: SMTPServer;
  port: number;
  received: ParsedMail[];
  envelopes: string[][];
  /** What RCPT TO answers for an address (null: accepted). */
  refuse: (address: string) => { code: number; text: string } | null;
  logs: string[];
}

const s = suite<Ctx>("SMTP mailer on a real SMTP server");

s.before(async (ctx) => {
  ctx.received = [];
  ctx.envelopes = [];
  ctx.logs = [];
  ctx.refuse = () => null;
  ctx.server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, cb) {
      const refused = ctx.refuse(address.address);
      if (!refused) return cb();
      const err = new Error(refused.text) as Error & { responseCode: number };
      err.responseCode = refused.code;
      cb(err);
    },
    onData(stream, session, cb) {
      ctx.envelopes.push(session.envelope.rcptTo.map((r) => r.address));
      simpleParser(stream)
        .then((m) => {
          ctx.received.push(m);
          cb();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((r) => ctx.server.listen(0, "127.0.0.1", () => r()));
  ctx.port = (ctx.server.server.address() as AddressInfo).port;
});
s.after(async (ctx) => {
  await new Promise<void>((r) => ctx.server.close(() => r()));
});

const scope = { accountId: "00000000-0000-4000-8000-000000000001", livemode: true };
const notice = noticeEmail({
  payerName: "Acme & Sons <LLC>",
  form: "1099-NEC",
  taxYear: 2026,
  corrected: false,
  link: "https://files.example.com/portal/statements/sdl_abc123",
  paperFallback: true,
});
const message = (to: string, key = "notice:1"): EmailMessage => ({
  scope,
  idempotencyKey: key,
  to,
  ...notice,
});

const mailerOn = (ctx: Ctx, port = ctx.port) =>
  makeSmtpMailer({
    url: Redacted.make(`smtp://127.0.0.1:${String(port)}`),
    from: "Tax statements <statements@files.example.com>",
    log: (line) => ctx.logs.push(line),
  });

s(
  "a notice arrives as sent: subject, text, HTML and the link, no attachment, a Message-ID from its key",
  async (ctx) => {
    const mailer = mailerOn(ctx);
    try {
      const out = await Effect.runPromise(mailer.send(message("pat@example.com")));
      assert.is(out.kind, "sent");
      const got = ctx.received.at(-1);
      assert.ok(got);
      assert.is(got?.subject, "IMPORTANT TAX RETURN DOCUMENT AVAILABLE");
      assert.is(got?.from?.value[0]?.address, "statements@files.example.com");
      assert.equal(ctx.envelopes.at(-1), ["pat@example.com"]);
      assert.ok(got?.text?.includes("https://files.example.com/portal/statements/sdl_abc123"));
      assert.ok(String(got?.html).includes('href="https://files.example.com/portal/statements/sdl_abc123"'));
      assert.ok(String(got?.html).includes("Acme &amp; Sons &lt;LLC&gt;"), "the payer's name is escaped");
      assert.is(got?.attachments.length, 0, "nothing attached");
      assert.match(String(got?.messageId), /^<[0-9a-f]{32}@files\.example\.com>$/);
      // The same key gives the same Message-ID (a repeat after a crash reads as one message); another key another.
      await Effect.runPromise(mailer.send(message("pat@example.com")));
      await Effect.runPromise(mailer.send(message("pat@example.com", "notice:2")));
      const ids = ctx.received.slice(-3).map((m) => m.messageId);
      assert.is(ids[0], ids[1]);
      assert.is.not(ids[0], ids[2]);
      if (out.kind === "sent") assert.ok(out.messageId.length > 0);
    } finally {
      mailer.close();
    }
  },
);

s("a 5xx to RCPT TO is rejected with the server's reason (the address's local part hidden)", async (ctx) => {
  ctx.refuse = (a) => (a.startsWith("bounce") ? { code: 550, text: `5.1.1 <${a}>: no such user` } : null);
  const mailer = mailerOn(ctx);
  try {
    const before = ctx.received.length;
    const out = await Effect.runPromise(mailer.send(message("bounce@example.com")));
    assert.is(out.kind, "rejected");
    if (out.kind === "rejected") {
      assert.match(out.reason, /550/);
      assert.not.ok(out.reason.includes("bounce@"), out.reason);
    }
    assert.is(ctx.received.length, before, "nothing delivered");
  } finally {
    ctx.refuse = () => null;
    mailer.close();
  }
});

s("a 4xx is ServiceUnavailable with a retry, not a rejection", async (ctx) => {
  ctx.refuse = () => ({ code: 451, text: "4.3.0 try again later" });
  const mailer = mailerOn(ctx);
  try {
    const out = await Effect.runPromise(Effect.flip(mailer.send(message("pat@example.com"))));
    assert.is(out._tag, "ServiceUnavailable");
    assert.ok((out.retryAfterSeconds ?? 0) > 0);
    assert.ok(
      ctx.logs.some((l) => l.includes("example.com address") && !l.includes("pat@")),
      ctx.logs.join("\n"),
    );
  } finally {
    ctx.refuse = () => null;
    mailer.close();
  }
});

s("a server that is not there is ServiceUnavailable", async (ctx) => {
  const probe = new SMTPServer({ logger: false });
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", () => r()));
  const port = (probe.server.address() as AddressInfo).port;
  await new Promise<void>((r) => probe.close(() => r()));
  const mailer = mailerOn(ctx, port);
  try {
    const out = await Effect.runPromise(Effect.flip(mailer.send(message("pat@example.com"))));
    assert.is(out._tag, "ServiceUnavailable");
    assert.match(out.message, /sent again later/);
  } finally {
    mailer.close();
  }
});

s("the outbox's links: text URLs and hrefs in order, once each, unescaped, trailing punctuation off", () => {
  assert.equal(
    linksOf(
      "Open https://a.example/x?y=1&z=2. Or http://b.example/p, then https://a.example/x?y=1&z=2",
      '<a href="https://a.example/x?y=1&amp;z=2">x</a><a href="mailto:me@example.com">m</a><a href="https://c.example/">c</a>',
    ),
    ["https://a.example/x?y=1&z=2", "http://b.example/p", "https://c.example/"],
  );
});

s.run();
