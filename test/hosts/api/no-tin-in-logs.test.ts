// No TIN in any log line: the API host runs as `npm start` runs it (hosts/api/main.ts in its own process, with the
// worker inside it) at LOG_LEVEL=debug, the level that writes the most, and every byte it writes to stdout and
// stderr is kept. The flow carries TINs in requests and answers: payers, recipients, form intake, a TIN query
// parameter, TIN matching, payment, transmission to the sandbox IRS and its acknowledgement (accepted and
// rejected), Copy B, and errors caused by bad TINs (malformed, duplicated, broken JSON around one). None of
// those TINs may appear in the output, with or without its hyphens. Every TIN here is made up.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { necRow, payerBody } from "../../support/forms.ts";
import { startApiProcess, type ApiProcess } from "../../support/api-process.ts";
import { freshDataDir } from "../../support/db.ts";

const PAYER_TIN = "41-5550173";
const OTHER_PAYER_TIN = "41-5550174";
const RECIPIENT_TINS = ["517-44-0291", "517-44-0292"];
const REJECTED_RECIPIENT_TIN = "517-44-0293";
const RECIPIENT_RESOURCE_TIN = "517-44-0294";
const MATCH_ENTRY_TIN = "517440295";
// Typed on the hosted W-9 (issue 40): signed, and refused for its shape.
const W9_TIN = "517-44-0296";
const W9_BAD_TIN = "517-44-029X";
// Refused ones: they never become a Tin, so only the scrubbing of text stands between them and a log line.
const BAD_TINS = ["517-44-029", "5174402960", "41-555017X", "517-44-02977"];
const ALL_TINS = [
  PAYER_TIN,
  OTHER_PAYER_TIN,
  ...RECIPIENT_TINS,
  REJECTED_RECIPIENT_TIN,
  RECIPIENT_RESOURCE_TIN,
  MATCH_ENTRY_TIN,
  W9_TIN,
  W9_BAD_TIN,
  ...BAD_TINS,
];
const SETTLED = new Set(["accepted", "accepted_with_errors", "rejected"]);

const s = suite<{ api: ApiProcess; logs: string; requests: number }>("no TIN in the logs of a debug run");
s.before(async (ctx) => {
  ctx.api = await startApiProcess(
    {
      LOG_LEVEL: "debug",
      SANDBOX_ACK_DELAY_MS: "200",
      SANDBOX_TIN_MATCH_DELAY_MS: "0",
    },
    { dataDir: await freshDataDir("irs-no-tin-logs-") },
  );
  ctx.requests = 0;
});
s.after(async (ctx) => {
  await ctx.api?.stop();
});

