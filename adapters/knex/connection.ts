// Opens the system of record: Postgres when DATABASE_URL is set, otherwise embedded PGlite in a data folder.
// The same migrations run on both. PGlite is single-process, so the folder is locked while open.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import knexFactory, { type Knex } from "knex";
import pg from "pg";
import { migrationSource } from "./migrations/index.ts";
import { isProcessAlive } from "../system/process-alive.ts";

// int8 (counts, sums) as JS numbers: every value the service stores fits in 2^53.
pg.types.setTypeParser(20, (v: string) => Number(v));
pg.types.setTypeParser(1700, (v: string) => Number(v));

const parseTimestamptz = pg.types.getTypeParser(1184, "text") as (v: string) => unknown;
const digits = (s: string, i: number, n: number) => {
  let v = 0;
  for (let k = i; k < i + n; k++) {
    const d = s.charCodeAt(k) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
};
/**
 * timestamptz as pg's own parser reads it (the same Date), without its regular expressions for the form a UTC
 * session sends, `YYYY-MM-DD HH:MM:SS[.ffffff]+00` with a year from 1000: every timestamp of a row read on the hot
 * paths (a payer has two). Any other form (another offset, BC, infinity, a year under 1000) goes to pg's parser.
 */
export function parseTimestamptzFast(v: string): unknown {
  const n = v.length;
  if (
    n >= 22 &&
    n <= 29 &&
    v.charCodeAt(n - 3) === 43 /* + */ &&
    v.charCodeAt(n - 2) === 48 &&
    v.charCodeAt(n - 1) === 48
  ) {
    const year = digits(v, 0, 4);
    const month = digits(v, 5, 2);
    const day = digits(v, 8, 2);
    const hour = digits(v, 11, 2);
    const minute = digits(v, 14, 2);
    const second = digits(v, 17, 2);
    const fractionOk = n === 22 || (v.charCodeAt(19) === 46 /* . */ && n > 23 && digits(v, 20, n - 23) >= 0);
    if (
      year >= 1000 &&
      month >= 0 &&
      day >= 0 &&
      hour >= 0 &&
      minute >= 0 &&
      second >= 0 &&
      fractionOk &&
      v.charCodeAt(4) === 45 &&
      v.charCodeAt(7) === 45 &&
      v.charCodeAt(10) === 32 &&
      v.charCodeAt(13) === 58 &&
      v.charCodeAt(16) === 58
    ) {
      // The milliseconds computed as pg's parser computes them (1000 * parseFloat(".ffffff")), so equal Dates.
      const ms = n === 22 ? 0 : 1000 * parseFloat(v.slice(19, n - 3));
      return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms));
    }
  }
  return parseTimestamptz(v);
}
pg.types.setTypeParser(1184, parseTimestamptzFast);

export interface DatabaseConfig {
  /** Postgres connection string; absent = embedded PGlite. */
  readonly databaseUrl?: string;
  /** PGlite data folder; "memory://" for an in-memory database (tests). */
  readonly dataDir?: string;
  /** Postgres schema to use (tests isolate themselves in their own schema). */
  readonly schema?: string;
  readonly poolMax?: number;
  /** PGlite only: the in-process row cache of hot-query.ts (default on; PGLITE_ROW_CACHE=off in the config turns it off). */
  readonly rowCache?: boolean;
  /**
   * PGlite only: a data-dir dump to start from instead of an empty cluster (tests: skips initdb), for "memory://"
   * or for a data folder that holds no database yet.
   */
  readonly template?: Blob;
}

export interface Database {
  readonly knex: Knex;
  readonly kind: "postgres" | "pglite";
  /** The PGlite instance, for pg-boss's executeSql bridge. */
  readonly pglite: PGlite | null;
  readonly close: () => Promise<void>;
  /** Registers work to finish before the pool closes (flushing local counters). */
  readonly onClose: (fn: () => Promise<void>) => void;
}

export class DataFolderInUse extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dir} is in use by process ${pid} (the embedded database allows one process at a time). ` +
        `Stop that process first, or point both at Postgres with DATABASE_URL.`,
    );
  }
}

function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, "service.lock");
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, "utf8").trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isProcessAlive(pid))
      throw new DataFolderInUse(dir, pid);
  }
  writeFileSync(lock, String(process.pid));
  return () => {
    try {
      rmSync(lock, { force: true });
    } catch {
      /* already gone */
    }
  };
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl) {
    const schema = config.schema;
    const knex = knexFactory({
      client: "pg",
      connection: config.databaseUrl,
      searchPath: schema ? [schema, "public"] : undefined,
      pool: { min: 0, max: config.poolMax ?? 10 },
    });
    if (schema) await knex.raw(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, "")}"`);
    await knex.migrate.latest({ migrationSource, schemaName: schema });
    const hooks: Array<() => Promise<void>> = [];
    return {
      knex,
      kind: "postgres",
      pglite: null,
      onClose: (fn) => {
        hooks.push(fn);
      },
      close: async () => {
        for (const fn of hooks.splice(0)) await fn();
        await knex.destroy();
      },
    };
  }
  const dir = config.dataDir ?? "./.data";
  const inMemory = dir === "memory://";
  const unlock = inMemory ? () => {} : lockDataDir(resolve(dir));
  try {
    const pgDir = join(resolve(dir), "pg");
    const fromTemplate =
      config.template && (inMemory || !existsSync(pgDir)) ? { loadDataDir: config.template } : {};
    // Loaded only for the embedded database: a service on Postgres does not carry PGlite's ~20 MB.
    const { PGlite: PGliteClass } = await import("@electric-sql/pglite");
    const { default: ClientPgLite } = await import("knex-pglite");
    const pglite = inMemory ? new PGliteClass(fromTemplate) : new PGliteClass(pgDir, fromTemplate);
    await pglite.waitReady;
    const knex = knexFactory({
      client: ClientPgLite,
      dialect: "postgres",
      connection: () => ({ pglite }),
      // Read by copy.ts (COPY through a Blob on PGlite) without loading knex-pglite there.
      embedded: "pglite",
      rowCache: config.rowCache ?? true,
    } as Knex.Config);
    await knex.migrate.latest({ migrationSource });
    const hooks: Array<() => Promise<void>> = [];
    return {
      knex,
      kind: "pglite",
      pglite,
      onClose: (fn) => {
        hooks.push(fn);
      },
      close: async () => {
        for (const fn of hooks.splice(0)) await fn();
        await knex.destroy();
        if (!pglite.closed) await pglite.close();
        unlock();
      },
    };
  } catch (e) {
    unlock();
    throw e;
  }
}
