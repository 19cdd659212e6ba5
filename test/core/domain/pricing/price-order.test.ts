import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import {
  DEFAULT_RATE_CARD,
  buildRateCard,
  deliveryOf,
  priceOrder,
  resolveDelivery,
  type PricedOrder,
  type PricingItem,
  type RateCard,
} from "../../../../core/domain/pricing/index.ts";

const card = DEFAULT_RATE_CARD;

const efileItems = (n: number, kind: PricingItem["kind"] = "original", service = "efile"): PricingItem[] =>
  Array.from({ length: n }, (_, i) => ({ ref: `f${i}`, delivery: deliveryOf(service), kind }));

const line = (o: PricedOrder, type: string): number =>
  o.charge_lines.find((l) => l.type === type)?.amount_cents ?? 0;

// Naive reference: the price of position p, looked up per position.
function unitAt(c: RateCard, p: number): number {
  const b = c.efile_brackets.find((x) => p >= x.from && (x.to === null || p <= x.to));
  if (b === undefined) throw new Error("no bracket");
  return b.efile_cents;
}
function naiveTotal(c: RateCard, items: readonly PricingItem[]): number {
  let pos = 0;
  let total = 0;
  for (const it of items) {
    if (it.kind === "correction") total += c.correction_cents;
    else if (it.kind === "original" && it.delivery.efile) total += unitAt(c, ++pos);
    if (it.delivery.printMail) total += c.print_mail_cents;
    if (it.delivery.portal) total += c.recipient_portal_cents;
  }
  return total;
}

// ---- arbitraries ----------------------------------------------------------------------------------------------
const deliveryArb = fc
  .tuple(
    fc.constantFrom<unknown>("efile", "efile_print_mail", "print_mail", "bogus", undefined),
    fc.constantFrom<boolean | undefined>(true, false, undefined),
    fc.constantFrom<boolean | undefined>(true, false, undefined),
  )
  .map(([s, pm, pa]) => resolveDelivery(s, pm, pa))
  .filter((r) => r.ok)
  .map((r) => (r.ok ? r.delivery : deliveryOf("efile")));
const itemArb: fc.Arbitrary<PricingItem> = fc.record({
  ref: fc.string({ maxLength: 6 }),
  delivery: deliveryArb,
  kind: fc.constantFrom<PricingItem["kind"]>("original", "original", "original", "correction", "refile"),
});
const itemsArb = fc.oneof(
  fc.array(itemArb, { maxLength: 40 }),
  // long orders reaching the 1001+ and 10001+ brackets, built from a few repeated items
  fc
    .tuple(fc.array(itemArb, { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 12000 }))
    .map(([base, n]) => Array.from({ length: n }, (_, i) => base[i % base.length] as PricingItem)),
);
const cardArb: fc.Arbitrary<RateCard> = fc
  .tuple(
    fc.array(fc.tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 500 })), { maxLength: 5 }),
    fc.integer({ min: 0, max: 500 }),
    fc.integer({ min: 0, max: 500 }),
    fc.integer({ min: 0, max: 500 }),
    fc.integer({ min: 0, max: 500 }),
  )
  .map(([ws, last, pm, po, co]) => {
    let from = 1;
    const brackets: Array<{ from: number; to: number | null; efile_cents: number }> = [];
    for (const [w, c] of ws) {
      brackets.push({ from, to: from + w - 1, efile_cents: c });
      from += w;
    }
    brackets.push({ from, to: null, efile_cents: last });
    const r = buildRateCard({
      efile_brackets: brackets,
      print_mail_cents: pm,
      recipient_portal_cents: po,
      correction_cents: co,
    });
    if (!r.ok) throw new Error(r.message);
    return r.card;
  });
const anyCard = fc.oneof(fc.constant(DEFAULT_RATE_CARD), cardArb);

// ---- properties ----------------------------------------------------------------------------------------------
test("property: total equals the sum of the charge lines, and the naive per-position price", () => {
  fc.assert(
    fc.property(anyCard, itemsArb, (c, items) => {
      const o = priceOrder(c, items);
      assert.is(
        o.charge_lines.reduce((s, l) => s + l.amount_cents, 0),
        o.total_cents,
      );
      assert.is(o.total_cents, naiveTotal(c, items));
      assert.ok(o.charge_lines.every((l) => l.amount_cents !== 0 && Number.isSafeInteger(l.amount_cents)));
    }),
    { numRuns: 200 },
  );
});

test("property: items' amounts sum to the total; each item's lines sum to its amount", () => {
  fc.assert(
    fc.property(anyCard, itemsArb, (c, items) => {
      const o = priceOrder(c, items);
      assert.is(o.items.length, items.length);
      assert.is(
        o.items.reduce((s, it) => s + it.amount_cents, 0),
        o.total_cents,
      );
      o.items.forEach((it, i) => {
        assert.is(it.ref, items[i]?.ref);
        assert.is(
          it.lines.reduce((s, l) => s + l.amount_cents, 0),
          it.amount_cents,
        );
        assert.ok(it.lines.every((l) => l.amount_cents !== 0));
      });
      // per type, items' lines sum to the order's line
      for (const l of o.charge_lines) {
        const sum = o.items.reduce(
          (s, it) => s + it.lines.filter((x) => x.type === l.type).reduce((a, x) => a + x.amount_cents, 0),
          0,
        );
        assert.is(sum, l.amount_cents);
      }
    }),
    { numRuns: 200 },
  );
});

