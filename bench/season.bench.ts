// Issue 19: the filing season in one account on Postgres: 1,000,000 filings, of which 100,000 are this January's
// forms going through cart, pay, transmission and acknowledgement. `npm run bench -- --season` (minutes; not part
// of the plain `npm run bench`, nor of `npm test`).
//
// 1. 900,000 filings of earlier seasons are written straight into the filings table by SQL (accepted, older
//    created_at, each with its own id, short id and duplicate key): the bench is about reading and paying at
//    that size, and intake speed has its own bench.
// 2. 100,000 1099-NEC forms go in over HTTP (100 batches of 1,000, 4 in flight, added to the cart).
// 3. Paging GET /v1/filings?limit=100 at depths 0 to 999,900 (cursors picked by SQL): p99 < 20 ms at any depth.
// 4. The cart of 100,000 forms priced (GET /v1/cart/value): < 1 s.
// 5. Pay of the 100,000 (POST /v1/cart/pay): < 5 s.
// 6. Paid to all 100,000 accepted (sandbox: IRIS A2A adapter and the IRS emulator, the live transmission path,
//    ack delay 0, the worker inside the API process): < 60 s.
// 7. The database floor of pay: the same filings moved by one bare UPDATE, rolled back (printed and recorded).
import { apiCaller, headers, necForm, benchPayer } from "./support/api.ts";
import { benchSchema, stop } from "./support/servers.ts";
import { loadNote, record } from "./support/report.ts";

const SEEDED = Number(process.env["SEASON_SEEDED"] ?? 900_000);
const JANUARY = Number(process.env["SEASON_FORMS"] ?? 100_000);
const PER_BATCH = 1000;
const PAGES_PER_DEPTH = Number(process.env["SEASON_PAGES"] ?? 1000);
const IN_FLIGHT = 4;
const PORT = 3907;
const bench = "season.bench.ts";
const command = "npm run bench -- --season";

const schema = "bench_season";
const db = await benchSchema(schema);
const { admin } = db;
const api = await db.startApi(PORT, { SANDBOX_ACK_DELAY_MS: "0" });
const base = `http://127.0.0.1:${PORT}`;
const call = apiCaller(base);
const seconds = (t0: number) => (performance.now() - t0) / 1000;

