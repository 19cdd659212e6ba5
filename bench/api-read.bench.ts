// Issues 2 and 19: requests/s of an authenticated GET /v1/payers/{id} beside a bare Koa hello-world, on Postgres
// and on the embedded default (PGlite). Targets (issue 19): Postgres at least 50% of bare Koa, PGlite at least 10%.
//
// The three servers run at once, each in its own process, and are loaded in turns (bare, Postgres, PGlite,
// bare, ...): on a shared 2-core machine throughput drifts over seconds, and alternating keeps the figures in
// the same conditions. Each figure is the median of its rounds; every round is printed.
import {
  BENCH_KEY,
  benchSchema,
  load,
  startEmbeddedApi,
  startProcess,
  stop,
  stopEmbedded,
} from "./support/servers.ts";
import { loadNote, record } from "./support/report.ts";
import { cpuMeter, microsEach } from "./support/cpu.ts";

const ROUNDS = Number(process.env["BENCH_ROUNDS"] ?? 3);
const SECONDS = Number(process.env["BENCH_SECONDS"] ?? 6);
const schema = "bench_api_read";
const db = await benchSchema(schema);

const koa = await startProcess("bench/support/hello-koa.ts", {}, 3901);
const api = await db.startApi(3902);
// The floor: bare Koa plus the API's own payer read by id (its coalesced lookup) per request and nothing else (see
// bench/support/koa-one-query.ts).
const oneQuery = await startProcess(
  "bench/support/koa-one-query.ts",
  { DATABASE_URL: db.url, DB_SCHEMA: schema },
  3904,
);
const embedded = await startEmbeddedApi(3903);
const auth = { authorization: `Bearer ${BENCH_KEY}` };
const payerUrl = async (port: number) => {
  const created = (await (
    await fetch(`http://127.0.0.1:${port}/v1/payers`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "Read Bench LLC", tin: "123456789" }),
    })
  ).json()) as { id: string };
  return `http://127.0.0.1:${port}/v1/payers/${created.id}`;
};
const pgUrl = await payerUrl(3902);
const liteUrl = await payerUrl(3903);
const floorUrl = `http://127.0.0.1:3904/${pgUrl.slice(pgUrl.lastIndexOf("/") + 1)}`;

await load("http://127.0.0.1:3901/", {}, 2); // warm-up
await load(pgUrl, auth, 2);
await load(liteUrl, auth, 2);
await load(floorUrl, {}, 2);
/**
 * One round's load of a server, with the CPU time used per request by the server's process, by Postgres (on this
 * machine) and by the load generator (this process): each server here is bound by its own thread, so its CPU per
 * request is what its throughput comes from. Null where /proc cannot be read.
 */
async function measured(url: string, headers: Record<string, string>, pid: number | undefined) {
  const meter = cpuMeter({ server: { pid }, postgres: "postgres", client: "self" });
  const r = await load(url, headers, SECONDS);
  const used = meter();
  return {
    ...r,
    cpu: {
      server: microsEach(used.server, r.requests),
      postgres: microsEach(used.postgres, r.requests),
      client: microsEach(used.client, r.requests),
    },
  };
}
type Cpu = Awaited<ReturnType<typeof measured>>["cpu"];
const us = (v: number | null) => (v === null ? "-" : v.toFixed(1));
const cpuNote = (c: Cpu) => `${us(c.server)}/${us(c.postgres)}/${us(c.client)}`;

