// Prometheus metrics (prom-client), one registry per app: request latency by route and status, counted in
// process; job queue depth and age, webhook delivery outcomes and transmissions by status, read from the
// database when scraped (so every process reports the same, whichever ran the work).
import { Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Knex } from "knex";

export interface Metrics {
  readonly registry: Registry;
  /** Records one answered request; `route` is the route template (e.g. /v1/filings/:id), never the raw path. */
  observe(method: string, route: string, status: number, seconds: number): void;
}

export interface MetricsSources {
  readonly knex?: Knex;
  /** pg-boss's schema, when this deployment runs durable jobs. */
  readonly jobsSchema?: string;
  /** Process metrics (CPU, memory, event loop); off in tests that build many apps. */
  readonly processMetrics?: boolean;
  /** How long a database count is reused (default DB_GAUGE_TTL_MS; 0 in tests that watch a count change). */
  readonly dbGaugeTtlMs?: number;
}

const TRANSMITTED = ["submitted", "accepted", "accepted_with_errors", "rejected"];

/**
 * The database-wide gauges count whole tables (a million filings in a filing season): each query's answer is
 * reused for `ttlMs`, so scrapes from several Prometheus servers, or a short scrape interval, cost one count.
 */
export const DB_GAUGE_TTL_MS = 30_000;
export function memo<A>(ttlMs: number, query: () => Promise<A>): () => Promise<A> {
  let last: { at: number; value: Promise<A> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= ttlMs) last = { at: now, value: query() };
    return last.value;
  };
}

export function makeMetrics(sources: MetricsSources = {}): Metrics {
  const registry = new Registry();
  if (sources.processMetrics) collectDefaultMetrics({ register: registry });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "API request latency by route and status.",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const { knex, jobsSchema } = sources;
  const ttl = sources.dbGaugeTtlMs ?? DB_GAUGE_TTL_MS;
  if (knex) {
    const deliveries = memo(ttl, () =>
      knex("webhook_deliveries")
        .select("status")
        .count<{ status: string; count: string | number }[]>("* as count")
        .groupBy("status")
        .catch(() => []),
    );
    const transmitted = memo(ttl, () =>
      knex("filing_states")
        .whereIn("status", TRANSMITTED)
        .select("status", "livemode")
        .count<{ status: string; livemode: boolean; count: string | number }[]>("* as count")
        .groupBy("status", "livemode")
        .catch(() => []),
    );
    new Gauge({
      name: "webhook_deliveries",
      help: "Webhook deliveries by outcome (status).",
      labelNames: ["status"],
      registers: [registry],
      async collect() {
        this.reset();
        const rows = await deliveries();
        for (const r of rows) this.set({ status: r.status }, Number(r.count));
      },
    });
    new Gauge({
      name: "irs_transmitted_filings",
      help: "Filings sent to the IRS, by status (submitted, accepted, accepted_with_errors, rejected) and environment.",
      labelNames: ["status", "livemode"],
      registers: [registry],
      async collect() {
        this.reset();
        for (const s of TRANSMITTED) this.set({ status: s, livemode: "false" }, 0);
        const rows = await transmitted();
        for (const r of rows) this.set({ status: r.status, livemode: String(r.livemode) }, Number(r.count));
      },
    });
  }
  if (knex && jobsSchema) {
    const queued = memo(Math.min(ttl, 5_000), async () => {
      const sql = `SELECT name, count(*) AS depth, COALESCE(EXTRACT(EPOCH FROM (now() - min(created_on))), 0) AS age FROM "${jobsSchema}".job WHERE state IN ('created', 'retry') GROUP BY name`;
      const result = await knex.raw(sql).catch(() => ({ rows: [] }));
      return (result as { rows: Array<{ name: string; depth: string | number; age: string | number }> }).rows;
    });
    new Gauge({
      name: "job_queue_depth",
      help: "Jobs waiting to run, per queue.",
      labelNames: ["queue"],
      registers: [registry],
      async collect() {
        this.reset();
        for (const r of await queued()) this.set({ queue: r.name }, Number(r.depth));
      },
    });
    new Gauge({
      name: "job_queue_oldest_age_seconds",
      help: "Age of the oldest waiting job, per queue.",
      labelNames: ["queue"],
      registers: [registry],
      async collect() {
        this.reset();
        for (const r of await queued()) this.set({ queue: r.name }, Number(r.age));
      },
    });
  }
  // One labelled child per (method, route, status), made once: a request then costs one map lookup and one observe.
  const children = new Map<string, { observe(v: number): void }>();
  return {
    registry,
    observe: (method, route, status, seconds) => {
      const key = `${method} ${route} ${status}`;
      let child = children.get(key);
      if (!child) {
        child = latency.labels({ method, route, status: String(status) });
        children.set(key, child);
      }
      child.observe(seconds);
    },
  };
}
