// B-notices on the in-memory adapters (issue 40 item 4): a CP2100 upload matches rows to the payer's recipients by
// the keyed hash of the TIN, makes first and second notices (second when the same recipient and account had one
// within three calendar years) with the 15/30 business-day deadlines, refuses a broken file storing nothing, mails
// Pub 1281's letters once (a retried job and a re-upload mail nothing more; no TIN in the metadata), e-mails a W-9
// link to a recipient who chose electronic delivery (no TIN), and the backup-withholding flag: pending, required by
// the sweep at the withhold-by date, cleared by a new W-9 for a first notice and only by a validation for a second.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import { makeFakeMailer, makeFakeMailHouse } from "../../../adapters/in-memory/mail-house.fake.ts";
import {
  getBNotice,
  listBNotices,
  recordBNoticeValidation,
  sendBNotice,
  sweepBNotices,
  uploadCp2100,
} from "../../../core/use-cases/parties/b-notices.ts";
import { B_NOTICE_QUEUE } from "../../../core/use-cases/lifecycle/queues.ts";
import { bNoticeJob } from "../../../core/use-cases/lifecycle/jobs.ts";
import { bNoticeSweep } from "../../../core/use-cases/lifecycle/sweeps.ts";
import {
  createRecipient,
  getRecipient,
  withPortalFacts,
} from "../../../core/use-cases/parties/recipients.ts";
import { submitW9 } from "../../../core/use-cases/parties/w9-portal.ts";
import { recipientView } from "../../../core/domain/parties/views.ts";
import { coreTest, runWithMail, type CoreTest } from "../../support/core.ts";

interface Ctx {
  t: CoreTest;
  post: ReturnType<typeof makeFakeMailer>;
  house: ReturnType<typeof makeFakeMailHouse>;
  ids: Record<string, string>;
}
const s = suite<Ctx>("B-notices: CP2100 upload, notices, letters, backup withholding");
const run = (ctx: Ctx) =>
  runWithMail(ctx.t, {
    mail: ctx.house,
    post: ctx.post,
    portalBaseUrl: "https://portal.example.test",
    renderer: {
      render: () => Effect.succeed(new Uint8Array()),
      renderText: (page) =>
        Effect.sync(() => new TextEncoder().encode(`${page.title}\n${page.paragraphs.join("\n")}`)),
    },
  });
const csv = (text: string) => new TextEncoder().encode(text);
const fails = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as { _tag?: string; param?: string; message: string; extra?: { problems?: unknown[] } };
  }
  throw new Error("expected a failure");
};
const address = { address_line1: "1 Main St", city: "Austin", state: "TX", postal_code: "78701" };

s.before(async (ctx) => {
  ctx.t = await coreTest();
  ctx.post = makeFakeMailer();
  ctx.house = makeFakeMailHouse();
  ctx.ids = {};
  const r = run(ctx);
  const make = async (key: string, body: Record<string, unknown>) => {
    const rec = await r(createRecipient(ctx.t.scope, { payer: ctx.t.payerId, tin_type: "ssn", ...body }));
    ctx.ids[key] = rec.id;
  };
  await make("ann", { name: "Ann Payee", tin: "900-00-4101", account_number: "A-1", ...address });
  await make("ben", {
    name: "Ben Payee",
    tin: "900004102",
    email: "ben@example.test",
    delivery_method: "electronic",
    ...address,
  });
  await make("cal", { name: "Cal Payee", tin: "900004103", account_number: "C-1", ...address });
});
s.after(async ({ t }) => {
  await t.dispose();
});

const noticesOf = (ctx: Ctx) => [...ctx.t.store.tables().bNotices.values()];
const eventsOf = (ctx: Ctx, type: string) =>
  [...ctx.t.store.tables().events.values()].filter((e) => e.type === type);

