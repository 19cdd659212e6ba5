// A payer's rows as the benches' database floors read and write them again: its recipients and its filings, each
// filing two rows (migration filing_states: its form and its state, the same id).
/**
 * Runs a statement whose parameter $1, where it has one, is the payer. In the functions below `prefix` qualifies the
 * tables ("" or "schema.").
 */
export type PayerQuery = (sql: string) => Promise<Record<string, unknown>[]>;

/** A PayerQuery over a client's `exec` (pg's `query`, or Knex's `raw` with `$1` written `?`) for `payerId`. */
export function payerQuery(
  exec: (sql: string, params: unknown[]) => Promise<{ rows: unknown[] }>,
  payerId: unknown,
): PayerQuery {
  // A statement without $1 (a vacuum) takes no parameter.
  return async (sql) =>
    (await exec(sql, sql.includes("$1") ? [payerId] : [])).rows as Record<string, unknown>[];
}

/** The payer's filings: forms and states in the same order (by id). */
export async function payerFilings(query: PayerQuery, prefix: string) {
  return {
    forms: await query(`select * from ${prefix}filing_forms where payer_id = $1 order by id`),
    states: await query(
      `select s.* from ${prefix}filing_states s join ${prefix}filing_forms f on f.id = s.id
      where f.payer_id = $1 order by s.id`,
    ),
  };
}

/**
 * Deletes the payer's filings and recipients, then vacuums their tables, so the rows go back into tables and indexes
 * free of their own dead versions (each unique check would otherwise visit the deleted row of the same key): a floor
 * measured after it is what writing them costs, not more.
 */
export async function clearPayer(query: PayerQuery, prefix: string): Promise<void> {
  await query(
    `delete from ${prefix}filing_states where id in (select id from ${prefix}filing_forms where payer_id = $1)`,
  );
  await query(`delete from ${prefix}filing_forms where payer_id = $1`);
  await query(`delete from ${prefix}recipients where payer_id = $1`);
  await query(`vacuum ${prefix}filing_forms, ${prefix}filing_states, ${prefix}recipients`);
}
