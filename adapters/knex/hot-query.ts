// Hot-path reads as named (server-side prepared) statements on Postgres: parse and plan once per
// connection instead of once per request. PGlite goes through Knex, which serialises its one connection.
import type { Knex } from "knex";
import type { Row } from "./rows.ts";

interface PgConnection { query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }> }
interface KnexClientInternals {
  config: { client?: unknown };
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(c: PgConnection): Promise<void>;
}

export function hotQuery(db: Knex | Knex.Transaction, name: string, sql: string) {
  const knexSql = sql.replace(/\$\d+/g, "?");
  const client = db.client as unknown as KnexClientInternals;
  const isPg = client.config.client === "pg" && !(db as Knex.Transaction).isTransaction;
  return async (values: unknown[]): Promise<Row[]> => {
    if (!isPg) return (await db.raw(knexSql, values as Knex.RawBinding[])).rows as Row[];
    const conn = await client.acquireConnection();
    try {
      return (await conn.query({ name, text: sql, values })).rows;
    } finally {
      await client.releaseConnection(conn);
    }
  };
}
