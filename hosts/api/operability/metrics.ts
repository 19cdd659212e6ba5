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
}

const TRANSMITTED = ["submitted", "accepted", "accepted_with_errors", "rejected"];

export function makeMetrics(sources: MetricsSources = {}): Metrics {
  const registry = new Registry();
  if (sources.processMetrics) collectDefaultMetrics({ register: registry });
  const latency = new Histogram({
    name: "http_request_duration_seconds", help: "API request latency by route and status.",
    labelNames: ["method", "route", "status"], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [registry],
  });
  const { knex, jobsSchema } = sources;
  if (knex) {
    new Gauge({
      name: "webhook_deliveries", help: "Webhook deliveries by outcome (status).", labelNames: ["status"], registers: [registry],
      async collect() {
        this.reset();
        const rows = await knex("webhook_deliveries").select("status").count<{ status: string; count: string | number }[]>("* as count").groupBy("status").catch(() => []);
        for (const r of rows) this.set({ status: r.status }, Number(r.count));
      },
    });
    new Gauge({
      name: "irs_transmitted_filings", help: "Filings sent to the IRS, by status (submitted, accepted, accepted_with_errors, rejected) and environment.",
      labelNames: ["status", "livemode"], registers: [registry],
      async collect() {
        this.reset();
        for (const s of TRANSMITTED) this.set({ status: s, livemode: "false" }, 0);
        const rows = await knex("filings").whereIn("status", TRANSMITTED).select("status", "livemode").count<{ status: string; livemode: boolean; count: string | number }[]>("* as count")
          .groupBy("status", "livemode").catch(() => []);
        for (const r of rows) this.set({ status: r.status, livemode: String(r.livemode) }, Number(r.count));
      },
    });
  }
  if (knex && jobsSchema) {
    const queued = async () => {
      const sql = `SELECT name, count(*) AS depth, COALESCE(EXTRACT(EPOCH FROM (now() - min(created_on))), 0) AS age FROM "${jobsSchema}".job WHERE state IN ('created', 'retry') GROUP BY name`;
      const result = await knex.raw(sql).catch(() => ({ rows: [] }));
      return (result as { rows: Array<{ name: string; depth: string | number; age: string | number }> }).rows;
    };
    new Gauge({
      name: "job_queue_depth", help: "Jobs waiting to run, per queue.", labelNames: ["queue"], registers: [registry],
      async collect() { this.reset(); for (const r of await queued()) this.set({ queue: r.name }, Number(r.depth)); },
    });
    new Gauge({
      name: "job_queue_oldest_age_seconds", help: "Age of the oldest waiting job, per queue.", labelNames: ["queue"], registers: [registry],
      async collect() { this.reset(); for (const r of await queued()) this.set({ queue: r.name }, Number(r.age)); },
    });
  }
  return {
    registry,
    observe: (method, route, status, seconds) => latency.observe({ method, route, status: String(status) }, seconds),
  };
}
