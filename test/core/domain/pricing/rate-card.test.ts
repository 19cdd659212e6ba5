import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import {
  DEFAULT_RATE_CARD,
  buildRateCard,
  bracketLabel,
  efileCumulativeCents,
  parseBracketRange,
  rateCardView,
  type RateCardOverride,
} from "../../../../core/domain/pricing/index.ts";

test("default rate card is D12", () => {
  assert.equal(DEFAULT_RATE_CARD.efile_brackets, [
    { from: 1, to: 10, efile_cents: 299 },
    { from: 11, to: 100, efile_cents: 199 },
    { from: 101, to: 1000, efile_cents: 119 },
    { from: 1001, to: 10000, efile_cents: 79 },
    { from: 10001, to: null, efile_cents: 49 },
  ]);
  assert.is(DEFAULT_RATE_CARD.print_mail_cents, 179);
  assert.is(DEFAULT_RATE_CARD.recipient_portal_cents, 35);
  assert.is(DEFAULT_RATE_CARD.correction_cents, 199);
  assert.ok(Object.isFrozen(DEFAULT_RATE_CARD));
  assert.ok(Object.isFrozen(DEFAULT_RATE_CARD.efile_brackets[0]));
});

test("empty override gives the default", () => {
  const r = buildRateCard();
  assert.ok(r.ok);
  if (r.ok) assert.equal(r.card, DEFAULT_RATE_CARD);
});

test("partial override keeps the rest", () => {
  const r = buildRateCard({ print_mail_cents: 150 });
  assert.ok(r.ok);
  if (!r.ok) return;
  assert.is(r.card.print_mail_cents, 150);
  assert.is(r.card.recipient_portal_cents, 35);
  assert.equal(r.card.efile_brackets, DEFAULT_RATE_CARD.efile_brackets);
});

test("brackets replace the whole list; range strings accepted", () => {
  const r = buildRateCard({
    efile_brackets: [
      { forms: "1-5", efile_cents: 400 },
      { from: 6, to: null, efile_cents: 100 },
    ],
  });
  assert.ok(r.ok);
  if (!r.ok) return;
  assert.equal(r.card.efile_brackets, [
    { from: 1, to: 5, efile_cents: 400 },
    { from: 6, to: null, efile_cents: 100 },
  ]);
  assert.ok(Object.isFrozen(r.card));
  const single = buildRateCard({ efile_brackets: [{ from: 1, efile_cents: 0 }] });
  assert.ok(single.ok);
});

const refused: Array<[string, unknown, string]> = [
  [
    "gap",
    {
      efile_brackets: [
        { from: 1, to: 10, efile_cents: 1 },
        { from: 12, to: null, efile_cents: 1 },
      ],
    },
    "efile_brackets[1].from",
  ],
  [
    "overlap",
    {
      efile_brackets: [
        { from: 1, to: 10, efile_cents: 1 },
        { from: 10, to: null, efile_cents: 1 },
      ],
    },
    "efile_brackets[1].from",
  ],
  ["not from 1", { efile_brackets: [{ from: 2, to: null, efile_cents: 1 }] }, "efile_brackets[0].from"],
  ["from 0", { efile_brackets: [{ from: 0, to: null, efile_cents: 1 }] }, "efile_brackets[0].from"],
  ["closed last", { efile_brackets: [{ from: 1, to: 10, efile_cents: 1 }] }, "efile_brackets[0].to"],
  [
    "open not last",
    {
      efile_brackets: [
        { from: 1, to: null, efile_cents: 1 },
        { from: 11, to: null, efile_cents: 1 },
      ],
    },
    "efile_brackets[0].to",
  ],
  [
    "to below from",
    {
      efile_brackets: [
        { from: 1, to: 10, efile_cents: 1 },
        { from: 11, to: 5, efile_cents: 1 },
        { from: 6, to: null, efile_cents: 1 },
      ],
    },
    "efile_brackets[1].to",
  ],
  ["empty", { efile_brackets: [] }, "efile_brackets"],
  ["not array", { efile_brackets: "1-10" }, "efile_brackets"],
  [
    "negative cents",
    { efile_brackets: [{ from: 1, to: null, efile_cents: -1 }] },
    "efile_brackets[0].efile_cents",
  ],
  [
    "fractional cents",
    { efile_brackets: [{ from: 1, to: null, efile_cents: 2.5 }] },
    "efile_brackets[0].efile_cents",
  ],
  ["bad range", { efile_brackets: [{ forms: "1 to 10", efile_cents: 1 }] }, "efile_brackets[0].forms"],
  ["print negative", { print_mail_cents: -5 }, "print_mail_cents"],
  ["portal string", { recipient_portal_cents: "35" }, "recipient_portal_cents"],
  ["correction NaN", { correction_cents: Number.NaN }, "correction_cents"],
];
for (const [name, override, param] of refused) {
  test(`refuses: ${name}`, () => {
    const r = buildRateCard(override as RateCardOverride);
    assert.is(r.ok, false);
    if (!r.ok) {
      assert.is(r.param, param);
      assert.ok(r.message.length > 0);
    }
  });
}

