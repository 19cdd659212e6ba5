// The list envelope of SPEC Conventions: the one home of its shape, for a page of a paged list and for a list
// the service answers whole.
import type { Page } from "./paging.ts";

/** A page of a paged list, each item through `view`. */
export function pageView<T, V>(page: Page<T>, view: (t: T) => V) {
  return { object: "list", data: page.data.map(view), has_more: page.hasMore, next_cursor: page.nextCursor };
}

/** A list answered whole: one page, nothing after it. */
export function listView<V>(data: readonly V[]) {
  return { object: "list", data, has_more: false, next_cursor: null };
}
