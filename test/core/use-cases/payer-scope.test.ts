// Issue 38 in the core: a payer-scoped caller of payCart sees the latest paid order only when it holds only its
// payer's forms, and getBalance without the recent entries (the ledger is account-wide).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CartNotPayable } from "../../../core/domain/shared/errors.ts";
import { filePayerForms } from "../../../core/use-cases/filing/filings.ts";
import { payCart } from "../../../core/use-cases/money/pay.ts";
import { getBalance } from "../../../core/use-cases/money/balance.ts";
import { coreTest } from "../../support/core.ts";
import { necRows } from "../../support/forms.ts";

test("an empty cart's pay answers the latest order to its payer only; the balance without the ledger", async () => {
  const t = await coreTest();
  try {
    await t.run(
      filePayerForms(t.scope, t.payerId, { forms: necRows(2, 500), addToCart: true, service: "efile" }),
    );
    t.advance(1000);
    const paid = await t.run(payCart(t.scope, t.owner));
    assert.ok("order" in paid);
    const mine = await t.run(payCart(t.scope, { ...t.owner, payerId: t.payerId }));
    assert.is((mine as { order: string }).order, (paid as { order: string }).order, "its own payer's order");
    assert.is((mine as { already_paid?: boolean }).already_paid, true);
    const other = await t
      .run(payCart(t.scope, { ...t.owner, payerId: "00000000-0000-4000-8000-00000000beef" }))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    assert.instance(other, CartNotPayable, "another payer's grant gets the empty cart");

    const full = await t.run(getBalance(t.scope));
    assert.ok(full.recent.length > 0);
    const scoped = await t.run(getBalance(t.scope, { recent: false }));
    assert.equal(scoped.recent, []);
    assert.is(scoped.available_cents, full.available_cents);
  } finally {
    await t.dispose();
  }
});

test.run();
