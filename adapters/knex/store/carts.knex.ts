// Carts, orders and the dispatch records of paid orders on Knex.
import * as Effect from "effect/Effect";
import type { Knex } from "knex";
import type { Scope } from "../../../core/ports/store.port.ts";
import {
  cartItemFrom,
  CartItemWithFilingRow,
  IdRow,
  ItemGroupRow,
  LockTakenRow,
  PayItemsRow,
  rowsOf,
  toCart,
  toCartItem,
  toOrder,
} from "../rows.ts";
import type { CartItem, CartRepo, DispatchRepo, OrderRepo } from "../../../core/ports/store.port.ts";
import type { CartFiling, PayFiling, PayRecipient } from "../../../core/domain/cart/cart.ts";
import { type Db, run, scopedTable, pageOf, pageMap } from "./shared.ts";

export function cartRepo(db: Db, scope: Scope): CartRepo {
  return {
    openCart: (newId, now) =>
      run(async () => {
        // FOR SHARE waits for a pay holding the cart; if that pay commits, the row no longer matches and a new cart opens.
        for (let attempt = 0; attempt < 5; attempt++) {
          const open = await db.raw(
            "select id from carts where account_id = ? and livemode = ? and status = 'open' for share",
            [scope.accountId, scope.livemode],
          );
          const row = rowsOf(open.rows)[0];
          if (row) return { id: IdRow.decode(row).id };
          await db.raw(
            `insert into carts (id, account_id, livemode, status, created_at) values (?, ?, ?, 'open', ?)
          on conflict (account_id, livemode) where status = 'open' do nothing`,
            [newId, scope.accountId, scope.livemode, now],
          );
        }
        throw new Error("could not open a cart: it was paid repeatedly while opening");
      }),
    holdOpen: () =>
      run(async () => {
        const r = await db.raw(
          "select * from carts where account_id = ? and livemode = ? and status = 'open' for share",
          [scope.accountId, scope.livemode],
        );
        const row = rowsOf(r.rows)[0];
        return row ? toCart(row) : undefined;
      }),
    hold: (id) =>
      run(async () => {
        const r = await db.raw(
          "select * from carts where id = ? and account_id = ? and livemode = ? for share",
          [id, scope.accountId, scope.livemode],
        );
        const row = rowsOf(r.rows)[0];
        return row ? toCart(row) : undefined;
      }),
    current: () =>
      run(async () => {
        const row: unknown = await scopedTable(db, "carts", scope).where("status", "open").first();
        return row ? toCart(row) : undefined;
      }),
    latestPaid: () =>
      run(async () => {
        const row: unknown = await scopedTable(db, "carts", scope)
          .where("status", "paid")
          .orderBy("created_at", "desc")
          .first();
        return row ? toCart(row) : undefined;
      }),
    get: (id) =>
      run(async () => {
        const row: unknown = await scopedTable(db, "carts", scope).where("id", id).first();
        return row ? toCart(row) : undefined;
      }),
    lockForPay: (id) =>
      run(async () => {
        // Pays of one cart exclude each other without waiting (the loser answers 409 request_in_progress); a pay
        // waits for the short transactions that hold the cart row (adds, removals, voids), up to the lock timeout.
        const taken = await db.raw("select pg_try_advisory_xact_lock(hashtext(?)) as ok", [`pay:${id}`]);
        if (!LockTakenRow.decode(rowsOf(taken.rows)[0]).ok) return "busy" as const;
        try {
          await db.raw("set local lock_timeout = '15s'");
          const r = await db.raw(
            "select * from carts where id = ? and account_id = ? and livemode = ? for update",
            [id, scope.accountId, scope.livemode],
          );
          const row = rowsOf(r.rows)[0];
          return row ? toCart(row) : undefined;
        } catch (e) {
          if (e instanceof Error && "code" in e && e.code === "55P03") return "busy" as const;
          throw e;
        }
      }),
    items: (cartId) =>
      run(async () =>
        rowsOf(
          await scopedTable(db, "cart_items", scope)
            .where("cart_id", cartId)
            .orderBy([{ column: "created_at" }, { column: "id" }]),
        ).map(toCartItem),
      ),
    // One join reading the few filing columns pricing needs (the form contents stay in the table).
    itemsWithFilings: (cartId) =>
      run(async () => {
        const rows = (
          await db.raw(
            `select ci.*, f.id as f_id, f.form as f_form, f.tax_year as f_tax_year, f.reference as f_reference,
          f.corrects as f_corrects, f.refile_of as f_refile_of
        from cart_items ci left join filing_forms f on f.id = ci.filing_id and f.account_id = ci.account_id and f.livemode = ci.livemode
        where ci.account_id = ? and ci.livemode = ? and ci.cart_id = ? order by ci.created_at, ci.id`,
            [scope.accountId, scope.livemode, cartId],
          )
        ).rows;
        const decoded = rowsOf(rows).map(CartItemWithFilingRow.decode);
        const filings = new Map<string, CartFiling>();
        for (const r of decoded) {
          if (r.f_id === null) continue;
          const id = r.f_id;
          filings.set(id, {
            id,
            form: r.f_form,
            taxYear: r.f_tax_year,
            reference: r.f_reference,
            corrects: r.f_corrects,
            refileOf: r.f_refile_of,
          });
        }
        return { items: decoded.map(cartItemFrom), filings };
      }),
    // The rows come back as JSON texts (arrays of columns), parsed natively: a hundred thousand rows parsed
    // field by field in the driver cost seconds (issue 19). One text per share of the items (64 shares by a hash
    // of the item's id): one text of 40 MB was gathered by the driver in buffers doubled and copied again and again.
    // They are put in the cart's order here, by a numeric key (created_at in microseconds, then id): ordering inside
    // the aggregate sorted the wide joined rows on disk. The filing's and recipient's ids are not sent twice.
    // Together a read of 100,000 items took 1.0 s instead of 1.3 s (median of 9, the season's cart).
    payItems: (cartId) =>
      run(async () => {
        const r = await db.raw(
          `select json_agg(json_build_array(ci.id, ci.filing_id, ci.service, ci.physical_mail, ci.portal_access,
          (extract(epoch from ci.created_at) * 1000000)::bigint,
          f.form, f.tax_year, f.reference, f.corrects, f.refile_of, s.status, f.payer_id, f.recipient_id, f.rules_checked,
          f.irs_warnings,
          rc.id is not null, rc.address_line1, rc.city, rc.state, rc.postal_code))::text as rows
        from cart_items ci
        left join filing_forms f on f.id = ci.filing_id and f.account_id = ci.account_id and f.livemode = ci.livemode
        left join filing_states s on s.id = f.id
        left join recipients rc on rc.id = f.recipient_id and rc.account_id = ci.account_id and rc.livemode = ci.livemode
        where ci.account_id = ? and ci.livemode = ? and ci.cart_id = ?
        group by hashtext(ci.id::text) & 63`,
          [scope.accountId, scope.livemode, cartId],
        );
        const rows = rowsOf(r.rows)
          .flatMap((row) => PayItemsRow.decode(row).rows)
          .sort((x, y) => (x[5] !== y[5] ? x[5] - y[5] : x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
        const items: CartItem[] = [];
        const filings = new Map<string, PayFiling>();
        const recipients = new Map<string, PayRecipient>();
        for (const c of rows) {
          items.push({
            id: c[0],
            cartId,
            filingId: c[1],
            service: c[2],
            physicalMail: c[3],
            portalAccess: c[4],
            // What the Timestamp codec makes of created_at (UTC, milliseconds, the rest truncated), from its microseconds.
            createdAt: new Date(Math.floor(c[5] / 1000)).toISOString(),
          });
          if (c[6] !== null) {
            filings.set(c[1], {
              id: c[1],
              form: c[6],
              taxYear: c[7],
              reference: c[8],
              corrects: c[9],
              refileOf: c[10],
              status: c[11],
              payerId: c[12],
              recipientId: c[13],
              rulesChecked: c[14],
              irsWarnings: c[15],
            });
            if (c[16])
              recipients.set(c[13], {
                id: c[13],
                addressLine1: c[17],
                city: c[18],
                state: c[19],
                postalCode: c[20],
              });
          }
        }
        return { items, filings, recipients };
      }),
    itemGroups: (cartId) =>
      run(async () =>
        rowsOf(
          (
            await db.raw(
              `select service, physical_mail, portal_access, kind, count(*)::int as n
      from cart_items where account_id = ? and livemode = ? and cart_id = ? group by 1, 2, 3, 4`,
              [scope.accountId, scope.livemode, cartId],
            )
          ).rows,
        ).map((row) => {
          const r = ItemGroupRow.decode(row);
          return {
            service: r.service,
            physicalMail: r.physical_mail,
            portalAccess: r.portal_access,
            kind: r.kind,
            count: r.n,
          };
        }),
      ),
    itemByFiling: (filingId) =>
      run(async () => {
        const row: unknown = await scopedTable(db, "cart_items", scope).where("filing_id", filingId).first();
        return row ? toCartItem(row) : undefined;
      }),
    removeItem: (id) =>
      run(async () => {
        const rows = rowsOf(
          await scopedTable(db, "cart_items", scope).where("id", id).delete().returning("*"),
        );
        return rows[0] ? toCartItem(rows[0]) : undefined;
      }),
    markPaid: (id, orderId) =>
      run(() =>
        scopedTable(db, "carts", scope).where("id", id).update({ status: "paid", order_id: orderId }),
      ).pipe(Effect.asVoid),
    insertItems: (items) =>
      run(async () => {
        if (items.length === 0) return;
        await db.raw(
          `insert into cart_items (id, account_id, livemode, cart_id, filing_id, service, physical_mail, portal_access, created_at, kind)
        select id, ?::uuid, ?::boolean, cart_id, filing_id, service, physical_mail, portal_access, created_at, kind
        from unnest(?::text[], ?::text[], ?::uuid[], ?::text[], ?::boolean[], ?::boolean[], ?::timestamptz[], ?::text[])
          as t(id, cart_id, filing_id, service, physical_mail, portal_access, created_at, kind)`,
          [
            scope.accountId,
            scope.livemode,
            items.map((i) => i.id),
            items.map((i) => i.cartId),
            items.map((i) => i.filingId),
            items.map((i) => i.service),
            items.map((i) => i.physicalMail),
            items.map((i) => i.portalAccess),
            items.map((i) => i.createdAt),
            items.map((i) => i.kind),
          ] as unknown as Knex.RawBinding[],
        );
      }),
  };
}

export function orderRepo(db: Db, scope: Scope): OrderRepo {
  return {
    insert: (o) =>
      run(() =>
        db("orders").insert({
          id: o.id,
          account_id: scope.accountId,
          livemode: scope.livemode,
          number: o.number,
          cart_id: o.cartId,
          payment_status: o.paymentStatus,
          forms: o.forms,
          charge_lines: JSON.stringify(o.chargeLines),
          pricing_segments: JSON.stringify(o.pricingSegments),
          grand_total_cents: o.grandTotalCents,
          from_balance_cents: o.fromBalanceCents,
          from_card_cents: o.fromCardCents,
          card_charge_id: o.cardChargeId,
          auto_topup_charge_id: o.autoTopupChargeId ?? null,
          receipt: JSON.stringify(o.receipt),
          created_at: o.createdAt,
        }),
      ).pipe(Effect.asVoid),
    get: (id) =>
      run(async () => {
        const row: unknown = await scopedTable(db, "orders", scope).where("id", id).first();
        return row ? toOrder(row) : undefined;
      }),
    byCart: (cartId) =>
      run(async () => {
        const row: unknown = await scopedTable(db, "orders", scope).where("cart_id", cartId).first();
        return row ? toOrder(row) : undefined;
      }),
    list: (page) => run(async () => pageMap(await pageOf(db, "orders", scope, page), page.limit, toOrder)),
  };
}

export function dispatchRepo(db: Db, scope: Scope): DispatchRepo {
  return {
    enqueue: (orderId, now) =>
      run(() =>
        db("dispatches")
          .insert({
            order_id: orderId,
            account_id: scope.accountId,
            livemode: scope.livemode,
            state: "pending",
            created_at: now,
          })
          .onConflict()
          .ignore(),
      ).pipe(Effect.asVoid),
  };
}
