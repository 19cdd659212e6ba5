// Test databases: in-memory PGlite always; Postgres in a schema of its own when DATABASE_URL is set.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../../adapters/knex/connection.ts";

export type Backend = "pglite" | "postgres";

export const POSTGRES_URL = process.env["DATABASE_URL"];
export const backends: Backend[] = POSTGRES_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestDb { db: Database; schema: string | undefined; drop: () => Promise<void> }

export async function openTestDb(backend: Backend, schema?: string): Promise<TestDb> {
  if (backend === "pglite") {
    const db = await openDatabase({ dataDir: "memory://" });
    return { db, schema: undefined, drop: () => db.close() };
  }
  if (!POSTGRES_URL) throw new Error("DATABASE_URL is not set");
  const name = schema ?? `t_${randomBytes(6).toString("hex")}`;
  const db = await openDatabase({ databaseUrl: POSTGRES_URL, schema: name, poolMax: 10 });
  return {
    db, schema: name,
    // Close first (flushing counters into the schema), then drop the schema over a connection of its own.
    drop: async () => {
      await db.close();
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      try { await client.query(`drop schema if exists "${name}" cascade`); } finally { await client.end(); }
    },
  };
}
