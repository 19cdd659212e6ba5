// Recipient copies on the in-memory adapters (issue 39): from Copy B to a letter, a notice or an invitation, the
// vendor's tracking events, the PrintAndMail refund, an address PATCH that re-mails, and what is not furnished.
// The mail house and the mailer are the fakes of adapters/in-memory/mail-house.fake.ts.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import { makeFakeMailHouse, makeFakeMailer } from "../../../adapters/in-memory/mail-house.fake.ts";
import { DEFAULT_RATE_CARD } from "../../../core/domain/pricing/index.ts";
import { NOTICE_SUBJECT } from "../../../core/domain/statements/notices.ts";
import { MailHouse } from "../../../core/ports/mail-house.port.ts";
import { filePayerForms } from "../../../core/use-cases/filing/filings.ts";
import { payCart } from "../../../core/use-cases/money/pay.ts";
import { updateRecipient } from "../../../core/use-cases/parties/recipients.ts";
import {
  planStatements,
  cancelLetter,
  recordLetterEvents,
  sendDelivery,
  type SendRef,
} from "../../../core/use-cases/statements/statements.ts";
import { applyAcknowledgement, transmitOrder } from "../../../core/use-cases/lifecycle/transmission.ts";
import type { DeliveryRef } from "../../../core/ports/statements.port.ts";
import { Clock } from "../../../core/ports/clock.port.ts";
import {
  consentTestPdf,
  givePortalConsent,
  openAccessCode,
  openPortalLink,
  portalHome,
  portalStatementPdf,
  signInPortal,
  updatePortalEmail,
  withdrawPortalConsent,
} from "../../../core/use-cases/statements/portal.ts";
import { coreTest, runWithMail, type CoreTest } from "../../support/core.ts";
import { necRows } from "../../support/forms.ts";

type Mail = ReturnType<typeof makeFakeMailHouse>;
type Post = ReturnType<typeof makeFakeMailer>;

interface Ctx {
  t: CoreTest;
  mail: Mail;
  post: Post;
  rendered: number;
  /** The text of each letter's cover page (the portal note and access code). */
  covers: string[];
}

const s = suite<Ctx>("recipient statements: letters, notices, tracking and refunds");
s.before(async (ctx) => {
  ctx.t = await coreTest();
  ctx.mail = makeFakeMailHouse();
  ctx.post = makeFakeMailer();
  ctx.rendered = 0;
  ctx.covers = [];
});
s.after(async ({ t }) => {
  await t.dispose();
});

const PORTAL = "https://portal.example.test";

function runner(ctx: Ctx) {
  return runWithMail(ctx.t, {
    mail: ctx.mail,
    post: ctx.post,
    portalBaseUrl: PORTAL,
    renderer: {
      render: (statements, options) =>
        Effect.sync(() => {
          ctx.rendered += statements.length;
          if (options?.cover) ctx.covers.push(options.cover.paragraphs.join("\n"));
          return new TextEncoder().encode(`%PDF-fake ${String(statements.length)}`);
        }),
      renderText: (page) =>
        Effect.sync(() => new TextEncoder().encode(`%PDF-text ${page.title}\n${page.paragraphs.join("\n")}`)),
    },
  });
}

let nextTin = 5000;

/**
 * Files `n` forms (service `efile_print_mail` unless said), lets `prepare` change their recipients before pay,
 * pays, transmits and accepts them: their statements are open. Returns the filings with their recipients.
 */
