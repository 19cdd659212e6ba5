// The floor of any handler that reads a row from Postgres on every request: bare Koa plus the API's own payer read
// by id (coalescedLookup with PAYER_GET: concurrent reads share one query), and nothing else (no authentication,
// routing, row decoding, view or envelope). What GET /v1/payers/{id} on Postgres is compared with, beside bare Koa,
// in the api-read bench. The payer's account and environment, which the API knows from the credential, are read
// once per payer here.
import Koa from "koa";
import { openDatabase } from "../../adapters/knex/connection.ts";
import { coalescedLookup } from "../../adapters/knex/hot-query.ts";
import { PAYER_GET } from "../../adapters/knex/store/parties.knex.ts";

const db = await openDatabase({ databaseUrl: process.env["DATABASE_URL"], schema: process.env["DB_SCHEMA"] });
const getPayer = coalescedLookup(db.knex, PAYER_GET);
const scopes = new Map<string, [string, boolean]>();
const scopeOf = async (id: string): Promise<[string, boolean] | undefined> => {
  const known = scopes.get(id);
  if (known) return known;
  const row = (await db.knex("payers").where("id", id).first("account_id", "livemode")) as
    | { account_id: string; livemode: boolean }
    | undefined;
  if (row) scopes.set(id, [row.account_id, row.livemode]);
  return row ? [row.account_id, row.livemode] : undefined;
};
const app = new Koa();
app.use(async (ctx) => {
  const id = ctx.path.slice(1);
  if (id === "") {
    ctx.body = { ready: true }; // the bench's readiness probe
    return;
  }
  const scope = await scopeOf(id);
  const row = scope ? await getPayer([id, ...scope]) : undefined;
  if (row) ctx.body = row;
  else ctx.status = 404;
});
app.listen(Number(process.env["PORT"] ?? 3998), "127.0.0.1");
// Exit on the bench's SIGTERM through process.exit, so BENCH_CPU_PROF gets this process's profile too.
process.on("SIGTERM", () => process.exit(0));
