// The transmission job claims each planned transmission's forms in a transaction of its own, just before sending it
// (issue 19: the first transmission no longer waits for the whole order to be rewritten). A void that takes a form
// between the job's plan and that claim: the form is not sent, and the rest go out under a new transmission id that
// their rows carry with their submission and record ids, before anything is sent.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import type { ScopedStore, Store } from "../../../core/ports/store.port.ts";
import { filePayerForms } from "../../../core/use-cases/filing/filings.ts";
import { payCart } from "../../../core/use-cases/money/pay.ts";
import { transmitOrder } from "../../../core/use-cases/lifecycle/transmission.ts";
import { coreTest, wrapRepos, type CoreTest } from "../../support/core.ts";
import { necRows } from "../../support/forms.ts";
import { forced } from "../../support/status.ts";

/** The store as a concurrent void sees it: `victim` is voided just before the first claim of queued forms. */
function voidedBeforeClaim(store: Store["Service"], victim: { id: string | null }): Store["Service"] {
  const repos = (inner: ScopedStore): ScopedStore => ({
    ...inner,
    filings: {
      ...inner.filings,
      assignRecords: (records, from, patch) =>
        Effect.gen(function* () {
          if (victim.id !== null && from.includes("queued")) {
            yield* inner.filings.update(victim.id, ["queued"], { status: forced("voided") });
            victim.id = null;
          }
          return yield* inner.filings.assignRecords(records, from, patch);
        }),
    },
  });
  return wrapRepos(store, repos);
}

const s = suite<{ t: CoreTest; victim: { id: string | null } }>(
  "transmission: each transmission claimed before it is sent",
);
s.before(async (ctx) => {
  ctx.victim = { id: null };
  ctx.t = await coreTest({ wrapStore: (store) => voidedBeforeClaim(store, ctx.victim) });
});
s.after(async ({ t }) => {
  await t.dispose();
});

s(
  "a form voided between the plan and the claim is not sent; the rest go under a new id, claimed first",
  async ({ t, victim }) => {
    await t.run(
      filePayerForms(t.scope, t.payerId, { forms: necRows(3, 700), addToCart: true, service: "efile" }),
    );
    t.advance(1000);
    const receipt = await t.run(payCart(t.scope, t.owner));
    if (!("order" in receipt)) throw new Error("the cart was already paid");
    const [gone, ...rest] = receipt.filings.map((f) => f.id);
    victim.id = gone ?? null;
    const sent = await t.run(transmitOrder(t.scope, receipt.order));
    assert.is(victim.id, null, "the void ran before the claim");
    assert.is(t.irs.sent.length, 1);
    const transmission = t.irs.sent[0]!;
    const records = transmission.submissions.flatMap((x) =>
      x.records.map((r) => ({ filingId: r.filingId, submissionId: x.submissionId, recordId: r.recordId })),
    );
    assert.equal(records.map((r) => r.filingId).sort(), [...rest].sort());
    const filings = t.store.scoped(t.scope).filings;
    for (const r of records) {
      const f = await t.run(filings.get(r.filingId));
      assert.equal(
        [f?.status, f?.transmissionId, f?.submissionId, f?.recordId, f?.receiptId],
        ["submitted", transmission.transmissionId, r.submissionId, r.recordId, sent.receipts[0]],
      );
    }
    assert.is((await t.run(filings.get(gone ?? "")))?.status, "voided");
  },
);

s.run();