s("a broken file is refused naming the line and field; nothing is stored", async (ctx) => {
  const r = run(ctx);
  const dates = { noticeDate: "2024-10-07", receivedDate: undefined };
  const cases: [string, string][] = [
    [
      "name,tin,account_number,tax_year\nAnn Payee,900004101,A-1,2023\nAnn Payee,900-00-4101,A-1,2023\n",
      "line[3].tin",
    ],
    ["name,tin,account_number,tax_year\nAnn Payee,90000410,A-1,2023\n", "line[2].tin"],
    ["name,tin,account_number,tax_year,amount\nAnn Payee,900004101,A-1,2023,10\n", "line[1].header"],
    ["name,tin,account_number,tax_year\nAnn Payee,900004101,A-1,23\n", "line[2].tax_year"],
  ];
  for (const [text, param] of cases) {
    const e = await fails(r(uploadCp2100(ctx.t.scope, ctx.t.payerId, csv(text), dates)));
    assert.is(e._tag, "InvalidRequest");
    assert.is(e.param, param, text);
    assert.ok((e.extra?.problems?.length ?? 0) >= 1);
    assert.not.match(e.message, /900004101|900-00-4101/, "no TIN in the error");
  }
  const bytes = new Uint8Array([0x6e, 0x61, 0xff, 0xfe, 0x0a]);
  assert.is((await fails(r(uploadCp2100(ctx.t.scope, ctx.t.payerId, bytes, dates)))).param, "line[0].file");
  const good = csv("name,tin,account_number,tax_year\nAnn Payee,900004101,A-1,2023\n");
  assert.is(
    (
      await fails(
        r(
          uploadCp2100(ctx.t.scope, ctx.t.payerId, good, {
            noticeDate: "2024-13-01",
            receivedDate: undefined,
          }),
        ),
      )
    ).param,
    "notice_date",
  );
  assert.is(
    (await fails(r(uploadCp2100(ctx.t.scope, "00000000-0000-4000-8000-000000000000", good, dates))))._tag,
    "NotFound",
  );
  assert.is(noticesOf(ctx).length, 0);
  assert.is(ctx.t.jobs.filter((j) => j.queue === B_NOTICE_QUEUE).length, 0);
});

s("an earlier CP2100 makes Cal's first notice; this one: 2 first, 1 second, 1 unmatched", async (ctx) => {
  const r = run(ctx);
  const earlier = await r(
    uploadCp2100(
      ctx.t.scope,
      ctx.t.payerId,
      csv("name,tin,account_number,tax_year\nCal Payee,900004103,C-1,2023\n"),
      {
        noticeDate: "2024-10-07",
        receivedDate: undefined,
      },
    ),
  );
  assert.equal(
    earlier.rows.map((x) => x.result),
    ["first"],
  );
  ctx.t.advance(1000);
  const file = csv(
    "name,tin,account_number,tax_year\nAnn Payee,900004101,A-1,2025\nBen Payee,900-00-4102,,2025\nCal Payee,900004103,C-1,2025\nNo Body,900004199,Z-9,2025\n",
  );
  const up = await r(
    uploadCp2100(ctx.t.scope, ctx.t.payerId, file, { noticeDate: "2026-10-05", receivedDate: "2026-10-08" }),
  );
  assert.equal(
    up.rows.map((x) => [x.line, x.result, x.recipientId, x.tinLast4]),
    [
      [2, "first", ctx.ids["ann"], "4101"],
      [3, "first", ctx.ids["ben"], "4102"],
      [4, "second", ctx.ids["cal"], "4103"],
      [5, "unmatched", null, "4199"],
    ],
  );
  // Counted from the received date (later than the notice's): Columbus Day and Veterans Day are not business days.
  assert.equal([up.sendBy, up.withholdBy], ["2026-10-30", "2026-11-23"]);
  assert.not.match(JSON.stringify(up), /900004101|900004102|900004103|900004199/, "no TIN in the result");
  assert.not.match(JSON.stringify(noticesOf(ctx)), /900004101|900004102|900004103/, "no TIN stored");
  const jobs = ctx.t.jobs.filter((j) => j.queue === B_NOTICE_QUEUE);
  assert.is(jobs.length, 4, "one job per new notice");
  assert.is(eventsOf(ctx, "b_notice.created").length, 4);
  const list = await r(
    listBNotices(ctx.t.scope, { limit: 10, startingAfter: null }, { recipient: ctx.ids["cal"] }),
  );
  assert.equal(
    list.data.map((n) => n.kind),
    ["second", "first"],
  );

  // The same CP2100 again: its notices found, nothing new queued.
  const again = await r(
    uploadCp2100(ctx.t.scope, ctx.t.payerId, file, { noticeDate: "2026-10-05", receivedDate: "2026-10-08" }),
  );
  assert.equal(
    again.rows.map((x) => [x.result, x.duplicate, x.noticeId]),
    up.rows.map((x) => [x.result, x.result !== "unmatched", x.noticeId]),
  );
  assert.is(noticesOf(ctx).length, 4);
  assert.is(ctx.t.jobs.filter((j) => j.queue === B_NOTICE_QUEUE).length, 4);
});

