// Durable jobs (D22) on pg-boss 10, in the system-of-record database: Postgres, or embedded PGlite.
// The only file that imports pg-boss.
//
// Every SQL statement pg-boss issues goes through Knex's connection pool (`bridge` below), never straight to a
// driver. On PGlite this is what keeps jobs and the rest of the service apart: knex-pglite is a pool of exactly
// one connection over the one PGlite session, and a Knex transaction is just BEGIN ... COMMIT on that session,
// which PGlite itself knows nothing about. A pg-boss query sent straight to PGlite while a Knex transaction is
// open would run inside it (and vanish on its rollback), pg-boss's own BEGIN ... COMMIT maintenance would commit
// it half way, and a failing pg-boss statement would abort it. Leasing the pool's connection for each statement
// makes pg-boss wait its turn behind any open transaction instead.
// The flip side, on PGlite only: do not await `send` inside an open Knex transaction. It waits for the
// connection that transaction holds, until Knex's acquire timeout ("Are you missing a .transacting(trx) call?").
import PgBoss from "pg-boss";
import * as Effect from "effect/Effect";
import type { Database } from "../knex/connection.ts";
import {
  DeadLetter,
  Jobs,
  RetryLater,
  type JobHandler,
  type JobRunner,
  type WorkOptions,
} from "../../core/ports/jobs.port.ts";

export interface JobDefaults {
  /** Retries after the first run (pg-boss 10 retries nothing unless told). */
  readonly retryLimit: number;
  /** Whole seconds before a retry (with backoff, at least 1). */
  readonly retryDelay: number;
  /** Doubles the delay on each retry, with jitter: delay x 2^(n-1) x (1 + random). */
  readonly retryBackoff: boolean;
  /**
   * A running job not completed within this many seconds counts as a failed attempt (its process is presumed
   * dead) and is retried. Must exceed the slowest honest run of the handler. A queue's policy, not a send option:
   * the process that works a queue writes it there when it starts (see `work`), and every job sent to the queue
   * from then on carries it, whichever process sent it.
   */
  readonly expireInSeconds: number;
}

export interface OpenJobsOptions {
  /** Postgres schema of pg-boss's tables. Default `pgboss`; tests use their own. */
  readonly schema?: string;
  /**
   * How often an idle worker looks for due jobs. Default 1. The polling loops are this adapter's own, so any
   * positive value works (tests use 0.1 s); pg-boss itself, which asserts 0.5 s and up, is given at least that.
   */
  readonly pollingIntervalSeconds?: number;
  /** How often expired jobs are swept back into their queue (one process does it per interval). Default 10. */
  readonly maintenanceIntervalSeconds?: number;
  /** Queues to create at once; any other queue is created on its first `send` or `work`. */
  readonly queues?: readonly string[];
  readonly defaults: JobDefaults;
  /**
   * `expireInSeconds` for the named queues, when their honest runs are longer than the default's. Like the
   * default, the value of the process that works the queue is the one its jobs get.
   */
  readonly expireInSecondsByQueue?: Readonly<Record<string, number>>;
  /** How long `stop` lets running handlers finish before failing their jobs back to the queue. Default 10 s. */
  readonly stopTimeoutMs?: number;
  /** Background errors: maintenance, a completion or failure that did not reach the database. Default: console.error. */
  readonly onError?: (error: unknown) => void;
}

export interface PgBossJobs extends JobRunner {
  /** The pg-boss schema in use, for tests and operators. */
  readonly schema: string;
  /** False once `stop` was called (readiness probes). */
  readonly alive: () => boolean;
}

interface SqlResult {
  readonly rows: unknown[];
}
interface QueryConnection {
  query(text: string, values?: unknown[]): Promise<SqlResult | SqlResult[]>;
}
interface PgliteConnection extends QueryConnection {
  exec(text: string): Promise<SqlResult[]>;
}

/** pg-boss's `db` option over Knex's pool; also tracks statements in flight so `stop` can wait for them. */
function bridge(db: Database) {
  const client = db.knex.client;
  const inFlight = new Set<Promise<unknown>>();
  const run = async (text: string, values?: unknown[]): Promise<SqlResult> => {
    const conn = (await client.acquireConnection()) as QueryConnection;
    const multi = !values || values.length === 0; // pg-boss sends its multi-statement scripts without values
    try {
      if (db.kind === "pglite" && multi) {
        // PGlite's query() takes one statement; exec() runs a script (pg-boss's migrations, locked maintenance)
        const results = await (conn as PgliteConnection).exec(text);
        return results[results.length - 1] ?? { rows: [] };
      }
      const result = await conn.query(text, values);
      return Array.isArray(result) ? (result[result.length - 1] ?? { rows: [] }) : result;
    } catch (e) {
      // A script failing after its BEGIN leaves the session in an aborted transaction: clear it before the
      // connection goes back to the pool (on PGlite it is the only connection there is).
      if (multi) await conn.query("ROLLBACK").catch(() => {});
      throw e;
    } finally {
      await client.releaseConnection(conn);
    }
  };
  return {
    executeSql(text: string, values?: unknown[]): Promise<SqlResult> {
      const p = run(text, values);
      inFlight.add(p);
      p.then(
        () => inFlight.delete(p),
        () => inFlight.delete(p),
      );
      return p;
    },
    inFlight,
  };
}

