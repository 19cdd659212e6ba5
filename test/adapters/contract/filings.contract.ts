// The filings role (core/ports/filings.port.ts: filings, intake batches) against a store adapter: D2 scoping,
// D11 duplicates, D34 paging (moved from the whole-store filings contract). Runs on a store with filings,
// batches, and the payers and recipients its rows point at (seeded through them), in and out of a transaction.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { forced } from "../../support/status.ts";
import { finding } from "../../../core/domain/iris/rules/engine.ts";
import * as Effect from "effect/Effect";
import { randomUUID } from "node:crypto";
import type { Batch, RecipientRow, Store } from "../../../core/ports/store.port.ts";
import { shortId } from "../../support/rows.ts";
import type { Filing } from "../../../core/domain/filing/filing.ts";
import {
  clock,
  contractSetup,
  inTransaction,
  run,
  type OpenStore,
  type TransactionalStore,
} from "./harness.ts";
import { intakeRows, intakeStart, type IntakeContext } from "./intake-rows.ts";

type StoreService = Store["Service"];

/** What the filings suite needs of a store: filings and batches, and the parties their rows point at. */
export type FilingsStore = TransactionalStore<"payers" | "recipients" | "filings" | "batches">;

export function filingsContract(name: string, open: OpenStore<FilingsStore>) {
  const s = suite<IntakeContext<FilingsStore>>(`Filings contract: ${name}`);
  const at = clock(intakeStart);
  const { account, payer, recipient, jsonForm, filing, insert, ids, seedParties } = intakeRows(at);

  contractSetup(s, open, account, seedParties);

  s(
    "filings.insertMany returns the ids inserted; an empty call inserts nothing",
    async ({ store, a, pa, ra }) => {
      const rows = [
        filing(a, pa, ra, { accountNumber: "1" }),
        filing(a, pa, ra, { accountNumber: "2" }),
        filing(a, pa, ra, { accountNumber: null }),
      ];
      assert.equal(await insert(store, a, rows), ids(rows));
      assert.equal(await insert(store, a, []), []);
      for (const r of rows) assert.is((await run(store.scoped(a).filings.get(r.id)))?.id, r.id);
    },
  );

  s(
    "bulk insertMany (past the COPY threshold: Postgres and PGlite): awkward text round-trips, duplicates skipped, also in one call",
    async ({ store, a, pa }) => {
      const awkward = 'Tab\there, line\nbreak, CR\r, back\\slash \\N, quote " é 漢字 🙂';
      const recs = Array.from({ length: 260 }, (_, i) =>
        recipient(a, pa.id, { tinHash: `bulk-${i}`, name: i === 7 ? awkward : `Bulk ${i}`, city: null }),
      );
      // One duplicate inside the call (same payer, TIN hash and type): skipped, as for small calls.
      const dupRec = recipient(a, pa.id, { tinHash: "bulk-3" });
      const inserted = await run(store.scoped(a).recipients.insertMany([...recs, dupRec]));
      assert.is(inserted.size, 260);
      assert.not.ok(inserted.has(dupRec.id));
      assert.is((await run(store.scoped(a).recipients.get(recs[7]?.id ?? "")))?.name, awkward);
      assert.is((await run(store.scoped(a).recipients.get(recs[8]?.id ?? "")))?.city, null);

      const rows = recs.map((r, i) =>
        filing(a, pa, r, {
          accountNumber: `BULK-${i}`,
          reference: i === 7 ? awkward : null,
          jsonForm: { ...jsonForm(), RecipientDetail: { RecipientName: awkward }, Note: "a\\b\tc\n" },
          warnings:
            i === 9 ? [{ code: "x", severity: "Notice" as const, path: "jsonForm.X", message: awkward }] : [],
        }),
      );
      // A row that repeats an earlier one (D11: same payer, recipient, form, year, account number) is skipped.
      const dup = filing(a, pa, recs[0] as RecipientRow, { accountNumber: "BULK-0" });
      assert.equal(await insert(store, a, [...rows, dup]), ids(rows));
      const again = await insert(store, a, [
        filing(a, pa, recs[1] as RecipientRow, { accountNumber: "BULK-1" }),
      ]);
      assert.equal(again, []);
      for (const i of [0, 7, 9, 259]) {
        const want = rows[i] as Filing;
        assert.equal(await run(store.scoped(a).filings.get(want.id)), want);
      }
    },
  );

  s(
    "bulk insertMany in a transaction: new rows all saved; a row clashing with a saved one skipped, the transaction's earlier writes kept",
    async ({ store, a, pa }) => {
      const recs = Array.from({ length: 240 }, (_, i) => recipient(a, pa.id, { tinHash: `tx-bulk-${i}` }));
      const rows = recs.map((r, i) => filing(a, pa, r, { accountNumber: `TXB-${i}` }));
      const first = await run(
        inTransaction(store, a, (tx) =>
          Effect.gen(function* () {
            const r = yield* tx.recipients.insertMany(recs);
            const f = yield* tx.filings.insertMany(rows);
            return [r.size, f.size];
          }),
        ),
      );
      assert.equal(first, [240, 240]);
      assert.equal(await run(store.scoped(a).filings.get(rows[239]?.id ?? "")), rows[239]);

      // A second call: one new recipient, then 240 filings of which one repeats a saved filing (D11) and one a
      // saved recipient's TIN (D8 for the recipients' call).
      const lone = recipient(a, pa.id, { tinHash: "tx-bulk-lone" });
      const moreRecs = [
        ...Array.from({ length: 239 }, (_, i) => recipient(a, pa.id, { tinHash: `tx-bulk2-${i}` })),
        recipient(a, pa.id, { tinHash: "tx-bulk-5" }),
      ];
      const more = moreRecs
        .slice(0, 239)
        .map((r, i) => filing(a, pa, r, { accountNumber: `TXB2-${i}` }))
        .concat([filing(a, pa, recs[5] as RecipientRow, { accountNumber: "TXB-5" })]);
      const second = await run(
        inTransaction(store, a, (tx) =>
          Effect.gen(function* () {
            const l = yield* tx.recipients.insertMany([lone]);
            const r = yield* tx.recipients.insertMany(moreRecs);
            const f = yield* tx.filings.insertMany(more);
            return [l.size, r.size, f.size, f.has(more[239]?.id ?? ""), r.has(moreRecs[239]?.id ?? "")];
          }),
        ),
      );
      assert.equal(second, [1, 239, 239, false, false]);
      assert.ok(
        await run(store.scoped(a).recipients.get(lone.id)),
        "the earlier write of the transaction is kept",
      );
      assert.equal(await run(store.scoped(a).filings.get(more[238]?.id ?? "")), more[238]);
      assert.is(await run(store.scoped(a).filings.get(more[239]?.id ?? "")), undefined);
    },
  );

  s(
    "filings.get returns the filing as inserted (all fields, amounts as numbers)",
    async ({ store, a, pa, ra }) => {
      const f = filing(a, pa, ra, {
        status: "in_cart",
        service: "efile",
        physicalMail: false,
        portalAccess: true,
        reference: "ref#0",
        batchId: "bat_x1",
        orderId: "ord_1",
        receiptId: "R-1",
        amountChargedCents: 1234,
        accountNumber: null,
        corrects: randomUUID(),
        supersededBy: randomUUID(),
        refileOf: randomUUID(),
      });
      await insert(store, a, [f]);
      const got = await run(store.scoped(a).filings.get(f.id));
      assert.equal(got, f);
      assert.is(typeof got?.jsonForm["NonemployeeCompensationAmt"], "number");
      const plain = filing(a, pa, ra);
      await insert(store, a, [plain]);
      assert.equal(await run(store.scoped(a).filings.get(plain.id)), plain);
    },
  );

  s(
    "filing warnings round-trip in order through insertMany, get, getMany and list; none is an empty array",
    async ({ store, a, pa, ra }) => {
      // The rules engine's own findings (a Postgres filing keeps their IRS text as an index into the rule table,
      // issue 41), one with a detail after the text and one of a rule with a text per form, read back whole.
      const warnings = [
        finding("F1098C005", "jsonForm.VehClaimDedUnderSpcfdAmtInd", "1098C"),
        finding(
          "F1099NEC001",
          "jsonForm.FederalIncomeTaxWithheldAmt",
          "1099NEC",
          "(withheld 900.00, paid 100.00)",
        ),
        finding("SMD001", "jsonForm.PayerTIN", "1099MISC"),
        {
          code: "F1098C005",
          severity: "Report Error" as const,
          path: "jsonForm.VehClaimDedUnderSpcfdAmtInd",
          message: "IRS rule F1098C005 (Report Error): ...",
        },
        {
          code: "reporting_threshold",
          severity: "Notice" as const,
          path: "jsonForm.NonemployeeCompensationAmt",
          message: "below the $2000.00 reporting threshold",
        },
        // Issue 41: a FIRE import's finding, located in the file.
        {
          code: "F1099NEC001",
          severity: "Report Error and Reject if over Threshold" as const,
          path: "jsonForm.FederalIncomeTaxWithheldAmt",
          message: "IRS rule F1099NEC001 (Report Error and Reject if over Threshold): ...",
          record: 3,
          field: "PaymentAmount4",
          position: 91,
        },
      ];
      const f = filing(a, pa, ra, { warnings, accountNumber: "W-1" });
      const plain = filing(a, pa, ra, { accountNumber: "W-2" });
      await insert(store, a, [f, plain]);
      const repo = store.scoped(a).filings;
      assert.equal((await run(repo.get(f.id)))?.warnings, warnings);
      assert.equal((await run(repo.get(plain.id)))?.warnings, []);
      assert.equal((await run(repo.getMany([f.id, plain.id]))).map((x) => x.warnings.length).sort(), [0, 6]);
      const listed = (await run(repo.list({ limit: 10, startingAfter: null }, {}))).data.find(
        (x) => x.id === f.id,
      );
      assert.equal(listed?.warnings, warnings);
      // A status change keeps them.
      await run(repo.updateMany([f.id], ["ready_to_file"], { status: forced("in_cart"), updatedAt: at() }));
      assert.equal((await run(repo.get(f.id)))?.warnings, warnings);
    },
  );

  s(
    "filings.get keeps the stored jsonForm exactly, element (XSD) order included",
    async ({ store, a, pa, ra }) => {
      const f = filing(a, pa, ra);
      await insert(store, a, [f]);
      const got = await run(store.scoped(a).filings.get(f.id));
      assert.is(JSON.stringify(got?.jsonForm), JSON.stringify(f.jsonForm));
    },
  );

  s(
    "filings.get by id or short id, only in its own account and environment (D2)",
    async ({ store, a, b, live, pa, ra }) => {
      const f = filing(a, pa, ra);
      await insert(store, a, [f]);
      assert.is((await run(store.scoped(a).filings.get(f.shortId)))?.id, f.id);
      assert.is((await run(store.scoped(a).filings.get(f.id)))?.shortId, f.shortId);
      for (const scope of [b, live]) {
        assert.is(await run(store.scoped(scope).filings.get(f.id)), undefined);
        assert.is(await run(store.scoped(scope).filings.get(f.shortId)), undefined);
        assert.is(
          (await run(store.scoped(scope).filings.list({ limit: 10, startingAfter: null }, {}))).data.length,
          0,
        );
      }
      assert.is(await run(store.scoped(a).filings.get(randomUUID())), undefined);
      assert.is(await run(store.scoped(a).filings.get("fil_sb_nosuchfiling0")), undefined);
    },
  );

  s("D11: a duplicate of a live original is skipped, also within one call", async ({ store, a, pa, ra }) => {
    const first = filing(a, pa, ra);
    assert.equal(await insert(store, a, [first]), [first.id]);
    const dup = filing(a, pa, ra, {
      status: "in_cart",
      reference: "other",
      jsonForm: { ...jsonForm(), NonemployeeCompensationAmt: 1 },
    });
    const fresh = filing(a, pa, ra, { accountNumber: "AC-2" });
    assert.equal(await insert(store, a, [dup, fresh]), [fresh.id]);
    assert.is(await run(store.scoped(a).filings.get(dup.id)), undefined);
    // Within one call: the first of two identical rows wins.
    const x1 = filing(a, pa, ra, { accountNumber: "AC-3" }),
      x2 = filing(a, pa, ra, { accountNumber: "AC-3" });
    assert.equal(await insert(store, a, [x1, x2]), [x1.id]);
    // Live originals in every non-terminal state block too.
    for (const status of [
      "queued",
      "submitted",
      "accepted",
      "accepted_with_errors",
      "superseded",
      "furnishing",
    ] as const) {
      const o = filing(a, pa, ra, { accountNumber: `S-${status}`, status });
      assert.equal(await insert(store, a, [o]), [o.id], status);
      assert.equal(
        await insert(store, a, [filing(a, pa, ra, { accountNumber: `S-${status}` })]),
        [],
        `blocked by ${status}`,
      );
    }
  });

  s(
    "D11: the key is payer + recipient TIN + form + tax year + account number",
    async ({ store, a, pa, ra }) => {
      await insert(store, a, [filing(a, pa, ra)]);
      const p2 = payer(a);
      await run(store.scoped(a).payers.insert(p2));
      const r2 = recipient(a, p2.id, { tinHash: ra.tinHash });
      await run(store.scoped(a).recipients.insert(r2));
      const otherTin = recipient(a, pa.id);
      await run(store.scoped(a).recipients.insert(otherTin));
      const distinct = [
        filing(a, pa, ra, { form: "1099-MISC" }),
        filing(a, pa, ra, { taxYear: 2026 }),
        filing(a, pa, ra, { accountNumber: "AC-9" }),
        filing(a, pa, ra, { accountNumber: null }),
        filing(a, p2, r2),
        filing(a, pa, otherTin),
      ];
      assert.equal(await insert(store, a, distinct), ids(distinct));
      // The recipient row is not part of the key: another recipient id with the same TIN hash is a duplicate.
      const sameTinOtherRow = recipient(a, pa.id, { tinHash: ra.tinHash, tinType: "ein" });
      await run(store.scoped(a).recipients.insert(sameTinOtherRow));
      assert.equal(
        await insert(store, a, [filing(a, pa, sameTinOtherRow, { recipientTinHash: ra.tinHash })]),
        [],
      );
    },
  );

  s(
    "D11: a voided or rejected original does not block; a row with corrects is never a duplicate",
    async ({ store, a, pa, ra }) => {
      const voided = filing(a, pa, ra, { status: "voided", accountNumber: "V" });
      const rejected = filing(a, pa, ra, { status: "rejected", accountNumber: "R" });
      assert.equal(await insert(store, a, [voided, rejected]), ids([voided, rejected]));
      const v2 = filing(a, pa, ra, { accountNumber: "V" }),
        r2 = filing(a, pa, ra, { accountNumber: "R" });
      assert.equal(await insert(store, a, [v2, r2]), ids([v2, r2]));
      // Several voided rows with one key can coexist, beside the live one.
      const v3 = filing(a, pa, ra, { status: "voided", accountNumber: "V" });
      assert.equal(await insert(store, a, [v3]), [v3.id]);
      // Corrections carry `corrects` and sit outside the duplicate guard, even two at once.
      const c1 = filing(a, pa, ra, { accountNumber: "V", corrects: v2.id }),
        c2 = filing(a, pa, ra, { accountNumber: "V", corrects: v2.id });
      assert.equal(await insert(store, a, [c1, c2]), ids([c1, c2]));
      // And a correction does not block a later original of its own key.
      const c3 = filing(a, pa, ra, { accountNumber: "C", corrects: v2.id });
      const o3 = filing(a, pa, ra, { accountNumber: "C" });
      assert.equal(await insert(store, a, [c3, o3]), ids([c3, o3]));
    },
  );

  s(
    "filings.update returns the whole filing as it left it (as a read after it); a filing in another status or scope: undefined",
    async ({ store, a, b, pa, ra }) => {
      const repo = store.scoped(a).filings;
      const f = filing(a, pa, ra, { status: "in_cart", accountNumber: "UPD" });
      await insert(store, a, [f]);
      const updated = await run(
        repo.update(f.id, ["in_cart"], {
          status: forced("queued"),
          orderId: "ord_u",
          amountChargedCents: 293,
          updatedAt: at(),
        }),
      );
      assert.ok(updated);
      assert.equal(updated, await run(repo.get(f.id)));
      assert.is(updated.status, "queued");
      assert.is(updated.orderId, "ord_u");
      assert.is(updated.amountChargedCents, 293);
      assert.equal(updated.jsonForm, f.jsonForm);
      assert.is(updated.shortId, f.shortId);
      assert.is(updated.createdAt, f.createdAt);
      assert.is(
        await run(repo.update(f.id, ["in_cart"], { status: forced("voided"), updatedAt: at() })),
        undefined,
      );
      assert.is(
        await run(store.scoped(b).filings.update(f.id, ["queued"], { status: forced("voided") })),
        undefined,
      );
      assert.is((await run(repo.get(f.id)))?.status, "queued");
    },
  );

  s(
    "D11: an original voided or rejected by a move (update, updateMany, moveMany) stops blocking its key; other moves keep it",
    async ({ store, a, pa, ra }) => {
      const repo = store.scoped(a).filings;
      const [byUpdate, byMany, byMove, kept] = ["U", "M", "R", "K"].map((n) =>
        filing(a, pa, ra, { status: "queued", accountNumber: n }),
      ) as [Filing, Filing, Filing, Filing];
      await insert(store, a, [byUpdate, byMany, byMove, kept]);
      const again = (f: Filing) => filing(a, pa, ra, { accountNumber: f.accountNumber });
      for (const f of [byUpdate, byMany, byMove, kept]) assert.equal(await insert(store, a, [again(f)]), []);
      assert.ok(
        await run(repo.update(byUpdate.id, ["queued"], { status: forced("voided"), updatedAt: at() })),
      );
      assert.equal(await run(repo.updateMany([byMany.id], ["queued"], { status: forced("voided") })), [
        byMany.id,
      ]);
      await run(repo.updateMany([byMove.id, kept.id], ["queued"], { status: forced("submitted") }));
      assert.is(
        (await run(repo.moveMany([byMove.id], ["submitted"], { status: forced("rejected") }))).length,
        1,
      );
      // A move to a status that is not final keeps the original in the guard.
      assert.is(
        (await run(repo.moveMany([kept.id], ["submitted"], { status: forced("accepted") }))).length,
        1,
      );
      for (const f of [byUpdate, byMany, byMove]) {
        const next = again(f);
        assert.equal(await insert(store, a, [next]), [next.id], String(f.accountNumber));
      }
      assert.equal(await insert(store, a, [again(kept)]), []);
    },
  );

  s(
    "D11 is scoped: the same key in another account or environment is not a duplicate",
    async ({ store, a, b, live, pa, ra, pb, rb }) => {
      const f = filing(a, pa, ra);
      await insert(store, a, [f]);
      // The other environment: exactly the same duplicate key (same payer id, TIN hash, form, year, account number),
      // on a recipient of that payer there (a filing's payer is its recipient's; the Knex schema refuses any other).
      const rl = recipient(live, pa.id, { tinHash: ra.tinHash });
      await run(store.scoped(live).recipients.insert(rl));
      const l = filing(live, pa, ra, { recipientId: rl.id });
      assert.equal(await insert(store, live, [l]), [l.id]);
      // Another account: its own payer (a row's payer belongs to the row's account; the Knex schema refuses any other),
      // with the same recipient TIN, form, year and account number.
      const bf = filing(b, pb, rb, { recipientTinHash: ra.tinHash });
      assert.equal(await insert(store, b, [bf]), [bf.id]);
      // And each scope still guards its own.
      assert.equal(await insert(store, live, [filing(live, pa, ra, { recipientId: rl.id })]), []);
      assert.equal(await insert(store, b, [filing(b, pb, rb, { recipientTinHash: ra.tinHash })]), []);
    },
  );

  s(
    "filings.list: newest first, stable cursors over equal created_at, filters, scoped",
    async ({ store, a, b, pa, ra, pb, rb }) => {
      const when = at();
      const p2 = payer(a);
      await run(store.scoped(a).payers.insert(p2));
      const r2 = recipient(a, p2.id);
      await run(store.scoped(a).recipients.insert(r2));
      const rows = [
        filing(a, pa, ra, { accountNumber: "1", status: "ready_to_file", batchId: "bat_one" }),
        filing(a, pa, ra, { accountNumber: "2", status: "in_cart", batchId: "bat_one" }),
        filing(a, pa, ra, { accountNumber: "3", status: "queued", form: "1099-MISC" }),
        filing(a, pa, ra, {
          accountNumber: "4",
          status: "ready_to_file",
          taxYear: 2026,
          createdAt: when,
          updatedAt: when,
        }),
        filing(a, p2, r2, { accountNumber: "5", status: "in_cart", createdAt: when, updatedAt: when }),
        filing(a, p2, r2, { accountNumber: "6", status: "voided", createdAt: when, updatedAt: when }),
      ];
      await insert(store, a, rows);
      await insert(store, b, [filing(b, pb, rb)]);
      const list = (
        filter: Parameters<ReturnType<StoreService["scoped"]>["filings"]["list"]>[1],
        limit = 100,
      ) => run(store.scoped(a).filings.list({ limit, startingAfter: null }, filter));
      const all = await list({});
      assert.is(all.data.length, rows.length);
      assert.is(all.hasMore, false);
      assert.is(all.nextCursor, null);
      // Newest first on (created_at, id).
      const expected = [...rows].sort((x, y) =>
        x.createdAt === y.createdAt ? (x.id < y.id ? 1 : -1) : x.createdAt < y.createdAt ? 1 : -1,
      );
      assert.equal(
        all.data.map((f) => f.id),
        expected.map((f) => f.id),
      );
      for (const limit of [1, 2, 4]) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: { data: readonly Filing[]; hasMore: boolean; nextCursor: string | null } = await run(
            store.scoped(a).filings.list({ limit, startingAfter: cursor }, {}),
          );
          assert.ok(page.data.length <= limit);
          assert.is(page.hasMore, page.nextCursor !== null);
          if (page.nextCursor) assert.is(page.nextCursor, page.data.at(-1)?.id);
          seen.push(...page.data.map((f) => f.id));
          cursor = page.nextCursor;
        } while (cursor);
        assert.equal(
          seen,
          expected.map((f) => f.id),
          `limit ${limit}`,
        );
      }
      // Filters, alone and together, and with paging.
      assert.equal(ids((await list({ statuses: ["in_cart"] })).data), ids([rows[1]!, rows[4]!]));
      assert.equal(
        ids((await list({ statuses: ["in_cart", "ready_to_file"] })).data),
        ids([rows[0]!, rows[1]!, rows[3]!, rows[4]!]),
      );
      assert.equal(ids((await list({ statuses: [] })).data), ids(rows), "an empty status list is no filter");
      assert.equal(ids((await list({ payerId: p2.id })).data), ids([rows[4]!, rows[5]!]));
      assert.equal(ids((await list({ form: "1099-MISC" })).data), [rows[2]!.id]);
      assert.equal(ids((await list({ taxYear: 2026 })).data), [rows[3]!.id]);
      assert.equal(ids((await list({ batchId: "bat_one" })).data), ids([rows[0]!, rows[1]!]));
      assert.equal(ids((await list({ payerId: pa.id, statuses: ["ready_to_file"], taxYear: 2025 })).data), [
        rows[0]!.id,
      ]);
      assert.equal(
        (await list({ payerId: pb.id })).data,
        [],
        "another account's payer id finds nothing in a",
      );
      const p1 = await run(
        store
          .scoped(a)
          .filings.list({ limit: 1, startingAfter: null }, { statuses: ["in_cart", "ready_to_file"] }),
      );
      const p2nd = await run(
        store
          .scoped(a)
          .filings.list(
            { limit: 10, startingAfter: p1.nextCursor },
            { statuses: ["in_cart", "ready_to_file"] },
          ),
      );
      assert.is(p1.data.length + p2nd.data.length, 4);
      assert.is(p2nd.hasMore, false);
      // A cursor from another scope or an unknown id gives an empty page, never another scope's rows.
      const foreignCursor = (await run(store.scoped(b).filings.list({ limit: 1, startingAfter: null }, {})))
        .data[0]!.id;
      assert.equal(
        (await run(store.scoped(a).filings.list({ limit: 10, startingAfter: foreignCursor }, {}))).data,
        [],
      );
      assert.equal(
        (await run(store.scoped(a).filings.list({ limit: 10, startingAfter: randomUUID() }, {}))).data,
        [],
      );
    },
  );

  s(
    "filings.findFiledOriginal: the accepted original of a key, in scope",
    async ({ store, a, live, pa, ra }) => {
      const ready = filing(a, pa, ra, { accountNumber: "F1" });
      await insert(store, a, [ready]);
      assert.is(await run(store.scoped(a).filings.findFiledOriginal(ready)), undefined, "not filed yet");
      const accepted = filing(a, pa, ra, { accountNumber: "F2", status: "accepted" });
      const correction = filing(a, pa, ra, {
        accountNumber: "F2",
        status: "accepted",
        corrects: accepted.id,
      });
      await insert(store, a, [accepted, correction]);
      assert.is((await run(store.scoped(a).filings.findFiledOriginal(accepted)))?.id, accepted.id);
      assert.is(await run(store.scoped(live).filings.findFiledOriginal(accepted)), undefined);
    },
  );

  s(
    "filings.updateMany: one patch for the listed filings in the given statuses, scoped; returns the ids changed",
    async ({ store, a, live, pa, ra }) => {
      const queued = [1, 2, 3].map((n) => filing(a, pa, ra, { accountNumber: `U${n}`, status: "queued" }));
      const ready = filing(a, pa, ra, { accountNumber: "U4" });
      const inCart = filing(a, pa, ra, { accountNumber: "U5", status: "in_cart" });
      await insert(store, a, [...queued, ready, inCart]);
      const at = "2026-03-01T00:00:00.000Z";
      // Ids unknown to the store first, so the listed filings straddle the adapters' statement chunks (5,000 ids).
      const unknown = Array.from({ length: 4999 }, () => randomUUID());
      const changed = await run(
        store
          .scoped(a)
          .filings.updateMany(
            [...unknown, ...[...queued, ready, inCart].map((f) => f.id)],
            ["queued", "in_cart"],
            { status: forced("submitted"), submittedAt: at, transmissionId: "tx-1", updatedAt: at },
          ),
      );
      assert.equal(
        [...changed].sort(),
        [...ids(queued), inCart.id].sort(),
        "every status listed, both chunks",
      );
      assert.is((await run(store.scoped(a).filings.get(inCart.id)))?.status, "submitted");
      assert.equal(
        await run(
          store.scoped(live).filings.updateMany(ids(queued), ["submitted"], { status: forced("voided") }),
        ),
        [],
        "another environment changes nothing",
      );
      assert.equal(
        await run(store.scoped(a).filings.updateMany([], ["submitted"], { status: forced("voided") })),
        [],
      );
      for (const f of queued) {
        const got = await run(store.scoped(a).filings.get(f.id));
        assert.is(got?.status, "submitted");
        assert.is(got?.transmissionId, "tx-1");
      }
      assert.is((await run(store.scoped(a).filings.get(ready.id)))?.status, ready.status);
      const errors = [{ code: "F1099NEC-001", severity: "error", xpath: "/x", message: "bad" }];
      assert.equal(
        await run(
          store.scoped(a).filings.updateMany([queued[0]!.id], ["submitted"], {
            status: forced("accepted_with_errors"),
            ackErrors: errors,
          }),
        ),
        [queued[0]!.id],
      );
      assert.equal((await run(store.scoped(a).filings.get(queued[0]!.id)))?.ackErrors, errors);
    },
  );

  s(
    "filings.recordReceipt: each submitted filing gets the receipt and its own submission and record ids",
    async ({ store, a, b, pa, ra }) => {
      const submitted = [1, 2].map((n) => filing(a, pa, ra, { accountNumber: `R${n}`, status: "submitted" }));
      const ready = filing(a, pa, ra, { accountNumber: "R3" });
      await insert(store, a, [...submitted, ready]);
      const receipt = { receiptId: "RCPT-1", transmissionId: "tx-2", updatedAt: "2026-03-01T00:00:00.000Z" };
      // Unknown ids first: the filings fall on both sides of the adapters' statement chunks (5,000 ids).
      const records = [
        ...Array.from({ length: 4999 }, (_, i) => ({
          filingId: randomUUID(),
          submissionId: 9,
          recordId: i + 1,
        })),
        ...[...submitted, ready].map((f, i) => ({ filingId: f.id, submissionId: 1, recordId: i + 1 })),
      ];
      assert.is(
        await run(store.scoped(b).filings.recordReceipt(receipt, records)),
        0,
        "another account changes nothing",
      );
      assert.is(await run(store.scoped(a).filings.recordReceipt(receipt, records)), 2);
      for (const [i, f] of submitted.entries()) {
        const got = await run(store.scoped(a).filings.get(f.id));
        assert.equal(
          [got?.receiptId, got?.transmissionId, got?.submissionId, got?.recordId],
          ["RCPT-1", "tx-2", 1, i + 1],
        );
      }
      assert.is((await run(store.scoped(a).filings.get(ready.id)))?.receiptId, null);
      assert.is(await run(store.scoped(a).filings.recordReceipt(receipt, [])), 0);
      const recs = await run(store.scoped(a).filings.receiptRecords("RCPT-1"));
      assert.equal(
        [...recs]
          .sort((x, y) => x.recordId - y.recordId)
          .map((r) => [r.filingId, r.submissionId, r.recordId, r.form, r.taxYear]),
        submitted.map((f, i) => [f.id, 1, i + 1, f.form, f.taxYear]),
      );
      assert.equal(await run(store.scoped(b).filings.receiptRecords("RCPT-1")), [], "scoped");
      assert.equal(await run(store.scoped(a).filings.receiptRecords("RCPT-none")), []);
    },
  );

  s(
    "filings.assignRecords at the claim, then recordReceipt: every read gives the receipt and its time; receiptRecords finds each filing once",
    async ({ store, a, b, pa, ra }) => {
      const queued = [1, 2, 3].map((n) => filing(a, pa, ra, { accountNumber: `Q${n}`, status: "queued" }));
      const earlier = filing(a, pa, ra, {
        accountNumber: "Q4",
        status: "submitted",
        transmissionId: "tx-old",
        submissionId: 7,
        recordId: 7,
      });
      await insert(store, a, [...queued, earlier]);
      const claimedAt = "2026-03-01T00:00:00.000Z";
      const receivedAt = "2026-03-01T00:05:00.000Z";
      const patch = {
        status: forced("submitted"),
        transmissionId: "tx-9",
        submittedAt: claimedAt,
        updatedAt: claimedAt,
      };
      // Unknown ids first: the filings fall on both sides of the adapters' statement chunks (5,000 ids).
      const records = [
        ...Array.from({ length: 4999 }, (_, i) => ({
          filingId: randomUUID(),
          submissionId: 9,
          recordId: i + 1,
        })),
        ...queued.slice(0, 2).map((f, i) => ({ filingId: f.id, submissionId: 1, recordId: i + 1 })),
      ];
      assert.equal(
        await run(store.scoped(b).filings.assignRecords(records, ["queued"], patch)),
        [],
        "scoped",
      );
      assert.equal(
        [...(await run(store.scoped(a).filings.assignRecords(records, ["queued"], patch)))].sort(),
        [queued[0]!.id, queued[1]!.id].sort(),
      );
      assert.equal(
        await run(store.scoped(a).filings.assignRecords(records, ["queued"], patch)),
        [],
        "guarded by status",
      );
      const claimed = await run(store.scoped(a).filings.get(queued[1]!.id));
      assert.equal(
        [
          claimed?.status,
          claimed?.transmissionId,
          claimed?.submissionId,
          claimed?.recordId,
          claimed?.receiptId,
        ],
        ["submitted", "tx-9", 1, 2, null],
      );
      assert.is((await run(store.scoped(a).filings.get(queued[2]!.id)))?.status, "queued");
      assert.equal(await run(store.scoped(a).filings.receiptRecords("RCPT-9")), []);

      const receipt = { receiptId: "RCPT-9", transmissionId: "tx-9", updatedAt: receivedAt };
      const sent = [
        ...queued.slice(0, 2).map((f, i) => ({ filingId: f.id, submissionId: 1, recordId: i + 1 })),
        { filingId: earlier.id, submissionId: 2, recordId: 1 },
      ];
      assert.is(await run(store.scoped(b).filings.recordReceipt(receipt, sent)), 0, "another account");
      assert.is(await run(store.scoped(a).filings.recordReceipt(receipt, sent)), 3);
      const want = [
        [queued[0]!.id, "RCPT-9", "tx-9", 1, 1, receivedAt],
        [queued[1]!.id, "RCPT-9", "tx-9", 1, 2, receivedAt],
        [earlier.id, "RCPT-9", "tx-9", 2, 1, receivedAt],
      ];
      const shape = (fs: readonly (Filing | undefined)[]) =>
        fs
          .map((f) => [f?.id, f?.receiptId, f?.transmissionId, f?.submissionId, f?.recordId, f?.updatedAt])
          .sort((x, y) => String(x[0]).localeCompare(String(y[0])));
      const sortedWant = [...want].sort((x, y) => String(x[0]).localeCompare(String(y[0])));
      const scoped = store.scoped(a).filings;
      assert.equal(
        shape(await Promise.all(want.map((w) => run(scoped.get(String(w[0])))))),
        sortedWant,
        "get",
      );
      assert.equal(
        shape([await run(scoped.get(queued[0]!.shortId))]),
        [sortedWant.find((w) => w[0] === queued[0]!.id)],
        "short id",
      );
      assert.equal(shape(await run(scoped.getMany(want.map((w) => String(w[0]))))), sortedWant, "getMany");
      assert.equal(shape(await run(scoped.listAll({ statuses: ["submitted"] }))), sortedWant, "listAll");
      assert.equal(
        shape((await run(scoped.list({ limit: 10, startingAfter: null }, { statuses: ["submitted"] }))).data),
        sortedWant,
        "list",
      );
      const recs = (await run(scoped.receiptRecords("RCPT-9"))).map((r) => [
        r.filingId,
        r.submissionId,
        r.recordId,
      ]);
      assert.equal(recs.sort(), want.map((w) => [w[0], w[3], w[4]]).sort());

      // A write that returns the filing gives it with its receipt; the acknowledgement may record it on the row.
      const touched = await run(
        scoped.update(queued[1]!.id, ["submitted"], { updatedAt: "2026-03-02T00:00:00.000Z" }),
      );
      assert.equal([touched?.receiptId, touched?.updatedAt], ["RCPT-9", "2026-03-02T00:00:00.000Z"]);
      await run(
        scoped.updateMany([queued[0]!.id], ["submitted"], {
          status: forced("accepted"),
          receiptId: "RCPT-9",
          updatedAt: "2026-03-03T00:00:00.000Z",
        }),
      );
      const accepted = await run(scoped.get(queued[0]!.id));
      assert.equal([accepted?.status, accepted?.receiptId], ["accepted", "RCPT-9"]);
      assert.is((await run(scoped.receiptRecords("RCPT-9"))).length, 3, "each filing once");
      assert.is((await run(scoped.get(queued[2]!.id)))?.receiptId, null);
      assert.equal(await run(store.scoped(b).filings.receiptRecords("RCPT-9")), [], "scoped");
    },
  );

  s(
    "filings.moveMany: updateMany returning id, form, tax year, corrects and recipient of each changed filing; scoped",
    async ({ store, a, live, pa, ra }) => {
      const submitted = [1, 2].map((n) =>
        filing(a, pa, ra, {
          accountNumber: `M${n}`,
          status: "submitted",
          taxYear: 2024,
          corrects: n === 2 ? randomUUID() : null,
        }),
      );
      const queued = filing(a, pa, ra, { accountNumber: "M3", status: "queued" });
      await insert(store, a, [...submitted, queued]);
      const at = "2026-03-01T00:00:00.000Z";
      const errors = [{ code: "F1099NEC-001", severity: "error", xpath: "/x", message: "bad" }];
      assert.equal(
        await run(
          store.scoped(live).filings.moveMany(ids(submitted), ["submitted"], { status: forced("accepted") }),
        ),
        [],
        "another environment changes nothing",
      );
      const moved = await run(
        store.scoped(a).filings.moveMany([...ids(submitted), queued.id], ["submitted"], {
          status: forced("accepted_with_errors"),
          acknowledgedAt: at,
          ackErrors: errors,
          updatedAt: at,
        }),
      );
      assert.equal(
        [...moved].sort((x, y) => (x.id < y.id ? -1 : 1)),
        submitted
          .map((f) => ({
            id: f.id,
            form: "1099-NEC",
            taxYear: 2024,
            corrects: f.corrects,
            recipientId: f.recipientId,
          }))
          .sort((x, y) => (x.id < y.id ? -1 : 1)),
      );
      const got = await run(store.scoped(a).filings.get(submitted[0]?.id ?? ""));
      assert.equal([got?.status, got?.acknowledgedAt, got?.ackErrors], ["accepted_with_errors", at, errors]);
      assert.is((await run(store.scoped(a).filings.get(queued.id)))?.status, "queued");
      assert.equal(
        await run(store.scoped(a).filings.moveMany([], ["submitted"], { status: forced("accepted") })),
        [],
      );
    },
  );

  s(
    "batches: a saved row's warnings (its filing's) and a refused row's come back as inserted, in order, scoped",
    async ({ store, a, b, pa, ra }) => {
      const finding = (code: string, record?: number) => ({
        code,
        severity: "Report Error and Reject if over Threshold" as const,
        path: "jsonForm.FederalIncomeTaxWithheldAmt",
        message: `IRS rule ${code} (Report Error and Reject if over Threshold): ...`,
        ...(record === undefined ? {} : { record, field: "PaymentAmount4", position: 91 }),
      });
      const warned = filing(a, pa, ra, { warnings: [finding("F1099NEC001", 3)], accountNumber: "BW-1" });
      const twice = filing(a, pa, ra, {
        warnings: [
          finding("F1099NEC001"),
          { ...finding("reporting_threshold"), severity: "Notice" as const },
        ],
        accountNumber: "BW-2",
      });
      const clean = filing(a, pa, ra, { accountNumber: "BW-3" });
      await insert(store, a, [warned, twice, clean]);
      const saved = (f: typeof warned, i: number) => ({
        reference: `w#${String(i)}`,
        id: f.id,
        status: "ready_to_file" as const,
        added_to_cart: false,
        cart_item_id: null,
        service: "efile" as const,
        form: "1099-NEC",
        ...(f.warnings.length > 0 ? { warnings: f.warnings } : {}),
      });
      const batch: Batch = {
        id: shortId("bat_"),
        accountId: a.accountId,
        livemode: false,
        kind: "payer_forms",
        payerId: pa.id,
        reference: null,
        created: 3,
        failed: 1,
        createdAt: at(),
        rows: [
          saved(warned, 0),
          {
            reference: "w#1",
            id: null,
            status: "failed",
            added_to_cart: false,
            cart_item_id: null,
            service: "efile",
            form: "1099-NEC",
            error: {
              type: "invalid_request",
              message: "refused",
              param: "jsonForm.X",
              rule: "irs_business_rule",
            },
            warnings: [finding("F1099NEC001", 4)],
          },
          saved(clean, 2),
          saved(twice, 3),
        ],
      };
      await run(store.scoped(a).batches.insert(batch));
      assert.equal(await run(store.scoped(a).batches.get(batch.id)), batch);
      assert.is(await run(store.scoped(b).batches.get(batch.id)), undefined);
    },
  );

  s("batches: insert and get (rows round-trip), scoped", async ({ store, a, b, live, pa }) => {
    const batch: Batch = {
      id: shortId("bat_"),
      accountId: a.accountId,
      livemode: false,
      kind: "payer_forms",
      payerId: pa.id,
      reference: "ref",
      created: 1,
      failed: 1,
      createdAt: at(),
      rows: [
        {
          reference: "ref#0",
          id: randomUUID(),
          status: "in_cart",
          added_to_cart: true,
          cart_item_id: "cit_1",
          service: "efile",
          form: "1099-NEC",
        },
        {
          reference: "ref#1",
          id: null,
          status: "failed",
          added_to_cart: false,
          cart_item_id: null,
          service: "efile_print_mail",
          error: {
            type: "invalid_request",
            message: "bad",
            param: "jsonForm.RecipientDetail.TIN",
            rule: "pattern",
          },
        },
      ],
    };
    await run(store.scoped(a).batches.insert(batch));
    assert.equal(await run(store.scoped(a).batches.get(batch.id)), batch);
    assert.is(await run(store.scoped(b).batches.get(batch.id)), undefined);
    assert.is(await run(store.scoped(live).batches.get(batch.id)), undefined);
    assert.is(await run(store.scoped(a).batches.get("bat_nosuchbatch")), undefined);
    const noPayer: Batch = {
      ...batch,
      id: shortId("bat_"),
      payerId: null,
      reference: null,
      kind: "filings_batch",
      rows: [],
    };
    await run(store.scoped(a).batches.insert(noPayer));
    assert.equal(await run(store.scoped(a).batches.get(noPayer.id)), noPayer);
  });

  s(
    "transaction: filings, recipients and the batch of a failed intake roll back together",
    async ({ store, a, pa }) => {
      const r = recipient(a, pa.id);
      const f = filing(a, pa, r);
      const batch: Batch = {
        id: shortId("bat_"),
        accountId: a.accountId,
        livemode: false,
        kind: "filing",
        payerId: pa.id,
        reference: null,
        created: 1,
        failed: 0,
        rows: [],
        createdAt: at(),
      };
      const exit = await Effect.runPromiseExit(
        inTransaction(store, a, (tx) =>
          Effect.gen(function* () {
            yield* tx.recipients.insertMany([r]);
            yield* tx.filings.insertMany([f]);
            yield* tx.batches.insert(batch);
            return yield* Effect.fail("boom" as const);
          }),
        ),
      );
      assert.is(exit._tag, "Failure");
      assert.is(await run(store.scoped(a).filings.get(f.id)), undefined);
      assert.is(await run(store.scoped(a).recipients.get(r.id)), undefined);
      assert.is(await run(store.scoped(a).batches.get(batch.id)), undefined);
      // Inside a transaction, the duplicate guard sees the transaction's own rows.
      const twice = await run(
        inTransaction(store, a, (tx) =>
          Effect.gen(function* () {
            yield* tx.recipients.insertMany([r]);
            const one = yield* tx.filings.insertMany([f]);
            const two = yield* tx.filings.insertMany([filing(a, pa, r)]);
            return [one.size, two.size];
          }),
        ),
      );
      assert.equal(twice, [1, 0]);
    },
  );

  return s;
}
