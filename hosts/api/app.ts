// The Koa application: thin. Two middlewares: the request context (ids, error envelope), then one pipeline
// per request: API-Version -> route match (404/405) -> OAuth endpoints (no bearer token) -> auth and rate
// limit -> body -> idempotency -> route. One pipeline, one route match: this is every request's hot path.
// Exported for tests, which run it on a random port.
import Koa from "koa";
import { NotFound } from "../../core/domain/shared/errors.ts";
import { Api, type ApiContext } from "./http.ts";
import { requestContext } from "./middleware/request-context.ts";
import { checkApiVersion } from "./middleware/api-version.ts";
import { refuseUnsupportedProtocol } from "./middleware/protocol.ts";
import { authentication } from "./middleware/authenticate.ts";
import { checkUrlText, jsonBody } from "./middleware/body.ts";
import { idempotency } from "./middleware/idempotency.ts";
import { runRoute, type RouteDef } from "./routes/route.ts";
import { RouteTable } from "./routes/route-table.ts";
import { payerRoutes } from "./routes/payers.route.ts";
import { recipientRoutes } from "./routes/recipients.route.ts";
import { formRoutes } from "./routes/forms.route.ts";
import { filingRoutes, fireRoutes } from "./routes/filings.route.ts";
import { moneyRoutes } from "./routes/money.route.ts";
import { lifecycleRoutes } from "./routes/lifecycle.route.ts";
import { platformRoutes } from "./routes/platform.route.ts";
import { webhookRoutes } from "./routes/webhooks.route.ts";
import { tinMatchRoutes } from "./routes/tin-match.route.ts";
import { authorizationRoutes } from "./routes/authorizations.route.ts";
import { securityRoutes } from "./routes/security.route.ts";
import { isOAuthPath, oauthRouter } from "./oauth/routes.ts";
import { statementRoutes } from "./routes/statements.route.ts";
import { w9RequestRoutes } from "./routes/w9-requests.route.ts";
import { bNoticeRoutes } from "./routes/b-notices.route.ts";
import { VENDOR_WEBHOOK_PATHS, vendorWebhook } from "./vendor-webhooks.ts";
import { isPortalPath, portalNotFound, portalRouter } from "./portal/routes.ts";
import { tuningOf, type Config } from "../shared/config.ts";
import type { Logger } from "../shared/logger.ts";
import type { AppRuntime } from "../shared/runtime.ts";
import { buildOpenApi } from "./openapi/document.ts";
import { makeMetrics, type Metrics } from "./operability/metrics.ts";
import type { ReadinessProbe } from "./operability/readiness.ts";
import { accessLog, publicEndpoints } from "./operability/public.ts";

/** Paths whose body is read raw by their own route (FIRE files, CP2100 lists). */
const RAW_BODY_PATHS = /^\/v1\/payers\/[^/]+\/(fire|cp2100)$/;

export function routeTable(api: Api, config: Config): RouteDef[] {
  return [
    ...payerRoutes(api),
    ...recipientRoutes(api),
    ...formRoutes(api),
    ...filingRoutes(api),
    ...fireRoutes(api),
    ...moneyRoutes(api),
    ...lifecycleRoutes(api),
    ...platformRoutes(api),
    ...webhookRoutes(api),
    ...tinMatchRoutes(api, config),
    ...authorizationRoutes(api),
    ...securityRoutes(api),
    ...statementRoutes(api),
    ...w9RequestRoutes(api),
    ...bNoticeRoutes(api),
  ];
}

/** Health, readiness and metrics sources of a deployed app (tests may leave them out). */
export interface Operability {
  readonly metrics?: Metrics;
  readonly readiness?: ReadinessProbe;
}