async function acceptedForms(
  ctx: Ctx,
  n: number,
  options: {
    service?: string;
    prepare?: (recipientIds: readonly string[]) => Promise<void>;
  } = {},
) {
  const { t } = ctx;
  const filed = await t.run(
    filePayerForms(t.scope, t.payerId, {
      forms: necRows(n, nextTin),
      addToCart: true,
      service: options.service ?? "efile_print_mail",
    }),
  );
  nextTin += n;
  const ids = filed.rows.map((r) => r.id ?? "");
  const repos = t.store.scoped(t.scope);
  const filings = await t.run(repos.filings.getMany(ids));
  const recipientIds = ids.map((id) => filings.find((f) => f.id === id)?.recipientId ?? "");
  if (options.prepare) await options.prepare(recipientIds);
  t.advance(1000);
  const receipt = await t.run(payCart(t.scope, t.owner));
  if (!("order" in receipt)) throw new Error("the cart was already paid");
  if ((options.service ?? "efile_print_mail") !== "print_mail") {
    const sent = await t.run(transmitOrder(t.scope, receipt.order));
    for (const r of sent.receipts) await t.run(applyAcknowledgement(t.scope, r));
  } else await t.run(transmitOrder(t.scope, receipt.order));
  t.advance(1000);
  return ids.map((id, i) => ({ id, recipientId: recipientIds[i] ?? "" }));
}

/** A `prepare` that makes each recipient electronic at `email`, with their consent given when `consent`. */
const electronic =
  (ctx: Ctx, email: string, consent = false) =>
  async (recipientIds: readonly string[]) => {
    for (const rid of recipientIds) {
      await ctx.t.run(updateRecipient(ctx.t.scope, rid, { delivery_method: "electronic", email }));
      if (consent)
        await ctx.t.run(
          ctx.t.store.scoped(ctx.t.scope).statements.setConsent(rid, "given", "2027-01-02T00:00:00Z"),
        );
    }
  };

/** Plans, then sends every delivery the plan started; returns the deliveries sent. */
async function sweep(ctx: Ctx): Promise<DeliveryRef[]> {
  const run = runner(ctx);
  const refs = [...(await run(planStatements()))];
  for (const r of refs)
    await run(sendDelivery({ accountId: r.accountId, livemode: r.livemode }, r.deliveryId));
  return refs;
}

async function deliveriesOf(ctx: Ctx, filingId: string) {
  return ctx.t.run(ctx.t.store.scoped(ctx.t.scope).statements.deliveries([filingId]));
}

async function statementOf(ctx: Ctx, filingId: string) {
  const st = await ctx.t.run(ctx.t.store.scoped(ctx.t.scope).statements.get(filingId));
  if (!st) throw new Error(`no statement for ${filingId}`);
  return st;
}

async function eventsOf(ctx: Ctx, type: string) {
  const page = await ctx.t.run(
    ctx.t.store.scoped(ctx.t.scope).events.list({ limit: 100, startingAfter: null }),
  );
  return page.data.filter((e) => e.type === type);
}

s("a paper recipient gets one letter; a replay after a crash finds the same letter", async (ctx) => {
  const [f] = await acceptedForms(ctx, 1);
  if (!f) throw new Error("no filing");
  const run = runner(ctx);
  const refs = await run(planStatements());
  assert.is(refs.length, 1, "one delivery planned");
  const again = await run(planStatements());
  assert.is(again.length, 0, "a second sweep plans nothing new");
  const ref = refs[0] as DeliveryRef;
  const scope = { accountId: ref.accountId, livemode: ref.livemode };
  // The worker dies after Lob answered and before the record: the vendor has the letter, the row has no id.
  const letter = await run(
    Effect.gen(function* () {
      const d = yield* ctx.t.store.scoped(scope).statements.getDelivery(ref.deliveryId);
      return yield* (yield* MailHouse).send({
        scope,
        idempotencyKey: d?.key ?? "",
        to: {
          name: "x",
          addressLine1: "1 Elm",
          addressLine2: null,
          city: "A",
          state: "TX",
          postalCode: "78701",
          country: "US",
        },
        from: {
          name: "y",
          addressLine1: "2 Elm",
          addressLine2: null,
          city: "A",
          state: "TX",
          postalCode: "78701",
          country: "US",
        },
        pdf: new Uint8Array(),
        metadata: {},
      });
    }),
  );
  assert.is(letter.kind, "queued");
  const result = await run(sendDelivery(scope, ref.deliveryId));
  assert.equal(result, { kind: "done", status: "queued" });
  const [d] = await deliveriesOf(ctx, f.id);
  assert.is(ctx.mail.letters.size, 1, "one letter at the vendor");
  assert.is(
    d?.vendorId,
    letter.kind === "queued" ? letter.vendorId : "",
    "the replay answered the same letter",
  );
  assert.is(d?.channel, "mail");
  assert.is(d?.status, "queued");
  assert.equal(await run(sendDelivery(scope, ref.deliveryId)), { kind: "skipped" }, "sent once");
  assert.is((await statementOf(ctx, f.id)).furnished, false, "not furnished until it is mailed");
  // The letter's cover names the portal and the recipient's access code, the one the portal knows them by.
  const cover = ctx.covers.at(-1) ?? "";
  const [access] = await run(ctx.t.store.scoped(scope).portal.access([d?.recipientId ?? ""]));
  const code = access?.accessCode ?? "-";
  assert.ok(cover.includes(`${PORTAL}/portal`), cover);
  assert.ok(cover.includes(`${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`), cover);
  assert.not.ok(/\d{9}/.test(cover), "no TIN on the cover");
});

