// Test databases: in-memory PGlite always; Postgres in a schema of its own when DATABASE_URL is set.
import { createHash, randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Knex } from "knex";
import pg from "pg";
import { openDatabase, type Database } from "../../adapters/knex/connection.ts";
import { checkFastPathsAgainstSchemas } from "../../adapters/knex/rows.ts";

// Every row a test database returns is decoded by both paths of its row codec, which must agree.
checkFastPathsAgainstSchemas();

// A fresh PGlite cluster costs seconds of initdb; every test database instead starts from a dump of a migrated
// empty one, made once per set of migrations (and PGlite version) and kept in the temp folder.
const root = join(import.meta.dirname, "../..");
/**
 * Settings of the template's cluster, kept in its postgresql.auto.conf (and so in every test database and data
 * folder made from it). A test database holds a few hundred rows: PGlite's 128 MB of shared buffers and 100
 * connection slots, set up at every start, were half of a test database's start (1.0 s against 0.5 s).
 */
const TEMPLATE_SETTINGS = { shared_buffers: "16MB", max_connections: "5" };
/**
 * The template's bytes as PGlite reads them: it asks for the whole dump with `arrayBuffer()`, which Node 20's Blob
 * answers by streaming its 40 MB in small pieces (a quarter of a second a database). This Blob answers with a copy.
 */
class BytesBlob extends Blob {
  readonly #data: Uint8Array;
  constructor(data: Uint8Array) {
    super([]);
    this.#data = data;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    // A copy of exactly these bytes (a Buffer's own slice() would share its memory and its pool's).
    return Promise.resolve(new Uint8Array(this.#data).buffer);
  }
}
function templatePath(): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify(TEMPLATE_SETTINGS));
  hash.update(
    String(
      (
        JSON.parse(readFileSync(join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8")) as {
          version: string;
        }
      ).version,
    ),
  );
  const migrations = join(root, "adapters/knex/migrations");
  for (const f of readdirSync(migrations).sort()) hash.update(f).update(readFileSync(join(migrations, f)));
  return join(tmpdir(), `irs-pglite-template-${hash.digest("hex").slice(0, 16)}.tar`);
}

let template: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> {
  return (template ??= (async () => {
    const path = templatePath();
    if (existsSync(path)) return new BytesBlob(readFileSync(path));
    const db = await openDatabase({ dataDir: "memory://" });
    for (const [name, value] of Object.entries(TEMPLATE_SETTINGS))
      await db.knex.raw(`alter system set ${name} = '${value}'`);
    const dump = new Uint8Array(await (await db.pglite!.dumpDataDir("none")).arrayBuffer());
    await db.close();
    const tmp = `${path}.${process.pid}`;
    writeFileSync(tmp, dump);
    renameSync(tmp, path); // atomic: parallel test files may race to make it
    return new BytesBlob(dump);
  })());
}

/**
 * A new embedded data folder holding a migrated, empty database (for tests that run the CLI or the server on one):
 * a copy of a folder made once from the template (a copy takes a third of the time PGlite takes to unpack the
 * template into a folder and shut down).
 */
export async function freshDataDir(prefix: string): Promise<string> {
  const folder = templatePath().replace(/\.tar$/, ".dir");
  if (!existsSync(folder)) {
    const made = mkdtempSync(`${folder}.`);
    const db = await openDatabase({ dataDir: made, template: await pgliteTemplate() });
    await db.close();
    try {
      renameSync(made, folder); // atomic: parallel test files may race to make it
    } catch {
      rmSync(made, { recursive: true, force: true }); // another file made it first
    }
  }
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(folder, dir, { recursive: true });
  return dir;
}

export type Backend = "pglite" | "postgres";

export const POSTGRES_URL = process.env["DATABASE_URL"];
export const backends: Backend[] = POSTGRES_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestDb {
  db: Database;
  schema: string | undefined;
  drop: () => Promise<void>;
}

export async function openTestDb(backend: Backend, schema?: string): Promise<TestDb> {
  if (backend === "pglite") {
    const db = await openDatabase({ dataDir: "memory://", template: await pgliteTemplate() });
    return { db, schema: undefined, drop: () => db.close() };
  }
  if (!POSTGRES_URL) throw new Error("DATABASE_URL is not set");
  const name = schema ?? `t_${randomBytes(6).toString("hex")}`;
  const db = await openDatabase({ databaseUrl: POSTGRES_URL, schema: name, poolMax: 10 });
  return {
    db,
    schema: name,
    // Close first (flushing counters into the schema), then drop the schema over a connection of its own, with the
    // job queue's schema that a host process started on it makes (`<schema>_pgboss`, hosts/shared/runtime.ts).
    drop: async () => {
      await db.close();
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${name}" cascade`);
        await client.query(`drop schema if exists "${name}_pgboss" cascade`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Runs `work` in a transaction of `knex` that is always rolled back (a migration's down and up, looked at in place). */
export async function inRolledBackTransaction(knex: Knex, work: (trx: Knex.Transaction) => Promise<void>) {
  await knex
    .transaction(async (trx) => {
      await work(trx);
      await trx.rollback();
    })
    .catch((e: unknown) => {
      // Knex rejects the transaction's promise with undefined when it is rolled back on purpose.
      if (e !== undefined) throw e;
    });
}
