// Route declarations: method, path, the scopes that allow it (both vocabularies, D31), owner-only calls (D4),
// what a payer-scoped OAuth grant may touch (D32) and the handler.
import { Forbidden, InsufficientScope, type DomainError } from "../../../core/domain/shared/errors.ts";
import type { Principal } from "../../../core/domain/parties/account.ts";
import { bodyTargets, confineToPayer, type PayerTarget } from "../../../core/use-cases/oauth/payer-access.ts";
import * as Effect from "effect/Effect";
import { IdempotentOperation } from "../../../core/ports/idempotency.port.ts";
import type { Page } from "../../../core/domain/shared/paging.ts";
import type { AppServices } from "../../shared/runtime.ts";
import { listBody, scopeOf, type Api, type ApiContext, type Handler } from "../http.ts";

/**
 * How a payer-scoped OAuth grant is confined on a route:
 * - "none": the call involves no payer's data (form shapes, prices);
 * - "confined": the handler itself restricts what it returns to `confinedPayer(ctx)` (lists);
 * - a function: the payers' resources the call touches, checked before the handler (403 for another payer's).
 * Without a rule the call is account-wide and payer-scoped grants get 403 forbidden.
 */
export type PayerRule = "none" | "confined" | ((ctx: ApiContext) => readonly PayerTarget[]);

export interface RouteDef {
  readonly method: "get" | "post" | "patch" | "delete" | "put";
  readonly path: string;
  /** Any one of these scopes admits the call; API keys carry every scope. Empty: API keys only. */
  readonly scopes: readonly string[];
  readonly ownerOnly?: boolean;
  readonly payers?: PayerRule;
  readonly handler: Handler;
}

export function checkAccess(principal: Principal | undefined, route: RouteDef): void {
  if (!principal) return;
  if (principal.scopes !== null && !route.scopes.some((s) => principal.scopes?.includes(s))) {
    throw new InsufficientScope({
      message:
        route.scopes.length === 0
          ? "This call takes an API key; OAuth access tokens cannot make it."
          : `This call needs one of the scopes: ${route.scopes.join(", ")}.`,
    });
  }
  if (route.ownerOnly && principal.role !== "owner") {
    throw new Forbidden({ message: "Only the account owner can do this." });
  }
  if (principal.payerId !== null && route.payers === undefined) {
    throw new Forbidden({
      message: `This authorization acts only for payer ${principal.payerId}; this call is account-wide.`,
    });
  }
}

/** The payer a payer-scoped grant is confined to, or null for credentials that see the whole account. */
export function confinedPayer(ctx: ApiContext): string | null {
  return ctx.state.principal?.payerId ?? null;
}

/** Runs a matched route for an authenticated request: its access rules, then its handler. */
export async function runRoute(api: Api, route: RouteDef, ctx: ApiContext): Promise<void> {
  const principal = ctx.state.principal;
  checkAccess(principal, route);
  if (principal?.payerId && typeof route.payers === "function") {
    await api.run(confineToPayer(scopeOf(ctx), principal.payerId, route.payers(ctx)));
  }
  return route.handler(ctx);
}

/** The `:id` of the route's path. */
export const idParam = (ctx: ApiContext): string => String(ctx.params["id"]);
/** The request's raw body (a FIRE file, a CP2100 list) as the bytes the use case reads; empty when none was sent. */
export const rawBytes = (ctx: ApiContext): Uint8Array => {
  const b = ctx.state.rawBody ?? Buffer.alloc(0);
  return new Uint8Array(b.buffer, b.byteOffset, b.length);
};

/** Payer rules shared by many routes. */
export const PAYERS = {
  param:
    (name: string) =>
    (ctx: ApiContext): readonly PayerTarget[] => [{ payer: String(ctx.params[name]) }],
  filing: (ctx: ApiContext): readonly PayerTarget[] => [{ filings: [idParam(ctx)] }],
  batch: (ctx: ApiContext): readonly PayerTarget[] => [{ batch: idParam(ctx) }],
  order: (ctx: ApiContext): readonly PayerTarget[] => [{ order: idParam(ctx) }],
  openCart: (): readonly PayerTarget[] => [{ openCart: true }],
  /** `payer` of the JSON body, when it is a string (a missing one fails validation in the handler). */
  bodyPayer: (ctx: ApiContext): readonly PayerTarget[] => bodyTargets.payer(ctx.state.body),
} as const;

export const SCOPES = {
  filingsRead: ["filings:read"],
  filingsWrite: ["filings:write"],
  payersRead: ["filings:read", "payers:read"],
  payersWrite: ["filings:write", "payers:write"],
  recipientsRead: ["filings:read", "payers:read"],
  recipientsWrite: ["filings:write", "recipients:write"],
  paymentsRead: ["payments:read", "filings:read"],
  paymentsWrite: ["payments:write", "filings:write"],
} as const;

/** The use case a route runs, built from the request. */
type Call<A> = (ctx: ApiContext) => Effect.Effect<A, DomainError, AppServices>;

/**
 * The handler of a route that answers what its use case returns: sets `status` when given (else Koa's 200), runs
 * the call and sends its value, through `view` when given, as the JSON body.
 */
export function answer<A>(
  api: Api,
  call: Call<A>,
  options: { readonly status?: number; readonly view?: (value: A) => unknown } = {},
): Handler {
  const { status, view } = options;
  return async (ctx) => {
    if (status !== undefined) ctx.status = status;
    const effect = call(ctx);
    // The operation a request with an Idempotency-Key is (middleware/idempotency.ts), for the use cases that key
    // their outside calls and record their result by it.
    const operationId = ctx.state.operationId;
    const value = await api.run(
      operationId === undefined ? effect : Effect.provideService(effect, IdempotentOperation, operationId),
    );
    ctx.body = view ? view(value) : value;
  };
}

/** The handler of a list route: the page the call returns in the list envelope, each item through `view`. */
export function answerList<T>(api: Api, call: Call<Page<T>>, view: (item: T) => unknown): Handler {
  return answer(api, call, { view: (page) => listBody(page, view) });
}

/** The handler of a route that answers a PDF, as an attachment under the name the use case gives it. */
export function answerPdf(api: Api, call: Call<{ pdf: Uint8Array; filename: string }>): Handler {
  return async (ctx) => {
    const doc = await api.run(call(ctx));
    ctx.status = 200;
    ctx.type = "application/pdf";
    ctx.set("Content-Disposition", `attachment; filename="${doc.filename}"`);
    ctx.body = Buffer.from(doc.pdf.buffer, doc.pdf.byteOffset, doc.pdf.byteLength);
  };
}