s(
  "tracking: mailed furnishes, a repeated event is a no-op, returned refunds PrintAndMail once",
  async (ctx) => {
    const [f] = await acceptedForms(ctx, 1);
    if (!f) throw new Error("no filing");
    const run = runner(ctx);
    await sweep(ctx);
    const [d] = await deliveriesOf(ctx, f.id);
    const vendorId = d?.vendorId ?? "";
    assert.ok(vendorId.startsWith("ltr_"));
    const sent = [...ctx.mail.letters.values()].find((l) => l.id === vendorId);
    assert.is(sent?.from.name, "Returns Dept", "returned mail comes back to the service");
    assert.equal([sent?.to.addressLine1, sent?.to.postalCode], ["100 Main St", "62701"], "to the recipient");
    assert.ok((sent?.pdf.length ?? 0) > 0, "the statement PDF goes with the letter");
    assert.equal(
      Object.keys(sent?.metadata ?? {}).sort(),
      ["delivery", "filing"],
      "no TIN or amount in metadata",
    );
    assert.is(await run(recordLetterEvents([{ vendorId, status: "mailed", at: "2027-01-10T10:00:00Z" }])), 1);
    assert.is(await run(recordLetterEvents([{ vendorId, status: "mailed", at: "2027-01-10T10:00:00Z" }])), 0);
    await sweep(ctx);
    assert.is((await statementOf(ctx, f.id)).furnished, true, "a mailed letter furnishes the recipient");
    assert.is((await eventsOf(ctx, "statement.mailed")).filter((e) => e.data["filing"] === f.id).length, 1);

    const balance = await ctx.t.run(ctx.t.store.scoped(ctx.t.scope).balance.lock());
    const before = balance.balanceCents;
    assert.is(
      await run(recordLetterEvents([{ vendorId, status: "returned", at: "2027-01-15T10:00:00Z" }])),
      1,
    );
    assert.is(
      await run(recordLetterEvents([{ vendorId, status: "delivered", at: "2027-01-16T10:00:00Z" }])),
      0,
      "a late event does not move a returned letter back",
    );
    await sweep(ctx);
    await sweep(ctx);
    const st = await statementOf(ctx, f.id);
    assert.is(st.notFurnished, "undeliverable");
    assert.is(st.mailRefundedCents, DEFAULT_RATE_CARD.print_mail_cents);
    const after = (await ctx.t.run(ctx.t.store.scoped(ctx.t.scope).balance.lock())).balanceCents;
    assert.is(after - before, DEFAULT_RATE_CARD.print_mail_cents, "PrintAndMail back on the balance, once");
    const entries = await ctx.t.run(
      ctx.t.store.scoped(ctx.t.scope).balance.entries({ limit: 100, startingAfter: null }),
    );
    assert.is(entries.data.filter((e) => e.kind === "mail_refund" && e.reference === f.id).length, 1);
    assert.is((await eventsOf(ctx, "statement.returned")).filter((e) => e.data["filing"] === f.id).length, 1);
    assert.is(
      (await eventsOf(ctx, "statement.not_furnished")).filter((e) => e.data["filing"] === f.id).length,
      1,
    );

    // A new address re-mails it, without a new charge.
    const lettersBefore = ctx.mail.letters.size;
    await runner(ctx)(updateRecipient(ctx.t.scope, f.recipientId, { address_line1: "9 New Rd" }));
    const resent = await sweep(ctx);
    assert.is(resent.length, 1, "a letter to the new address");
    assert.is(ctx.mail.letters.size, lettersBefore + 1);
    const last = [...ctx.mail.letters.values()].at(-1);
    assert.is(last?.to.addressLine1, "9 New Rd");
    const final = (await ctx.t.run(ctx.t.store.scoped(ctx.t.scope).balance.lock())).balanceCents;
    assert.is(final, after, "no second charge for the re-mailing");
    assert.is((await statementOf(ctx, f.id)).notFurnished, null);
  },
);

