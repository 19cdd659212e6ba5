import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import {
  LEDGER_KINDS,
  appendEntries,
  appendEntry,
  balanceOf,
  paymentDrafts,
  planPayment,
  verifyChain,
  type LedgerDraft,
  type LedgerEntry,
  type LedgerKind,
} from "../../../../core/domain/ledger/index.ts";

// ---- appendEntry --------------------------------------------------------------------------------------------
test("top-up then draw", () => {
  const a = appendEntry(0, { kind: "topup", amount_cents: 100000, reference: "ch_1", description: "Top-up" });
  assert.equal(a, {
    ok: true,
    entry: {
      kind: "topup",
      amount_cents: 100000,
      balance_after_cents: 100000,
      reference: "ch_1",
      description: "Top-up",
    },
  });
  const b = appendEntry(100000, { kind: "filing", amount_cents: -3388, reference: "ord_1" });
  assert.equal(b, {
    ok: true,
    entry: { kind: "filing", amount_cents: -3388, balance_after_cents: 96612, reference: "ord_1" },
  });
  if (b.ok) assert.not.ok("description" in b.entry);
});

test("sign rules per kind", () => {
  const cases: Array<[LedgerKind, number, boolean]> = [
    ["topup", 1, true],
    ["topup", 0, false],
    ["topup", -1, false],
    ["auto_topup", 500, true],
    ["auto_topup", -500, false],
    ["refund", 513, true],
    ["refund", -513, false],
    ["refund", 0, false],
    ["filing", -1, true],
    ["filing", 0, false],
    ["filing", 1, false],
    ["adjustment", 7, true],
    ["adjustment", -7, true],
    ["adjustment", 0, false],
    ["credit", 250000, true],
    ["credit", 0, false],
    ["credit", -1, false],
  ];
  for (const [kind, amount, ok] of cases) {
    const r = appendEntry(10, { kind, amount_cents: amount });
    assert.is(r.ok, ok, `${kind} ${amount}`);
    if (!r.ok) assert.is(r.error, "invalid_amount");
  }
});

test("integer cents only", () => {
  for (const amount of [1.5, Number.NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER + 2]) {
    const r = appendEntry(0, { kind: "topup", amount_cents: amount });
    assert.ok(!r.ok && r.error === "invalid_amount", String(amount));
  }
  assert.ok(!appendEntry(-1, { kind: "topup", amount_cents: 1 }).ok);
  assert.ok(!appendEntry(0.5, { kind: "topup", amount_cents: 1 }).ok);
  const overflow = appendEntry(Number.MAX_SAFE_INTEGER, { kind: "topup", amount_cents: 1 });
  assert.ok(!overflow.ok && overflow.error === "invalid_amount");
  const bad = appendEntry(0, { kind: "gift" as LedgerKind, amount_cents: 1 });
  assert.ok(!bad.ok && bad.error === "invalid_amount");
});

test("overdraw is insufficient_funds; exact draw to zero is fine", () => {
  const r = appendEntry(100, { kind: "filing", amount_cents: -101 });
  assert.ok(!r.ok && r.error === "insufficient_funds");
  const adj = appendEntry(100, { kind: "adjustment", amount_cents: -101 });
  assert.ok(!adj.ok && adj.error === "insufficient_funds");
  const z = appendEntry(100, { kind: "filing", amount_cents: -100 });
  assert.ok(z.ok && z.entry.balance_after_cents === 0);
});

// ---- verifyChain --------------------------------------------------------------------------------------------
test("verifyChain examples", () => {
  const chain: LedgerEntry[] = [
    { kind: "topup", amount_cents: 1000, balance_after_cents: 1000 },
    { kind: "filing", amount_cents: -300, balance_after_cents: 700 },
    { kind: "refund", amount_cents: 100, balance_after_cents: 800 },
  ];
  assert.is(verifyChain(chain), null);
  assert.is(verifyChain([]), null);
  assert.is(verifyChain(chain.slice(1), 1000), null);
  assert.is(verifyChain(chain.slice(1)), 0);
  assert.is(verifyChain([{ kind: "topup", amount_cents: 5, balance_after_cents: 6 }]), 0); // not from 0
  assert.is(verifyChain([...chain, { kind: "filing", amount_cents: -900, balance_after_cents: -100 }]), 3); // negative
  assert.is(
    verifyChain([chain[0] as LedgerEntry, { kind: "filing", amount_cents: 300, balance_after_cents: 1300 }]),
    1,
  ); // sign
  assert.is(
    verifyChain([
      chain[0] as LedgerEntry,
      { kind: "filing", amount_cents: -0.5, balance_after_cents: 999.5 },
    ]),
    1,
  );
  assert.is(balanceOf(chain), 800);
  assert.is(balanceOf([]), 0);
});

