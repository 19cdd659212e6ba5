// The OpenAPI document without a running app: the route table's handlers are never called, so it is built over
// an Api that has no runtime (and a configuration the route declarations do not read).
import { routeTable } from "../app.ts";
import { Api } from "../http.ts";
import { makeLogger } from "../../shared/logger.ts";
import type { AppRuntime } from "../../shared/runtime.ts";
import type { Config } from "../../shared/config.ts";
import type { RouteDef } from "../routes/route.ts";
import { buildOpenApi } from "./document.ts";

export function declaredRoutes(): RouteDef[] {
  return routeTable(new Api(undefined as unknown as AppRuntime, makeLogger("silent")), {} as Config);
}

export function apiDocument(): Record<string, unknown> {
  return buildOpenApi(declaredRoutes());
}
