// B-notices through the real hosts (issue 40 item 4, the "done when"): the Koa API and the worker on PGlite,
// letters through the sandbox's Lob adapter on its emulator. A CP2100 of 4 rows makes 2 first notices, 1 second (the
// recipient had a first notice from an earlier upload within three calendar years) and 1 unmatched row; each notice
// is mailed once with Pub 1281's words; a W-9 link is e-mailed to the recipient on electronic delivery (no TIN); the
// deadlines and the backup-withholding flag show on GET /v1/recipients/{id}, required once the sweep reaches the
// withhold-by date on a driven clock; a validation clears the second notice; a broken file stores nothing; the
// upload is idempotent and a re-upload mails nothing more. Made-up TINs.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import { Clock } from "../../../core/ports/clock.port.ts";
import { bNoticeDeadlines } from "../../../core/domain/w9/b-notice.ts";
import { sweepBNotices } from "../../../core/use-cases/parties/b-notices.ts";
import { B_NOTICE_QUEUE } from "../../../core/use-cases/lifecycle/queues.ts";
import { keyedCall, TEST_KEY } from "../../support/api.ts";
import { inflated, pageTexts } from "../../adapters/pdfkit/pdf-text.ts";
import { openStatementsHost, type StatementsHost } from "../../support/statements-host.ts";

const s = suite<{ host: StatementsHost; payer: string; ids: Record<string, string> }>(
  "B-notices over HTTP, mailed through the Lob emulator",
);
const address = { address_line1: "1 Main St", city: "Austin", state: "TX", postal_code: "78701" };
const TINS = /900004201|900004202|900004203|900004299|900-00-42/;

s.before(async (ctx) => {
  ctx.host = await openStatementsHost();
  const payers = (await keyedCall(ctx.host.base, "GET", "/v1/payers")).body.data as { id: string }[];
  ctx.payer = payers[0]?.id ?? "";
  ctx.ids = {};
  const make = async (key: string, body: Record<string, unknown>) => {
    const r = await keyedCall(ctx.host.base, "POST", "/v1/recipients", {
      payer: ctx.payer,
      tin_type: "ssn",
      ...address,
      ...body,
    });
    assert.is(r.status, 201, JSON.stringify(r.body));
    ctx.ids[key] = String(r.body.id);
  };
  await make("ann", { name: "Ann Payee", tin: "900-00-4201", account_number: "A-1" });
  await make("ben", {
    name: "Ben Payee",
    tin: "900004202",
    email: "ben@example.test",
    delivery_method: "electronic",
  });
  await make("cal", { name: "Cal Payee", tin: "900004203", account_number: "C-1" });
});
s.after(async (ctx) => {
  await ctx.host.close();
});