test("bracket labels and range parsing", () => {
  assert.is(bracketLabel({ from: 1, to: 10 }), "1-10");
  assert.is(bracketLabel({ from: 10001, to: null }), "10001+");
  assert.equal(parseBracketRange("1-10"), { from: 1, to: 10 });
  assert.equal(parseBracketRange(" 10001+ "), { from: 10001, to: null });
  assert.is(parseBracketRange("abc"), null);
});

test("property: any tiling is accepted, and its view round-trips", () => {
  const widths = fc.array(fc.integer({ min: 1, max: 50 }), { maxLength: 6 });
  const prices = fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 7, maxLength: 7 });
  fc.assert(
    fc.property(widths, prices, (ws, ps) => {
      const brackets: Array<{ from: number; to: number | null; efile_cents: number }> = [];
      let from = 1;
      ws.forEach((w, i) => {
        brackets.push({ from, to: from + w - 1, efile_cents: ps[i] ?? 0 });
        from += w;
      });
      brackets.push({ from, to: null, efile_cents: ps[6] ?? 0 });
      const r = buildRateCard({ efile_brackets: brackets });
      assert.ok(r.ok);
      if (!r.ok) return;
      const again = buildRateCard({ efile_brackets: rateCardView(r.card).brackets });
      assert.ok(again.ok);
      if (again.ok) assert.equal(again.card, r.card);
      // cumulative e-file price equals the naive per-position sum
      for (const n of [0, 1, from - 1, from, from + 3]) {
        let naive = 0;
        for (let p = 1; p <= n; p++)
          naive +=
            r.card.efile_brackets.find((b) => p >= b.from && (b.to === null || p <= b.to))?.efile_cents ??
            Number.NaN;
        assert.is(efileCumulativeCents(r.card, n), naive);
      }
    }),
  );
});

test("property: a bracket list with a hole or overlap is refused", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 100 }),
      fc.integer({ min: -5, max: 5 }).filter((d) => d !== 0),
      (to, delta) => {
        const r = buildRateCard({
          efile_brackets: [
            { from: 1, to, efile_cents: 10 },
            { from: to + 1 + delta, to: null, efile_cents: 5 },
          ],
        });
        assert.is(r.ok, false);
      },
    ),
  );
});

test("rate card view (SPEC Rate card)", () => {
  assert.equal(rateCardView(DEFAULT_RATE_CARD), {
    object: "rate_card",
    currency: "usd",
    services: [
      { id: "efile", label: "E-file", online_access_cents: 35 },
      {
        id: "efile_print_mail",
        label: "E-file + print and mail",
        online_access_cents: 35,
        print_mail_cents: 179,
      },
      { id: "print_mail", label: "Print and mail", online_access_cents: 35, unit_cents: 179 },
    ],
    brackets: [
      { forms: "1-10", efile_cents: 299 },
      { forms: "11-100", efile_cents: 199 },
      { forms: "101-1000", efile_cents: 119 },
      { forms: "1001-10000", efile_cents: 79 },
      { forms: "10001+", efile_cents: 49 },
    ],
    correction_cents: 199,
  });
});

test.run();
