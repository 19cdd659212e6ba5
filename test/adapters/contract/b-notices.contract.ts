// B-notices' storage (core/ports/b-notices.port.ts, issue 40 item 4) against a store adapter: a round trip of every
// field, scoping, one notice per natural key (recipient, account, tax year, CP2100 date), a recipient's history
// oldest first, paging newest first with filters, compare-and-set on the status, the stalled queued notices and the
// open notices whose withhold-by date is reached.
import { randomUUID } from "node:crypto";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { BNotice } from "../../../core/domain/w9/b-notice-record.ts";
import { storeRows } from "../../support/rows.ts";
import {
  clock,
  contractSetup,
  run,
  type ContractContext,
  type OpenStore,
  type RoleStore,
} from "./harness.ts";

export type BNoticeStore = RoleStore<"bNotices", "bNoticeQueue">;

export function bNoticesContract(name: string, open: OpenStore<BNoticeStore>) {
  const s = suite<ContractContext<BNoticeStore>>(`B-notices contract: ${name}`);
  const at = clock(Date.UTC(2026, 0, 1));
  const { account } = storeRows(at);
  contractSetup(s, open, account);
  const notice = (over: Partial<BNotice> = {}): BNotice => {
    const t = at();
    return {
      id: `bn_${randomUUID().replaceAll("-", "").slice(0, 20)}`,
      payerId: randomUUID(),
      recipientId: randomUUID(),
      accountNumber: "A-1",
      kind: "first",
      uploadId: "cp2_upload0001",
      line: 2,
      taxYear: 2025,
      noticeDate: "2026-10-05",
      receivedDate: "2026-10-08",
      sendBy: "2026-10-29",
      withholdBy: "2026-11-20",
      status: "queued",
      tinType: "ssn",
      tinLast4: "3001",
      letterVendorId: null,
      letterFailure: null,
      w9RequestId: null,
      sentAt: null,
      withholdingRequiredAt: null,
      clearedAt: null,
      clearedBy: null,
      clearedReference: null,
      createdAt: t,
      updatedAt: t,
      ...over,
    };
  };

  s("round trip, scoping, one notice per natural key", async (c) => {
    const repo = c.store.scoped(c.a).bNotices;
    const n = notice({ letterVendorId: "ltr_1", sentAt: "2026-10-09T00:00:00.000Z", status: "mailed" });
    assert.is(await run(repo.insert(n)), true);
    assert.equal(await run(repo.get(n.id)), n);
    assert.is(await run(c.store.scoped(c.b).bNotices.get(n.id)), undefined);
    assert.is(await run(c.store.scoped(c.live).bNotices.get(n.id)), undefined);
    const again = notice({ recipientId: n.recipientId });
    assert.is(await run(repo.insert(again)), false, "the same recipient, account, year and CP2100");
    assert.is(await run(repo.get(again.id)), undefined);
    assert.is(await run(repo.insert(notice({ recipientId: n.recipientId, taxYear: 2024 }))), true);
    assert.is(await run(repo.insert(notice({ recipientId: n.recipientId, accountNumber: null }))), true);
    assert.is(
      await run(repo.insert(notice({ recipientId: n.recipientId, accountNumber: null }))),
      false,
      "no account number is a key too",
    );
    assert.is(
      await run(c.store.scoped(c.b).bNotices.insert(notice({ recipientId: n.recipientId }))),
      true,
      "another account's notice is its own",
    );
  });

  s("history oldest first, paging newest first with filters", async (c) => {
    const repo = c.store.scoped(c.a).bNotices;
    const recipient = randomUUID();
    const payer = randomUUID();
    const first = notice({ recipientId: recipient, payerId: payer, noticeDate: "2024-10-01" });
    const second = notice({
      recipientId: recipient,
      payerId: payer,
      kind: "second",
      uploadId: "cp2_upload0002",
    });
    const other = notice({ payerId: payer });
    for (const n of [first, second, other]) await run(repo.insert(n));
    assert.equal(
      (await run(repo.ofRecipients([recipient, "not-a-uuid"]))).map((n) => n.id),
      [first.id, second.id],
    );
    assert.equal(await run(repo.ofRecipients([])), []);
    const page = await run(repo.list({ limit: 10, startingAfter: null }, { recipientId: recipient }));
    assert.equal(
      page.data.map((n) => n.id),
      [second.id, first.id],
    );
    const byUpload = await run(repo.list({ limit: 10, startingAfter: null }, { uploadId: "cp2_upload0002" }));
    assert.equal(
      byUpload.data.map((n) => n.id),
      [second.id],
    );
    const byPayer = await run(repo.list({ limit: 2, startingAfter: null }, { payerId: payer }));
    assert.equal(
      byPayer.data.map((n) => n.id),
      [other.id, second.id],
    );
    assert.is(byPayer.hasMore, true);
    const rest = await run(repo.list({ limit: 2, startingAfter: second.id }, { payerId: payer }));
    assert.equal(
      rest.data.map((n) => n.id),
      [first.id],
    );
    const none = await run(repo.list({ limit: 10, startingAfter: null }, { recipientId: "nope" }));
    assert.equal(none.data, []);
  });

  s("compare-and-set on the status", async (c) => {
    const repo = c.store.scoped(c.a).bNotices;
    const n = notice();
    await run(repo.insert(n));
    const mailed = await run(
      repo.update(n.id, ["queued"], {
        status: "mailed",
        letterVendorId: "ltr_2",
        sentAt: "2026-10-09T00:00:00.000Z",
        updatedAt: "2026-10-09T00:00:00.000Z",
      }),
    );
    assert.equal([mailed?.status, mailed?.letterVendorId], ["mailed", "ltr_2"]);
    assert.is(
      await run(repo.update(n.id, ["queued"], { status: "emailed", updatedAt: "2026-10-09T00:00:00.000Z" })),
      undefined,
      "no longer queued",
    );
    assert.is(
      await run(
        c.store.scoped(c.b).bNotices.update(n.id, ["mailed"], {
          status: "cleared",
          updatedAt: "2026-10-10T00:00:00.000Z",
        }),
      ),
      undefined,
      "another account cannot",
    );
    const cleared = await run(
      repo.update(n.id, ["mailed"], {
        status: "cleared",
        clearedAt: "2026-10-10T00:00:00.000Z",
        clearedBy: "new_w9",
        clearedReference: "w9r_abc123",
        updatedAt: "2026-10-10T00:00:00.000Z",
      }),
    );
    assert.equal([cleared?.status, cleared?.clearedBy], ["cleared", "new_w9"]);
  });

  s("withholding marked required once, only on an open notice", async (c) => {
    const repo = c.store.scoped(c.a).bNotices;
    const open = notice({ status: "mailed" });
    const cleared = notice({ status: "cleared" });
    for (const n of [open, cleared]) await run(repo.insert(n));
    const at = "2026-11-20T12:00:00.000Z";
    assert.is(await run(c.store.scoped(c.b).bNotices.markWithholdingRequired(open.id, at)), undefined);
    const marked = await run(repo.markWithholdingRequired(open.id, at));
    assert.equal([marked?.withholdingRequiredAt, marked?.updatedAt, marked?.status], [at, at, "mailed"]);
    assert.is(await run(repo.markWithholdingRequired(open.id, at)), undefined, "once");
    assert.is(await run(repo.markWithholdingRequired(cleared.id, at)), undefined, "not a cleared notice");
  });

  s("the stalled queued notices and the withholding due", async (c) => {
    const repo = c.store.scoped(c.a).bNotices;
    const stalled = notice({ createdAt: "2026-01-01T00:00:00.000Z" });
    const fresh = notice({ createdAt: "2026-06-01T00:00:00.000Z" });
    const mailed = notice({
      status: "mailed",
      createdAt: "2026-01-01T00:00:00.000Z",
      withholdBy: "2026-02-01",
    });
    const flagged = notice({
      status: "mailed",
      withholdBy: "2026-02-01",
      withholdingRequiredAt: "2026-02-01T00:00:00.000Z",
    });
    const cleared = notice({ status: "cleared", withholdBy: "2026-02-01" });
    const later = notice({ status: "mailed", withholdBy: "2026-03-01" });
    for (const n of [stalled, fresh, mailed, flagged, cleared, later]) await run(repo.insert(n));
    const mine = new Set([stalled, fresh, mailed, flagged, cleared, later].map((n) => n.id));
    const st = (await run(c.store.bNoticeQueue.stalled("2026-03-01T00:00:00.000Z", 100))).filter((r) =>
      mine.has(r.id),
    );
    assert.equal(st, [{ ...c.a, id: stalled.id }]);
    const due = (await run(c.store.bNoticeQueue.withholdingDue("2026-02-01", 100))).filter((r) =>
      mine.has(r.id),
    );
    assert.equal(
      due.map((r) => r.id),
      [mailed.id],
    );
    const dueLater = (await run(c.store.bNoticeQueue.withholdingDue("2026-03-01", 100))).filter((r) =>
      mine.has(r.id),
    );
    assert.equal(
      dueLater.map((r) => r.id),
      [mailed.id, later.id],
      "earliest withhold-by first",
    );
  });

  return s;
}
