// Pricing benchmark (standalone): npx tsx bench/quote.bench.ts
// Prints quote latency (p50/p99 in microseconds) and the time to price a 10,000-item order with priceOrder.
import { hrtime } from "node:process";
import {
  DEFAULT_RATE_CARD,
  deliveryOf,
  priceOrder,
  quote,
  type PricingItem,
} from "../core/domain/pricing/index.ts";
import { record } from "./support/report.ts";

function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}

function time(fn: () => void): number {
  const t0 = hrtime.bigint();
  fn();
  return Number(hrtime.bigint() - t0) / 1000; // microseconds
}

const services = ["efile", "efile_print_mail", "print_mail", undefined] as const;

// ---- quote latency -----------------------------------------------------------------------------------------------
const QUOTE_CALLS = 200_000;
let sink = 0;
for (let i = 0; i < 20_000; i++) {
  const r = quote(DEFAULT_RATE_CARD, {
    form: "1099-NEC",
    quantity: (i % 20000) + 1,
    service: services[i % 4],
  });
  if (r.ok) sink += r.quote.total_cents;
}
const quoteUs: number[] = [];
for (let i = 0; i < QUOTE_CALLS; i++) {
  const quantity = ((i * 7919) % 1_000_000) + 1;
  const service = services[i % 4];
  quoteUs.push(
    time(() => {
      const r = quote(DEFAULT_RATE_CARD, { form: "1099-NEC", quantity, service });
      if (r.ok) sink += r.quote.total_cents;
    }),
  );
}
quoteUs.sort((a, b) => a - b);
console.log(
  `quote: ${QUOTE_CALLS} calls  p50 ${percentile(quoteUs, 50).toFixed(2)} us  p99 ${percentile(quoteUs, 99).toFixed(2)} us  max ${percentile(quoteUs, 100).toFixed(1)} us`,
);

// ---- priceOrder, 10,000 items ---------------------------------------------------------------------------------------
const kinds: PricingItem["kind"][] = [
  "original",
  "original",
  "original",
  "original",
  "original",
  "original",
  "original",
  "original",
  "correction",
  "refile",
];
const items: PricingItem[] = Array.from({ length: 10_000 }, (_, i) => ({
  ref: `cit_${i.toString().padStart(6, "0")}`,
  delivery: deliveryOf(services[i % 3]),
  kind: kinds[i % kinds.length] ?? "original",
}));
const uniform: PricingItem[] = items.map((it) => ({
  ...it,
  delivery: deliveryOf("efile_print_mail"),
  kind: "original",
}));

// Cold: the first call in the process (no JIT warm-up), what a single pay request right after start may see.
const coldMs =
  time(() => {
    sink += priceOrder(DEFAULT_RATE_CARD, items).total_cents;
  }) / 1000;
console.log(`priceOrder 10,000 items, first (cold) call: ${coldMs.toFixed(2)} ms`);
for (let i = 0; i < 20; i++) sink += priceOrder(DEFAULT_RATE_CARD, items).total_cents;
for (const [name, list] of [
  ["mixed services/kinds", items],
  ["all efile_print_mail originals", uniform],
] as const) {
  const runs: number[] = [];
  let total = 0;
  for (let i = 0; i < 200; i++) {
    runs.push(
      time(() => {
        total = priceOrder(DEFAULT_RATE_CARD, list).total_cents;
      }) / 1000,
    );
  }
  runs.sort((a, b) => a - b);
  record("quote.bench.ts", `priceOrder 10,000 items (${name}), p99`, percentile(runs, 99), "ms", null);
  console.log(
    `priceOrder 10,000 items (${name}): p50 ${percentile(runs, 50).toFixed(2)} ms  p99 ${percentile(runs, 99).toFixed(2)} ms  max ${percentile(runs, 100).toFixed(2)} ms  total_cents ${total}`,
  );
}

if (sink === -1) console.log("unreachable");
