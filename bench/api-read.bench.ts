// Issue 2: requests/s of an authenticated GET /v1/payers/{id} on Postgres beside a bare Koa hello-world.
// Target: the authenticated read reaches at least 40% of the bare Koa figure.
//
// Both servers run at once, each in its own process, and are loaded in turns (bare, API, bare, API, ...):
// on a shared 2-core machine throughput drifts over seconds, and alternating keeps both figures in the
// same conditions. Each figure is the median of its rounds; every round is printed.
import { BENCH_KEY, benchSchema, load, startProcess, stop } from "./support/servers.ts";

const ROUNDS = Number(process.env["BENCH_ROUNDS"] ?? 3);
const SECONDS = Number(process.env["BENCH_SECONDS"] ?? 6);
const schema = "bench_api_read";
const db = await benchSchema(schema);

const koa = await startProcess("bench/support/hello-koa.ts", {}, 3901);
const api = await db.startApi(3902);
const auth = { authorization: `Bearer ${BENCH_KEY}` };
const list = await (await fetch("http://127.0.0.1:3902/v1/payers", { headers: auth })).json() as { data: Array<{ id: string }> };
const payerUrl = `http://127.0.0.1:3902/v1/payers/${list.data[0]?.id}`;

await load("http://127.0.0.1:3901/", {}, 2); // warm-up
await load(payerUrl, auth, 2);
const bare: number[] = [];
const read: number[] = [];
let non2xx = 0;
let p99 = 0;
for (let round = 1; round <= ROUNDS; round++) {
  const b = await load("http://127.0.0.1:3901/", {}, SECONDS);
  const r = await load(payerUrl, auth, SECONDS);
  bare.push(b.rps);
  read.push(r.rps);
  non2xx += r.non2xx;
  p99 = Math.max(p99, r.p99);
  console.log(`round ${round}: bare Koa ${b.rps.toFixed(0)} req/s, GET /v1/payers/{id} ${r.rps.toFixed(0)} req/s (${((r.rps / b.rps) * 100).toFixed(1)}%)`);
}
await stop(api);
await stop(koa);
await db.close();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const ratio = median(read) / median(bare);
console.log(`bare Koa hello-world:                 ${median(bare).toFixed(0)} req/s (median of ${ROUNDS} rounds of ${SECONDS} s)`);
console.log(`GET /v1/payers/{id} (auth, Postgres): ${median(read).toFixed(0)} req/s (worst p99 ${p99} ms, non-2xx ${non2xx})`);
console.log(`ratio: ${(ratio * 100).toFixed(1)}% of bare Koa (target >= 40%) ${ratio >= 0.4 ? "OK" : "BELOW TARGET"}`);
