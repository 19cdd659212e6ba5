// Health, readiness, Prometheus metrics and the access log (one line per request: Request-Id, credential id,
// route, status, duration; never the key).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startApi, TEST_KEY, type TestApi } from "../../support/api.ts";
import { makeLogger } from "../../../hosts/shared/logger.ts";
import { memo } from "../../../hosts/api/operability/metrics.ts";

const lines: string[] = [];
const s = suite<{ api: TestApi }>("operability");
s.before(async (ctx) => {
  ctx.api = await startApi(
    "pglite",
    {},
    {
      logger: makeLogger("info", {
        destination: {
          write: (line: string) => {
            lines.push(line);
          },
        },
      }),
    },
  );
});
s.after(async (ctx) => {
  await ctx.api.close();
});

s("GET /healthz answers without a credential", async ({ api }) => {
  const res = await api.request("GET", "/healthz", { key: null });
  assert.is(res.status, 200);
  assert.equal(res.body, { status: "ok" });
});

s("GET /readyz checks the database and the migrations", async ({ api }) => {
  const res = await api.request("GET", "/readyz", { key: null });
  assert.is(res.status, 200, res.text);
  assert.is(res.body.status, "ready");
  assert.equal(res.body.checks.database, { ok: true });
  assert.equal(res.body.checks.migrations, { ok: true });
});

s(
  "GET /metrics: request latency by route template and status, webhook outcomes, transmissions by status",
  async ({ api }) => {
    await api.request("GET", `/v1/payers/${api.mainPayerId}`);
    await api.request("GET", "/v1/payers/00000000-0000-4000-8000-000000000000");
    const res = await api.request("GET", "/metrics", { key: null });
    assert.is(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /text\/plain/);
    assert.match(
      res.text,
      /http_request_duration_seconds_count\{method="GET",route="\/v1\/payers\/:id",status="200"\} 1/,
    );
    assert.match(
      res.text,
      /http_request_duration_seconds_count\{method="GET",route="\/v1\/payers\/:id",status="404"\} 1/,
    );
    assert.ok(!res.text.includes(api.mainPayerId), "raw paths are not labels");
    assert.match(res.text, /# TYPE webhook_deliveries gauge/);
    await api.request("POST", "/oauth/token", {
      key: null,
      raw: "grant_type=client_credentials",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    assert.match(
      await (await api.request("GET", "/metrics", { key: null })).text,
      /route="\/oauth\/token",status="40\d"/,
    );
    assert.match(res.text, /irs_transmitted_filings\{status="accepted",livemode="false"\} 0/);
  },
);

s(
  "one access-log line per request, with the Request-Id and the credential id, never the key",
  async ({ api }) => {
    lines.length = 0;
    const res = await api.request("GET", "/v1/balance");
    const unauth = await api.request("GET", "/v1/balance", { key: "sk_sandbox_" + "x".repeat(32) });
    await new Promise((r) => setImmediate(r));
    const logged = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l["msg"] === "request");
    assert.is(logged.length, 2);
    const [ok, refused] = logged as [Record<string, unknown>, Record<string, unknown>];
    assert.is(ok["request_id"], res.headers.get("request-id"));
    assert.is(ok["status"], 200);
    assert.is(ok["route"], "/v1/balance");
    assert.is(typeof ok["duration_ms"], "number");
    assert.match(String(ok["credential"]), /\S/);
    assert.is(refused["status"], 401);
    assert.is(refused["request_id"], unauth.headers.get("request-id"));
    assert.is(refused["credential"], null);
    const all = lines.join("");
    assert.ok(!all.includes(TEST_KEY) && !all.includes("x".repeat(32)), "no key in the log");
  },
);

s.run();

// Job queue depth and age come from pg-boss's tables (here on the embedded database, no worker consuming).
s(
  "database gauges reuse one count for their TTL (a scrape does not count a million filings each time)",
  async () => {
    let queries = 0;
    const count = async () => ++queries;
    const cached = memo(60_000, count);
    assert.is(await cached(), 1);
    assert.is(await cached(), 1, "within the TTL: the same answer, no second query");
    const fresh = memo(0, count);
    assert.is(await fresh(), 2);
    assert.is(await fresh(), 3);
  },
);

const jobs = suite("operability: job queue metrics");
jobs("GET /metrics shows the depth and the oldest age of each waiting queue", async () => {
  const { openTestDb } = await import("../../support/db.ts");
  const { openJobs } = await import("../../../adapters/pg-boss/jobs.pg-boss.ts");
  const { JOB_DEFAULTS } = await import("../../../hosts/shared/runtime.ts");
  const { makeMetrics } = await import("../../../hosts/api/operability/metrics.ts");
  const { readinessProbe } = await import("../../../hosts/api/operability/readiness.ts");
  const { Effect } = await import("effect");
  const t = await openTestDb("pglite");
  const runner = await openJobs(t.db, { defaults: JOB_DEFAULTS, queues: ["probe"] });
  try {
    await Effect.runPromise(runner.service.send("probe", { n: 1 }, {}));
    await Effect.runPromise(runner.service.send("probe", { n: 2 }, {}));
    const text = await makeMetrics({
      knex: t.db.knex,
      jobsSchema: runner.schema,
      dbGaugeTtlMs: 0,
    }).registry.metrics();
    assert.match(text, /job_queue_depth\{queue="probe"\} 2/);
    assert.match(text, /job_queue_oldest_age_seconds\{queue="probe"\} \d/);
    const probe = readinessProbe({ knex: t.db.knex, jobsAlive: () => runner.alive() });
    assert.equal((await probe()).checks["jobs"], { ok: true });
    await runner.stop();
    const after = await probe();
    assert.is(after.status, "not_ready");
    assert.equal(after.checks["jobs"], { ok: false, detail: "the job runner is stopped" });
  } finally {
    await runner.stop();
    await t.drop();
  }
});
jobs.run();

const ready = suite("operability: readiness failures");
ready("/readyz is not ready while a migration is pending, or when the database does not answer", async () => {
  const { openTestDb } = await import("../../support/db.ts");
  const { readinessProbe } = await import("../../../hosts/api/operability/readiness.ts");
  const t = await openTestDb("pglite");
  const probe = readinessProbe({ knex: t.db.knex });
  try {
    assert.is((await probe()).status, "ready");
    const last = await t.db
      .knex("knex_migrations")
      .orderBy("id", "desc")
      .first<{ id: number; name: string }>();
    await t.db.knex("knex_migrations").where({ id: last?.id }).delete();
    const pending = await probe();
    assert.is(pending.status, "not_ready");
    assert.equal(pending.checks["migrations"], { ok: false, detail: "1 migration(s) pending" });
  } finally {
    await t.drop();
  }
  const down = await probe();
  assert.is(down.status, "not_ready");
  assert.is(down.checks["database"]?.ok, false);
  assert.equal(down.checks["migrations"], { ok: false, detail: "database unreachable" });
});
ready.run();
