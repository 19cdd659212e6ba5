// Reading filings and batches, and the single-form intake of POST /v1/filings (D23).
import * as Effect from "effect/Effect";
import { Conflict, Forbidden, InvalidRequest, NotFound } from "../../domain/shared/errors.ts";
import { confinedFilter } from "../oauth/payer-access.ts";
import type { PageQuery } from "../../domain/shared/paging.ts";
import { parseBatchBody, parsePayerFormsBody, type ParsedIntake } from "../../domain/filing/intake.ts";
import { allFailed, batchCreatedView, payerFormsView, singleFilingView } from "../../domain/filing/views.ts";
import { getPayer } from "../parties/payers.ts";
import { isUuid } from "../../domain/shared/validation.ts";
import { Store, type FilingFilter, type Scope } from "../../ports/store.port.ts";
import { intake } from "./intake.ts";
import { allFilings } from "../shared.ts";

/** A filing UUID or short id (`fil_…`, `fil_sb_…`), before any lookup. */
export const looksLikeFilingId = (id: string) => isUuid(id) || /^fil_(sb_)?[A-Za-z0-9]{6,40}$/.test(id);

export const getFiling = Effect.fnUntraced(function* (scope: Scope, id: string) {
  const f = looksLikeFilingId(id) ? yield* (yield* Store).scoped(scope).filings.get(id) : undefined;
  if (!f) return yield* new NotFound({ message: `No filing ${id} in this environment.` });
  return f;
});

/** `confinedTo`: the payer a payer-scoped grant acts for (D32); its list holds only that payer's filings. */
export const listFilings = Effect.fnUntraced(function* (
  scope: Scope,
  page: PageQuery,
  filter: FilingFilter,
  confinedTo: string | null = null,
) {
  const payerId = confinedFilter(confinedTo, filter.payerId);
  if (payerId instanceof Forbidden) return yield* payerId;
  return yield* (yield* Store)
    .scoped(scope)
    .filings.list(page, payerId === undefined ? filter : { ...filter, payerId });
});

export const getBatch = Effect.fnUntraced(function* (scope: Scope, id: string) {
  const b = /^bat_[A-Za-z0-9]{6,40}$/.test(id)
    ? yield* (yield* Store).scoped(scope).batches.get(id)
    : undefined;
  if (!b) return yield* new NotFound({ message: `No batch ${id} in this environment.` });
  return b;
});

/** An order or a batch of the caller's, by id. */
export type FilingGroup = { orderId?: string; batchId?: string };

/** Every filing of an order or a batch; 404 when the order or batch is not in this environment. */
export const groupFilings = Effect.fn("groupFilings")(function* (scope: Scope, group: FilingGroup) {
  const repos = (yield* Store).scoped(scope);
  if (group.orderId && !(yield* repos.orders.get(group.orderId)))
    return yield* new NotFound({ message: `No order ${group.orderId} in this environment.` });
  if (group.batchId) yield* getBatch(scope, group.batchId);
  return yield* allFilings(repos, group);
});

/** One form: the row's failure becomes the call's error (404 payer, 409 duplicate, 422 validation). */
export const fileOne = Effect.fn("fileOne")(function* (scope: Scope, parsed: ParsedIntake) {
  const result = yield* intake(scope, "filing", parsed, null);
  const row = result.rows[0];
  if (row?.error) {
    const e = row.error;
    if (e.type === "not_found") return yield* new NotFound({ message: e.message });
    if (e.type === "conflict") return yield* new Conflict({ message: e.message, param: e.param });
    return yield* new InvalidRequest({
      message: e.message,
      param: e.param,
      ...(e.code ? { code: e.code } : {}),
    });
  }
  const filing = row?.id ? result.filings.get(row.id) : undefined;
  if (!filing) return yield* Effect.die(new Error("intake saved no filing and reported no error"));
  const cartItemId = row?.cart_item_id ?? null;
  return { filing, cartItemId, view: singleFilingView(filing, cartItemId) };
});

/**
 * POST /v1/payers/{payerId}/forms (D10): 404 for an unknown payer, then the body's rows. When every row fails
 * the call fails with 422 carrying the rows; otherwise the result and its response body (`view`).
 */
export const filePayerForms = Effect.fn("filePayerForms")(function* (
  scope: Scope,
  payerId: string,
  body: unknown,
) {
  const payer = yield* getPayer(scope, payerId);
  const parsed = parsePayerFormsBody(body);
  if (parsed instanceof InvalidRequest) return yield* parsed;
  const result = yield* intake(scope, "payer_forms", parsed, payerId, { knownPayer: payer });
  const view = payerFormsView(result.batch);
  const failed = allFailed(result.batch, view);
  if (failed) return yield* failed;
  return { ...result, view };
});

/** POST /v1/filings/batch (D10, D23): rows of several payers; 422 with the rows when every row fails. */
export const fileBatch = Effect.fn("fileBatch")(function* (scope: Scope, body: unknown) {
  const parsed = parseBatchBody(body);
  if (parsed instanceof InvalidRequest) return yield* parsed;
  const result = yield* intake(scope, "filings_batch", parsed, null);
  const view = batchCreatedView(result.batch);
  const failed = allFailed(result.batch, view);
  if (failed) return yield* failed;
  return { ...result, view };
});
