import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import {
  DEFAULT_RATE_CARD,
  MAX_QUOTE_QUANTITY,
  deliveryOf,
  priceOrder,
  quote,
} from "../../../../core/domain/pricing/index.ts";

const card = DEFAULT_RATE_CARD;

test("quote of 12 1099-NEC with the default service", () => {
  const r = quote(card, { form: "1099-NEC", quantity: 12 });
  assert.ok(r.ok);
  if (!r.ok) return;
  const total = 2990 + 398 + 12 * (179 + 35);
  assert.equal(
    { ...r.quote, charge_lines: undefined, pricing_segments: undefined },
    {
      object: "price_quote",
      form: "1099-NEC",
      quantity: 12,
      service: "efile_print_mail",
      currency: "usd",
      unit_cents: Math.round(total / 12),
      total_cents: total,
      charge_lines: undefined,
      pricing_segments: undefined,
    },
  );
  assert.is(r.quote.pricing_segments.length, 2);
  assert.is(r.quote.charge_lines.length, 3);
});

test("quote services", () => {
  const efile = quote(card, { form: "W-2", quantity: 1, service: "efile" });
  assert.ok(efile.ok && efile.quote.total_cents === 334 && efile.quote.service === "efile");
  const pm = quote(card, { form: "W-2", quantity: 3, service: "print_mail" });
  assert.ok(
    pm.ok &&
      pm.quote.total_cents === 537 &&
      pm.quote.pricing_segments.length === 0 &&
      pm.quote.unit_cents === 179,
  );
  const fallback = quote(card, { form: "W-2", quantity: 1, service: "telegram" });
  assert.ok(
    fallback.ok && fallback.quote.service === "efile_print_mail" && fallback.quote.total_cents === 513,
  );
});

test("quantity validation", () => {
  for (const q of [
    0,
    -1,
    1.5,
    1e9,
    MAX_QUOTE_QUANTITY + 1,
    Number.NaN,
    Infinity,
    "0",
    "12abc",
    "",
    "1e3",
    null,
    undefined,
    {},
  ]) {
    const r = quote(card, { form: "1099-NEC", quantity: q });
    assert.is(r.ok, false, `quantity ${String(q)}`);
    if (!r.ok) assert.is(r.param, "quantity");
  }
  for (const [q, n] of [
    [1, 1],
    [MAX_QUOTE_QUANTITY, MAX_QUOTE_QUANTITY],
    ["25", 25],
    [" 7 ", 7],
  ] as const) {
    const r = quote(card, { form: "1099-NEC", quantity: q });
    assert.ok(r.ok && r.quote.quantity === n);
  }
});

test("one million forms quoted arithmetically", () => {
  const r = quote(card, { form: "1099-NEC", quantity: MAX_QUOTE_QUANTITY, service: "efile" });
  assert.ok(r.ok);
  if (r.ok) assert.is(r.quote.total_cents, 839000 + 990000 * 49 + MAX_QUOTE_QUANTITY * 35);
});

test("unit_cents rounds the average half up", () => {
  const r = quote(card, { form: "x", quantity: 11, service: "efile" }); // (2990 + 199 + 11 * 35) / 11 = 324.9 -> 325
  assert.ok(r.ok && r.quote.unit_cents === 325);
});

test("property: a quote equals priceOrder of the same forms", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 12000 }),
      fc.constantFrom("efile", "efile_print_mail", "print_mail", "zzz"),
      (n, service) => {
        const q = quote(card, { form: "1099-MISC", quantity: n, service });
        assert.ok(q.ok);
        if (!q.ok) return;
        const d = deliveryOf(service);
        const o = priceOrder(
          card,
          Array.from({ length: n }, (_, i) => ({ ref: String(i), delivery: d, kind: "original" as const })),
        );
        assert.is(q.quote.total_cents, o.total_cents);
        assert.equal(q.quote.charge_lines, o.charge_lines);
        assert.equal(q.quote.pricing_segments, o.pricing_segments);
        assert.ok(Math.abs(q.quote.unit_cents * n - q.quote.total_cents) <= n / 2);
      },
    ),
    { numRuns: 60 },
  );
});

test.run();