s("letters through the mail house once, Pub 1281's words, the W-9 link e-mailed; no TIN", async (ctx) => {
  const r = run(ctx);
  const ids = ctx.t.jobs.filter((j) => j.queue === B_NOTICE_QUEUE).map((j) => String(j.data["noticeId"]));
  for (const id of ids)
    assert.equal(await r(sendBNotice(ctx.t.scope, id)), { kind: "done", status: "mailed" });
  for (const id of ids) assert.equal(await r(sendBNotice(ctx.t.scope, id)), { kind: "skipped" }, "a retry");
  assert.is(ctx.house.letters.size, 4, "one letter per notice, never two");
  assert.is(eventsOf(ctx, "b_notice.mailed").length, 4);
  const letters = [...ctx.house.letters.values()];
  for (const l of letters) {
    assert.equal(Object.keys(l.metadata), ["b_notice"]);
    assert.match(l.idempotencyKey, /^b_notice:bn_/);
  }
  const textOf = async (recipient: string) => {
    const n = noticesOf(ctx).find((x) => x.recipientId === recipient && x.noticeDate === "2026-10-05");
    const l = letters.find((x) => x.metadata["b_notice"] === n?.id);
    return new TextDecoder().decode(l?.pdf);
  };
  const ann = await textOf(ctx.ids["ann"] ?? "");
  assert.match(ann, /First "B" Notice: Backup Withholding Warning!/);
  assert.match(ann, /We need a correct taxpayer identification number \(TIN\) for your account/);
  assert.match(ann, /Account number: A-1\./);
  assert.match(ann, /Tax year: 2025\./);
  assert.match(ann, /Current TIN on account: \*\*\*-\*\*-4101/);
  assert.match(ann, /backup withholding 24% of the payments/);
  assert.match(ann, /may charge you a \$50 penalty/);
  assert.match(ann, /by 11\/23\/2026/);
  assert.match(ann, /ENCLOSED: Form W-9/);
  assert.match(ann, /Under penalties of perjury/);
  assert.not.match(ann, /900004101|900-00-4101/);
  const cal = await textOf(ctx.ids["cal"] ?? "");
  assert.match(cal, /Second "B" Notice/);
  assert.match(cal, /second time within three calendar years/);
  assert.match(cal, /cannot accept a Form W-9/);
  assert.match(cal, /Letter 147C/);
  assert.match(cal, /may charge you a \$50 penalty/);
  const ben = await textOf(ctx.ids["ben"] ?? "");
  assert.match(ben, /we have e-mailed a secure link to ben@example\.test/);
  const mails = [...ctx.post.messages.values()].filter((m) => m.to === "ben@example.test");
  assert.is(mails.length, 1);
  assert.match(mails[0]?.text ?? "", /\/portal\/w9\/[A-Za-z0-9]{43}/);
  assert.not.match(mails[0]?.text ?? "", /\d{9}|\d{3}-\d{2}-\d{4}/, "no TIN in the e-mail");
  const benNotice = noticesOf(ctx).find((x) => x.recipientId === ctx.ids["ben"]);
  assert.match(String(benNotice?.w9RequestId), /^w9r_bn/);
});

