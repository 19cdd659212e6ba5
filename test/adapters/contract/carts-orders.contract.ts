// The carts role (core/ports/carts.port.ts: carts, orders) against a store adapter: one open cart per scope, the
// cart's items with their filings, an order's filings (moved from the whole-store filings contract). Runs on a
// store with carts, orders, and the filings, payers and recipients the items point at, in and out of a
// transaction.
import { randomUUID } from "node:crypto";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import type { NewCartItem } from "../../../core/ports/store.port.ts";
import { shortId } from "../../support/rows.ts";
import type { Filing } from "../../../core/domain/filing/filing.ts";
import { move } from "../../../core/domain/filing/status.ts";
import {
  clock,
  contractSetup,
  inTransaction,
  run,
  type OpenStore,
  type TransactionalStore,
} from "./harness.ts";
import { intakeRows, intakeStart, type IntakeContext } from "./intake-rows.ts";

/** What the carts suite needs of a store: carts and orders, and the filings and parties their items point at. */
export type CartsOrdersStore = TransactionalStore<"payers" | "recipients" | "filings" | "carts" | "orders">;

export function cartsOrdersContract(name: string, open: OpenStore<CartsOrdersStore>) {
  const s = suite<IntakeContext<CartsOrdersStore>>(`Carts and orders contract: ${name}`);
  const at = clock(intakeStart);
  const { account, filing, insert, ids, seedParties } = intakeRows(at);

  contractSetup(s, open, account, seedParties);

  s(
    "carts: openCart returns the same open cart twice; one per account and environment; items insert",
    async ({ store, a, b, live, pa, ra }) => {
      const first = await run(store.scoped(a).carts.openCart(shortId("crt_"), at()));
      const again = await run(store.scoped(a).carts.openCart(shortId("crt_"), at()));
      assert.is(again.id, first.id);
      const inTx = await run(inTransaction(store, a, (tx) => tx.carts.openCart(shortId("crt_"), at())));
      assert.is(inTx.id, first.id);
      const other = await run(store.scoped(b).carts.openCart(shortId("crt_"), at()));
      const liveCart = await run(store.scoped(live).carts.openCart(shortId("crt_"), at()));
      assert.is.not(other.id, first.id);
      assert.is.not(liveCart.id, first.id);
      assert.is.not(liveCart.id, other.id);
      const f = filing(a, pa, ra, { status: "in_cart" });
      await insert(store, a, [f]);
      const items: NewCartItem[] = [
        {
          id: shortId("cit_"),
          cartId: first.id,
          filingId: f.id,
          service: "efile",
          physicalMail: null,
          portalAccess: true,
          createdAt: at(),
          kind: "original",
        },
      ];
      await run(store.scoped(a).carts.insertItems(items));
      await run(store.scoped(a).carts.insertItems([]));
      const both = await run(store.scoped(a).carts.itemsWithFilings(first.id));
      assert.equal(both.items, await run(store.scoped(a).carts.items(first.id)));
      assert.equal(both.filings.get(f.id), {
        id: f.id,
        form: "1099-NEC",
        taxYear: 2025,
        reference: null,
        corrects: null,
        refileOf: null,
      });
      assert.is((await run(store.scoped(b).carts.itemsWithFilings(first.id))).items.length, 0, "scoped");
      assert.equal(await run(store.scoped(a).carts.itemGroups(first.id)), [
        { service: "efile", physicalMail: null, portalAccess: true, kind: "original", count: 1 },
      ]);
      assert.equal(await run(store.scoped(b).carts.itemGroups(first.id)), [], "scoped");
      // Pay's read: the same items, the filing's state and parties and the recipient's address, no form contents.
      const stamped = filing(a, pa, ra, {
        status: "in_cart",
        accountNumber: "PAY-1",
        reference: "r-pay",
        rulesChecked: "0123abcd.p",
        // Issue 41: pay counts the IRS warnings (the notice is not one).
        warnings: [
          {
            code: "F1099NEC001",
            severity: "Report Error and Reject if over Threshold",
            path: "p",
            message: "m",
          },
          { code: "S1H001", severity: "Report Error", path: "payer.contact_phone", message: "m" },
          { code: "reporting_threshold", severity: "Notice", path: "p", message: "m" },
        ],
      });
      await insert(store, a, [stamped]);
      const second: NewCartItem = {
        id: shortId("cit_"),
        cartId: first.id,
        filingId: stamped.id,
        service: "print_mail",
        physicalMail: true,
        portalAccess: null,
        createdAt: at(),
        kind: "original",
      };
      await run(store.scoped(a).carts.insertItems([second]));
      assert.equal((await run(store.scoped(a).filings.get(stamped.id)))?.rulesChecked, "0123abcd.p");
      const pay = await run(store.scoped(a).carts.payItems(first.id));
      assert.equal(pay.items, await run(store.scoped(a).carts.items(first.id)));
      assert.equal(pay.filings.get(f.id), {
        id: f.id,
        form: "1099-NEC",
        taxYear: 2025,
        reference: null,
        corrects: null,
        refileOf: null,
        status: "in_cart",
        payerId: pa.id,
        recipientId: ra.id,
        rulesChecked: null,
        irsWarnings: 0,
      });
      assert.equal(pay.filings.get(stamped.id), {
        id: stamped.id,
        form: "1099-NEC",
        taxYear: 2025,
        reference: "r-pay",
        corrects: null,
        refileOf: null,
        status: "in_cart",
        payerId: pa.id,
        recipientId: ra.id,
        rulesChecked: "0123abcd.p",
        irsWarnings: 2,
      });
      assert.equal(
        [...pay.recipients.values()],
        [
          {
            id: ra.id,
            addressLine1: ra.addressLine1,
            city: ra.city,
            state: ra.state,
            postalCode: ra.postalCode,
          },
        ],
      );
      assert.is((await run(store.scoped(b).carts.payItems(first.id))).items.length, 0, "scoped");
      // A correction's item counts as a correction (the kind its filing prices as, kept with the item).
      const fix = filing(a, pa, ra, { status: "in_cart", accountNumber: "FIX-1", corrects: f.id });
      await insert(store, a, [fix]);
      await run(
        store.scoped(a).carts.insertItems([
          {
            ...second,
            id: shortId("cit_"),
            filingId: fix.id,
            service: "efile",
            physicalMail: null,
            kind: "correction",
          },
        ]),
      );
      const groups = await run(store.scoped(a).carts.itemGroups(first.id));
      assert.equal(
        [...groups].sort((x, y) => `${x.service}${x.kind}`.localeCompare(`${y.service}${y.kind}`)),
        [
          { service: "efile", physicalMail: null, portalAccess: null, kind: "correction", count: 1 },
          { service: "efile", physicalMail: null, portalAccess: true, kind: "original", count: 1 },
          { service: "print_mail", physicalMail: true, portalAccess: null, kind: "original", count: 1 },
        ],
      );
    },
  );

  s(
    "filings.listAll: every match of a filter, by id, in one read; scoped",
    async ({ store, a, live, pa, ra }) => {
      // An order's filings are what pay moved out of its cart (the Knex adapters find them through the cart's items).
      const payInto = async (orderId: string, fs: Filing[]) => {
        await insert(store, a, fs);
        return await run(
          inTransaction(store, a, (tx) =>
            Effect.gen(function* () {
              const cart = yield* tx.carts.openCart(shortId("crt_"), at());
              yield* tx.carts.insertItems(
                fs.map((f) => ({
                  id: shortId("cit_"),
                  cartId: cart.id,
                  filingId: f.id,
                  service: "efile" as const,
                  physicalMail: null,
                  portalAccess: null,
                  createdAt: at(),
                  kind: "original" as const,
                })),
              );
              yield* tx.orders.insert({
                id: orderId,
                number: `2026-${orderId}`,
                cartId: cart.id,
                paymentStatus: "paid",
                forms: fs.length,
                chargeLines: [],
                pricingSegments: [],
                grandTotalCents: 0,
                fromBalanceCents: 0,
                fromCardCents: 0,
                cardChargeId: null,
                autoTopupChargeId: `ch_auto_${orderId}`,
                receipt: {},
                createdAt: at(),
              });
              const moved = yield* tx.filings.markQueued(
                move("pay"),
                orderId,
                // Unknown ids first: the filings fall on both sides of the adapters' statement chunks (5,000).
                [
                  ...Array.from({ length: 4999 }, () => ({ id: randomUUID(), amountChargedCents: 1 })),
                  ...fs.map((f) => ({ id: f.id, amountChargedCents: 100 })),
                ],
                at(),
              );
              yield* tx.carts.markPaid(cart.id, orderId);
              return moved;
            }),
          ),
        );
      };
      const ordered = [1, 2, 3].map((n) => filing(a, pa, ra, { accountNumber: `L${n}`, status: "in_cart" }));
      assert.is(await payInto("ord_all", ordered), 3, "only the filings in the store move");
      await payInto("ord_other", [filing(a, pa, ra, { accountNumber: "L4", status: "in_cart" })]);
      const got = await run(store.scoped(a).filings.listAll({ orderId: "ord_all" }));
      assert.equal(
        got.map((f) => f.id),
        ids(ordered),
      );
      assert.is(got[0]?.orderId, "ord_all");
      const order = await run(store.scoped(a).orders.get("ord_all"));
      assert.is(
        order?.autoTopupChargeId,
        "ch_auto_ord_all",
        "the auto top-up's charge is kept with the order",
      );
      assert.is(got[0]?.status, "queued");
      assert.is(got[0]?.amountChargedCents, 100);
      assert.equal(await run(store.scoped(live).filings.listAll({ orderId: "ord_all" })), []);
    },
  );

  return s;
}