// ---- properties ---------------------------------------------------------------------------------------------
const draftArb: fc.Arbitrary<LedgerDraft> = fc
  .tuple(
    fc.constantFrom(...LEDGER_KINDS),
    fc.integer({ min: 1, max: 50000 }),
    fc.boolean(),
    fc.option(fc.string({ maxLength: 8 }), { nil: undefined }),
  )
  .map(([kind, magnitude, negativeAdjustment, reference]) => {
    const amount =
      kind === "filing" || (kind === "adjustment" && negativeAdjustment) ? -magnitude : magnitude;
    return reference === undefined
      ? { kind, amount_cents: amount }
      : { kind, amount_cents: amount, reference };
  });

/** Builds a chain from drafts, skipping the refused ones (overdraws). */
function build(drafts: readonly LedgerDraft[]): LedgerEntry[] {
  const out: LedgerEntry[] = [];
  for (const d of drafts) {
    const r = appendEntry(balanceOf(out), d);
    if (r.ok) out.push(r.entry);
    else assert.is(r.error, "insufficient_funds");
  }
  return out;
}

test("property: chains built from random valid drafts always verify, balance never negative", () => {
  fc.assert(
    fc.property(fc.array(draftArb, { maxLength: 60 }), (drafts) => {
      const chain = build(drafts);
      assert.is(verifyChain(chain), null);
      assert.ok(chain.every((e) => e.balance_after_cents >= 0));
      assert.is(
        balanceOf(chain),
        chain.reduce((s, e) => s + e.amount_cents, 0),
      );
    }),
  );
});

test("property: tampering with one entry is found at that entry", () => {
  fc.assert(
    fc.property(
      fc.array(draftArb, { minLength: 1, maxLength: 40 }),
      fc.nat(),
      fc.integer({ min: 1, max: 1000 }),
      (drafts, at, delta) => {
        const chain = build(drafts);
        fc.pre(chain.length > 0);
        const i = at % chain.length;
        const e = chain[i] as LedgerEntry;
        const tampered = [...chain];
        tampered[i] = { ...e, balance_after_cents: e.balance_after_cents + delta };
        assert.is(verifyChain(tampered), i);
      },
    ),
  );
});

test("property: an overdraw is refused and leaves nothing appended", () => {
  fc.assert(
    fc.property(
      fc.array(draftArb, { maxLength: 30 }),
      fc.integer({ min: 1, max: 100000 }),
      fc.array(draftArb, { maxLength: 5 }),
      (drafts, excess, before) => {
        const chain = build(drafts);
        const snapshot = JSON.stringify(chain);
        const balance = balanceOf(chain);
        const overdraw: LedgerDraft = { kind: "filing", amount_cents: -(balance + excess) };
        const single = appendEntry(balance, overdraw);
        assert.ok(!single.ok && single.error === "insufficient_funds");
        // a batch containing an overdraw appends nothing at all, wherever the overdraw sits
        const batch = appendEntries(balance, [
          ...before,
          { kind: "filing", amount_cents: -(Number.MAX_SAFE_INTEGER - 1) },
        ]);
        assert.is(batch.ok, false);
        if (!batch.ok) assert.is(batch.error, "insufficient_funds");
        assert.is(JSON.stringify(chain), snapshot);
        assert.is(verifyChain(chain), null);
      },
    ),
  );
});

test("appendEntries all-or-nothing reports the refused index", () => {
  const r = appendEntries(100, [
    { kind: "filing", amount_cents: -50 },
    { kind: "topup", amount_cents: 0 },
  ]);
  assert.equal(r.ok ? null : [r.index, r.error], [1, "invalid_amount"]);
  const ok = appendEntries(100, [
    { kind: "filing", amount_cents: -50 },
    { kind: "refund", amount_cents: 20 },
  ]);
  assert.ok(ok.ok && ok.balance_after_cents === 70 && ok.entries.length === 2);
});

// ---- planPayment ------------------------------------------------------------------------------------------------
const noAuto = null;
const auto = { enabled: true, threshold_cents: 5000, topup_cents: 20000 };

test("planPayment: balance first, then card", () => {
  assert.equal(
    planPayment({ balanceCents: 100000, totalCents: 3388, autoReplenish: noAuto, hasCard: false }),
    {
      ok: true,
      fromBalanceCents: 3388,
      fromCardCents: 0,
      autoTopupCents: 0,
      balanceAfterCents: 96612,
    },
  );
  assert.equal(planPayment({ balanceCents: 1000, totalCents: 3388, autoReplenish: noAuto, hasCard: true }), {
    ok: true,
    fromBalanceCents: 1000,
    fromCardCents: 2388,
    autoTopupCents: 0,
    balanceAfterCents: 0,
  });
  const r = planPayment({ balanceCents: 1000, totalCents: 3388, autoReplenish: auto, hasCard: false });
  assert.ok(!r.ok && r.error === "payment_required");
  assert.equal(planPayment({ balanceCents: 0, totalCents: 0, autoReplenish: auto, hasCard: false }), {
    ok: true,
    fromBalanceCents: 0,
    fromCardCents: 0,
    autoTopupCents: 0,
    balanceAfterCents: 0,
  });
  const bad = planPayment({ balanceCents: 1.5, totalCents: 1, autoReplenish: null, hasCard: true });
  assert.ok(!bad.ok && bad.error === "invalid_amount");
  const bad2 = planPayment({ balanceCents: 1, totalCents: -1, autoReplenish: null, hasCard: true });
  assert.ok(!bad2.ok && bad2.error === "invalid_amount");
});