test("property: adding a form anywhere never lowers the total", () => {
  fc.assert(
    fc.property(anyCard, itemsArb, itemArb, fc.nat(), (c, items, extra, at) => {
      const idx = items.length === 0 ? 0 : at % (items.length + 1);
      const more = [...items.slice(0, idx), extra, ...items.slice(idx)];
      assert.ok(priceOrder(c, more).total_cents >= priceOrder(c, items).total_cents);
    }),
    { numRuns: 200 },
  );
});

test("property: segments tile positions 1..n without gaps and sum to the FederalEFile line", () => {
  fc.assert(
    fc.property(anyCard, itemsArb, (c, items) => {
      const o = priceOrder(c, items);
      const n = items.filter((it) => it.kind === "original" && it.delivery.efile).length;
      let next = 1;
      let sum = 0;
      for (const s of o.pricing_segments) {
        assert.is(s.pricing_group, "FederalInformationReturns");
        assert.is(s.from_position, next);
        assert.ok(s.to_position >= s.from_position);
        assert.is(s.quantity, s.to_position - s.from_position + 1);
        assert.is(s.amount_cents, s.quantity * s.unit_cents);
        next = s.to_position + 1;
        sum += s.amount_cents;
      }
      assert.is(next - 1, n);
      assert.is(sum, line(o, "FederalEFile"));
      // positions are 1..n in item order
      const positions = o.items.map((it) => it.efile_position).filter((p): p is number => p !== null);
      assert.equal(
        positions,
        Array.from({ length: n }, (_, i) => i + 1),
      );
    }),
    { numRuns: 200 },
  );
});

// ---- bracket boundaries --------------------------------------------------------------------------------------
const boundaries: Array<[number, number, string[]]> = [
  [10, 2990, ["1-10"]],
  [11, 3189, ["1-10", "11-100"]],
  [100, 20900, ["1-10", "11-100"]],
  [101, 21019, ["1-10", "11-100", "101-1000"]],
  [1000, 128000, ["1-10", "11-100", "101-1000"]],
  [1001, 128079, ["1-10", "11-100", "101-1000", "1001-10000"]],
  [10000, 839000, ["1-10", "11-100", "101-1000", "1001-10000"]],
  [10001, 839049, ["1-10", "11-100", "101-1000", "1001-10000", "10001+"]],
];
for (const [n, efile, brackets] of boundaries) {
  test(`bracket boundary: ${n} e-filed forms`, () => {
    const o = priceOrder(card, efileItems(n));
    assert.is(line(o, "FederalEFile"), efile);
    assert.is(line(o, "RecipientPortal"), 35 * n);
    assert.is(line(o, "PrintAndMail"), 0);
    assert.is(o.total_cents, efile + 35 * n);
    assert.equal(
      o.pricing_segments.map((s) => s.bracket),
      brackets,
    );
    assert.is(o.pricing_segments.at(-1)?.to_position, n);
    const lastUnit = o.pricing_segments.at(-1)?.unit_cents;
    assert.is(o.items.at(-1)?.lines.find((l) => l.type === "FederalEFile")?.amount_cents, lastUnit);
    assert.is(o.charge_lines[0]?.label, `Federal e-file (${n} forms)`);
  });
}

test("segments for 12 forms", () => {
  const o = priceOrder(card, efileItems(12, "original", "efile_print_mail"));
  assert.equal(o.pricing_segments, [
    {
      pricing_group: "FederalInformationReturns",
      bracket: "1-10",
      from_position: 1,
      to_position: 10,
      quantity: 10,
      unit_cents: 299,
      amount_cents: 2990,
    },
    {
      pricing_group: "FederalInformationReturns",
      bracket: "11-100",
      from_position: 11,
      to_position: 12,
      quantity: 2,
      unit_cents: 199,
      amount_cents: 398,
    },
  ]);
  assert.equal(o.charge_lines, [
    { type: "FederalEFile", label: "Federal e-file (12 forms)", amount_cents: 3388 },
    { type: "PrintAndMail", label: "Print and mail (12 forms)", amount_cents: 12 * 179 },
    { type: "RecipientPortal", label: "Recipient portal access (12 forms)", amount_cents: 12 * 35 },
  ]);
  assert.is(o.total_cents, 3388 + 12 * 214);
  assert.is(o.currency, "usd");
  assert.is(o.item_count, 12);
});

