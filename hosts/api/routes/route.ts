// Route declarations: method, path, the scopes that allow it (both vocabularies, D31) and the handler.
import type Router from "@koa/router";
import { Forbidden, InsufficientScope } from "../../../core/domain/shared/errors.ts";
import type { Principal } from "../../../core/domain/parties/account.ts";
import type { ApiContext, Handler } from "../http.ts";

export interface RouteDef {
  readonly method: "get" | "post" | "patch" | "delete" | "put";
  readonly path: string;
  /** Any one of these scopes admits the call; API keys carry every scope. */
  readonly scopes: readonly string[];
  readonly ownerOnly?: boolean;
  readonly handler: Handler;
}

export function checkAccess(principal: Principal | undefined, route: RouteDef): void {
  if (!principal) return;
  if (principal.scopes !== null && !route.scopes.some((s) => principal.scopes?.includes(s))) {
    throw new InsufficientScope({ message: `This call needs one of the scopes: ${route.scopes.join(", ")}.` });
  }
  if (route.ownerOnly && principal.role !== "owner") {
    throw new Forbidden({ message: "Only the account owner can do this." });
  }
}

export function mount(router: Router, routes: readonly RouteDef[]): void {
  for (const route of routes) {
    router[route.method](route.path, async (ctx, next) => {
      const c = ctx as unknown as ApiContext;
      checkAccess(c.state.principal, route);
      await route.handler(c, next);
    });
  }
}

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
