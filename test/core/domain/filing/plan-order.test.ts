// The transmission job's decisions as pure functions (issue 42): planOrder (claim, furnish, resume, leave),
// resumeByUtid (which filings resume an earlier transmission by its UTID) and refundDraft, as tables.
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Filing } from "../../../../core/domain/filing/filing.ts";
import { planOrder, refundDraft, resumeByUtid } from "../../../../core/domain/filing/plan-order.ts";
import type { FilingStatus, Service } from "../../../../core/domain/filing/status.ts";
import type { FilingToTransmit } from "../../../../core/domain/iris/transmission.ts";

const ORDER = "ord_1";
const NOW = "2026-02-02T12:00:00.000Z";
const UTID = "6f1c2b7e-3d4a-4b5c-8d9e-0a1b2c3d4e5f";

function filing(id: string, status: FilingStatus, extra: Partial<Filing> = {}): Filing {
  return {
    id,
    shortId: id.toUpperCase(),
    accountId: "acc",
    livemode: false,
    payerId: "payer",
    recipientId: `rcp_${id}`,
    form: "1099-NEC",
    taxYear: 2025,
    status,
    service: "efile" as Service,
    physicalMail: null,
    portalAccess: null,
    reference: null,
    batchId: null,
    orderId: ORDER,
    corrects: null,
    supersededBy: null,
    refileOf: null,
    receiptId: null,
    amountChargedCents: 299,
    jsonForm: {},
    accountNumber: null,
    recipientTinHash: "h",
    sealedTins: {},
    submittedAt: null,
    acknowledgedAt: null,
    voidedAt: null,
    ackErrors: null,
    warnings: [],
    amountRefundedCents: 0,
    transmissionId: null,
    submissionId: null,
    recordId: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...extra,
  };
}

const cases: {
  name: string;
  filings: Filing[];
  moves: [string, string, string[]][];
  claiming: string[];
  iris: string[];
  ssa: string[];
  earlierReceipts: string[];
}[] = [
  {
    name: "a queued e-file form is claimed and goes to IRIS",
    filings: [filing("a", "queued")],
    moves: [],
    claiming: ["a"],
    iris: ["a"],
    ssa: [],
    earlierReceipts: [],
  },
  {
    name: "a queued print-only form is furnished, not transmitted",
    filings: [filing("p", "queued", { service: "print_mail" })],
    moves: [["furnishing", "queued", ["p"]]],
    claiming: [],
    iris: [],
    ssa: [],
    earlierReceipts: [],
  },
  {
    name: "a form an earlier run claimed without a receipt is resumed, not claimed again",
    filings: [filing("r", "submitted", { transmissionId: UTID })],
    moves: [],
    claiming: [],
    iris: ["r"],
    ssa: [],
    earlierReceipts: [],
  },
  {
    name: "a form an earlier run sent has its receipt polled, and is not sent again",
    filings: [filing("s", "submitted", { receiptId: "2026-00000000001-ABCDEFGHI" })],
    moves: [],
    claiming: [],
    iris: [],
    ssa: [],
    earlierReceipts: ["2026-00000000001-ABCDEFGHI"],
  },
  {
    name: "a W-2 goes to the SSA",
    filings: [filing("w", "queued", { form: "W-2" })],
    moves: [],
    claiming: ["w"],
    iris: [],
    ssa: ["w"],
    earlierReceipts: [],
  },
  {
    name: "a voided or accepted form is left alone",
    filings: [filing("v", "voided"), filing("x", "accepted")],
    moves: [],
    claiming: [],
    iris: [],
    ssa: [],
    earlierReceipts: [],
  },
];

for (const c of cases)
  test(`planOrder: ${c.name}`, () => {
    const plan = planOrder(c.filings, ORDER, NOW);
    assert.equal(
      plan.moves.map((m) => [m.to, m.from, [...m.ids]]),
      c.moves,
    );
    assert.equal(
      plan.claiming.map((f) => f.id),
      c.claiming,
    );
    assert.equal(
      plan.iris.map((f) => f.id),
      c.iris,
    );
    assert.equal(
      plan.ssa.map((f) => f.id),
      c.ssa,
    );
    assert.equal(plan.earlierReceipts, c.earlierReceipts);
  });

test("planOrder: a claimed form is planned as the order's submitted form, at `now`", () => {
  const [claimed] = planOrder([filing("a", "queued")], ORDER, NOW).iris;
  assert.equal([claimed?.status, claimed?.submittedAt, claimed?.transmissionId], ["submitted", NOW, ORDER]);
});

test("resumeByUtid: only filings carrying a stored UTID (not the order's id) resume, grouped by it", () => {
  const t = (filingId: string) => ({ filingId }) as FilingToTransmit;
  const tid: Record<string, string | null> = { a: UTID, b: UTID, c: ORDER, d: null, e: "not-a-uuid" };
  const r = resumeByUtid([t("a"), t("b"), t("c"), t("d"), t("e")], (id) => tid[id] ?? null, ORDER);
  assert.equal(
    [...r.resumed].map(([k, v]) => [k, v.map((x) => x.filingId)]),
    [[UTID, ["a", "b"]]],
  );
  assert.equal(
    r.fresh.map((x) => x.filingId),
    ["c", "d", "e"],
  );
});

test("refundDraft: a charged form is refunded its charge; a free one has nothing to refund", () => {
  assert.equal(refundDraft(filing("a", "submitted")), {
    kind: "refund",
    amount_cents: 299,
    reference: "a",
    description: "Refund: filing A could not be transmitted",
  });
  assert.is(refundDraft(filing("b", "submitted", { amountChargedCents: 0 })), null);
});

test.run();