const flagOf = async (ctx: Ctx, key: string) => {
  const r = run(ctx);
  const rec = await r(getRecipient(ctx.t.scope, ctx.ids[key] ?? ""));
  const [withFacts] = await r(withPortalFacts(ctx.t.scope, [rec]));
  return recipientView(withFacts ?? rec)["backup_withholding"] as Record<string, unknown>;
};

s("a new W-9 clears a first notice (not a second)", async (ctx) => {
  const r = run(ctx);
  const mail = [...ctx.post.messages.values()].find((m) => m.to === "ben@example.test");
  const token = /\/portal\/w9\/([A-Za-z0-9]{43})/.exec(mail?.text ?? "")?.[1] ?? "";
  const benNotice = noticesOf(ctx).find((x) => x.recipientId === ctx.ids["ben"]);
  const signed = await r(
    submitW9(
      token,
      {
        request: String(benNotice?.w9RequestId),
        name: "Ben Payee",
        tax_classification: "individual",
        ...address,
        tin_type: "ssn",
        tin: "900-00-4102",
        signature: "Ben Payee",
        affirm: "on",
      },
      { ip: "203.0.113.7", userAgent: "b-notice-test" },
    ),
  );
  assert.is(signed.kind, "signed");
  assert.is((await flagOf(ctx, "ben"))["status"], "not_required");
  const cleared = await r(getBNotice(ctx.t.scope, benNotice?.id ?? ""));
  assert.equal([cleared.status, cleared.clearedBy], ["cleared", "new_w9"]);
  assert.is(eventsOf(ctx, "recipient.backup_withholding_cleared").length, 1);
});

s("the flag: pending, then required at the withhold-by date by the sweep", async (ctx) => {
  const r = run(ctx);
  assert.is((await flagOf(ctx, "ben"))["status"], "not_required", "Ben signed a new W-9");
  const pending = await flagOf(ctx, "ann");
  assert.equal(
    [pending["status"], pending["withhold_by"], pending["clears_on"]],
    ["pending", "2026-11-23", "new_w9"],
  );
  const calFlag = await flagOf(ctx, "cal");
  assert.is(calFlag["clears_on"], "irs_validation", "the second notice rules");
  const now = ctx.t.now().getTime();
  ctx.t.advance(Date.parse("2026-11-23T12:00:00Z") - now);
  const swept = await r(sweepBNotices(new Date(0).toISOString()));
  assert.is(swept.required, 3, "Ann's and Cal's two; not Ben's cleared one");
  assert.is((await r(sweepBNotices(new Date(0).toISOString()))).required, 0, "once");
  const required = await flagOf(ctx, "ann");
  assert.equal([required["status"], required["since"]], ["required", "2026-11-23"]);
  assert.is(eventsOf(ctx, "recipient.backup_withholding_required").length, 3);
});

s("a second notice is cleared only by its validation", async (ctx) => {
  const r = run(ctx);
  const ann = noticesOf(ctx).find((x) => x.recipientId === ctx.ids["ann"]);
  assert.is(
    (await fails(r(recordBNoticeValidation(ctx.t.scope, ann?.id ?? "", { kind: "ssa_validation" }))))._tag,
    "Conflict",
  );
  const cal = noticesOf(ctx).find((x) => x.recipientId === ctx.ids["cal"] && x.kind === "second");
  const wrong = await fails(
    r(recordBNoticeValidation(ctx.t.scope, cal?.id ?? "", { kind: "irs_letter_147c" })),
  );
  assert.equal([wrong._tag, wrong.param], ["InvalidRequest", "kind"]);
  assert.is((await flagOf(ctx, "cal"))["status"], "required");
  const ok = await r(
    recordBNoticeValidation(ctx.t.scope, cal?.id ?? "", {
      kind: "ssa_validation",
      received_date: "2026-12-01",
    }),
  );
  assert.equal([ok.status, ok.clearedBy], ["cleared", "ssa_validation"]);
  const calFirst = noticesOf(ctx).find((x) => x.recipientId === ctx.ids["cal"] && x.kind === "first");
  assert.is(calFirst?.status, "mailed", "the 2024 first notice was never answered");
  // Cal's 2024 first notice is still open (no W-9 came): the flag stays, now owed to that notice.
  const calFlag = await flagOf(ctx, "cal");
  assert.is(calFlag["notice_id"], calFirst?.id);
});

