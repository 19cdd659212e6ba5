// The floor of any handler that reads a row from Postgres on every request: bare Koa plus one primary-key read of
// the payer through a pg pool, with concurrent reads of the same id sharing one query as the API's payer reads do
// (no auth, no routing, no view, no envelope). What GET /v1/payers/{id} on Postgres is compared with, beside bare
// Koa, in the api-read bench.
import Koa from "koa";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env["DATABASE_URL"], max: 10 });
const table = `${process.env["DB_SCHEMA"] ?? "public"}.payers`;
const inFlight = new Map<string, Promise<unknown>>();
const read = (id: string): Promise<unknown> => {
  let p = inFlight.get(id);
  if (!p) {
    p = pool
      .query({ name: "payer", text: `select * from ${table} where id = $1`, values: [id] })
      .then((r) => r.rows[0])
      .finally(() => inFlight.delete(id));
    inFlight.set(id, p);
  }
  return p;
};
const app = new Koa();
app.use(async (ctx) => {
  const id = ctx.path.slice(1);
  if (id === "") {
    ctx.body = { ready: true }; // the bench's readiness probe
    return;
  }
  const row = await read(id);
  if (row) ctx.body = row;
  else ctx.status = 404;
});
app.listen(Number(process.env["PORT"] ?? 3998), "127.0.0.1");
