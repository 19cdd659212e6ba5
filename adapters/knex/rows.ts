// Row <-> domain mapping shared by the Knex repositories.
//
// Reading: every row a query returns is decoded by the row codec of its shape (rows/*.ts, built from the column
// codecs of rows/columns.ts on Effect Schema), then mapped to the domain entity; a row that does not fit (an
// unknown status, a missing id, a timestamp that is not one) throws a RowDecodeError naming the row and the field,
// which the repositories' `run` turns into a defect (500 api_error) instead of a malformed entity.
// Writing: `toColumns` maps a domain patch to its columns.
export * from "./rows/columns.ts";
export * from "./rows/parties.ts";
export * from "./rows/filings.ts";
export * from "./rows/carts.ts";
export * from "./rows/ledger.ts";
export * from "./rows/events.ts";
export * from "./rows/oauth.ts";
export * from "./rows/operations.ts";
export * from "./rows/statements.ts";
export * from "./rows/w9.ts";
export * from "./rows/b-notices.ts";

/** Column values by column name: what a write sends (a query's result is `unknown` until a row codec decodes it). */
export type Row = Record<string, unknown>;

const SNAKE = /[A-Z]/g;
export const snake = (k: string): string => k.replace(SNAKE, (c) => "_" + c.toLowerCase());

/** camelCase domain fields -> snake_case columns, skipping undefined. */
export function toColumns(obj: object): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(obj)) if (v !== undefined) out[snake(k)] = v;
  return out;
}
