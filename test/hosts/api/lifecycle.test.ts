// Void (D18), corrections (D19), re-file (D20), acknowledgements and Copy B (D21) over HTTP. Transmission is
// simulated here by moving filings through the store, as the transmission worker does.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { forced } from "../../support/status.ts";
import * as Effect from "effect/Effect";
import { startApi, type TestApi } from "../../support/api.ts";
import { necRows, payerBody } from "../../support/forms.ts";
import { Store, type FilingPatch } from "../../../core/ports/store.port.ts";
import type { FilingStatus } from "../../../core/domain/filing/status.ts";

const fullPayer = payerBody("Life Payer LLC", "123450022");
let seq = 9000;

async function forms(api: TestApi, n: number, addToCart = false): Promise<string[]> {
  const payer = (await api.request("POST", "/v1/payers", { body: fullPayer })).body.id;
  const r = await api.request("POST", `/v1/payers/${payer}/forms`, {
    body: { addToCart, forms: necRows(n, (seq += n)) },
  });
  return r.body.forms.map((f: { id: string }) => f.id);
}

function force(api: TestApi, id: string, from: FilingStatus[], patch: FilingPatch) {
  return api.runtime.runPromise(
    Effect.gen(function* () {
      const store = yield* Store;
      return yield* store
        .scoped({ accountId: api.accountId, livemode: false })
        .filings.update(id, from, patch);
    }),
  );
}

const accept = (api: TestApi, id: string) =>
  force(api, id, ["queued"], {
    status: forced("accepted"),
    receiptId: "1234-56789012345-ABCDEFGHI",
    submittedAt: new Date().toISOString(),
    acknowledgedAt: new Date().toISOString(),
    ackErrors: [],
  });

const s = suite<{ api: TestApi }>("filing lifecycle");
s.before(async (ctx) => {
  ctx.api = await startApi();
});
s.after(async (ctx) => {
  await ctx.api.close();
});

s(
  "void: ready_to_file and in_cart (removed from the cart) refund nothing; queued refunds its charge to the balance",
  async ({ api }) => {
    const [a, b] = await forms(api, 2);
    const va = await api.request("DELETE", `/v1/filings/${a}`);
    assert.is(va.status, 200);
    assert.is(va.body.status, "voided");
    assert.is(va.body.amount_refunded_cents, 0);
    await api.request("POST", "/v1/cart/items", { body: { filing_id: b } });
    const vb = await api.request("DELETE", `/v1/filings/${b}`);
    assert.is(vb.body.status, "voided");
    assert.is((await api.request("GET", "/v1/cart/value")).body.item_count, 0);
    const [c] = await forms(api, 1, true);
    const paid = await api.request("POST", "/v1/cart/pay");
    assert.is(paid.status, 200, paid.text);
    const before = (await api.request("GET", "/v1/balance")).body.available_cents;
    const vc = await api.request("DELETE", `/v1/filings/${c}`);
    assert.is(vc.status, 200);
    assert.is(vc.body.amount_refunded_cents, paid.body.amount_charged);
    const entry = (await api.request("GET", "/v1/balance/entries")).body.data[0];
    assert.is(entry.kind, "refund");
    assert.is(entry.amount_cents, paid.body.amount_charged);
    assert.is(
      (await api.request("GET", "/v1/balance")).body.available_cents,
      before + paid.body.amount_charged,
    );
    const again = await api.request("DELETE", `/v1/filings/${c}`);
    assert.is(again.status, 409);
    assert.is(again.body.error.type, "not_cancellable");
  },
);

s("void after transmission is 409 not_cancellable; nothing changes", async ({ api }) => {
  const [a] = await forms(api, 1, true);
  await api.request("POST", "/v1/cart/pay");
  await force(api, a as string, ["queued"], {
    status: forced("submitted"),
    submittedAt: new Date().toISOString(),
    receiptId: "1234-56789012345-ABCDEFGHI",
  });
  const r = await api.request("DELETE", `/v1/filings/${a}`);
  assert.is(r.status, 409);
  assert.is(r.body.error.type, "not_cancellable");
  assert.is((await api.request("GET", `/v1/filings/${a}`)).body.status, "submitted");
});

s("ack: 409 not_ready before transmission, then the acknowledgement; unknown id 404", async ({ api }) => {
  const [a] = await forms(api, 1, true);
  const early = await api.request("GET", `/v1/filings/${a}/ack`);
  assert.is(early.status, 409);
  assert.is(early.body.error.type, "not_ready");
  const paid = (await api.request("POST", "/v1/cart/pay")).body;
  await accept(api, a as string);
  const ack = await api.request("GET", `/v1/filings/${a}/ack`);
  assert.is(ack.status, 200);
  assert.equal(
    { object: ack.body.object, filing: ack.body.filing, status: ack.body.status, errors: ack.body.errors },
    { object: "acknowledgment", filing: a, status: "accepted", errors: [] },
  );
  assert.match(ack.body.receipt_id, /^\d{4}-\d{11}-[0-9A-Za-z]{9}$/);
  const orderAck = await api.request("GET", `/v1/orders/${paid.order}/ack`);
  assert.is(orderAck.body.data.length, 1);
  assert.is((await api.request("GET", "/v1/filings/00000000-0000-4000-8000-000000000000/ack")).status, 404);
  assert.is((await api.request("GET", "/v1/orders/ord_nope123/ack")).status, 404);
});