s(
  "an undeliverable address: no letter, an event, a refund; a bounced notice falls back to paper",
  async (ctx) => {
    const [bad] = await acceptedForms(ctx, 1, {
      prepare: async ([rid]) => {
        await ctx.t.run(updateRecipient(ctx.t.scope, rid ?? "", { address_line1: "1 Undeliverable Ln" }));
      },
    });
    if (!bad) throw new Error("no filing");
    const letters = ctx.mail.letters.size;
    await sweep(ctx);
    await sweep(ctx);
    assert.is(ctx.mail.letters.size, letters, "nothing created at the vendor");
    const [d] = await deliveriesOf(ctx, bad.id);
    assert.is(d?.status, "undeliverable");
    assert.ok(d?.failureReason);
    assert.is(
      (await eventsOf(ctx, "statement.undeliverable")).filter((e) => e.data["filing"] === bad.id).length,
      1,
    );
    const st = await statementOf(ctx, bad.id);
    assert.is(st.mailRefundedCents, DEFAULT_RATE_CARD.print_mail_cents);

    const [bounce] = await acceptedForms(ctx, 1, {
      prepare: electronic(ctx, "bounce@example.com", true),
    });
    if (!bounce) throw new Error("no filing");
    await sweep(ctx);
    await sweep(ctx);
    const ds = await deliveriesOf(ctx, bounce.id);
    assert.equal(
      ds.map((x) => [x.channel, x.status]).sort(),
      [
        ["email", "bounced"],
        ["mail", "queued"],
      ],
      "the bounced notice fell back to a letter",
    );
  },
);

s(
  "electronic: a consenting recipient gets the notice; one without consent an invitation and paper",
  async (ctx) => {
    const [consenting] = await acceptedForms(ctx, 1, {
      prepare: electronic(ctx, "ana@example.com", true),
    });
    if (!consenting) throw new Error("no filing");
    const letters = ctx.mail.letters.size;
    await sweep(ctx);
    await sweep(ctx);
    assert.is(ctx.mail.letters.size, letters, "no letter for a consenting recipient");
    const notice = [...ctx.post.messages.values()].find((m) => m.to === "ana@example.com");
    assert.ok(notice, "a notice was sent");
    assert.is(notice?.subject, NOTICE_SUBJECT);
    assert.ok(notice?.text.includes(`${PORTAL}/portal/statements/`), "a link to the portal");
    assert.not.ok(/\d{3}-?\d{2}-?\d{4}/.test(`${notice?.text} ${notice?.html}`), "no TIN");
    assert.not.ok(/\$\s?\d|1234\.56|1,234/.test(`${notice?.text} ${notice?.html}`), "no amount");
    assert.is((await statementOf(ctx, consenting.id)).furnished, true);
    assert.is(
      (await eventsOf(ctx, "statement.emailed")).filter((e) => e.data["filing"] === consenting.id).length,
      1,
    );

    const [none] = await acceptedForms(ctx, 1, {
      prepare: electronic(ctx, "ben@example.com"),
    });
    if (!none) throw new Error("no filing");
    await sweep(ctx);
    const invitation = [...ctx.post.messages.values()].find((m) => m.to === "ben@example.com");
    assert.ok(invitation, "an invitation to consent");
    assert.is.not(invitation?.subject, NOTICE_SUBJECT);
    const ds = await deliveriesOf(ctx, none.id);
    assert.equal(ds.map((d) => [d.kind, d.status]).sort(), [
      ["invitation", "sent"],
      ["letter", "queued"],
    ]);
    assert.is((await statementOf(ctx, none.id)).furnished, false, "an invitation does not furnish");
  },
);