async function upload(
  host: StatementsHost,
  payer: string,
  csv: string,
  query: string,
  headers: Record<string, string> = {},
) {
  const r = await fetch(`${host.base}/v1/payers/${payer}/cp2100?${query}`, {
    method: "POST",
    headers: { authorization: `Bearer ${TEST_KEY}`, "content-type": "text/csv", ...headers },
    body: csv,
  });
  const text = await r.text();
  return { status: r.status, headers: r.headers, text, body: JSON.parse(text) };
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const today = day(new Date());
const twoYearsAgo = `${String(Number(today.slice(0, 4)) - 2)}-06-01`;
const FILE =
  "name,tin,account_number,tax_year\nAnn Payee,900004201,A-1,2025\nBen Payee,900-00-4202,,2025\nCal Payee,900004203,C-1,2025\nNo Body,900004299,Z-9,2025\n";

s("a broken file is refused naming the line and field, storing nothing", async ({ host, payer }) => {
  const dup = await upload(
    host,
    payer,
    "name,tin,account_number,tax_year\nAnn Payee,900004201,A-1,2025\nAnn Payee,900004201,A-1,2025\n",
    `notice_date=${today}`,
  );
  assert.is(dup.status, 422, dup.text);
  assert.is(dup.body.error.type, "invalid_request");
  assert.is(dup.body.error.param, "line[3].tin");
  assert.match(dup.body.error.message, /line 3, tin/);
  assert.not.match(dup.text, TINS, "no TIN in the error");
  const unknown = await upload(
    host,
    payer,
    "name,tin,tax_year,amount\nA,900004201,2025,1\n",
    `notice_date=${today}`,
  );
  assert.equal([unknown.status, unknown.body.error.param], [422, "line[1].header"]);
  const noDate = await upload(host, payer, FILE, "");
  assert.equal([noDate.status, noDate.body.error.param], [422, "notice_date"]);
  assert.equal((await keyedCall(host.base, "GET", "/v1/b-notices")).body.data, []);
});

s("4 rows: 2 first, 1 second, 1 unmatched; mailed once through Lob with Pub 1281's words", async (ctx) => {
  const { host, payer, ids } = ctx;
  const earlier = await upload(
    host,
    payer,
    "name,tin,account_number,tax_year\nCal Payee,900004203,C-1,2023\n",
    `notice_date=${twoYearsAgo}`,
  );
  assert.is(earlier.status, 201, earlier.text);
  assert.is(earlier.body.rows[0].result, "first");

  const key = { "Idempotency-Key": "cp2100-upload-1" };
  const up = await upload(host, payer, FILE, `notice_date=${today}&received_date=${today}`, key);
  assert.is(up.status, 201, up.text);
  assert.is(up.body.object, "cp2100_upload");
  assert.equal(up.body.counts, { rows: 4, first: 2, second: 1, unmatched: 1, duplicate: 0 });
  assert.equal(
    up.body.rows.map((r: { result: string; recipient: string | null }) => [r.result, r.recipient]),
    [
      ["first", ids["ann"]],
      ["first", ids["ben"]],
      ["second", ids["cal"]],
      ["unmatched", null],
    ],
  );
  const deadlines = bNoticeDeadlines(today, today);
  assert.equal([up.body.send_by, up.body.withhold_by], [deadlines.sendBy, deadlines.withholdBy]);
  assert.not.match(up.text, TINS, "no TIN in the answer");
  const replay = await upload(host, payer, FILE, `notice_date=${today}&received_date=${today}`, key);
  assert.is(replay.headers.get("idempotent-replayed"), "true");
  assert.equal(replay.body, up.body);

  const noticeIds = up.body.rows
    .map((r: { b_notice: string | null }) => r.b_notice)
    .filter((x: string | null): x is string => x !== null);
  await host.until("the notices mailed", async () => {
    for (const id of noticeIds)
      if ((await keyedCall(host.base, "GET", `/v1/b-notices/${id}`)).body.status !== "mailed") return false;
    return true;
  });
  const letters = host.mail
    .sandboxEmulator()
    .letters()
    .filter((l) => l.metadata["b_notice"] !== undefined);
  assert.is(letters.length, 4, "the earlier notice's letter and this upload's three");
  for (const l of letters) {
    assert.equal(Object.keys(l.metadata), ["b_notice"]);
    assert.not.match(JSON.stringify(l.metadata), TINS, "no TIN in the letter's metadata");
  }
  const textOf = (noticeId: string) => {
    const l = letters.find((x) => x.metadata["b_notice"] === noticeId);
    return pageTexts(inflated(l?.file ?? new Uint8Array()))
      .flat()
      .join(" ")
      .replace(/\s+/g, " ");
  };
  const ann = textOf(noticeIds[0] ?? "");
  assert.match(ann, /First "B" Notice: Backup Withholding Warning!/);
  assert.match(ann, /We need a correct taxpayer identification number \(TIN\) for your account/);
  assert.match(ann, /Current TIN on account: \*\*\*-\*\*-4201/);
  assert.match(ann, /24%/);
  assert.match(ann, /A-1/);
  assert.match(ann, /2025/);
  assert.match(ann, /4201/);
  assert.match(ann, /Form W-9/);
  assert.not.match(ann, TINS, "the TIN only masked in the letter");
  const cal = textOf(noticeIds[2] ?? "");
  assert.match(cal, /Second "B" Notice/);
  assert.match(cal, /second time within three calendar years/);
  assert.match(cal, /Letter 147C/);

  const notice = (await keyedCall(host.base, "GET", `/v1/b-notices/${noticeIds[2] ?? ""}`)).body;
  assert.equal(
    [notice.object, notice.kind, notice.recipient, notice.send_by, notice.withhold_by, notice.status],
    ["b_notice", "second", ids["cal"], deadlines.sendBy, deadlines.withholdBy, "mailed"],
  );
  assert.match(String(notice.letter.vendor_id), /^ltr_/);
  const history = (await keyedCall(host.base, "GET", `/v1/b-notices?recipient_id=${ids["cal"] ?? ""}`)).body;
  assert.equal(
    history.data.map((n: { kind: string }) => n.kind),
    ["second", "first"],
  );

  // Ben is on electronic delivery: a W-9 request's link is e-mailed, without a TIN.
  const outbox = (await keyedCall(host.base, "GET", "/v1/sandbox/outbox?limit=100")).body.data as {
    to: string;
    text: string;
    links: string[];
  }[];
  const mail = outbox.find((m) => m.to === "ben@example.test");
  assert.ok(mail, "an e-mail to Ben");
  assert.match(mail?.links[0] ?? "", /\/portal\/w9\/[A-Za-z0-9]{43}$/);
  assert.not.match(mail?.text ?? "", /\d{9}|\d{3}-\d{2}-\d{4}/, "no TIN in the e-mail");

  // The same CP2100 again (no key): its notices found, nothing more mailed.
  const again = await upload(host, payer, FILE, `notice_date=${today}&received_date=${today}`);
  assert.is(again.status, 201);
  assert.is(again.body.counts.duplicate, 3);
  await host.jobs.drain();
  assert.is(
    host.mail
      .sandboxEmulator()
      .letters()
      .filter((l) => l.metadata["b_notice"] !== undefined).length,
    4,
  );
  assert.is(host.jobs.jobs(B_NOTICE_QUEUE).length, 4, "one job per notice");
});

s(
  "the flag on the recipient: pending, required at the withhold-by date, cleared by a validation",
  async (ctx) => {
    const { host, ids } = ctx;
    const flag = async (key: string) =>
      (await keyedCall(host.base, "GET", `/v1/recipients/${ids[key] ?? ""}`)).body.backup_withholding;
    const deadlines = bNoticeDeadlines(today, today);
    const pending = await flag("ann");
    assert.equal(
      [pending.status, pending.withhold_by, pending.clears_on],
      ["pending", deadlines.withholdBy, "new_w9"],
    );
    assert.match(pending.reason, /First B-notice/);
    // Cal's earlier first notice went unanswered and its withhold-by date has passed: withholding is required for it
    // (the worker's sweep marked it); the second notice is pending until its own date.
    const history = (await keyedCall(host.base, "GET", `/v1/b-notices?recipient=${ids["cal"] ?? ""}`)).body
      .data as {
      id: string;
      kind: string;
      withholding_required_at: string | null;
    }[];
    const [second, older] = history;
    assert.equal([second?.kind, older?.kind], ["second", "first"]);
    await host.until("the sweep marks the old notice", async () => {
      const n = (await keyedCall(host.base, "GET", `/v1/b-notices/${older?.id ?? ""}`)).body;
      return n.withholding_required_at !== null;
    });
    const calBefore = await flag("cal");
    assert.equal([calBefore.status, calBefore.notice_id], ["required", older?.id]);

    const at = new Date(`${deadlines.withholdBy}T12:00:00Z`);
    const swept = await host.runtime.runPromise(
      sweepBNotices(new Date(0).toISOString()).pipe(Effect.provideService(Clock, { now: () => at })),
    );
    assert.ok(swept.required >= 3);
    const required = await flag("ann");
    assert.equal([required.status, required.since], ["required", deadlines.withholdBy]);
    const cal = await flag("cal");
    assert.equal([cal.status, cal.notice_id, cal.clears_on], ["required", second?.id, "irs_validation"]);

    const wrong = await keyedCall(host.base, "POST", `/v1/b-notices/${second?.id ?? ""}/validation`, {
      kind: "irs_letter_147c",
    });
    assert.equal([wrong.status, wrong.body.error.param], [422, "kind"]);
    const cleared = await keyedCall(host.base, "POST", `/v1/b-notices/${second?.id ?? ""}/validation`, {
      kind: "ssa_validation",
      received_date: today,
    });
    assert.is(cleared.status, 200, JSON.stringify(cleared.body));
    assert.equal([cleared.body.status, cleared.body.cleared_by], ["cleared", "ssa_validation"]);
    assert.equal((await flag("cal")).notice_id, older?.id, "the unanswered first notice still requires it");
    const first = (await keyedCall(host.base, "GET", `/v1/b-notices?recipient=${ids["ann"] ?? ""}`)).body
      .data[0];
    const refused = await keyedCall(host.base, "POST", `/v1/b-notices/${String(first.id)}/validation`, {
      kind: "ssa_validation",
    });
    assert.is(refused.status, 409, "a first notice is answered by a new W-9");

    const events = (await keyedCall(host.base, "GET", "/v1/events?limit=100")).body.data as {
      type: string;
    }[];
    for (const type of [
      "b_notice.created",
      "b_notice.mailed",
      "recipient.backup_withholding_required",
      "recipient.backup_withholding_cleared",
    ])
      assert.ok(
        events.some((e) => e.type === type),
        type,
      );
    const hook = await keyedCall(host.base, "POST", "/v1/webhooks", {
      url: "https://example.com/b-notices",
      events: ["b_notice.created", "recipient.backup_withholding_required"],
    });
    assert.is(hook.status, 201);
  },
);

s.run();