try {
  const payer = (await call("POST", "/v1/payers", benchPayer("Season Payroll LLC"))).body["id"] as string;

  // 2 first (it makes the template row), then 1 with older timestamps.
  const batches = Math.ceil(JANUARY / PER_BATCH);
  let next = 0;
  let created = 0;
  const t2 = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (let b = next++; b < batches; b = next++) {
        const forms = Array.from({ length: Math.min(PER_BATCH, JANUARY - b * PER_BATCH) }, (_, i) =>
          necForm(b * PER_BATCH + i),
        );
        const r = await call("POST", `/v1/payers/${payer}/forms`, { addToCart: true, forms });
        if (r.status !== 201) throw new Error(`intake: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
        created += Number(r.body["created"] ?? 0);
      }
    }),
  );
  const intakeS = seconds(t2);
  console.log(
    `intake of ${created} forms into the cart over HTTP: ${intakeS.toFixed(1)} s, ${(created / intakeS).toFixed(0)} forms/s (${loadNote()})`,
  );
  record(
    bench,
    `season: intake of ${JANUARY.toLocaleString("en-US")} forms into the cart`,
    created / intakeS,
    "forms/s",
    null,
    command,
  );

  const t1 = performance.now();
  // A filing is two rows (migration filing_states): its form and its state, with the same id.
  await admin.query(
    `with t as (select * from ${schema}.filings where payer_id = $2 limit 1),
      g as materialized (select n, gen_random_uuid() as id from generate_series(1, $1::int) n),
      forms as (insert into ${schema}.filing_forms (id, short_id, account_id, livemode, payer_id, recipient_id, form,
          tax_year, reference, batch_id, json_form, sealed_tins, account_number, recipient_tin_hash, dup_key)
        select g.id, 'fil_s' || n, t.account_id, t.livemode, t.payer_id, t.recipient_id, t.form, 2020 + (n % 5),
          t.reference, t.batch_id, t.json_form, t.sealed_tins, t.account_number, t.recipient_tin_hash, 'season-' || n
        from g, t)
    insert into ${schema}.filing_states (id, account_id, livemode, created_at, status, service, physical_mail,
        portal_access, updated_at)
      select g.id, t.account_id, t.livemode, t.created_at - interval '30 days' - n * interval '1 second', 'accepted',
        t.service, t.physical_mail, t.portal_access, t.updated_at
      from g, t`,
    [SEEDED, payer],
  );
  // Vacuumed as well as analyzed: the earlier seasons stand for years of history, long since vacuumed. Without it,
  // autovacuum starts on the 900,000 rows just written and reads the gigabyte table while the paging is timed.
  await admin.query(`vacuum (analyze) ${schema}.filing_forms, ${schema}.filing_states`);
  // And checkpointed: the gigabyte just written is otherwise flushed to disk while the paging is timed (a superuser's
  // command; skipped where the bench's role may not run it).
  await admin.query("checkpoint").catch(() => undefined);
  console.log(`seeded ${SEEDED} filings of earlier seasons by SQL in ${seconds(t1).toFixed(1)} s`);
  const total = Number(
    (await admin.query(`select count(*)::int as n from ${schema}.filings where payer_id = $1`, [payer]))
      .rows[0].n,
  );

  // 3. Paging at depth: cursors picked by SQL in the API's order (newest first, created_at then id).
  const account = (await admin.query(`select account_id from ${schema}.payers where id = $1`, [payer]))
    .rows[0].account_id as string;
  const depths = [0, 1000, 100_000, 500_000, total - 100].filter(
    (d, i, all) => d < total && all.indexOf(d) === i,
  );
  let worst = 0;
  for (const depth of depths) {
    const cursor =
      depth === 0
        ? null
        : ((
            await admin.query(
              `select id from ${schema}.filings where account_id = $1 and livemode = false
      order by created_at desc, id desc offset $2 limit 1`,
              [account, depth - 1],
            )
          ).rows[0]?.id as string | undefined);
    const path = `/v1/filings?limit=100${cursor ? `&starting_after=${cursor}` : ""}`;
    const times: number[] = [];
    // 1,000 timed requests a depth (after 10 to warm). With 200 the p99 was the second slowest request, and which two
    // requests a young-generation collection or a scheduler hiccup of the shared 2-core machine landed in moved it by
    // 5-10 ms from run to run; of 1,000 it is the tenth slowest.
    for (let i = 0; i < PAGES_PER_DEPTH + 10; i++) {
      const t = performance.now();
      const r = await fetch(base + path, { headers });
      const page = (await r.json()) as { data?: unknown[] };
      if (r.status !== 200 || (page.data?.length ?? 0) === 0)
        throw new Error(`paging at ${depth}: ${r.status}`);
      if (i >= 10) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p99 = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] as number;
    worst = Math.max(worst, p99);
    console.log(
      `  GET /v1/filings?limit=100 at depth ${depth.toLocaleString("en-US")}: p50 ${times[times.length >> 1]?.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
    );
  }
  console.log(
    `paging ${total.toLocaleString("en-US")} filings: worst p99 ${worst.toFixed(1)} ms (target < 20 ms) ${worst < 20 ? "OK" : "ABOVE TARGET"} (${loadNote()})`,
  );
  record(
    bench,
    `season: paging GET /v1/filings in ${total.toLocaleString("en-US")} filings, worst p99 of depths 0 to ${(total - 100).toLocaleString("en-US")}`,
    worst,
    "ms",
    { under: 20 },
    command,
  );

  // 4. The cart priced.
  await call("GET", "/v1/cart/value"); // the first call compiles nothing special, but warms the pool
  const t4 = performance.now();
  const value = await call("GET", "/v1/cart/value");
  const priceS = seconds(t4);
  console.log(
    `cart of ${String(value.body["item_count"])} forms priced (GET /v1/cart/value): ${(priceS * 1000).toFixed(0)} ms, ${String(value.body["total_cents"])} cents (target < 1 s) (${loadNote()})`,
  );
  record(
    bench,
    `season: cart of ${JANUARY.toLocaleString("en-US")} forms priced`,
    value.status === 200 ? priceS : NaN,
    "s",
    { under: 1 },
    command,
  );

  // 5. Pay.
  const t5 = performance.now();
  const paid = await call("POST", "/v1/cart/pay");
  const payS = seconds(t5);
  console.log(
    `pay of ${JANUARY} forms: ${payS.toFixed(2)} s, status ${paid.status}, filed ${String(paid.body["filed"])} (target < 5 s) (${loadNote()})`,
  );
  record(
    bench,
    `season: pay of ${JANUARY.toLocaleString("en-US")} forms`,
    paid.status === 200 ? payS : NaN,
    "s",
    { under: 5 },
    command,
  );
  if (paid.status !== 200) throw new Error(`pay: ${paid.status} ${JSON.stringify(paid.body).slice(0, 500)}`);

  // 6. Paid to accepted. The poll counts the filings still on their way (queued, submitted, furnishing) through the
  // status index, a count that shrinks to nothing: counting the accepted ones joined every cart item to its filing
  // and took 1-2.7 s of a core every 3 s, from the work being measured. The accepted count is taken once at the end.
  const ON_THE_WAY = ["queued", "submitted", "furnishing"];
  let pending = JANUARY;
  const deadline = Date.now() + Number(process.env["SEASON_ACCEPT_DEADLINE_S"] ?? 300) * 1000;
  let lastPrint = 0;
  while (pending > 0 && Date.now() < deadline) {
    pending = Number(
      (
        await admin.query(
          `select count(*)::int as n from ${schema}.filings where account_id = $1 and livemode = false and status = any($2::text[])`,
          [account, ON_THE_WAY],
        )
      ).rows[0].n,
    );
    if (Date.now() - lastPrint > 10_000) {
      lastPrint = Date.now();
      console.log(`  ${JANUARY - pending} no longer on their way after ${seconds(t5).toFixed(0)} s`);
    }
    if (pending > 0) await new Promise((r) => setTimeout(r, 2000));
  }
  const acceptS = seconds(t5);
  const accepted = Number(
    (
      await admin.query(
        `select count(*)::int as n from ${schema}.cart_items ci join ${schema}.filings f on f.id = ci.filing_id
        where ci.cart_id = (select cart_id from ${schema}.orders where id = $1) and f.status = 'accepted'`,
        [paid.body["order"]],
      )
    ).rows[0].n,
  );
  console.log(
    `pay to all ${JANUARY} accepted: ${acceptS.toFixed(1)} s, ${accepted} accepted (target < 60 s) (${loadNote()})`,
  );
  record(
    bench,
    `season: pay to ${JANUARY.toLocaleString("en-US")} accepted (sandbox, IRIS A2A + emulator)`,
    accepted === JANUARY ? acceptS : NaN,
    "s",
    { under: 60 },
    command,
  );
  if (accepted < JANUARY) {
    const byStatus = (
      await admin.query(
        `select status, count(*)::int as n from ${schema}.filings where payer_id = $1 and tax_year = 2025 group by status`,
        [payer],
      )
    ).rows;
    console.log(`  statuses: ${JSON.stringify(byStatus)}`);
    process.exitCode = 1;
  }

  // 7. The database floor of pay: the same 100,000 filings moved as pay moves them (status, order, amount, time) by
  // one bare UPDATE, no join, no guard, no service, rolled back. Pay cannot take less than this part of it.
  const tFloor = performance.now();
  await admin.query("begin");
  await admin.query(
    `update ${schema}.filing_states set status = 'queued', order_id = 'ord_floor', amount_charged_cents = 1, updated_at = now()
    where id in (select filing_id from ${schema}.cart_items where cart_id = (select cart_id from ${schema}.orders where id = $1))`,
    [paid.body["order"]],
  );
  const floorS = seconds(tFloor);
  await admin.query("rollback");
  console.log(
    `database floor of pay: the ${JANUARY} filings moved by one bare UPDATE (rolled back): ${floorS.toFixed(2)} s (${loadNote()})`,
  );
  record(
    bench,
    `season: floor of pay: one bare UPDATE moving the ${JANUARY.toLocaleString("en-US")} filings`,
    floorS,
    "s",
    null,
    command,
  );
} finally {
  await stop(api);
  if (process.env["SEASON_KEEP"] !== "1") await db.close();
  else await admin.end();
}