s(
  "Copy B: 409 not_ready before acceptance; a PDF attachment after; bundles for order and batch",
  async ({ api }) => {
    const payer = (await api.request("POST", "/v1/payers", { body: fullPayer })).body.id;
    const intake = (
      await api.request("POST", `/v1/payers/${payer}/forms`, {
        body: { addToCart: true, forms: necRows(2, (seq += 2)) },
      })
    ).body;
    const [a, b] = intake.forms.map((f: { id: string }) => f.id);
    const early = await api.request("GET", `/v1/filings/${a}/copy-b`);
    assert.is(early.status, 409);
    assert.is(early.body.error.type, "not_ready");
    const paid = (await api.request("POST", "/v1/cart/pay")).body;
    await accept(api, a);
    const pdf = await api.request("GET", `/v1/filings/${a}/copy-b`);
    assert.is(pdf.status, 200);
    assert.is(pdf.headers.get("content-type"), "application/pdf");
    assert.match(pdf.headers.get("content-disposition") ?? "", /^attachment; filename=/);
    assert.ok(pdf.text.startsWith("%PDF-"));
    const order = await api.request("GET", `/v1/orders/${paid.order}/copy-b`);
    assert.is(order.status, 200);
    const batch = await api.request("GET", `/v1/batches/${intake.batch}/copy-b`);
    assert.is(batch.status, 200);
    await api.request("DELETE", `/v1/filings/${b}`);
    const voided = await api.request("GET", `/v1/filings/${b}/copy-b`);
    assert.is(voided.status, 409);
  },
);

s(
  "corrections: only of accepted filings; boxes merged or a whole jsonForm; one pending at a time",
  async ({ api }) => {
    const [a, r] = await forms(api, 2, true);
    const notYet = await api.request("POST", `/v1/filings/${a}/corrections`, {
      body: { boxes: { NonemployeeCompensationAmt: 99 } },
    });
    assert.is(notYet.status, 409);
    assert.is(notYet.body.error.type, "not_correctable");
    await api.request("POST", "/v1/cart/pay");
    await accept(api, a as string);
    await force(api, r as string, ["queued"], {
      status: forced("rejected"),
      submittedAt: new Date().toISOString(),
      receiptId: "1234-56789012345-ABCDEFGHI",
    });
    const rej = await api.request("POST", `/v1/filings/${r}/corrections`, {
      body: { boxes: { NonemployeeCompensationAmt: 99 } },
    });
    assert.is(rej.status, 409);
    assert.is(rej.body.error.type, "not_correctable");
    const both = await api.request("POST", `/v1/filings/${a}/corrections`, { body: {} });
    assert.is(both.status, 422);
    const c = await api.request("POST", `/v1/filings/${a}/corrections`, {
      body: { boxes: { NonemployeeCompensationAmt: 99.5 } },
    });
    assert.is(c.status, 201, c.text);
    assert.is(c.body.object, "correction_intake");
    assert.is(c.body.corrects, a);
    assert.is(c.body.status, "ready_to_file");
    assert.is(c.body.service, "efile_print_mail");
    const stored = (await api.request("GET", `/v1/filings/${c.body.id}`)).body;
    assert.is(stored.corrects, a);
    assert.is(stored.jsonForm.NonemployeeCompensationAmt, 99.5);
    assert.is(stored.jsonForm.RecipientDetail.TINLast4.length, 4);
    const second = await api.request("POST", `/v1/filings/${a}/corrections`, {
      body: { boxes: { NonemployeeCompensationAmt: 1 } },
    });
    assert.is(second.status, 409);
    assert.is(second.body.error.type, "conflict");
    const bad = await api.request("POST", `/v1/filings/${a}/corrections`, {
      body: { boxes: { NoSuchAmt: 1 } },
    });
    assert.ok(bad.status === 409 || bad.status === 422);
    assert.is(
      (
        await api.request("POST", "/v1/filings/00000000-0000-4000-8000-000000000000/corrections", {
          body: { boxes: {} },
        })
      ).status,
      404,
    );
    // The correction goes to the cart at the correction fee, not the e-file bracket.
    const inCart = await api.request("POST", "/v1/cart/items", {
      body: { filing_id: c.body.id, service: "efile" },
    });
    assert.is(inCart.status, 201);
    const details = (await api.request("GET", "/v1/cart/details")).body;
    assert.ok(details.charge_lines.some((l: { type: string }) => l.type === "Correction"));
    await api.request("DELETE", `/v1/cart/items/${inCart.body.id}`);
  },
);

s(
  "re-file: only a rejected filing; the new filing links refile_of and its e-file fee is waived",
  async ({ api }) => {
    const [a] = await forms(api, 1, true);
    const early = await api.request("POST", `/v1/filings/${a}/refile`, { body: {} });
    assert.is(early.status, 409);
    await api.request("POST", "/v1/cart/pay");
    await force(api, a as string, ["queued"], {
      status: forced("rejected"),
      submittedAt: new Date().toISOString(),
      receiptId: "1234-56789012345-ABCDEFGHI",
    });
    const re = await api.request("POST", `/v1/filings/${a}/refile`, {
      body: { addToCart: true, service: "efile" },
    });
    assert.is(re.status, 201, re.text);
    assert.is(re.body.refile_of, a);
    assert.is(re.body.status, "in_cart");
    const details = (await api.request("GET", "/v1/cart/details")).body;
    assert.not.ok(details.charge_lines.some((l: { type: string }) => l.type === "FederalEFile"));
    assert.is(details.total_cents, 35);
  },
);

s.run();
