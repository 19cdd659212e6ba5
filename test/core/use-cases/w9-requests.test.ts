// W-9 requests on the in-memory adapters (issue 40): the request's e-mail and link (no TIN), the hosted W-9's
// checks (TIN shape, SSN for an entity, signature, another request's form) storing nothing, a signed W-9 creating
// the recipient with its TIN sealed and chaining a TIN match whose result lands on the request, a mismatch
// re-requested with a reason, expiry by the driven clock, cancel and resend, and the signed PDF.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import { makeFakeMailer, makeFakeMailHouse } from "../../../adapters/in-memory/mail-house.fake.ts";
import { IdempotentOperation } from "../../../core/ports/idempotency.port.ts";
import {
  cancelW9Request,
  createW9Request,
  expireW9Requests,
  getW9Request,
  listW9Requests,
  resendW9Request,
  w9RequestPdf,
} from "../../../core/use-cases/parties/w9-requests.ts";
import { openW9Link, submitW9 } from "../../../core/use-cases/parties/w9-portal.ts";
import { completeTinMatch } from "../../../core/use-cases/parties/tin-match.ts";
import { TIN_MATCH_QUEUE } from "../../../core/use-cases/lifecycle/queues.ts";
import { createRecipient } from "../../../core/use-cases/parties/recipients.ts";
import { w9RequestView } from "../../../core/domain/w9/views.ts";
import { coreTest, runWithMail, type CoreTest } from "../../support/core.ts";

interface Ctx {
  t: CoreTest;
  post: ReturnType<typeof makeFakeMailer>;
  house: ReturnType<typeof makeFakeMailHouse>;
}
const s = suite<Ctx>("W-9 requests: e-mail, hosted W-9, TIN match, expiry");
s.before(async (ctx) => {
  ctx.t = await coreTest();
  ctx.post = makeFakeMailer();
  ctx.house = makeFakeMailHouse();
});
s.after(async ({ t }) => {
  await t.dispose();
});

const PORTAL = "https://portal.example.test";
const run = (ctx: Ctx) =>
  runWithMail(ctx.t, {
    mail: ctx.house,
    post: ctx.post,
    portalBaseUrl: PORTAL,
    renderer: {
      render: () => Effect.succeed(new Uint8Array()),
      renderText: (page) =>
        Effect.sync(() => new TextEncoder().encode(`${page.title}\n${page.paragraphs.join("\n")}`)),
    },
  });

const fails = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as { _tag?: string; param?: string; message: string };
  }
  throw new Error("expected a failure");
};

/** The token of the latest e-mail to `to`. */
function tokenFor(ctx: Ctx, to: string): string {
  const mails = [...ctx.post.messages.values()].filter((m) => m.to === to);
  const last = mails[mails.length - 1];
  const m = /\/portal\/w9\/([A-Za-z0-9]{43})/.exec(last?.text ?? "");
  if (!m?.[1]) throw new Error(`no W-9 link e-mailed to ${to}`);
  return m[1];
}

const VISIT = { ip: "203.0.113.7", userAgent: "w9-test" };

const form = (requestId: string, over: Record<string, string> = {}) => ({
  request: requestId,
  name: "Ada Contractor",
  tax_classification: "individual",
  address_line1: "1 Main St",
  city: "Austin",
  state: "tx",
  postal_code: "78701",
  tin_type: "ssn",
  tin: "900-00-1234",
  signature: "Ada Contractor",
  affirm: "on",
  ...over,
});

