// W-2 filing with the SSA, end to end on the real host: intake -> cart -> pay -> EFW2 file in the operator queue.
// Sandbox: uploaded and acknowledged by itself (a "reject" employee is rejected). Live: the operator's CLI
// (in-process) lists the file, writes it, marks it submitted with the SSA's WFID, then accepted, with events.
// Each file is read back: records, structure and totals (the W-3's) check out. W-2c corrections are EFW2C.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startApi, type TestApi } from "../../support/api.ts";
import { backends } from "../../support/db.ts";
import { payerBody } from "../../support/forms.ts";
import { w2Form, w2cForm, w2cOptionalForm } from "../../support/w2.ts";
import { inflated, pageTexts } from "../../adapters/pdfkit/pdf-text.ts";
import { applyAcknowledgement, transmitOrder } from "../../../core/use-cases/lifecycle/transmission.ts";
import { enableLive } from "../../../core/use-cases/accounts/accounts.ts";
import { getSsaFile } from "../../../core/use-cases/lifecycle/ssa-filing.ts";
import { checkEfw2, parseEfw2, w3Totals } from "../../../core/domain/efw2/index.ts";
import { loadSsaConfig } from "../../../hosts/shared/ssa-config.ts";
import { ssaCommand } from "../../../hosts/cli/ssa.ts";

const employer = payerBody;
const row = (jsonForm: Record<string, unknown>, form = "W-2") => ({ form, tax_year: 2025, jsonForm });

interface Ctx {
  api: TestApi;
  live: TestApi;
  liveKey: string;
}
async function fileAndPay(api: TestApi, rows: unknown[], payerName: string, tin: string, key?: string) {
  const payer = (await api.request("POST", "/v1/payers", { key, body: employer(payerName, tin) })).body.id;
  const intake = await api.request("POST", `/v1/payers/${payer}/forms`, {
    key,
    body: { addToCart: true, service: "efile", forms: rows },
  });
  assert.is(intake.status, 201, intake.text);
  const paid = await api.request("POST", "/v1/cart/pay", { key });
  assert.is(paid.status, 200, paid.text);
  return {
    ids: intake.body.forms.map((f: { id: string }) => f.id) as string[],
    order: paid.body.order as string,
  };
}

