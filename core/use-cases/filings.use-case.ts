// Reading filings and batches, and the single-form intake of POST /v1/filings (D23).
import { Effect } from "effect";
import { Conflict, InvalidRequest, NotFound } from "../domain/shared/errors.ts";
import type { PageQuery } from "../domain/shared/paging.ts";
import type { ParsedIntake } from "../domain/filing/intake.ts";
import { isUuid } from "../domain/shared/validation.ts";
import { Store, type FilingFilter, type Scope } from "../ports/store.port.ts";
import { intake } from "./intake.use-case.ts";

/** A filing UUID or short id (`fil_…`, `fil_sb_…`), before any lookup. */
export const looksLikeFilingId = (id: string) => isUuid(id) || /^fil_(sb_)?[A-Za-z0-9]{6,40}$/.test(id);

export const getFiling = Effect.fnUntraced(function* (scope: Scope, id: string) {
  const f = looksLikeFilingId(id) ? yield* (yield* Store).scoped(scope).filings.get(id) : undefined;
  if (!f) return yield* new NotFound({ message: `No filing ${id} in this environment.` });
  return f;
});

export const listFilings = Effect.fnUntraced(function* (scope: Scope, page: PageQuery, filter: FilingFilter) {
  return yield* (yield* Store).scoped(scope).filings.list(page, filter);
});

export const getBatch = Effect.fnUntraced(function* (scope: Scope, id: string) {
  const b = /^bat_[A-Za-z0-9]{6,40}$/.test(id) ? yield* (yield* Store).scoped(scope).batches.get(id) : undefined;
  if (!b) return yield* new NotFound({ message: `No batch ${id} in this environment.` });
  return b;
});

/** One form: the row's failure becomes the call's error (404 payer, 409 duplicate, 422 validation). */
export const fileOne = Effect.fnUntraced(function* (scope: Scope, parsed: ParsedIntake) {
  const result = yield* intake(scope, "filing", parsed, null);
  const row = result.rows[0];
  if (row?.error) {
    const e = row.error;
    if (e.type === "not_found") return yield* new NotFound({ message: e.message });
    if (e.type === "conflict") return yield* new Conflict({ message: e.message, param: e.param });
    return yield* new InvalidRequest({ message: e.message, param: e.param, ...(e.code ? { code: e.code } : {}) });
  }
  const filing = row?.id ? result.filings.get(row.id) : undefined;
  if (!filing) return yield* Effect.die(new Error("intake saved no filing and reported no error"));
  return { filing, cartItemId: row?.cart_item_id ?? null };
});