s("a request by name and e-mail: one e-mail with the link and no TIN; listed, paged and got", async (ctx) => {
  const r = run(ctx);
  const req = await r(
    createW9Request(ctx.t.scope, {
      payer: ctx.t.payerId,
      name: "Ada Contractor",
      email: "ada@example.test",
      reference: "vendor-17",
    }),
  );
  assert.match(req.id, /^w9r_/);
  assert.is(req.status, "sent");
  assert.is(req.emailStatus, "sent");
  assert.is(
    Date.parse(req.expiresAt) - Date.parse(req.createdAt),
    30 * 24 * 3600 * 1000,
    "30 days by default",
  );
  const token = tokenFor(ctx, "ada@example.test");
  assert.ok(!req.tokenHash.includes(token), "only the token's hash is stored");
  const mail = [...ctx.post.messages.values()].find((m) => m.to === "ada@example.test");
  assert.match(mail?.subject ?? "", /Form W-9 requested by/);
  assert.not.match(mail?.text ?? "", /\d{3}-?\d{2}-?\d{4}/);
  ctx.t.advance(1000);
  const second = await r(
    createW9Request(ctx.t.scope, { payer: ctx.t.payerId, name: "Bo", email: "bo@example.test" }),
  );
  const page1 = await r(listW9Requests(ctx.t.scope, { limit: 1, startingAfter: null }, {}));
  assert.equal(
    page1.data.map((x) => x.id),
    [second.id],
  );
  assert.ok(page1.hasMore);
  const page2 = await r(listW9Requests(ctx.t.scope, { limit: 1, startingAfter: page1.nextCursor }, {}));
  assert.ok(page2.data.some((x) => x.id === req.id));
  assert.is((await r(getW9Request(ctx.t.scope, req.id))).reference, "vendor-17");
  assert.is((await fails(r(getW9Request(ctx.t.scope, "w9r_nope123"))))._tag, "NotFound");
  assert.is(
    (await fails(r(listW9Requests(ctx.t.scope, { limit: 10, startingAfter: null }, { status: "done" }))))
      .param,
    "status",
  );
  assert.is(
    (await fails(r(createW9Request(ctx.t.scope, { payer: ctx.t.payerId, email: "x@example.test" })))).param,
    "name",
  );
});

s("an Idempotency-Key's retry finds the first request: one request, one e-mail", async (ctx) => {
  const r = run(ctx);
  const body = { payer: ctx.t.payerId, name: "Idem Payee", email: "idem@example.test" };
  const once = (op: string) =>
    r(createW9Request(ctx.t.scope, body).pipe(Effect.provideService(IdempotentOperation, op)));
  const a = await once("0123456789abcdef01234567");
  const b = await once("0123456789abcdef01234567");
  assert.is(a.id, b.id);
  assert.is([...ctx.post.messages.values()].filter((m) => m.to === "idem@example.test").length, 1);
});

s(
  "the hosted W-9 refuses a bad TIN, an SSN for an entity, a missing signature, another form: nothing stored",
  async (ctx) => {
    const r = run(ctx);
    const req = await r(
      createW9Request(ctx.t.scope, {
        payer: ctx.t.payerId,
        name: "Checks Payee",
        email: "checks@example.test",
      }),
    );
    const token = tokenFor(ctx, "checks@example.test");
    const link = await r(openW9Link(token));
    assert.is(link.kind, "open");
    if (link.kind === "open") assert.is(link.page.name, "Checks Payee");
    const cases: [Record<string, string>, string][] = [
      [{ tin: "12345" }, "tin"],
      [{ tin: "000-12-3456" }, "tin"],
      [{ tax_classification: "c_corporation", tin_type: "ssn" }, "tin_type"],
      [{ tax_classification: "llc", llc_code: "P", tin_type: "ssn" }, "tin_type"],
      [{ tax_classification: "llc", llc_code: "" }, "llc_code"],
      [{ signature: "" }, "signature"],
      [{ affirm: "" }, "affirm"],
      [{ tin_type: "ein", tin: "123-45-6789" }, "tin"],
    ];
    for (const [over, param] of cases) {
      const out = await r(submitW9(token, form(req.id, over), VISIT));
      assert.equal(out.kind === "invalid" ? out.param : out.kind, param, JSON.stringify(over));
    }
    assert.is((await r(submitW9(token, form("w9r_another0001"), VISIT))).kind, "mismatch");
    assert.is((await r(submitW9("x".repeat(43), form(req.id), VISIT))).kind, "unknown");
    const after = await r(getW9Request(ctx.t.scope, req.id));
    assert.is(after.status, "sent");
    assert.is(after.signed, null);
    assert.is(after.recipientId, null);
    assert.is(ctx.t.jobs.filter((j) => j.queue === TIN_MATCH_QUEUE).length, 0);
  },
);

