import { InvalidRequest } from "./errors.ts";

export interface PageQuery {
  readonly limit: number;
  readonly startingAfter: string | null;
}
export interface Page<T> {
  readonly data: readonly T[];
  readonly hasMore: boolean;
  readonly nextCursor: string | null;
  /** `starting_after` named no item of this list (in this account and environment). */
  readonly cursorNotFound?: true;
}

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 500;

/** D34: `limit` 1..500 (default 100), `starting_after` an id from the previous page. */
export function parsePageQuery(query: Record<string, unknown>): PageQuery | InvalidRequest {
  const rawLimit = query["limit"];
  let limit = DEFAULT_LIMIT;
  if (rawLimit !== undefined) {
    const s = Array.isArray(rawLimit) ? String(rawLimit[0]) : String(rawLimit);
    if (!/^\d+$/.test(s) || Number(s) < 1 || Number(s) > MAX_LIMIT) {
      return new InvalidRequest({
        param: "limit",
        message: `limit must be an integer from 1 to ${MAX_LIMIT}; got ${JSON.stringify(s)}`,
      });
    }
    limit = Number(s);
  }
  const rawCursor = query["starting_after"];
  const startingAfter = typeof rawCursor === "string" && rawCursor.length > 0 ? rawCursor : null;
  if (startingAfter !== null && startingAfter.length > 100) {
    return new InvalidRequest({ param: "starting_after", message: "starting_after is not a valid cursor" });
  }
  return { limit, startingAfter };
}

/** Shapes a page fetched with limit + 1 rows into the list envelope's parts. */
export function toPage<T extends { id: string }>(rows: readonly T[], limit: number): Page<T> {
  const hasMore = rows.length > limit;
  const data = hasMore ? rows.slice(0, limit) : rows;
  return { data, hasMore, nextCursor: hasMore ? (data[data.length - 1]?.id ?? null) : null };
}

/** The page a cursor that names no item of the list gives: nothing, flagged so the caller can say so. */
export function unknownCursorPage<T>(): Page<T> {
  return { data: [], hasMore: false, nextCursor: null, cursorNotFound: true };
}

/** D34: a cursor is the id of an item of the same list; any other is a 422 naming `starting_after`. */
export function checkCursor<T>(page: Page<T>): Page<T> | InvalidRequest {
  if (!page.cursorNotFound) return page;
  return new InvalidRequest({
    param: "starting_after",
    message:
      "starting_after is not the id of an item of this list; pass the next_cursor of the previous page.",
  });
}