s(
  "efile without mail and no consent: not furnished, the payer is told, nothing sent but the invitation",
  async (ctx) => {
    const [f] = await acceptedForms(ctx, 1, {
      service: "efile",
      prepare: electronic(ctx, "cy@example.com"),
    });
    if (!f) throw new Error("no filing");
    const letters = ctx.mail.letters.size;
    await sweep(ctx);
    await sweep(ctx);
    assert.is(ctx.mail.letters.size, letters);
    const st = await statementOf(ctx, f.id);
    assert.is(st.notFurnished, "no_consent");
    assert.is(st.mailRefundedCents, 0, "no refund: the service did not include mail");
    const told = (await eventsOf(ctx, "statement.not_furnished")).filter((e) => e.data["filing"] === f.id);
    assert.is(told.length, 1, "told once");
    assert.is(told[0]?.data["not_furnished_reason"], "no_consent");
    assert.equal(
      (await deliveriesOf(ctx, f.id)).map((d) => d.kind),
      ["invitation"],
    );
  },
);

s(
  "a mail house that is down fails the send (retried); the delivery stays queued and is sent later",
  async (ctx) => {
    const [f] = await acceptedForms(ctx, 1);
    if (!f) throw new Error("no filing");
    const run = runner(ctx);
    const [ref] = await run(planStatements());
    if (!ref) throw new Error("nothing planned");
    ctx.mail.unavailable = true;
    const failed = await run(sendDelivery(ctx.t.scope, ref.deliveryId)).then(
      () => null,
      (e: unknown) => e,
    );
    ctx.mail.unavailable = false;
    assert.ok(failed, "the send failed");
    const [d] = await deliveriesOf(ctx, f.id);
    assert.equal([d?.status, d?.vendorId], ["queued", null]);
    assert.equal(await run(sendDelivery(ctx.t.scope, ref.deliveryId)), { kind: "done", status: "queued" });
  },
);

s(
  "a tracking event ahead of the send's record finds its delivery by the letter's metadata; a mismatched id does not",
  async (ctx) => {
    const [f] = await acceptedForms(ctx, 1);
    if (!f) throw new Error("no filing");
    const run = runner(ctx);
    const [ref] = await run(planStatements());
    if (!ref) throw new Error("nothing planned");
    assert.is(
      await run(
        recordLetterEvents([
          { vendorId: "ltr_early", status: "mailed", at: "2027-01-10T10:00:00Z", delivery: ref.deliveryId },
        ]),
      ),
      1,
    );
    const [early] = await deliveriesOf(ctx, f.id);
    assert.equal([early?.status, early?.vendorId], ["mailed", "ltr_early"]);
    assert.is(
      await run(
        recordLetterEvents([
          {
            vendorId: "ltr_other",
            status: "delivered",
            at: "2027-01-11T10:00:00Z",
            delivery: ref.deliveryId,
          },
        ]),
      ),
      0,
      "another letter's event naming this delivery moves nothing",
    );
    assert.is((await deliveriesOf(ctx, f.id))[0]?.status, "mailed");
  },
);

const visit = { ip: "203.0.113.9", userAgent: "uvu" };

/** A paper recipient's letter sent: returns the filing, the recipient (its last four and ZIP) and its access code. */
async function mailedRecipient(ctx: Ctx) {
  const [f] = await acceptedForms(ctx, 1);
  if (!f) throw new Error("no filing");
  await sweep(ctx);
  const repos = ctx.t.store.scoped(ctx.t.scope);
  const recipient = await ctx.t.run(repos.recipients.get(f.recipientId));
  const [access] = await ctx.t.run(repos.portal.access([f.recipientId]));
  const [letter] = await deliveriesOf(ctx, f.id);
  return {
    filingId: f.id,
    recipientId: f.recipientId,
    last4: recipient?.tinLast4 ?? "",
    zip: recipient?.postalCode ?? "",
    code: access?.accessCode ?? "",
    deliveryId: letter?.id ?? "",
  };
}