interface Loop {
  readonly queue: string;
  /** Ids of the jobs whose handlers are running. */
  running: string[];
  /** Ends the current sleep between polls. */
  wake: () => void;
  done: Promise<void>;
}

/** Jobs a `sendMany` writes in one statement. */
const SEND_MANY_CHUNK = 1000;

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Dedupe by key (`SendJobOptions.key`): pg-boss's own policies allow one *queued* or one *active* job per key,
 * not one of either, so the rule is a partial unique index on pg-boss's (partitioned) job table. pg-boss inserts
 * with ON CONFLICT DO NOTHING, so a duplicate send simply inserts nothing; its fail-and-retry statement deletes
 * and re-inserts the same row in one statement, which the index allows.
 */
async function ensureDedupeIndex(
  executeSql: (text: string, values?: unknown[]) => Promise<SqlResult>,
  schema: string,
) {
  const s = quoteIdent(schema);
  const found = await executeSql(`SELECT to_regclass($1) AS name`, [`${s}.job_dedupe_key`]);
  if ((found.rows[0] as { name: unknown } | undefined)?.name) return;
  await executeSql(`
    BEGIN;
    SELECT pg_advisory_xact_lock(('x' || md5(current_database() || '.jobs-dedupe.' || ${literal(schema)}))::bit(64)::bigint);
    CREATE UNIQUE INDEX IF NOT EXISTS job_dedupe_key ON ${s}.job (name, singleton_key)
      WHERE state < 'completed' AND singleton_key IS NOT NULL;
    COMMIT;`);
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * Several processes starting together on a fresh database race inside pg-boss 10's own setup: two installs under its
 * advisory lock still collide on `CREATE SCHEMA IF NOT EXISTS` (23505 on pg_namespace; the second process died at
 * start), and two creators of one queue deadlock in `create_queue` (40P01: one holds the queue's new row, the other
 * attaches the queue's partition to the job table, whose foreign key wants a lock on the queue table). On Postgres
 * each of those steps (the install or migration with the dedupe index; each queue's creation, on its first use in
 * this process) runs under a session advisory lock held on a connection of its own, outside the pool: processes take
 * turns, and a later one finds the step done. PGlite is one process.
 */
async function oneAtATime<T>(db: Database, schema: string, step: () => Promise<T>): Promise<T> {
  if (db.kind !== "postgres") return step();
  const client = db.knex.client as {
    acquireRawConnection(): Promise<QueryConnection>;
    destroyRawConnection(conn: QueryConnection): Promise<void>;
  };
  const conn = await client.acquireRawConnection();
  try {
    await conn.query(
      `SELECT pg_advisory_lock(('x' || md5(current_database() || '.jobs-setup.' || $1))::bit(64)::bigint)`,
      [schema],
    );
    return await step();
  } finally {
    // Closing the session releases its lock.
    await client.destroyRawConnection(conn).catch(() => {});
  }
}

/**
 * Starts pg-boss on the service's database. Any number of processes may open it on one Postgres database; they
 * share the queues, and each job goes to one of them at a time. Call `stop()` before closing the database.
 */
export async function openJobs(db: Database, options: OpenJobsOptions): Promise<PgBossJobs> {
  const schema = options.schema ?? "pgboss";
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
  const { defaults } = options;
  const onError = options.onError ?? ((e: unknown) => console.error("[jobs]", e));
  const sql = bridge(db);

  const boss = new PgBoss({
    db: { executeSql: (text, values) => sql.executeSql(text, values) },
    schema,
    schedule: false, // no cron here; its clock-skew and cron loops would only add queries
    supervise: true, // the maintenance loop is what returns expired jobs (dead processes) to their queue
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 10,
    pollingIntervalSeconds: Math.max(0.5, pollingIntervalSeconds), // unused by our loops; pg-boss asserts >= 0.5
    retryLimit: defaults.retryLimit,
    retryDelay: defaults.retryDelay,
    retryBackoff: defaults.retryBackoff,
    expireInSeconds: defaults.expireInSeconds,
  });
  boss.on("error", onError);

  await oneAtATime(db, schema, async () => {
    await boss.start(); // installs or migrates pg-boss's schema
    try {
      await ensureDedupeIndex(sql.executeSql, schema);
    } catch (e) {
      await boss.stop({ graceful: false, close: false });
      throw e;
    }
  });

  const expiryOf = (queue: string) => options.expireInSecondsByQueue?.[queue] ?? defaults.expireInSeconds;
  const queues = new Map<string, Promise<void>>();
  const ensureQueue = (name: string): Promise<void> => {
    let p = queues.get(name);
    if (!p) {
      p = oneAtATime(db, schema, () =>
        boss.createQueue(name, { name, policy: "standard", ...defaults, expireInSeconds: expiryOf(name) }),
      );
      p.catch(() => queues.delete(name)); // let a later call try again
      queues.set(name, p);
    }
    return p;
  };
  // pg-boss 10 stamps a job's expiry when it is inserted: the send's own, else its queue's, else the sending
  // process's default. Sends name none, so the queue's applies; a process that works a queue sets the queue's, once
  // (its setting is the one operators make where the jobs run; the queue may have been created by an API process).
  // Several workers of one queue with different settings: the last one started wins.
  const ownedQueues = new Map<string, Promise<void>>();
  const ownQueue = (name: string): Promise<void> => {
    let p = ownedQueues.get(name);
    if (!p) {
      p = ensureQueue(name).then(() =>
        oneAtATime(db, schema, () =>
          boss.updateQueue(name, { name, policy: "standard", expireInSeconds: expiryOf(name) }),
        ),
      );
      p.catch(() => ownedQueues.delete(name));
      ownedQueues.set(name, p);
    }
    return p;
  };
  for (const q of options.queues ?? []) await ensureQueue(q);

  // Our own polling loops over boss.fetch rather than boss.work: pg-boss 10's work() settles a batch as one
  // (one failing job sends its neighbours round again) and completes without awaiting (a failed completion is
  // an unhandled rejection). Here every job completes or fails on its own, awaited, with errors reported.
  const loops = new Set<Loop>();
  let stopping = false;

  // pg-boss 10 sets a failed job's next start from its retry delay alone: a RetryLater moves it later, never
  // earlier, while the job waits in state retry (a job out of retries, or already taken again, is left alone).
  const jobTable = `${quoteIdent(schema)}.job`;
  const retryNoEarlier = (queue: string, id: string, e: RetryLater) =>
    sql.executeSql(
      `UPDATE ${jobTable} SET start_after = GREATEST(start_after, now() + $3::float8 * interval '1 second')
        WHERE name = $1 AND id = $2 AND state = 'retry'`,
      [queue, id, e.retryAfterSeconds],
    );

  // A dead letter fails for good: with its retry limit at its retry count, pg-boss's fail leaves it failed.
  const noMoreRetries = (queue: string, id: string) =>
    sql.executeSql(
      `UPDATE ${jobTable} SET retry_limit = retry_count WHERE name = $1 AND id = $2 AND state = 'active'`,
      [queue, id],
    );

  // Completions of a queue are written together, one write at a time: a job settled while the previous write is
  // on its way (its commit waiting on the WAL) goes in the next one (group commit; a letter a job, hundreds a second,
  // each completion a commit of its own, were half of the worker's commits). No job waits for a neighbour: a write
  // starts as soon as the one before it ends.
  const completers = new Map<string, (id: string) => Promise<void>>();
  const completerOf = (queue: string) => {
    let c = completers.get(queue);
    if (!c) {
      let waiting: { id: string; done: () => void }[] = [];
      let writing = false;
      const write = async () => {
        writing = true;
        while (waiting.length > 0) {
          const batch = waiting;
          waiting = [];
          // A completion that does not reach the database leaves the job active: it expires and runs again.
          await boss
            .complete(
              queue,
              batch.map((b) => b.id),
            )
            .catch(onError);
          for (const b of batch) b.done();
        }
        writing = false;
      };
      c = (id) =>
        new Promise<void>((done) => {
          waiting.push({ id, done });
          if (!writing) void write();
        });
      completers.set(queue, c);
    }
    return c;
  };

  // Each job completes (or fails) as soon as its own handler settles: a slow neighbour in the batch must not keep
  // it active until its expiry sends it round again.
  const runBatch = (
    queue: string,
    jobs: PgBoss.JobWithMetadata<Record<string, unknown>>[],
    handler: JobHandler,
  ) =>
    Promise.all(
      jobs.map(async (job) => {
        let failure: { error: unknown } | undefined;
        try {
          await handler(job.data ?? {}, { id: job.id, queue, attempt: job.retryCount + 1 });
        } catch (error) {
          failure = { error };
        }
        if (!failure) {
          await completerOf(queue)(job.id);
          return;
        }
        const e = failure.error;
        const data = e instanceof Error ? { message: e.message, name: e.name } : { message: String(e) };
        try {
          if (e instanceof DeadLetter) await noMoreRetries(queue, job.id);
          await boss.fail(queue, job.id, data);
          if (e instanceof RetryLater && e.retryAfterSeconds > 0) await retryNoEarlier(queue, job.id, e);
        } catch (err) {
          onError(err);
        }
      }),
    );

  const startLoop = (queue: string, handler: JobHandler, batchSize: number) => {
    const loop: Loop = { queue, running: [], wake: () => {}, done: Promise.resolve() };
    loop.done = (async () => {
      while (!stopping) {
        let jobs: PgBoss.JobWithMetadata<Record<string, unknown>>[] = [];
        try {
          jobs = await boss.fetch<Record<string, unknown>>(queue, { batchSize, includeMetadata: true });
        } catch (e) {
          onError(e);
        }
        if (jobs.length > 0) {
          loop.running = jobs.map((j) => j.id);
          await runBatch(queue, jobs, handler);
          loop.running = [];
        }
        // A full batch means more may be waiting: fetch again at once.
        if (jobs.length < batchSize && !stopping) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, pollingIntervalSeconds * 1000);
            loop.wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          loop.wake = () => {};
        }
      }
    })();
    loops.add(loop);
  };

  const service = Jobs.of({
    send: (queue, data, opts) =>
      Effect.promise(async () => {
        await ensureQueue(queue);
        // No expireInSeconds: the queue's (its worker's setting) applies; see ownQueue.
        const sendOptions: PgBoss.SendOptions = {
          retryLimit: opts?.retryLimit ?? defaults.retryLimit,
          retryDelay: defaults.retryDelay,
          retryBackoff: defaults.retryBackoff,
        };
        if (opts?.key !== undefined) sendOptions.singletonKey = opts.key;
        if (opts?.startAfterSeconds !== undefined && opts.startAfterSeconds > 0)
          sendOptions.startAfter = opts.startAfterSeconds;
        const id = await boss.send(queue, { ...data }, sendOptions);
        // A worker in this process need not wait for its next poll.
        if (id !== null && sendOptions.startAfter === undefined) {
          for (const l of loops) if (l.queue === queue) l.wake();
        }
      }),
    // One INSERT of up to SEND_MANY_CHUNK jobs (pg-boss's insert: ON CONFLICT DO NOTHING, so the dedupe index drops
    // a key already queued, or twice in the list, as it drops a single send's).
    sendMany: (queue, jobs) =>
      Effect.promise(async () => {
        if (jobs.length === 0) return;
        await ensureQueue(queue);
        for (let i = 0; i < jobs.length; i += SEND_MANY_CHUNK)
          await boss.insert(
            jobs.slice(i, i + SEND_MANY_CHUNK).map((j) => ({
              name: queue,
              data: { ...j.data },
              retryLimit: defaults.retryLimit,
              retryDelay: defaults.retryDelay,
              retryBackoff: defaults.retryBackoff,
              ...(j.key === undefined ? {} : { singletonKey: j.key }),
            })),
          );
        for (const l of loops) if (l.queue === queue) l.wake();
      }),
  });

  const work = async (queue: string, handler: JobHandler, workOptions: WorkOptions = {}) => {
    if (stopping) throw new Error("jobs: work() after stop()");
    const batchSize = Math.max(1, Math.floor(workOptions.batchSize ?? 1));
    const team = Math.max(1, Math.floor(workOptions.teamConcurrency ?? 1));
    await ownQueue(queue);
    for (let i = 0; i < team; i++) startLoop(queue, handler, batchSize);
  };

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      stopping = true;
      for (const l of loops) l.wake();
      const timeoutMs = options.stopTimeoutMs ?? 10_000;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        Promise.all([...loops].map((l) => l.done)).then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), timeoutMs);
        }),
      ]);
      clearTimeout(timer);
      if (timedOut) {
        // Handlers still running: hand their jobs back now rather than after their expiry (as pg-boss does).
        for (const l of loops) {
          for (const id of l.running)
            await boss.fail(l.queue, id, { message: "worker stopped while the job ran" }).catch(onError);
        }
      }
      await boss.stop({ graceful: false, close: false });
      while (sql.inFlight.size > 0) await Promise.allSettled(sql.inFlight);
    })();
    return stopped;
  };

  return { service, work, stop, schema, alive: () => !stopping };
}
