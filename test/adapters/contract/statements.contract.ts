// Recipient statements and their deliveries (core/ports/statements.port.ts, issue 39) against a store adapter:
// one statement per filing, a plan recorded only at the epoch it read, one delivery per key, newest-first paging,
// scoping, and the store-wide sweep (pending statements, stalled deliveries, a vendor's letter id).
import { randomUUID } from "node:crypto";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { StatementDeliveryRecord } from "../../../core/ports/statements.port.ts";
import { storeRows } from "../../support/rows.ts";
import {
  clock,
  contractSetup,
  run,
  type ContractContext,
  type OpenStore,
  type TransactionalStore,
} from "./harness.ts";

export type StatementsStore = TransactionalStore<"statements", "statementQueue">;

export function statementsContract(name: string, open: OpenStore<StatementsStore>) {
  const s = suite<ContractContext<StatementsStore>>(`Statements contract: ${name}`);
  const at = clock(Date.UTC(2026, 0, 1));
  const { account } = storeRows(at);
  contractSetup(s, open, account);

  const delivery = (
    filingId: string,
    recipientId: string,
    key: string,
    createdAt: string,
    over: Partial<StatementDeliveryRecord> = {},
  ): StatementDeliveryRecord => ({
    id: `sdl_${randomUUID().replaceAll("-", "").slice(0, 20)}`,
    filingId,
    recipientId,
    channel: "mail",
    kind: "letter",
    key,
    status: "queued",
    vendorId: null,
    toEmail: null,
    failureReason: null,
    expectedDeliveryDate: null,
    events: [{ status: "queued", at: createdAt }],
    createdAt,
    updatedAt: createdAt,
    ...over,
  });

  s("a statement opens once per filing; a plan is recorded only at the epoch it read", async (c) => {
    const repo = c.store.scoped(c.a).statements;
    const filing = randomUUID(),
      recipient = randomUUID();
    assert.equal(await run(repo.open([{ filingId: filing, recipientId: recipient }], at())), [filing]);
    assert.equal(
      await run(repo.open([{ filingId: filing, recipientId: recipient }], at())),
      [],
      "opened once",
    );
    const opened = await run(repo.get(filing));
    assert.is(opened?.epoch, 1);
    assert.is(opened?.plannedEpoch, 0);
    const mine = async () =>
      (await run(c.store.statementQueue.pending(10_000))).filter((r) => r.accountId === c.a.accountId);
    assert.equal(await mine(), [{ accountId: c.a.accountId, livemode: false, filingId: filing }]);

    await run(repo.touchRecipient(recipient, at()));
    assert.equal(
      await run(repo.planned([{ filingId: filing, epoch: 1, furnished: true, notFurnished: null }], at())),
      [],
      "the statement changed after the plan read it",
    );
    assert.equal(
      await run(
        repo.planned([{ filingId: filing, epoch: 2, furnished: false, notFurnished: "no_consent" }], at()),
      ),
      [filing],
    );
    assert.equal(await run(repo.planned([], at())), []);
    const planned = await run(repo.get(filing));
    assert.is(planned?.plannedEpoch, 2);
    assert.is(planned?.notFurnished, "no_consent");
    assert.equal(await mine(), [], "planned: not pending");
    await run(repo.touch([filing], at()));
    assert.is((await mine()).length, 1, "touched: pending again");

    assert.ok(await run(repo.markMailRefunded(filing, 179, at())));
    assert.not.ok(await run(repo.markMailRefunded(filing, 179, at())), "refunded once");
    assert.is((await run(repo.get(filing)))?.mailRefundedCents, 179);

    assert.is(await run(c.store.scoped(c.b).statements.get(filing)), undefined, "another account");
    assert.is(await run(c.store.scoped(c.live).statements.get(filing)), undefined, "production");
  });

  s("plans recorded together: each at its own epoch, in its own scope only", async (c) => {
    const repo = c.store.scoped(c.a).statements;
    const [f1, f2, f3] = [randomUUID(), randomUUID(), randomUUID()];
    const recipient = randomUUID();
    await run(
      repo.open(
        [f1, f2, f3].map((filingId) => ({ filingId, recipientId: recipient })),
        at(),
      ),
    );
    await run(repo.touch([f2], at())); // f2 changed after the plan read it at epoch 1
    const plans = [f1, f2, f3].map((filingId) => ({
      filingId,
      epoch: 1,
      furnished: filingId === f1,
      notFurnished: filingId === f3 ? ("undeliverable" as const) : null,
    }));
    assert.equal(await run(c.store.scoped(c.b).statements.planned(plans, at())), [], "another account's");
    assert.equal([...(await run(repo.planned(plans, at())))].sort(), [f1, f3].sort());
    const got = new Map((await run(repo.getMany([f1, f2, f3]))).map((st) => [st.filingId, st] as const));
    assert.equal(
      [f1, f2, f3].map((f) => [got.get(f)?.plannedEpoch, got.get(f)?.furnished, got.get(f)?.notFurnished]),
      [
        [1, true, null],
        [0, false, null],
        [1, false, "undeliverable"],
      ],
    );
  });

  s("one delivery per key; a patch applies from the listed statuses and appends its event", async (c) => {
    const repo = c.store.scoped(c.a).statements;
    const filing = randomUUID(),
      recipient = randomUUID();
    const first = delivery(filing, recipient, `stmt_${filing}_v1_mail_a1`, at());
    assert.equal(await run(repo.insertDeliveries([first])), [first.id]);
    const again = delivery(filing, recipient, first.key, at());
    assert.equal(await run(repo.insertDeliveries([again])), [], "same key");
    assert.equal(
      await run(
        c.store.scoped(c.b).statements.insertDeliveries([delivery(filing, recipient, first.key, at())]),
      ).then((ids) => ids.length),
      1,
      "another account has its own keys",
    );

    const mailedAt = at();
    const mailed = await run(
      repo.updateDelivery(first.id, ["queued"], {
        status: "mailed",
        vendorId: "ltr_123",
        updatedAt: mailedAt,
        event: { status: "mailed", at: mailedAt },
      }),
    );
    assert.is(mailed?.status, "mailed");
    assert.equal(
      mailed?.events.map((e) => e.status),
      ["queued", "mailed"],
    );
    assert.is(
      await run(repo.updateDelivery(first.id, ["queued"], { status: "canceled", updatedAt: at() })),
      undefined,
      "not from mailed",
    );
    assert.is((await run(repo.getDelivery(first.id)))?.status, "mailed");
    assert.equal(await run(c.store.statementQueue.byVendorId("ltr_123")), {
      accountId: c.a.accountId,
      livemode: false,
      deliveryId: first.id,
    });
    assert.equal(await run(c.store.statementQueue.byDeliveryId(first.id)), {
      accountId: c.a.accountId,
      livemode: false,
      deliveryId: first.id,
    });
    assert.is(await run(c.store.statementQueue.byDeliveryId("sdl_unknown")), undefined);
    assert.is(await run(c.store.scoped(c.b).statements.getDelivery(first.id)), undefined, "another account");
  });

  s("deliveries list newest first, by status and filing, and page", async (c) => {
    const repo = c.store.scoped(c.a).statements;
    const filing = randomUUID(),
      recipient = randomUUID();
    const rows = [0, 1, 2].map((i) =>
      delivery(filing, recipient, `k${String(i)}`, at(), { status: i === 1 ? "returned" : "queued" }),
    );
    await run(repo.insertDeliveries(rows));
    const page1 = await run(repo.listDeliveries({ limit: 2, startingAfter: null }, {}));
    assert.equal(
      page1.data.map((d) => d.key),
      ["k2", "k1"],
    );
    assert.ok(page1.hasMore);
    const page2 = await run(repo.listDeliveries({ limit: 2, startingAfter: page1.data[1]?.id ?? null }, {}));
    assert.equal(
      page2.data.map((d) => d.key),
      ["k0"],
    );
    const returned = await run(
      repo.listDeliveries({ limit: 10, startingAfter: null }, { status: "returned" }),
    );
    assert.equal(
      returned.data.map((d) => d.key),
      ["k1"],
    );
    assert.equal(
      (await run(repo.deliveries([filing]))).map((d) => d.key),
      ["k0", "k1", "k2"],
      "a filing's deliveries oldest first",
    );
    const unknown = await run(repo.listDeliveries({ limit: 2, startingAfter: "sdl_nope" }, {}));
    assert.ok(unknown.cursorNotFound);
  });

  s("queued deliveries without a vendor id stall once older than the cutoff", async (c) => {
    const repo = c.store.scoped(c.a).statements;
    const filing = randomUUID(),
      recipient = randomUUID();
    const old = delivery(filing, recipient, "old", "2026-01-01T00:00:00.000Z");
    const sent = delivery(filing, recipient, "sent", "2026-01-01T00:00:00.000Z", { vendorId: "ltr_x" });
    const fresh = delivery(filing, recipient, "fresh", "2026-06-01T00:00:00.000Z");
    await run(repo.insertDeliveries([old, sent, fresh]));
    const stalled = (await run(c.store.statementQueue.stalled("2026-03-01T00:00:00.000Z", 10_000))).filter(
      (d) => d.accountId === c.a.accountId,
    );
    assert.equal(
      stalled.map((d) => d.deliveryId),
      [old.id],
    );
  });

  s(
    "a recipient without a consent row has none; a consent given, then withdrawn, reads back in its scope only",
    async (c) => {
      const r = randomUUID();
      assert.equal(await run(c.store.scoped(c.a).statements.consent(r)), {
        recipientId: r,
        status: "none",
        at: null,
      });
      assert.equal(
        (await run(c.store.scoped(c.a).statements.consents([r]))).map((x) => x.status),
        ["none"],
      );
      const given = "2026-01-05T10:00:00.000Z";
      await run(c.store.scoped(c.a).statements.setConsent(r, "given", given));
      assert.equal(await run(c.store.scoped(c.a).statements.consent(r)), {
        recipientId: r,
        status: "given",
        at: given,
      });
      await run(c.store.scoped(c.a).statements.setConsent(r, "withdrawn", "2026-01-06T10:00:00.000Z"));
      assert.is(
        (await run(c.store.scoped(c.a).statements.consent(r))).status,
        "withdrawn",
        "withdrawn replaces given",
      );
      assert.is((await run(c.store.scoped(c.b).statements.consent(r))).status, "none", "another account");
      assert.is((await run(c.store.scoped(c.live).statements.consent(r))).status, "none", "production");
    },
  );

  return s;
}