export function createApp(deps: {
  runtime: AppRuntime;
  config: Config;
  logger: Logger;
  ops?: Operability;
}): Koa {
  const api = new Api(deps.runtime, deps.logger);
  const app = new Koa({ proxy: deps.config.trustProxy });
  const table = routeTable(api, deps.config);
  const routes = new RouteTable(table);
  const metrics = deps.ops?.metrics ?? makeMetrics();
  const oauth = oauthRouter(api, deps.config);
  const oauthRoutes = oauth.routes() as unknown as (ctx: ApiContext, next: Koa.Next) => Promise<void>;
  const authenticate = authentication(api, deps.config);
  const vendorNotification = vendorWebhook(api);
  const portal = portalRouter(api, deps.config, deps.logger);
  const portalRoutes = portal.routes() as unknown as (ctx: ApiContext, next: Koa.Next) => Promise<void>;
  const readBody = jsonBody(RAW_BODY_PATHS);
  const withIdempotency = idempotency(
    api,
    tuningOf(deps.config).idempotencyClaimMs,
    deps.config.faultInjection,
  );

  app.use(accessLog(deps.logger, metrics));
  app.use(requestContext(deps.logger));
  const servePublic = publicEndpoints({
    document: () => buildOpenApi(table),
    metrics,
    readiness: deps.ops?.readiness,
  });
  app.use(async (ctx: ApiContext, next) => {
    // A missing Host, an unsupported Expect: refused for every path, as Node's server refused them (server.ts).
    if (refuseUnsupportedProtocol(ctx)) return;
    // Health, readiness, metrics and the API reference: no credential, no API-Version check.
    const publicAnswer = servePublic(ctx);
    if (publicAnswer !== null) return publicAnswer;
    checkApiVersion(ctx);
    if (isOAuthPath(ctx.path)) {
      const matched = oauth.match(ctx.path, ctx.method);
      if (!matched.route)
        return methodNotAllowed(
          ctx,
          [...new Set(matched.path.flatMap((l) => l.methods))].filter((m) => m !== "HEAD"),
        );
      ctx.state.route = String(matched.pathAndMethod[matched.pathAndMethod.length - 1]?.path ?? "/oauth");
      return oauthRoutes(ctx, next);
    }
    // The recipient portal (issue 39): HTML pages, a signed session cookie, no bearer token.
    if (isPortalPath(ctx.path)) {
      const matched = portal.match(ctx.path, ctx.method);
      if (!matched.route)
        return matched.path.length === 0
          ? portalNotFound(ctx)
          : methodNotAllowed(
              ctx,
              [...new Set(matched.path.flatMap((l) => l.methods))].filter((m) => m !== "HEAD"),
            );
      ctx.state.route = String(matched.pathAndMethod[matched.pathAndMethod.length - 1]?.path ?? "/portal");
      return portalRoutes(ctx, next);
    }
    // Vendors' notifications (Lob's tracking webhooks): signed by the vendor, no bearer token.
    if (VENDOR_WEBHOOK_PATHS.has(ctx.path))
      return ctx.method === "POST" ? vendorNotification(ctx) : methodNotAllowed(ctx, ["POST"]);
    // Unknown routes answer 404 / 405 before any credential work (D36).
    const matched = routes.match(ctx.method, ctx.path);
    if (matched.kind === "not_found") throw new NotFound({ message: `No route ${ctx.method} ${ctx.path}.` });
    if (matched.kind === "method_not_allowed") return methodNotAllowed(ctx, matched.allowed);
    ctx.params = matched.params;
    ctx.state.route = matched.route.path;
    // Each step below that can finish synchronously (a cached credential, a GET's absent body) returns no promise
    // then, and is not awaited; a read goes to its route with no idempotency layer: this is every request's hot path.
    const authenticated = authenticate(ctx);
    if (authenticated) await authenticated;
    checkUrlText(ctx);
    const bodyRead = readBody(ctx);
    if (bodyRead) await bodyRead;
    await withIdempotency(ctx, () => runRoute(api, matched.route, ctx));
  });
  app.on("error", () => {
    /* already answered by requestContext */
  });
  return app as Koa;
}

function methodNotAllowed(ctx: ApiContext, allowed: readonly string[]): void {
  ctx.set("Allow", allowed.join(", "));
  ctx.status = 405;
  ctx.body = {
    error: {
      type: "method_not_allowed",
      message: `${ctx.method} is not allowed on ${ctx.path}; allowed: ${allowed.join(", ")}.`,
    },
  };
}

export type { ApiContext };
