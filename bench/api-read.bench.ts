// Issue 2: requests/s of an authenticated GET /v1/payers/{id} on Postgres beside a bare Koa hello-world.
// Target: the authenticated read reaches at least 40% of the bare Koa figure.
import pg from "pg";
import { BENCH_KEY, benchDatabaseUrl, load, startProcess, stop } from "./support/servers.ts";

const schema = "bench_api_read";
const url = benchDatabaseUrl();
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`drop schema if exists ${schema} cascade`);

const koa = await startProcess("bench/support/hello-koa.ts", {}, 3901);
await load("http://127.0.0.1:3901/", {}, 2); // warm-up
const bare = await load("http://127.0.0.1:3901/", {});
await stop(koa);

const api = await startProcess("hosts/api/main.ts", {
  DATABASE_URL: url, DB_SCHEMA: schema, SEED_SANDBOX_KEY: BENCH_KEY, TIN_ENCRYPTION_KEY: "bench", RATE_LIMIT_PER_MINUTE: "100000000",
}, 3902);
const auth = { authorization: `Bearer ${BENCH_KEY}` };
const list = await (await fetch("http://127.0.0.1:3902/v1/payers", { headers: auth })).json() as { data: Array<{ id: string }> };
const payerUrl = `http://127.0.0.1:3902/v1/payers/${list.data[0]?.id}`;
await load(payerUrl, auth, 2);
const read = await load(payerUrl, auth);
await stop(api);
await admin.query(`drop schema if exists ${schema} cascade`);
await admin.end();

const ratio = read.rps / bare.rps;
console.log(`bare Koa hello-world:              ${bare.rps.toFixed(0)} req/s (p99 ${bare.p99} ms)`);
console.log(`GET /v1/payers/{id} (auth, Postgres): ${read.rps.toFixed(0)} req/s (p99 ${read.p99} ms, non-2xx ${read.non2xx})`);
console.log(`ratio: ${(ratio * 100).toFixed(1)}% of bare Koa (target >= 40%) ${ratio >= 0.4 ? "OK" : "BELOW TARGET"}`);