test("planPayment: auto-replenish after a draw that leaves the balance below the threshold", () => {
  // draw leaves 6000 >= 5000: no top-up
  assert.is(
    (
      planPayment({ balanceCents: 10000, totalCents: 4000, autoReplenish: auto, hasCard: true }) as {
        autoTopupCents: number;
      }
    ).autoTopupCents,
    0,
  );
  // draw leaves exactly the threshold: no top-up (strictly below triggers)
  assert.is(
    (
      planPayment({ balanceCents: 10000, totalCents: 5000, autoReplenish: auto, hasCard: true }) as {
        autoTopupCents: number;
      }
    ).autoTopupCents,
    0,
  );
  // draw leaves 4999: one top-up
  assert.equal(planPayment({ balanceCents: 10000, totalCents: 5001, autoReplenish: auto, hasCard: true }), {
    ok: true,
    fromBalanceCents: 5001,
    fromCardCents: 0,
    autoTopupCents: 20000,
    balanceAfterCents: 24999,
  });
  // balance exhausted, remainder on the card, then one top-up
  assert.equal(planPayment({ balanceCents: 1000, totalCents: 3388, autoReplenish: auto, hasCard: true }), {
    ok: true,
    fromBalanceCents: 1000,
    fromCardCents: 2388,
    autoTopupCents: 20000,
    balanceAfterCents: 20000,
  });
  // no draw (balance 0): no top-up
  assert.is(
    (
      planPayment({ balanceCents: 0, totalCents: 3388, autoReplenish: auto, hasCard: true }) as {
        autoTopupCents: number;
      }
    ).autoTopupCents,
    0,
  );
  // disabled, or no card: no top-up
  assert.is(
    (
      planPayment({
        balanceCents: 10000,
        totalCents: 9000,
        autoReplenish: { ...auto, enabled: false },
        hasCard: true,
      }) as { autoTopupCents: number }
    ).autoTopupCents,
    0,
  );
  assert.is(
    (
      planPayment({ balanceCents: 10000, totalCents: 9000, autoReplenish: auto, hasCard: false }) as {
        autoTopupCents: number;
      }
    ).autoTopupCents,
    0,
  );
});

test("property: plan splits the total exactly and its drafts append cleanly", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 1_000_000 }),
      fc.integer({ min: 0, max: 1_000_000 }),
      fc.option(
        fc.record({
          enabled: fc.boolean(),
          threshold_cents: fc.integer({ min: 0, max: 100000 }),
          topup_cents: fc.integer({ min: 0, max: 100000 }),
        }),
        { nil: null },
      ),
      fc.boolean(),
      fc.boolean(),
      (balance, total, ar, hasCard, topupSucceeds) => {
        const p = planPayment({ balanceCents: balance, totalCents: total, autoReplenish: ar, hasCard });
        if (!p.ok) {
          assert.is(p.error, "payment_required");
          assert.ok(!hasCard && balance < total);
          return;
        }
        assert.is(p.fromBalanceCents + p.fromCardCents, total);
        assert.ok(p.fromBalanceCents >= 0 && p.fromBalanceCents <= balance && p.fromCardCents >= 0);
        if (p.fromCardCents > 0) assert.ok(hasCard && p.fromBalanceCents === balance);
        if (p.autoTopupCents > 0) {
          assert.ok(hasCard && ar !== null && ar.enabled && p.fromBalanceCents > 0);
          assert.ok(balance - p.fromBalanceCents < (ar?.threshold_cents ?? 0));
        }
        const drafts = paymentDrafts(p, "ord_x", { includeAutoTopup: topupSucceeds });
        const r = appendEntries(balance, drafts);
        assert.ok(r.ok);
        if (r.ok) {
          const expected = topupSucceeds ? p.balanceAfterCents : p.balanceAfterCents - p.autoTopupCents;
          assert.is(r.balance_after_cents, expected);
        }
      },
    ),
  );
});

test("paymentDrafts order and shape", () => {
  const p = planPayment({ balanceCents: 1000, totalCents: 3388, autoReplenish: auto, hasCard: true });
  assert.ok(p.ok);
  if (!p.ok) return;
  const drafts = paymentDrafts(p, "ord_1", { orderLabel: "2026-000001" });
  assert.equal(
    drafts.map((d) => [d.kind, d.amount_cents, d.reference]),
    [
      ["filing", -1000, "ord_1"],
      ["auto_topup", 20000, "ord_1"],
    ],
  );
  assert.is(drafts[0]?.description, "Order 2026-000001");
  const cardOnly = planPayment({ balanceCents: 0, totalCents: 500, autoReplenish: null, hasCard: true });
  assert.ok(cardOnly.ok && paymentDrafts(cardOnly, "ord_2").length === 0);
});

test.run();