s(
  "signed: the recipient is created with its TIN sealed, the event fires, the TIN match lands on the request",
  async (ctx) => {
    const r = run(ctx);
    const req = await r(
      createW9Request(ctx.t.scope, {
        payer: ctx.t.payerId,
        name: "Match Payee",
        email: "match@example.test",
      }),
    );
    const token = tokenFor(ctx, "match@example.test");
    const out = await r(
      submitW9(token, form(req.id, { name: "Match Payee", tin: "900001234", strike_item_2: "on" }), VISIT),
    );
    assert.is(out.kind, "signed");
    const done = await r(getW9Request(ctx.t.scope, req.id));
    assert.is(done.status, "completed");
    assert.is(done.signed?.tinLast4, "1234");
    assert.is(done.signed?.signature.ip, "203.0.113.7");
    assert.is(done.signed?.signature.item2Struck, true);
    assert.not.match(JSON.stringify(done.signed), /900001234/, "no TIN in the signed document");
    assert.not.match(JSON.stringify(w9RequestView(done, new Date(), false)), /900001234|900-00-1234/);
    const recipient = await ctx.t.run(ctx.t.store.scoped(ctx.t.scope).recipients.get(done.recipientId ?? ""));
    assert.is(recipient?.name, "Match Payee");
    assert.is(recipient?.tinLast4, "1234");
    assert.is(recipient?.email, "match@example.test");
    const events = [...ctx.t.store.tables().events.values()].filter((e) => e.type === "w9_request.completed");
    assert.is(events.length, 1);
    assert.is((events[0]?.data as { id?: string } | undefined)?.id, req.id);
    const job = ctx.t.jobs.find((j) => j.queue === TIN_MATCH_QUEUE && j.data["runId"] === done.tinMatchRun);
    assert.ok(job, "the TIN match is queued");
    assert.is(done.tinMatchResult, "pending");
    await ctx.t.run(completeTinMatch(ctx.t.scope, String(job?.data["runId"])));
    assert.is((await r(getW9Request(ctx.t.scope, req.id))).tinMatchResult, "match");
    // The link is spent: a replay stores nothing more.
    assert.is((await r(submitW9(token, form(req.id), VISIT))).kind, "completed");
    assert.is((await r(openW9Link(token))).kind, "completed");
    const pdf = new TextDecoder().decode((await r(w9RequestPdf(ctx.t.scope, req.id))).pdf);
    assert.match(pdf, /Under penalties of perjury, I certify that:/);
    assert.match(pdf, /\[ITEM 2 CROSSED OUT BY THE PAYEE\]/);
    assert.match(pdf, /\/s\/ Ada Contractor/);
    assert.match(pdf, /900-00-1234/, "the signed form shows the TIN, as the paper form does");
  },
);

s(
  "a mismatch is re-requested with a reason shown to the payee; the new W-9 updates the recipient",
  async (ctx) => {
    const r = run(ctx);
    const req = await r(
      createW9Request(ctx.t.scope, { payer: ctx.t.payerId, name: "Odd Payee", email: "odd@example.test" }),
    );
    await r(
      submitW9(
        tokenFor(ctx, "odd@example.test"),
        form(req.id, { name: "Odd Payee", tin: "900001235" }),
        VISIT,
      ),
    );
    const done = await r(getW9Request(ctx.t.scope, req.id));
    await ctx.t.run(completeTinMatch(ctx.t.scope, done.tinMatchRun ?? ""));
    assert.is((await r(getW9Request(ctx.t.scope, req.id))).tinMatchResult, "mismatch");
    const again = await r(
      createW9Request(ctx.t.scope, {
        recipient: done.recipientId ?? "",
        reason: "The name and TIN you gave do not match IRS records.",
      }),
    );
    assert.is(again.recipientId, done.recipientId);
    assert.is(again.email, "odd@example.test");
    const token = tokenFor(ctx, "odd@example.test");
    const link = await r(openW9Link(token));
    assert.is(
      link.kind === "open" ? link.page.reason : null,
      "The name and TIN you gave do not match IRS records.",
    );
    assert.is(link.kind === "open" ? link.page.prefill["city"] : null, "Austin");
    await r(submitW9(token, form(again.id, { name: "Odd Payee", tin: "900001236" }), VISIT));
    const recipient = await ctx.t.run(ctx.t.store.scoped(ctx.t.scope).recipients.get(done.recipientId ?? ""));
    assert.is(recipient?.tinLast4, "1236");
  },
);

