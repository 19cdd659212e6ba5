// Shared by the pg-boss test files: a throwaway pg-boss schema name, and the jobs of a queue with their states.
import { randomBytes } from "node:crypto";
import type { Database } from "../../../adapters/knex/connection.ts";
import type { JobRow } from "../jobs.contract.ts";

export const bossSchema = () => `pgboss_t${randomBytes(5).toString("hex")}`;

export async function jobRows(db: Database, schema: string, queue: string): Promise<JobRow[]> {
  const r = await db.knex.raw(
    `select data, state from "${schema}".job where name = ? order by created_on, id`,
    [queue],
  );
  return (r.rows as { data: Record<string, unknown>; state: string }[]).map((x) => ({
    data: x.data,
    state: x.state,
  }));
}