s(
  "a mail house that is down: the job is retried and mails once; an unmailable address; the sweep re-queues",
  async (ctx) => {
    const r = run(ctx);
    const dee = await r(
      createRecipient(ctx.t.scope, {
        payer: ctx.t.payerId,
        name: "Dee Payee",
        tin: "900004104",
        tin_type: "ssn",
        ...address,
        address_line1: "1 Undeliverable Way",
      }),
    );
    const eve = await r(
      createRecipient(ctx.t.scope, {
        payer: ctx.t.payerId,
        name: "Eve Payee",
        tin: "900004105",
        tin_type: "ssn",
        ...address,
      }),
    );
    const up = await r(
      uploadCp2100(
        ctx.t.scope,
        ctx.t.payerId,
        csv("name,tin,tax_year\nDee Payee,900004104,2025\nEve Payee,900004105,2025\n"),
        { noticeDate: "2026-11-24", receivedDate: undefined },
      ),
    );
    const [deeNotice, eveNotice] = up.rows.map((x) => x.noticeId ?? "");
    const sweep = await r(
      bNoticeSweep({
        stalledAfterMs: -60_000,
        sandboxTinMatchDelayMs: 0,
        webhookRetryScale: 1,
        chargeReconcile: { lookbackMs: 0, graceMs: 0 },
      }),
    );
    assert.equal(
      sweep.enqueue.map((f) => f.key).sort(),
      [`b_notice:${deeNotice ?? ""}`, `b_notice:${eveNotice ?? ""}`].sort(),
      "queued notices whose job was lost are queued again, under the same key",
    );
    const before = ctx.house.letters.size;
    ctx.house.unavailable = true;
    const down = await r(bNoticeJob({ ...ctx.t.scope, noticeId: eveNotice ?? "" }));
    assert.ok(down.retryAfter, "tried again later");
    assert.is((await r(getBNotice(ctx.t.scope, eveNotice ?? ""))).status, "queued");
    ctx.house.unavailable = false;
    await r(bNoticeJob({ ...ctx.t.scope, noticeId: eveNotice ?? "" }));
    await r(bNoticeJob({ ...ctx.t.scope, noticeId: eveNotice ?? "" }));
    assert.is(ctx.house.letters.size, before + 1, "one letter for Eve");
    assert.is((await r(getBNotice(ctx.t.scope, eveNotice ?? ""))).status, "mailed");
    await r(bNoticeJob({ ...ctx.t.scope, noticeId: deeNotice ?? "" }));
    const undeliverable = await r(getBNotice(ctx.t.scope, deeNotice ?? ""));
    assert.equal([undeliverable.status, undeliverable.letterVendorId], ["undeliverable", null]);
    assert.ok(undeliverable.letterFailure);
    assert.is(ctx.house.letters.size, before + 1);
    assert.is((await flagOf(ctx, "ann"))["status"], "required");
    const deeFlag = recipientView((await r(withPortalFacts(ctx.t.scope, [dee])))[0] ?? dee)[
      "backup_withholding"
    ] as Record<string, unknown>;
    assert.is(deeFlag["status"], "pending", "an undelivered notice still counts");
    assert.ok(eve.id);
  },
);

s.run();