s(
  "expiry: the sweep on the clock expires an open request once, with its event; the link says so",
  async (ctx) => {
    const r = run(ctx);
    const req = await r(
      createW9Request(ctx.t.scope, {
        payer: ctx.t.payerId,
        name: "Late Payee",
        email: "late@example.test",
        expires_in_days: 2,
      }),
    );
    const token = tokenFor(ctx, "late@example.test");
    assert.is(await r(expireW9Requests()), 0, "not due yet");
    ctx.t.advance(2 * 24 * 3600 * 1000);
    assert.is((await r(openW9Link(token))).kind, "expired", "past its expiry before the sweep");
    assert.is((await r(submitW9(token, form(req.id), VISIT))).kind, "expired");
    assert.is((await fails(r(resendW9Request(ctx.t.scope, req.id))))._tag, "Conflict");
    assert.is(await r(expireW9Requests()), 1);
    assert.is(await r(expireW9Requests()), 0, "once");
    const expired = await r(getW9Request(ctx.t.scope, req.id));
    assert.is(expired.status, "expired");
    assert.ok(expired.expiredAt);
    const events = [...ctx.t.store.tables().events.values()].filter((e) => e.type === "w9_request.expired");
    assert.equal(
      events.map((e) => (e.data as { id: string }).id),
      [req.id],
    );
    assert.is((await fails(r(w9RequestPdf(ctx.t.scope, req.id))))._tag, "NotReady");
  },
);

s("cancel stops the link; resend e-mails a new link and the old one stops working", async (ctx) => {
  const r = run(ctx);
  const req = await r(
    createW9Request(ctx.t.scope, { payer: ctx.t.payerId, name: "Re Payee", email: "re@example.test" }),
  );
  const first = tokenFor(ctx, "re@example.test");
  const resent = await r(resendW9Request(ctx.t.scope, req.id));
  assert.is(resent.sends, 2);
  assert.is(resent.expiresAt, req.expiresAt, "the expiry stays");
  const second = tokenFor(ctx, "re@example.test");
  assert.is.not(second, first);
  assert.is((await r(openW9Link(first))).kind, "unknown");
  assert.is((await r(openW9Link(second))).kind, "open");
  const canceled = await r(cancelW9Request(ctx.t.scope, req.id));
  assert.is(canceled.status, "canceled");
  assert.is((await r(cancelW9Request(ctx.t.scope, req.id))).status, "canceled", "again: the same answer");
  assert.is((await r(openW9Link(second))).kind, "canceled");
  assert.is((await r(submitW9(second, form(req.id), VISIT))).kind, "canceled");
});

s("a recipient without an e-mail needs one; a recipient under another payer is refused", async (ctx) => {
  const r = run(ctx);
  const rec = await ctx.t.run(
    createRecipient(ctx.t.scope, { payer: ctx.t.payerId, name: "No Mail", tin: "900001240" }),
  );
  assert.is((await fails(r(createW9Request(ctx.t.scope, { recipient: rec.id })))).param, "email");
  assert.is(
    (
      await fails(
        r(createW9Request(ctx.t.scope, { recipient: rec.id, payer: "00000000-0000-4000-8000-000000000000" })),
      )
    ).param,
    "payer",
  );
  assert.is(
    (await fails(r(createW9Request(ctx.t.scope, { recipient: "00000000-0000-4000-8000-000000000000" }))))
      .param,
    "recipient",
  );
});

