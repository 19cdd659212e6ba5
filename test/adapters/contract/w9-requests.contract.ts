// W-9 requests' storage (core/ports/w9-requests.port.ts, issue 40) against a store adapter: a round trip of every
// field (the signed W-9 as a document), scoping, paging newest first with filters, compare-and-set on the status,
// the link found by its token's hash across accounts, the due requests earliest expiry first, the requests of a
// TIN-match run and each recipient's latest completed request.
import { randomUUID } from "node:crypto";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { W9Request } from "../../../core/domain/w9/request.ts";
import { storeRows } from "../../support/rows.ts";
import {
  clock,
  contractSetup,
  run,
  type ContractContext,
  type OpenStore,
  type RoleStore,
} from "./harness.ts";

export type W9Store = RoleStore<"w9Requests", "w9Queue">;

export function w9RequestsContract(name: string, open: OpenStore<W9Store>) {
  const s = suite<ContractContext<W9Store>>(`W-9 requests contract: ${name}`);
  const at = clock(Date.UTC(2026, 0, 1));
  const { account } = storeRows(at);
  contractSetup(s, open, account);
  const request = (over: Partial<W9Request> = {}): W9Request => {
    const t = at();
    return {
      id: `w9r_${randomUUID().replaceAll("-", "").slice(0, 20)}`,
      payerId: randomUUID(),
      recipientId: null,
      name: "Ada Contractor",
      email: "ada@example.test",
      reference: null,
      reason: null,
      status: "sent",
      tokenHash: randomUUID(),
      sends: 1,
      emailStatus: "sent",
      emailFailure: null,
      letterStatus: null,
      letterVendorId: null,
      letterFailure: null,
      lastSentAt: t,
      expiresAt: "2026-02-01T00:00:00.000Z",
      completedAt: null,
      canceledAt: null,
      expiredAt: null,
      signed: null,
      tinCiphertext: null,
      tinMatchRun: null,
      tinMatchResult: null,
      createdAt: t,
      updatedAt: t,
      ...over,
    };
  };

  s("round trip, scoping, the link by its token's hash across accounts", async (c) => {
    const repo = c.store.scoped(c.a).w9Requests;
    const r = request({
      reference: "vendor-1",
      reason: "Please sign again.",
      letterStatus: "sent",
      letterVendorId: "ltr_0001",
    });
    await run(repo.insert(r));
    assert.equal(await run(repo.get(r.id)), r);
    assert.is(await run(c.store.scoped(c.b).w9Requests.get(r.id)), undefined);
    assert.is(await run(c.store.scoped(c.live).w9Requests.get(r.id)), undefined);
    assert.equal(await run(c.store.w9Queue.byToken(r.tokenHash)), { ...c.a, id: r.id });
    assert.is(await run(c.store.w9Queue.byToken(randomUUID())), undefined);
  });

  s("compare-and-set: a patch applies only from the statuses named; the signed W-9 reads back", async (c) => {
    const repo = c.store.scoped(c.a).w9Requests;
    const r = request({ recipientId: randomUUID() });
    await run(repo.insert(r));
    const signed = {
      fields: {
        name: "Ada Contractor",
        businessName: null,
        taxClassification: "individual" as const,
        llcCode: null,
        otherClassification: null,
        foreignPartners: false,
        exemptPayeeCode: null,
        fatcaCode: null,
        addressLine1: "1 Main St",
        addressLine2: null,
        city: "Austin",
        state: "TX",
        postalCode: "78701",
        accountNumbers: null,
        tinType: "ssn" as const,
      },
      signature: {
        item2Struck: false,
        signerName: "Ada Contractor",
        signedAt: "2026-01-02T00:00:00.000Z",
        ip: "203.0.113.7",
        userAgent: null,
        sentTo: "ada@example.test",
      },
      tinLast4: "1234",
      tinType: "ssn" as const,
      digest: "ab".repeat(32),
    };
    const done = await run(
      repo.update(r.id, ["sent"], {
        status: "completed",
        completedAt: "2026-01-02T00:00:00.000Z",
        signed,
        tinCiphertext: "sealed",
        tinMatchRun: "tmr_run1",
        tinMatchResult: "pending",
        updatedAt: "2026-01-02T00:00:00.000Z",
      }),
    );
    assert.equal(done?.signed, signed);
    assert.is(done?.status, "completed");
    assert.is(
      await run(repo.update(r.id, ["sent"], { status: "canceled", updatedAt: at() })),
      undefined,
      "no longer sent",
    );
    assert.is(
      await run(c.store.scoped(c.b).w9Requests.update(r.id, ["completed"], { reason: "x", updatedAt: at() })),
      undefined,
      "another account's",
    );
    assert.equal(
      (await run(repo.byTinMatchRun("tmr_run1"))).map((x) => x.id),
      [r.id],
    );
    const later = request({
      recipientId: r.recipientId,
      status: "completed",
      completedAt: "2026-01-03T00:00:00.000Z",
    });
    await run(repo.insert(later));
    assert.equal(
      (await run(repo.latestCompleted([r.recipientId ?? ""]))).map((x) => x.id),
      [later.id],
    );
  });

  s("paging newest first with status and recipient filters; the due requests earliest first", async (c) => {
    const repo = c.store.scoped(c.a).w9Requests;
    const recipient = randomUUID();
    const rows = [
      request({ expiresAt: "2026-01-20T00:00:00.000Z" }),
      request({ recipientId: recipient, expiresAt: "2026-01-10T00:00:00.000Z" }),
      request({ status: "canceled", expiresAt: "2026-01-05T00:00:00.000Z" }),
    ];
    for (const r of rows) await run(repo.insert(r));
    const first = await run(repo.list({ limit: 2, startingAfter: null }, {}));
    assert.equal(
      first.data.map((r) => r.id),
      [rows[2]?.id, rows[1]?.id],
    );
    assert.ok(first.hasMore);
    const rest = await run(repo.list({ limit: 2, startingAfter: first.nextCursor }, {}));
    assert.equal(
      rest.data.map((r) => r.id),
      [rows[0]?.id],
    );
    assert.equal(
      (await run(repo.list({ limit: 10, startingAfter: null }, { status: "sent" }))).data.map((r) => r.id),
      [rows[1]?.id, rows[0]?.id],
    );
    assert.equal(
      (await run(repo.list({ limit: 10, startingAfter: null }, { recipientId: recipient }))).data.map(
        (r) => r.id,
      ),
      [rows[1]?.id],
    );
    assert.ok((await run(repo.list({ limit: 10, startingAfter: "w9r_unknown000" }, {}))).cursorNotFound);
    const due = (await run(c.store.w9Queue.due("2026-01-15T00:00:00.000Z", 100))).filter(
      (d) => d.accountId === c.a.accountId,
    );
    assert.equal(
      due.map((d) => d.id),
      [rows[1]?.id],
      "open and past expiry only",
    );
  });

  return s;
}