s(
  "portal: the link and the letter's code find the recipient; five wrong answers lock it, seen by the payer",
  async (ctx) => {
    const run = runner(ctx);
    const r = await mailedRecipient(ctx);
    const byLink = await run(openPortalLink(r.deliveryId));
    assert.is(byLink.kind, "found");
    const typed = `${r.code.slice(0, 4).toLowerCase()} ${r.code.slice(4, 8)}-${r.code.slice(8)}`;
    const byCode = await run(openAccessCode(typed));
    assert.equal(byCode, byLink, "the typed code (any case, spaces, dashes) finds the same recipient");
    assert.equal(await run(openAccessCode("ZZZZ-ZZZZ-ZZZZ")), { kind: "unknown" });
    assert.equal(await run(openPortalLink("sdl_doesnotexist00")), { kind: "unknown" });
    if (byLink.kind !== "found") return;
    const wrong = r.last4 === "0000" ? "1111" : "0000";
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await run(signInPortal(byLink.ref, { tinLast4: wrong, postalCode: r.zip }, visit)));
    assert.equal(
      answers.slice(0, 4).map((a) => (a.kind === "wrong" ? a.attemptsLeft : a.kind)),
      [4, 3, 2, 1],
    );
    assert.is(answers[4]?.kind, "locked");
    // Locked: even the right answer is refused and not compared.
    const right = { tinLast4: r.last4, postalCode: `${r.zip.slice(0, 5)}` };
    assert.is((await run(signInPortal(byLink.ref, right, visit))).kind, "locked");
    const [access] = await ctx.t.run(ctx.t.store.scoped(ctx.t.scope).portal.access([r.recipientId]));
    assert.ok(access?.lockedUntil, "the payer sees the lock");
    // A day later the recipient signs in with the right answer; the count starts again.
    ctx.t.advance(24 * 3600 * 1000 + 1000);
    const ok = await run(signInPortal(byLink.ref, right, visit));
    assert.is(ok.kind, "signed_in");
    const [after] = await ctx.t.run(ctx.t.store.scoped(ctx.t.scope).portal.access([r.recipientId]));
    assert.equal([after?.attempts, after?.lockedUntil], [0, null]);
    // The audit trail: five failures, the lock, the sign-in, each with the address.
    const trail = await ctx.t.run(
      ctx.t.store.scoped(ctx.t.scope).portal.activity(r.recipientId, { limit: 20, startingAfter: null }),
    );
    assert.equal(trail.data.map((a) => a.action).sort(), [
      "locked",
      "sign_in_failed",
      "sign_in_failed",
      "sign_in_failed",
      "sign_in_failed",
      "sign_in_failed",
      "signed_in",
    ]);
    assert.ok(trail.data.every((a) => a.ip === "203.0.113.9"));
  },
);