s("a flow carrying TINs in requests, answers and errors", async (ctx) => {
  const { api } = ctx;
  const call = async (method: string, path: string, body?: unknown, raw?: string) => {
    ctx.requests++;
    const res = await fetch(`${api.base}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${api.key}`,
        ...(body !== undefined || raw !== undefined ? { "Content-Type": "application/json" } : {}),
      },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await res.text();
    return { status: res.status, text, body: text.startsWith("{") ? JSON.parse(text) : null };
  };

  const payer = await call("POST", "/v1/payers", payerBody("Lantern Goods LLC", PAYER_TIN));
  assert.is(payer.status, 201, payer.text);
  assert.is(payer.body.tin_last4, PAYER_TIN.slice(-4));
  const other = await call("POST", "/v1/payers", payerBody("Harbor Tools Inc", OTHER_PAYER_TIN));
  assert.is(other.status, 201, other.text);

  // Refused TINs: malformed payer and recipient TINs, a payer TIN in broken JSON, a TIN where none belongs.
  for (const bad of BAD_TINS) {
    const r = await call("POST", "/v1/payers", payerBody("Bad Tin LLC", bad));
    assert.is(r.status, 422, r.text);
    assert.is(r.body.error.param, "tin");
  }
  const broken = await call("POST", "/v1/payers", undefined, `{"legal_name": "X", "tin": "${PAYER_TIN}",`);
  assert.is(broken.status, 400, broken.text);
  const stray = await call("PATCH", `/v1/payers/${payer.body.id as string}`, { tin: OTHER_PAYER_TIN });
  assert.ok(stray.status >= 400 && stray.status < 500, stray.text);
  const byQuery = await call("GET", `/v1/recipients?tin=${RECIPIENT_TINS[0] as string}`);
  assert.ok(byQuery.status === 200 || byQuery.status === 400, byQuery.text);

  const recipient = await call("POST", "/v1/recipients", {
    payer: payer.body.id,
    name: "Quinn Vale",
    tin: RECIPIENT_RESOURCE_TIN,
    address_line1: "9 Birch Rd",
    city: "Boise",
    state: "ID",
    postal_code: "83702",
  });
  assert.is(recipient.status, 201, recipient.text);
  assert.is((await call("GET", `/v1/recipients/${recipient.body.id as string}`)).status, 200);
  const badRecipient = await call("POST", "/v1/recipients", {
    payer: payer.body.id,
    name: "Quinn Vale",
    tin: BAD_TINS[0],
  });
  assert.is(badRecipient.status, 422, badRecipient.text);

  // Intake: accepted rows (one whose name the sandbox IRS rejects) and rows refused for their TIN.
  const forms = await call("POST", `/v1/payers/${payer.body.id as string}/forms`, {
    reference: "tin-logs",
    addToCart: true,
    forms: [
      necRow({ tin: RECIPIENT_TINS[0], last: "Roe", amount: "1500.00" }),
      necRow({ tin: RECIPIENT_TINS[1], last: "Poe", amount: "900.00" }),
      necRow({ tin: REJECTED_RECIPIENT_TIN, last: "Reject", amount: "700.00" }),
    ],
  });
  assert.is(forms.status, 201, forms.text);
  const filingIds = (forms.body.forms as { id: string }[]).map((f) => f.id);
  assert.is(filingIds.length, 3);
  const refused = await call("POST", `/v1/payers/${payer.body.id as string}/forms`, {
    reference: "tin-logs-bad",
    forms: BAD_TINS.map((tin) => necRow({ tin, last: "Moe", amount: "100.00" })),
  });
  assert.ok(refused.status >= 400 && refused.status < 500, refused.text);
  const dup = await call("POST", `/v1/payers/${payer.body.id as string}/forms`, {
    reference: "tin-logs",
    forms: [necRow({ tin: RECIPIENT_TINS[0], last: "Roe", amount: "1500.00" })],
  });
  assert.ok(dup.status < 500, dup.text);

  // TIN matching, by recipient and by name and TIN, and a refused entry.
  const match = await call("POST", "/v1/tin-match", {
    recipients: [recipient.body.id],
    entries: [{ name: "Quinn Vale", tin: MATCH_ENTRY_TIN }],
  });
  assert.is(match.status, 202, match.text);
  const badMatch = await call("POST", "/v1/tin-match", {
    entries: [{ name: "Quinn Vale", tin: BAD_TINS[1] }],
  });
  assert.is(badMatch.status, 422, badMatch.text);
  let run = match.body;
  for (let i = 0; i < 300 && run.status !== "completed"; i++) {
    await new Promise((r) => setTimeout(r, 100));
    run = (await call("GET", `/v1/tin-match/${match.body.id as string}`)).body;
  }
  assert.is(run.status, "completed", JSON.stringify(run));

  // A W-9 request: the hosted W-9 refuses a malformed TIN, then is signed; its PDF carries the TIN.
  const w9 = await call("POST", "/v1/w9-requests", {
    payer: payer.body.id,
    name: "Rowan Ash",
    email: "rowan@example.test",
  });
  assert.is(w9.status, 201, w9.text);
  const outbox = (await call("GET", "/v1/sandbox/outbox?limit=100")).body.data as {
    to: string;
    links: string[];
  }[];
  const link = new URL(outbox.find((m) => m.to === "rowan@example.test")?.links[0] ?? "http://x/").pathname;
  const page = await fetch(`${api.base}${link}`);
  const cookie =
    (page.headers.getSetCookie().find((c) => c.startsWith("portal_csrf=")) ?? "").split(";")[0] ?? "";
  await page.text();
  const sign = async (tin: string) => {
    ctx.requests++;
    const res = await fetch(`${api.base}${link}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams({
        csrf: cookie.slice("portal_csrf=".length),
        request: String(w9.body.id),
        name: "Rowan Ash",
        tax_classification: "individual",
        address_line1: "3 Pine St",
        city: "Boise",
        state: "ID",
        postal_code: "83702",
        tin_type: "ssn",
        tin,
        signature: "Rowan Ash",
        affirm: "on",
      }).toString(),
    });
    await res.text();
    return res.status;
  };
  assert.is(await sign(W9_BAD_TIN), 422);
  assert.is(await sign(W9_TIN), 303);
  assert.is((await call("GET", `/v1/w9-requests/${String(w9.body.id)}/pdf`)).status, 200);

  // A CP2100 list (issue 40 item 4) naming Quinn, then one refused for a malformed TIN; Quinn's B-notice is mailed.
  const cp2100 = await call(
    "POST",
    `/v1/payers/${payer.body.id as string}/cp2100?notice_date=2026-10-05`,
    undefined,
    `name,tin,account_number,tax_year\nQuinn Vale,${RECIPIENT_RESOURCE_TIN},Q-1,2025\n`,
  );
  assert.is(cp2100.status, 201, cp2100.text);
  const badCp2100 = await call(
    "POST",
    `/v1/payers/${payer.body.id as string}/cp2100?notice_date=2026-10-05`,
    undefined,
    `name,tin,account_number,tax_year\nQuinn Vale,${W9_BAD_TIN},Q-1,2025\n`,
  );
  assert.is(badCp2100.status, 422, badCp2100.text);
  const noticeId = String((cp2100.body.rows as { b_notice: string }[])[0]?.b_notice);
  for (let i = 0; i < 100; i++) {
    if ((await call("GET", `/v1/b-notices/${noticeId}`)).body.status !== "queued") break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.is((await call("GET", `/v1/b-notices/${noticeId}`)).body.status, "mailed");

  // Pay, transmit to the sandbox IRS, acknowledgements, Copy B.
  const paid = await call("POST", "/v1/cart/pay");
  assert.is(paid.status, 200, paid.text);
  let statuses: string[] = [];
  for (let i = 0; i < 600; i++) {
    statuses = await Promise.all(
      filingIds.map(async (id) => (await call("GET", `/v1/filings/${id}`)).body.status as string),
    );
    if (statuses.every((st) => SETTLED.has(st))) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(statuses, ["accepted", "accepted", "rejected"]);
  for (const id of filingIds) assert.is((await call("GET", `/v1/filings/${id}/ack`)).status, 200);
  assert.is((await call("GET", `/v1/filings/${filingIds[0] as string}/copy-b`)).status, 200);
  assert.is((await call("GET", `/v1/payers/${payer.body.id as string}`)).status, 200);
  assert.is((await call("GET", "/v1/recipients")).status, 200);

  await api.stop(); // flushes the logs (pino writes asynchronously) and ends the process
  ctx.logs = api.stdout() + api.stderr();
});

s(
  "the run was logged: one access line per request, and the worker's transmission and acknowledgements",
  ({ logs, requests }) => {
    const lines = logs.split("\n").filter((l) => l.startsWith("{"));
    const access = lines.filter((l) => l.includes('"msg":"request"'));
    assert.ok(
      access.length >= requests,
      `${String(access.length)} access lines for ${String(requests)} requests`,
    );
    assert.ok(
      access.some((l) => l.includes('"status":422')),
      "the refused TINs were logged",
    );
    for (const msg of ["order transmitted", "acknowledgements polled", "B-notice sent"])
      assert.ok(
        lines.some((l) => l.includes(`"msg":"${msg}"`)),
        `the worker's "${msg}" line`,
      );
  },
);

s("no TIN it sent is in the output, with or without hyphens", ({ logs }) => {
  for (const tin of ALL_TINS) {
    assert.not.ok(logs.includes(tin), `${tin} in the logs`);
    assert.not.ok(logs.includes(tin.replace(/-/g, "")), `${tin} (without hyphens) in the logs`);
  }
});

s.run();
