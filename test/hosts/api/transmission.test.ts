// End to end: intake -> cart -> pay -> transmit -> acknowledgement, with the ledger, order and events checked at
// each step; a `reject` payee is rejected, re-filed (e-file fee waived) and accepted.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startApi, type TestApi } from "../../support/api.ts";
import { backends } from "../../support/db.ts";
import { necRow, necRows, payerBody } from "../../support/forms.ts";
import { applyAcknowledgement, transmitOrder } from "../../../core/use-cases/lifecycle/transmission.ts";
import * as Effect from "effect/Effect";
import { Store } from "../../../core/ports/store.port.ts";

const fullPayer = payerBody("Wire Payer LLC", "123450033");

for (const backend of backends) {
  const s = suite<{ api: TestApi }>(`transmission (${backend})`);
  s.before(async (ctx) => {
    ctx.api = await startApi(backend);
  });
  s.after(async (ctx) => {
    await ctx.api.close();
  });

  const scope = (api: TestApi) => ({ accountId: api.accountId, livemode: false });
  async function runOrder(api: TestApi, orderId: string) {
    const sent = await api.runtime.runPromise(transmitOrder(scope(api), orderId));
    for (const receipt of sent.awaitingAck) {
      await api.runtime.runPromise(applyAcknowledgement(scope(api), receipt));
    }
    return sent;
  }

  s(
    "pay -> transmit -> accepted; a reject payee is rejected, re-filed free of the e-file fee, then accepted",
    async ({ api }) => {
      const payer = (await api.request("POST", "/v1/payers", { body: fullPayer })).body.id;
      const rows = [...necRows(3, 42_000), necRow({ tin: "123459999", first: "Reject", last: "Person" })];
      const intake = (
        await api.request("POST", `/v1/payers/${payer}/forms`, {
          body: { addToCart: true, service: "efile", forms: rows },
        })
      ).body;
      const ids: string[] = intake.forms.map((f: { id: string }) => f.id);
      const before = (await api.request("GET", "/v1/balance")).body.available_cents;
      const paid = (await api.request("POST", "/v1/cart/pay")).body;
      assert.is(paid.filed, 4);
      assert.is((await api.request("GET", "/v1/balance")).body.available_cents, before - paid.amount_charged);
      const paidEvent = (await api.request("GET", "/v1/events")).body.data.find(
        (e: { type: string }) => e.type === "cart.paid",
      );
      assert.is(paidEvent.data.order, paid.order);

      const sent = await runOrder(api, paid.order);
      assert.is(sent.receipts.length, 1, "one transmission for the order");
      const statuses = await Promise.all(
        ids.map(async (id) => (await api.request("GET", `/v1/filings/${id}`)).body.status),
      );
      assert.equal(statuses, ["accepted", "accepted", "accepted", "rejected"]);
      const ack = (await api.request("GET", `/v1/filings/${ids[3]}/ack`)).body;
      assert.is(ack.status, "rejected");
      assert.ok(ack.errors.length > 0);
      assert.equal(Object.keys(ack.errors[0]).sort(), ["code", "message", "severity", "xpath"]);
      const events = (await api.request("GET", "/v1/events?limit=50")).body.data;
      assert.is(events.filter((e: { type: string }) => e.type === "filing.accepted").length, 3);
      assert.is(events.filter((e: { type: string }) => e.type === "filing.rejected").length, 1);
      assert.is((await api.request("GET", `/v1/orders/${paid.order}/ack`)).body.data.length, 4);
      assert.ok((await api.request("GET", `/v1/filings/${ids[0]}/copy-b`)).text.startsWith("%PDF"));

      // Transmitting again changes nothing: nothing is sent twice.
      const again = await runOrder(api, paid.order);
      assert.equal(again.receipts, []);

      const refile = await api.request("POST", `/v1/filings/${ids[3]}/refile`, {
        body: {
          addToCart: true,
          service: "efile",
          jsonForm: necRow({ tin: "123459999", first: "Fixed", last: "Person" }).jsonForm,
        },
      });
      assert.is(refile.status, 201, refile.text);
      const paid2 = (await api.request("POST", "/v1/cart/pay")).body;
      assert.is(paid2.amount_charged, 35, "re-filing waives the e-file fee: only the portal");
      await runOrder(api, paid2.order);
      assert.is((await api.request("GET", `/v1/filings/${refile.body.id}`)).body.status, "accepted");
    },
  );

  s(
    "issue 41, sandbox: a form with IRS warnings is filed, goes in a submission of its own and is accepted (the spec's rule), its warnings still on the filing",
    async ({ api }) => {
      const payer = (
        await api.request("POST", "/v1/payers", { body: payerBody("Warned Payer LLC", "123450034") })
      ).body.id;
      const warned = necRow({ tin: "123459001", first: "Warned", last: "Payee" });
      warned.jsonForm = {
        ...warned.jsonForm,
        NonemployeeCompensationAmt: 100,
        FederalIncomeTaxWithheldAmt: 900,
      };
      const intake = (
        await api.request("POST", `/v1/payers/${payer}/forms`, {
          body: { addToCart: true, service: "efile", forms: [...necRows(1, 43_000), warned] },
        })
      ).body;
      const [clean, withWarning] = intake.forms;
      assert.equal(
        withWarning.warnings.map((w: { code: string }) => w.code),
        ["F1099NEC001"],
      );
      const paid = (await api.request("POST", "/v1/cart/pay")).body;
      assert.is(paid.filed_with_warnings, 1);
      const sent = await runOrder(api, paid.order);
      assert.is(sent.receipts.length, 1, "one transmission");
      const got = await Promise.all(
        [clean.id, withWarning.id].map(async (id) => (await api.request("GET", `/v1/filings/${id}`)).body),
      );
      assert.equal(
        got.map((f) => f.status),
        ["accepted", "accepted"],
      );
      const stored = await Promise.all(
        [clean.id, withWarning.id].map((id) =>
          api.runtime.runPromise(Effect.flatMap(Store, (store) => store.scoped(scope(api)).filings.get(id))),
        ),
      );
      assert.not.equal(
        stored[0]?.submissionId,
        stored[1]?.submissionId,
        "kept apart: submissions of their own",
      );
      assert.equal(got[1].warnings, withWarning.warnings, "the warnings stay on the filing");
    },
  );

  s("corrections: an accepted correction supersedes its original", async ({ api }) => {
    const payer = (await api.request("POST", "/v1/payers", { body: fullPayer })).body.id;
    const [id] = (
      await api.request("POST", `/v1/payers/${payer}/forms`, {
        body: { addToCart: true, forms: necRows(1, 43_000) },
      })
    ).body.forms.map((f: { id: string }) => f.id);
    await runOrder(api, (await api.request("POST", "/v1/cart/pay")).body.order);
    const c = await api.request("POST", `/v1/filings/${id}/corrections`, {
      body: { boxes: { NonemployeeCompensationAmt: 10 }, addToCart: true },
    });
    assert.is(c.status, 201, c.text);
    const paid = (await api.request("POST", "/v1/cart/pay")).body;
    assert.ok(paid.amount_charged >= 199);
    await runOrder(api, paid.order);
    assert.is((await api.request("GET", `/v1/filings/${c.body.id}`)).body.status, "accepted");
    const original = (await api.request("GET", `/v1/filings/${id}`)).body;
    assert.is(original.status, "superseded");
    assert.is(original.superseded_by, c.body.id);
    const again = await api.request("POST", `/v1/filings/${id}/corrections`, {
      body: { boxes: { NonemployeeCompensationAmt: 11 } },
    });
    assert.is(again.status, 409, "a superseded filing is not corrected again: its correction is");
    assert.is(again.body.error.type, "not_correctable");
  });

  s("print_mail filings end in furnishing without the IRS; Copy B is available", async ({ api }) => {
    const payer = (await api.request("POST", "/v1/payers", { body: fullPayer })).body.id;
    const [id] = (
      await api.request("POST", `/v1/payers/${payer}/forms`, {
        body: { addToCart: true, service: "print_mail", forms: necRows(1, 44_000) },
      })
    ).body.forms.map((f: { id: string }) => f.id);
    const sent = await runOrder(api, (await api.request("POST", "/v1/cart/pay")).body.order);
    assert.is(sent.furnished, 1);
    assert.equal(sent.receipts, []);
    assert.is((await api.request("GET", `/v1/filings/${id}`)).body.status, "furnishing");
    assert.is((await api.request("GET", `/v1/filings/${id}/copy-b`)).status, 200);
  });

  s.run();
}