s(
  "portal consent: the test PDF's code, the delivery method electronic, the notice sent; withdrawn",
  async (ctx) => {
    const run = runner(ctx);
    const [f] = await acceptedForms(ctx, 1, { prepare: electronic(ctx, "pat.portal@example.com") });
    if (!f) throw new Error("no filing");
    await sweep(ctx);
    const [invitation] = (await deliveriesOf(ctx, f.id)).filter((d) => d.kind === "invitation");
    assert.ok(invitation, "an electronic recipient without consent is invited");
    const entry = await run(openPortalLink(invitation?.id ?? ""));
    if (entry.kind !== "found") throw new Error(entry.kind);
    const recipient = await ctx.t.run(ctx.t.store.scoped(ctx.t.scope).recipients.get(f.recipientId));
    const signed = await run(
      signInPortal(
        entry.ref,
        { tinLast4: recipient?.tinLast4 ?? "", postalCode: recipient?.postalCode ?? "" },
        visit,
      ),
    );
    if (signed.kind !== "signed_in") throw new Error(signed.kind);
    assert.equal(await run(givePortalConsent(signed.session, { code: "000000", agreed: true }, visit)), {
      kind: "wrong_code",
    });
    const test = await run(consentTestPdf(signed.session));
    const code = /code is (\d{6})/.exec(new TextDecoder().decode(test))?.[1] ?? "";
    assert.equal(await run(givePortalConsent(signed.session, { code, agreed: false }, visit)), {
      kind: "wrong_code",
    });
    assert.equal(await run(givePortalConsent(signed.session, { code, agreed: true }, visit)), {
      kind: "done",
      status: "given",
    });
    const consent = await ctx.t.run(ctx.t.store.scoped(ctx.t.scope).statements.consent(f.recipientId));
    assert.is(consent.status, "given");
    const given = await eventsOf(ctx, "recipient.consent_given");
    assert.equal(given.at(0)?.data["filings"], [f.id]);
    await sweep(ctx);
    assert.ok(
      (await deliveriesOf(ctx, f.id)).some((d) => d.kind === "notice" && d.status === "sent"),
      "the notice of posting follows the consent",
    );
    assert.equal(await run(withdrawPortalConsent(signed.session, visit)), {
      kind: "done",
      status: "withdrawn",
    });
    assert.is((await eventsOf(ctx, "recipient.consent_withdrawn")).length, 1);
    const bad = await run(updatePortalEmail(signed.session, "not an address", visit));
    assert.is(bad.kind, "invalid");
    if (bad.kind === "invalid") assert.match(bad.message, /email/);
    assert.equal(await run(updatePortalEmail(signed.session, "pat.new@example.com", visit)), {
      kind: "done",
    });
    const updated = await ctx.t.run(ctx.t.store.scoped(ctx.t.scope).recipients.get(f.recipientId));
    assert.is(updated?.email, "pat.new@example.com");
    const actions = (
      await ctx.t.run(
        ctx.t.store.scoped(ctx.t.scope).portal.activity(f.recipientId, { limit: 20, startingAfter: null }),
      )
    ).data.map((a) => a.action);
    assert.equal([...new Set(actions)].sort(), [
      "consent_given",
      "consent_withdrawn",
      "email_changed",
      "signed_in",
    ]);
  },
);
s(
  "portal: the recipient's statements and PDF only; the first view is an event; expired after October 15",
  async (ctx) => {
    const run = runner(ctx);
    const r = await mailedRecipient(ctx);
    const other = await mailedRecipient(ctx);
    const entry = await run(openPortalLink(r.deliveryId));
    if (entry.kind !== "found") throw new Error("not found");
    const signed = await run(signInPortal(entry.ref, { tinLast4: r.last4, postalCode: r.zip }, visit));
    if (signed.kind !== "signed_in") throw new Error(signed.kind);
    const home = await run(portalHome(signed.session));
    assert.ok(home);
    assert.equal(
      home?.statements.map((x) => [x.filingId, x.form, x.corrected, x.available]),
      [[r.filingId, "1099-NEC", false, true]],
    );
    assert.is(
      home?.statements[0]?.availableUntil,
      `${String((home?.statements[0]?.taxYear ?? 0) + 1)}-10-15T23:59:59.999Z`,
    );
    assert.ok((home?.disclosures.length ?? 0) >= 7, "the IRS's disclosures");
    const pdf = await run(portalStatementPdf(signed.session, r.filingId, visit));
    assert.is(pdf.kind, "pdf");
    await run(portalStatementPdf(signed.session, r.filingId, visit));
    assert.equal(
      await run(portalStatementPdf(signed.session, other.filingId, visit)),
      { kind: "not_found" },
      "another recipient's statement is not there",
    );
    const viewed = (await eventsOf(ctx, "statement.viewed")).filter((e) => e.data["filing"] === r.filingId);
    assert.is(viewed.length, 1, "statement.viewed once");
    const views = (
      await ctx.t.run(
        ctx.t.store.scoped(ctx.t.scope).portal.activity(r.recipientId, { limit: 20, startingAfter: null }),
      )
    ).data.filter((a) => a.action === "viewed");
    assert.is(views.length, 2, "every view is in the audit trail");
    const taxYear = home?.statements[0]?.taxYear ?? 0;
    const now = await ctx.t.run(
      Effect.gen(function* () {
        return (yield* Clock).now().getTime();
      }),
    );
    ctx.t.advance(Date.UTC(taxYear + 1, 9, 16) - now + 1000);
    assert.equal(await run(portalStatementPdf(signed.session, r.filingId, visit)), { kind: "expired" });
    assert.equal(await run(openPortalLink(r.deliveryId)), { kind: "expired" });
  },
);