for (const backend of backends) {
  const s = suite<Ctx>(`W-2 filing with the SSA (EFW2, ${backend})`);
  s.before(async (ctx) => {
    ctx.api = await startApi(backend);
    ctx.live = await ctx.api.another({
      ssa: loadSsaConfig({
        SSA_SUBMITTER_JSON: JSON.stringify({
          ein: "00-0000001",
          bso_user_id: "OPSUSER1",
          name: "Filing Service Inc",
          address_line1: "1 Market St",
          city: "San Francisco",
          state: "CA",
          postal_code: "94105",
          contact_name: "Ops Desk",
          contact_phone: "4155550100",
          contact_email: "ops@filing.example",
        }),
      }),
    });
    await ctx.api.runtime.runPromise(enableLive(ctx.api.accountId));
    ctx.liveKey = await ctx.api.liveKey("owner");
  });
  s.after(async (ctx) => {
    await ctx.live.close();
    await ctx.api.close();
  });

  s("bad W-2s are refused at intake with the element and the SSA rule", async ({ api }) => {
    const payer = (
      await api.request("POST", "/v1/payers", { body: employer("Strict Employer LLC", "123450091") })
    ).body.id;
    const r = await api.request("POST", `/v1/payers/${payer}/forms`, {
      body: {
        forms: [
          row(w2Form({ ssn: "666-12-3456" })),
          row({
            ...w2Form({ wages: 190_000 }),
            SocialSecurityWagesAmt: 180_000,
            SocialSecurityTaxAmt: 11_160,
          }),
          row({ ...w2Form(), SocialSecurityTaxAmt: 3000 }),
          row({ ...w2Form(), EmployersUseGrp: [{ EmployersUseCd: "XX", EmployersUseAmt: 5 }] }),
        ],
      },
    });
    const errors = r.body.forms.map(
      (f: { error?: { param: string; rule: string } }) => f.error && `${f.error.param}:${f.error.rule}`,
    );
    assert.equal(errors, [
      "jsonForm.EmployeeSSN:ssa_ssn",
      "jsonForm.SocialSecurityWagesAmt:ssa_wage_base",
      "jsonForm.SocialSecurityTaxAmt:ssa_social_security_tax",
      "jsonForm.EmployersUseGrp.0.EmployersUseCd:ssa_box12_code",
    ]);
  });

  s(
    "sandbox: two employees -> pay -> EFW2 file queued and uploaded -> accepted with events; totals read back",
    async ({ api }) => {
      const scope = { accountId: api.accountId, livemode: false };
      const { ids, order } = await fileAndPay(
        api,
        [row(w2Form()), row(w2Form({ ssn: "234-56-7890", first: "John", last: "Smith", wages: 80_000 }))],
        "Wire Employer LLC",
        "123450092",
      );
      const sent = await api.runtime.runPromise(transmitOrder(scope, order));
      assert.is(sent.receipts.length, 1, "one wage file, uploaded by the sandbox");
      const wfid = sent.receipts[0] as string;
      const filing = (await api.request("GET", `/v1/filings/${ids[0]}`)).body;
      assert.is(filing.status, "submitted");
      const file = await api.runtime.runPromise(getSsaFile(`ssa_${order.replace(/^ord_/, "")}_2025`));
      assert.is(file.status, "submitted");
      assert.is(file.wfid, wfid);
      const parsed = parseEfw2("efw2", file.content);
      assert.equal(parsed.problems, []);
      assert.equal(checkEfw2("efw2", parsed.records), []);
      assert.equal(
        parsed.records.map((r) => r.type),
        ["RA", "RE", "RW", "RS", "RW", "RS", "RT", "RF"],
      );
      assert.is(parsed.records[0]?.fields["userId"], "SANDBOX1");
      assert.is(parsed.records[1]?.fields["ein"], "123450092");
      assert.equal(
        parsed.records
          .filter((r) => r.type === "RW")
          .map((r) => r.fields["ssn"])
          .sort(),
        ["123456789", "234567890"],
      );
      const [w3] = w3Totals("efw2", parsed.records);
      assert.is(w3?.forms, 2);
      assert.is(w3?.amounts["wages"], 4_700_000 + 7_700_000);
      assert.is(w3?.amounts["socialSecurityTax"], 310_000 + 496_000);

      // Transmitting again queues nothing new.
      assert.equal((await api.runtime.runPromise(transmitOrder(scope, order))).receipts, []);
      await api.runtime.runPromise(applyAcknowledgement(scope, wfid));
      const statuses = await Promise.all(
        ids.map(async (id) => (await api.request("GET", `/v1/filings/${id}`)).body.status),
      );
      assert.equal(statuses, ["accepted", "accepted"]);
      assert.is((await api.request("GET", `/v1/filings/${ids[0]}/ack`)).body.receipt_id, wfid);
      const events = (await api.request("GET", "/v1/events?limit=50")).body.data.filter(
        (e: { type: string; data: { id: string } }) =>
          e.type === "filing.accepted" && ids.includes(e.data.id),
      );
      assert.is(events.length, 2);

      // A W-2 is corrected with a W-2c, not with the generic correction.
      const correction = await api.request("POST", `/v1/filings/${ids[0]}/corrections`, {
        body: { boxes: { WagesAmt: 1 } },
      });
      assert.is(correction.status, 409, correction.text);
      assert.match(correction.body.error.message, /W-2c/);

      // The employee's copies (B, C, 2) and the employer's W-3.
      const copy = await api.request("GET", `/v1/filings/${ids[0]}/copy-b`);
      assert.is(copy.status, 200);
      assert.ok(copy.text.startsWith("%PDF"));
      assert.is(copy.text.match(/\/Type \/Page\b/g)?.length, 3);
      const w3Pdf = await api.request("GET", `/v1/orders/${order}/w3`);
      assert.is(w3Pdf.status, 200, w3Pdf.text);
      assert.ok(w3Pdf.text.startsWith("%PDF"));
    },
  );

  s("sandbox: an employee named reject is rejected", async ({ api }) => {
    const scope = { accountId: api.accountId, livemode: false };
    const { ids, order } = await fileAndPay(
      api,
      [row(w2Form({ ssn: "345-67-8901", first: "Reject", last: "Person" }))],
      "Other Employer LLC",
      "123450093",
    );
    const sent = await api.runtime.runPromise(transmitOrder(scope, order));
    await api.runtime.runPromise(applyAcknowledgement(scope, sent.receipts[0] as string));
    const ack = (await api.request("GET", `/v1/filings/${ids[0]}/ack`)).body;
    assert.is(ack.status, "rejected");
    assert.is(ack.errors[0].code, "SSA-SANDBOX-REJECT");
  });

  s("W-2c corrections are filed as EFW2C", async ({ api }) => {
    const scope = { accountId: api.accountId, livemode: false };
    const { ids, order } = await fileAndPay(
      api,
      [row(w2cForm(), "W-2c")],
      "Correcting Employer LLC",
      "123450094",
    );
    const sent = await api.runtime.runPromise(transmitOrder(scope, order));
    const file = await api.runtime.runPromise(getSsaFile(`ssa_${order.replace(/^ord_/, "")}_2025c`));
    assert.is(file.format, "efw2c");
    const parsed = parseEfw2("efw2c", file.content);
    assert.equal(parsed.problems, []);
    assert.equal(checkEfw2("efw2c", parsed.records), []);
    assert.equal(
      parsed.records.map((r) => r.type),
      ["RCA", "RCE", "RCW", "RCT", "RCF"],
    );
    await api.runtime.runPromise(applyAcknowledgement(scope, sent.receipts[0] as string));
    assert.is((await api.request("GET", `/v1/filings/${ids[0]}`)).body.status, "accepted");
  });

  s(
    "a W-2c of optional amounts and a state: RCO, RCS and RCU in the EFW2C; the order's W-3c",
    async ({ api }) => {
      const scope = { accountId: api.accountId, livemode: false };
      const { order } = await fileAndPay(
        api,
        [row(w2cOptionalForm(), "W-2c"), row({ ...w2cForm(), EmployeeSSN: "234-56-7890" }, "W-2c")],
        "Tips Correcting Employer LLC",
        "123450097",
      );
      await api.runtime.runPromise(transmitOrder(scope, order));
      const file = await api.runtime.runPromise(getSsaFile(`ssa_${order.replace(/^ord_/, "")}_2025c`));
      const parsed = parseEfw2("efw2c", file.content);
      assert.equal(parsed.problems, []);
      assert.equal(checkEfw2("efw2c", parsed.records), []);
      const types = parsed.records.map((r) => r.type);
      assert.equal(
        types.filter((t) => ["RCO", "RCS", "RCU"].includes(t)),
        ["RCO", "RCS", "RCU"],
      );
      const rco = parsed.records.find((r) => r.type === "RCO");
      assert.equal([rco?.fields["orig_code_EE"], rco?.fields["code_EE"]], ["00000020000", "00000025050"]);

      // The employer's W-3c: the RCT/RCU totals as filed, previously reported and correct.
      const res = await fetch(`${api.base}/v1/orders/${order}/w3`, {
        headers: { authorization: `Bearer ${api.key}` },
      });
      assert.is(res.status, 200);
      assert.is(res.headers.get("content-type"), "application/pdf");
      const pdf = new Uint8Array(await res.arrayBuffer());
      assert.ok(Buffer.from(pdf.subarray(0, 5)).toString("latin1") === "%PDF-");
      const pages = pageTexts(inflated(pdf)).map((p) => p.join(" ").replace(/\s+/g, " "));
      assert.is(pages.length, 1, "one employer, one page");
      const text = pages[0] ?? "";
      for (const v of [
        "Form W-3c Transmittal of Corrected Wage and Tax Statements 2025",
        "TIPS CORRECTING EMPLOYER LLC",
        "12-3450097",
        "EFW2C",
        "was $80,000.00", // box 1: two W-2cs of $40,000 -> $45,000
        "now $90,000.00",
        "was $4,960.00", // box 4
        "now $5,580.00",
        "was $100.00", // box 8: allocated tips, from the RCU
        "now $150.00",
        "was $200.00", // box 12a: code EE, deferred compensation
        "now $250.50",
        "$45,000.00", // box 16: California, as corrected
        "$1,100.00",
      ])
        assert.ok(text.includes(v), `${v} in: ${text}`);
      assert.match(text, /Number of Forms W-2c 2\b/);
    },
  );

  s(
    "live: the operator lists the file, writes it, marks it submitted with the WFID, then accepted (CLI in-process)",
    async ({ api, live, liveKey }) => {
      assert.is(
        (await live.request("PUT", "/v1/payment-method", { key: liveKey, body: { token: "tok_visa" } }))
          .status,
        200,
      );
      const { ids, order } = await fileAndPay(
        live,
        [row(w2Form()), row(w2Form({ ssn: "234-56-7890", first: "John", last: "Smith" }))],
        "Live Employer LLC",
        "123450095",
        liveKey,
      );
      const scope = { accountId: api.accountId, livemode: true };
      const sent = await live.runtime.runPromise(transmitOrder(scope, order));
      assert.equal(sent.receipts, [], "production waits for the operator");
      const out: string[] = [];
      const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(`ERR ${l}`) };
      assert.is(await ssaCommand(["pending", "--env", "live", "--json"], live.runtime, io), 0);
      const pending = JSON.parse(out.pop() as string) as { id: string; filingIds: string[] }[];
      assert.is(pending.length, 1);
      const id = pending[0]?.id as string;
      assert.equal([...(pending[0]?.filingIds ?? [])].sort(), [...ids].sort());
      const path = join(mkdtempSync(join(tmpdir(), "ssa-")), "W2REPORT.txt");
      assert.is(await ssaCommand(["file", "--id", id, "--out", path], live.runtime, io), 0);
      const text = readFileSync(path, "latin1");
      const parsed = parseEfw2("efw2", text);
      assert.equal(parsed.problems, []);
      assert.equal(checkEfw2("efw2", parsed.records), []);
      assert.is(parsed.records[0]?.fields["userId"], "OPSUSER1");
      assert.is(parsed.records[0]?.fields["submitterEin"], "000000001");

      assert.is(await ssaCommand(["mark-accepted", "--id", id], live.runtime, io), 2, "not submitted yet");
      assert.is(await ssaCommand(["mark-submitted", "--id", id, "--wfid", "bad"], live.runtime, io), 2);
      assert.is(await ssaCommand(["mark-submitted", "--id", id, "--wfid", "AB12CD"], live.runtime, io), 0);
      assert.is(
        (await live.request("GET", `/v1/filings/${ids[0]}/ack`, { key: liveKey })).body.receipt_id,
        "AB12CD",
      );
      assert.is(await ssaCommand(["mark-accepted", "--id", id], live.runtime, io), 0);
      const statuses = await Promise.all(
        ids.map(
          async (fid) => (await live.request("GET", `/v1/filings/${fid}`, { key: liveKey })).body.status,
        ),
      );
      assert.equal(statuses, ["accepted", "accepted"]);
      const events = (await live.request("GET", "/v1/events?limit=50", { key: liveKey })).body.data.filter(
        (e: { type: string }) => e.type === "filing.accepted",
      );
      assert.is(events.length, 2);
      assert.is(await ssaCommand(["pending", "--env", "live"], live.runtime, io), 0);
      assert.is(out.pop(), "No EFW2 files waiting to be uploaded.");

      // A file the SSA rejects: its filings are rejected with the SSA's words and a filing.rejected event.
      const second = await fileAndPay(
        live,
        [row(w2Form({ ssn: "345-67-8901" }))],
        "Second Live Employer LLC",
        "123450096",
        liveKey,
      );
      await live.runtime.runPromise(transmitOrder(scope, second.order));
      const fileId = `ssa_${second.order.replace(/^ord_/, "")}_2025`;
      assert.is(
        await ssaCommand(["mark-rejected", "--id", fileId], live.runtime, io),
        2,
        "a reason is required",
      );
      assert.is(
        await ssaCommand(["mark-submitted", "--id", fileId, "--wfid", "ZX98YW"], live.runtime, io),
        0,
      );
      assert.is(
        await ssaCommand(
          ["mark-rejected", "--id", fileId, "--reason", "Submitter EIN not registered"],
          live.runtime,
          io,
        ),
        0,
      );
      const ack = (await live.request("GET", `/v1/filings/${second.ids[0]}/ack`, { key: liveKey })).body;
      assert.is(ack.status, "rejected");
      assert.is(ack.errors[0].code, "SSA-REJECT");
      assert.is(ack.errors[0].message, "Submitter EIN not registered");
      const rejected = (await live.request("GET", "/v1/events?limit=50", { key: liveKey })).body.data.filter(
        (e: { type: string }) => e.type === "filing.rejected",
      );
      assert.is(rejected.length, 1);
      assert.is(
        await ssaCommand(["mark-accepted", "--id", fileId], live.runtime, io),
        2,
        "an outcome is final",
      );
    },
  );

  s.run();
}