const bare: number[] = [];
const floor: number[] = [];
const pgRead: number[] = [];
const liteRead: number[] = [];
const cpu = { bare: [] as Cpu[], pg: [] as Cpu[], lite: [] as Cpu[], floor: [] as Cpu[] };
let non2xx = 0;
let p99 = 0;
let liteP99 = 0;
for (let round = 1; round <= ROUNDS; round++) {
  const b = await measured("http://127.0.0.1:3901/", {}, koa.pid);
  const r = await measured(pgUrl, auth, api.pid);
  const l = await measured(liteUrl, auth, embedded.proc.pid);
  const f = await measured(floorUrl, {}, oneQuery.pid);
  bare.push(b.rps);
  floor.push(f.rps);
  pgRead.push(r.rps);
  liteRead.push(l.rps);
  cpu.bare.push(b.cpu);
  cpu.pg.push(r.cpu);
  cpu.lite.push(l.cpu);
  cpu.floor.push(f.cpu);
  non2xx += r.non2xx + l.non2xx + f.non2xx;
  p99 = Math.max(p99, r.p99);
  liteP99 = Math.max(liteP99, l.p99);
  console.log(
    `round ${round}: bare Koa ${b.rps.toFixed(0)} req/s, GET /v1/payers/{id} Postgres ${r.rps.toFixed(0)} req/s (${((r.rps / b.rps) * 100).toFixed(1)}%), ` +
      `PGlite ${l.rps.toFixed(0)} req/s (${((l.rps / b.rps) * 100).toFixed(1)}%), ` +
      `Koa + one Postgres read ${f.rps.toFixed(0)} req/s (${((f.rps / b.rps) * 100).toFixed(1)}%) (${loadNote()})`,
  );
  console.log(
    `  CPU µs a request (server/Postgres/load generator): bare Koa ${cpuNote(b.cpu)}, Postgres ${cpuNote(r.cpu)}, ` +
      `PGlite ${cpuNote(l.cpu)}, Koa + one Postgres read ${cpuNote(f.cpu)}`,
  );
}
await stop(api);
await stopEmbedded(embedded);
await stop(koa);
await stop(oneQuery);
await db.close();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const ratio = median(pgRead) / median(bare);
const liteRatio = median(liteRead) / median(bare);
const floorRatio = median(floor) / median(bare);
console.log(
  `bare Koa hello-world:                 ${median(bare).toFixed(0)} req/s (median of ${ROUNDS} rounds of ${SECONDS} s)`,
);
console.log(`GET /v1/payers/{id} (auth, Postgres): ${median(pgRead).toFixed(0)} req/s (worst p99 ${p99} ms)`);
console.log(
  `GET /v1/payers/{id} (auth, PGlite):   ${median(liteRead).toFixed(0)} req/s (worst p99 ${liteP99} ms), non-2xx ${non2xx}`,
);
console.log(
  `floor: bare Koa + one Postgres read per request: ${median(floor).toFixed(0)} req/s, ${(floorRatio * 100).toFixed(1)}% of bare Koa`,
);
console.log(
  `ratio Postgres: ${(ratio * 100).toFixed(1)}% of bare Koa (target >= 50%) ${ratio >= 0.5 ? "OK" : "BELOW TARGET"}`,
);
console.log(
  `ratio PGlite:   ${(liteRatio * 100).toFixed(1)}% of bare Koa (target >= 10%) ${liteRatio >= 0.1 ? "OK" : "BELOW TARGET"} (${loadNote()})`,
);
const bench = "api-read.bench.ts";
record(bench, "bare Koa hello-world", median(bare), "req/s", null);
record(bench, "GET /v1/payers/{id}, Postgres", median(pgRead), "req/s", null);
record(bench, "GET /v1/payers/{id}, Postgres / bare Koa", ratio * 100, "%", { atLeast: 50 });
record(bench, "floor: bare Koa + one Postgres read per request / bare Koa", floorRatio * 100, "%", null);
record(bench, "GET /v1/payers/{id}, Postgres / floor", (median(pgRead) / median(floor)) * 100, "%", null);
record(bench, "GET /v1/payers/{id}, PGlite", median(liteRead), "req/s", null);
record(bench, "GET /v1/payers/{id}, PGlite / bare Koa", liteRatio * 100, "%", { atLeast: 10 });
// The CPU behind the ratio: each server is bound by its own thread, so the ratio is about bare Koa's CPU per request
// over the API's. Medians of the rounds; left out where /proc cannot be read.
const medianOf = (xs: Cpu[], side: keyof Cpu) => {
  const vs = xs.map((c) => c[side]).filter((v): v is number => v !== null);
  return vs.length === xs.length && vs.length > 0 ? median(vs) : null;
};
const cpuFigures: Array<[string, number | null]> = [
  ["server CPU per request, bare Koa", medianOf(cpu.bare, "server")],
  ["server CPU per request, GET /v1/payers/{id} on Postgres", medianOf(cpu.pg, "server")],
  ["Postgres CPU per request, GET /v1/payers/{id}", medianOf(cpu.pg, "postgres")],
  ["server CPU per request, floor (bare Koa + one Postgres read)", medianOf(cpu.floor, "server")],
  ["server CPU per request, GET /v1/payers/{id} on PGlite", medianOf(cpu.lite, "server")],
];
for (const [name, value] of cpuFigures) {
  if (value === null) continue;
  console.log(`${name}: ${value.toFixed(1)} µs`);
  record(bench, name, value, "µs", null);
}
const bareCpu = medianOf(cpu.bare, "server");
const apiCpu = medianOf(cpu.pg, "server");
if (bareCpu !== null && apiCpu !== null) {
  console.log(
    `bare Koa's server CPU per request / the API's on Postgres: ${((bareCpu / apiCpu) * 100).toFixed(1)}%`,
  );
  record(
    bench,
    "bare Koa's server CPU per request / the API's on Postgres",
    (bareCpu / apiCpu) * 100,
    "%",
    null,
  );
}
if (non2xx > 0) process.exitCode = 1;