// ---- one form of every service / add-on combination ----------------------------------------------------------
const single: Array<[string, boolean | undefined, boolean | undefined, number, string[]]> = [
  ["efile", undefined, undefined, 299 + 35, ["FederalEFile", "RecipientPortal"]],
  ["efile", true, undefined, 299 + 179 + 35, ["FederalEFile", "PrintAndMail", "RecipientPortal"]],
  [
    "efile_print_mail",
    undefined,
    undefined,
    299 + 179 + 35,
    ["FederalEFile", "PrintAndMail", "RecipientPortal"],
  ],
  ["efile_print_mail", false, undefined, 299 + 35, ["FederalEFile", "RecipientPortal"]],
  ["print_mail", undefined, undefined, 179, ["PrintAndMail"]],
  ["print_mail", undefined, true, 179 + 35, ["PrintAndMail", "RecipientPortal"]],
  ["print_mail", true, true, 179 + 35, ["PrintAndMail", "RecipientPortal"]],
  ["unknown", undefined, undefined, 299 + 179 + 35, ["FederalEFile", "PrintAndMail", "RecipientPortal"]],
];
for (const [service, pm, pa, total, types] of single) {
  test(`one original: ${service} physical_mail=${String(pm)} portal_access=${String(pa)} = ${total}`, () => {
    const r = resolveDelivery(service, pm, pa);
    assert.ok(r.ok);
    if (!r.ok) return;
    const o = priceOrder(card, [{ ref: "a", delivery: r.delivery, kind: "original" }]);
    assert.is(o.total_cents, total);
    assert.equal(
      o.charge_lines.map((l) => l.type),
      types,
    );
    assert.equal(
      o.items[0]?.lines.map((l) => l.type),
      types,
    );
    assert.is(
      o.charge_lines.find((l) => l.type === "FederalEFile")?.label ?? "Federal e-file (1 form)",
      "Federal e-file (1 form)",
    );
  });
}

// ---- corrections and re-files ---------------------------------------------------------------------------------
test("correction = correction fee + chosen delivery, no FederalEFile line, no bracket position", () => {
  const expect: Array<[string, number, string[]]> = [
    ["efile_print_mail", 199 + 179 + 35, ["Correction", "PrintAndMail", "RecipientPortal"]],
    ["efile", 199 + 35, ["Correction", "RecipientPortal"]],
    ["print_mail", 199 + 179, ["Correction", "PrintAndMail"]],
  ];
  for (const [service, total, types] of expect) {
    const o = priceOrder(card, [{ ref: "c", delivery: deliveryOf(service), kind: "correction" }]);
    assert.is(o.total_cents, total, service);
    assert.equal(
      o.charge_lines.map((l) => l.type),
      types,
    );
    assert.equal(o.pricing_segments, []);
    assert.is(o.items[0]?.efile_position, null);
  }
  const two = priceOrder(card, efileItems(2, "correction"));
  assert.is(two.charge_lines[0]?.label, "Correction fee (2 corrections)");
});

test("corrections do not move originals' positions", () => {
  const items: PricingItem[] = [
    ...efileItems(3, "correction", "efile"),
    ...efileItems(10),
    { ref: "eleventh", delivery: deliveryOf("efile"), kind: "original" },
  ];
  const o = priceOrder(card, items);
  assert.is(o.items.at(-1)?.efile_position, 11);
  assert.is(o.items.at(-1)?.amount_cents, 199 + 35);
  assert.is(line(o, "Correction"), 3 * 199);
});

test("re-file waives the FederalEFile line and takes no position; other delivery lines are charged", () => {
  const o = priceOrder(card, [
    { ref: "r", delivery: deliveryOf("efile_print_mail"), kind: "refile" },
    { ref: "o", delivery: deliveryOf("efile"), kind: "original" },
  ]);
  assert.equal(o.items[0], {
    ref: "r",
    kind: "refile",
    amount_cents: 179 + 35,
    efile_position: null,
    lines: [
      { type: "PrintAndMail", amount_cents: 179 },
      { type: "RecipientPortal", amount_cents: 35 },
    ],
  });
  assert.is(o.items[1]?.efile_position, 1);
  assert.is(line(o, "FederalEFile"), 299);
  assert.equal(
    o.pricing_segments.map((s) => [s.from_position, s.to_position]),
    [[1, 1]],
  );
});

test("empty order", () => {
  const o = priceOrder(card, []);
  assert.equal(o, {
    currency: "usd",
    item_count: 0,
    total_cents: 0,
    charge_lines: [],
    pricing_segments: [],
    items: [],
  });
});

test("zero-priced card omits lines but keeps segments tiling", () => {
  const r = buildRateCard({
    efile_brackets: [{ from: 1, to: null, efile_cents: 0 }],
    recipient_portal_cents: 0,
  });
  assert.ok(r.ok);
  if (!r.ok) return;
  const o = priceOrder(r.card, efileItems(3));
  assert.equal(o.charge_lines, []);
  assert.is(o.total_cents, 0);
  assert.is(o.pricing_segments.length, 1);
  assert.equal(o.items[0]?.lines, []);
});

// Speed is measured in bench/quote.bench.ts and bench/pay.bench.ts, not asserted in a test.
test("prices 10,000 items across every bracket", () => {
  const o = priceOrder(card, efileItems(10000, "original", "efile_print_mail"));
  assert.is(o.total_cents, 839000 + 10000 * 214);
});

test.run();