s(
  "a new address while a letter is in flight: canceled at the mail house, then mailed to the new address, once",
  async (ctx) => {
    const run = runner(ctx);
    const moveTo = async (recipientId: string, line1: string) =>
      run(updateRecipient(ctx.t.scope, recipientId, { address_line1: line1 }));
    // What the send queue's job runs for a planned ref (core/use-cases/lifecycle/jobs.ts sendStatementJob).
    const runSendStatement = (ref: SendRef | undefined) => {
      const scope = { accountId: ref?.accountId ?? "", livemode: ref?.livemode === true };
      return ref?.cancel ? cancelLetter(scope, ref.deliveryId) : sendDelivery(scope, ref?.deliveryId ?? "");
    };
    const drain = async () => {
      const results: unknown[] = [];
      for (const ref of await run(planStatements())) results.push(await run(runSendStatement(ref)));
      return results;
    };

    // At the mail house, not yet mailed: the PATCH cancels it there; the next plan mails the new address.
    const [f] = await acceptedForms(ctx, 1);
    if (!f) throw new Error("no filing");
    await drain();
    const [first] = await deliveriesOf(ctx, f.id);
    assert.ok(first?.vendorId, "the letter is at the mail house");
    await moveTo(f.recipientId, "200 New St");
    assert.equal(await drain(), [{ kind: "done", status: "canceled" }], "canceled first, nothing else yet");
    const held = [...ctx.mail.letters.values()].find((l) => l.id === first?.vendorId);
    assert.is(held?.canceled, true, "canceled at the mail house");
    assert.equal(await drain(), [{ kind: "done", status: "queued" }], "then the new address's letter");
    assert.equal(await drain(), [], "once");
    const after = await deliveriesOf(ctx, f.id);
    assert.equal(after.map((d) => d.status).sort(), ["canceled", "queued"]);
    const fresh = after.find((d) => d.status === "queued");
    const sent = [...ctx.mail.letters.values()].find((l) => l.id === fresh?.vendorId);
    assert.is(sent?.to.addressLine1, "200 New St");
    assert.is(
      (await statementOf(ctx, f.id)).mailRefundedCents,
      0,
      "nothing refunded: one letter is paid for",
    );

    // Mailed already: too late to cancel; the letter stays on its way and no second one starts.
    await run(
      recordLetterEvents([
        { vendorId: fresh?.vendorId ?? "", status: "mailed", at: new Date().toISOString() },
      ]),
    );
    await moveTo(f.recipientId, "300 Later Ave");
    assert.equal(await drain(), [], "no cancel, no second letter");

    // Not at the mail house yet: its send finds the address changed and cancels it unsent (no call to the mail
    // house); the next plan mails the new address.
    const [g] = await acceptedForms(ctx, 1);
    if (!g) throw new Error("no filing");
    const planned = await run(planStatements());
    assert.is(planned.length, 1);
    await moveTo(g.recipientId, "400 Moved Rd");
    const sends = ctx.mail.sends;
    assert.equal(await run(runSendStatement(planned[0])), { kind: "done", status: "canceled" });
    assert.is(ctx.mail.sends, sends, "the mail house was not called");
    assert.equal(await drain(), [{ kind: "done", status: "queued" }]);
    const gd = await deliveriesOf(ctx, g.id);
    const gl = [...ctx.mail.letters.values()].find((l) => l.id === gd.find((d) => d.vendorId)?.vendorId);
    assert.is(gl?.to.addressLine1, "400 Moved Rd");
  },
);

s.run();