s(
  "two submissions of one link at once: one signs, the other stores nothing; a known TIN finds its recipient",
  async (ctx) => {
    const r = run(ctx);
    const existing = await ctx.t.run(
      createRecipient(ctx.t.scope, {
        payer: ctx.t.payerId,
        name: "Known Payee",
        tin: "900001250",
        tin_type: "ssn",
      }),
    );
    const req = await r(
      createW9Request(ctx.t.scope, {
        payer: ctx.t.payerId,
        name: "Known Payee",
        email: "known@example.test",
      }),
    );
    const token = tokenFor(ctx, "known@example.test");
    const both = await Promise.all([
      r(submitW9(token, form(req.id, { name: "Known Payee", tin: "900-00-1250" }), VISIT)),
      r(submitW9(token, form(req.id, { name: "Known Payee", tin: "900-00-1250" }), VISIT)),
    ]);
    assert.equal(both.map((o) => o.kind).sort(), ["completed", "signed"]);
    const done = await r(getW9Request(ctx.t.scope, req.id));
    assert.is(done.recipientId, existing.id, "the payer's recipient with this TIN (D8), not a new one");
    const events = [...ctx.t.store.tables().events.values()].filter(
      (e) => e.type === "w9_request.completed" && (e.data as { id?: string }).id === req.id,
    );
    assert.is(events.length, 1);
    const runs = [...ctx.t.store.tables().tinRuns.values()].filter((x) =>
      x.entries.some((e) => e.reference === req.id),
    );
    assert.is(runs.length, 1, "one TIN match");
    const recipients = await ctx.t.run(
      ctx.t.store.scoped(ctx.t.scope).recipients.list({ limit: 500, startingAfter: null }, {}),
    );
    assert.is(recipients.data.filter((x) => x.name === "Known Payee").length, 1);
  },
);

s("send_letter: a letter with the link through the mail house, once per send, never a TIN", async (ctx) => {
  const r = run(ctx);
  const rec = await ctx.t.run(
    createRecipient(ctx.t.scope, {
      payer: ctx.t.payerId,
      name: "Paper Payee",
      tin: "900001260",
      email: "paper@example.test",
      address_line1: "4 Mill Rd",
      city: "Reno",
      state: "NV",
      postal_code: "89501",
    }),
  );
  const req = await r(createW9Request(ctx.t.scope, { recipient: rec.id, send_letter: true }));
  assert.is(req.letterStatus, "sent");
  const letter = ctx.house.letters.get(`w9_letter:${req.id}:1`);
  assert.ok(letter, "mailed under the send's key");
  assert.equal(letter?.to.city, "Reno");
  assert.equal(letter?.metadata, { w9_request: req.id });
  const text = new TextDecoder().decode(letter?.pdf);
  assert.ok(text.includes(`/portal/w9/${tokenFor(ctx, "paper@example.test")}`), "the e-mailed link, printed");
  assert.not.match(text, /900001260|900-00-1260/);
  const resent = await r(resendW9Request(ctx.t.scope, req.id));
  assert.is(resent.letterStatus, "sent");
  assert.ok(ctx.house.letters.has(`w9_letter:${req.id}:2`), "a resend mails the new link");
  const noAddress = await ctx.t.run(
    createRecipient(ctx.t.scope, {
      payer: ctx.t.payerId,
      name: "No Address",
      tin: "900001262",
      email: "na@example.test",
    }),
  );
  assert.is(
    (await fails(r(createW9Request(ctx.t.scope, { recipient: noAddress.id, send_letter: true })))).param,
    "send_letter",
  );
  assert.is(
    (
      await fails(
        r(
          createW9Request(ctx.t.scope, {
            payer: ctx.t.payerId,
            name: "X",
            email: "x@example.test",
            send_letter: true,
          }),
        ),
      )
    ).param,
    "send_letter",
  );
});

s.run();
