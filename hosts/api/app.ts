// The Koa application: thin. Middleware order: request context (ids, errors) -> API-Version -> 404/405 ->
// OAuth endpoints (no bearer token) -> auth and rate limit -> body -> idempotency -> routes. Exported for
// tests, which run it on a random port.
import Koa from "koa";
import Router from "@koa/router";
import { NotFound } from "../../core/domain/shared/errors.ts";
import { Api, type ApiContext } from "./http.ts";
import { requestContext } from "./middleware/request-context.ts";
import { apiVersion } from "./middleware/api-version.ts";
import { authentication } from "./middleware/authenticate.ts";
import { jsonBody } from "./middleware/body.ts";
import { idempotency } from "./middleware/idempotency.ts";
import { mount, type RouteDef } from "./routes/route.ts";
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
import { isOAuthPath, oauthRouter } from "./oauth/routes.ts";
import type { Config } from "../shared/config.ts";
import type { Logger } from "../shared/logger.ts";
import type { AppRuntime } from "../shared/runtime.ts";


/** Paths whose body is read raw by their own route (FIRE files). */
const RAW_BODY_PATHS = /^\/v1\/payers\/[^/]+\/fire$/;

export function routeTable(api: Api, config: Config): RouteDef[] {
  return [...payerRoutes(api), ...recipientRoutes(api), ...formRoutes(api), ...filingRoutes(api), ...fireRoutes(api), ...moneyRoutes(api), ...lifecycleRoutes(api), ...platformRoutes(api), ...webhookRoutes(api), ...tinMatchRoutes(api, config), ...authorizationRoutes(api)];
}

export function createApp(deps: { runtime: AppRuntime; config: Config; logger: Logger }): Koa {
  const api = new Api(deps.runtime, deps.logger);
  const app = new Koa({ proxy: deps.config.trustProxy });
  const router = new Router();
  mount(router, routeTable(api, deps.config), api);
  const oauth = oauthRouter(api, deps.config);

  app.use(requestContext(deps.logger));
  app.use(apiVersion);
  app.use(async (ctx, next) => {
    // Unknown routes answer 404 / 405 before any credential work (D36).
    const matched = (isOAuthPath(ctx.path) ? oauth : router).match(ctx.path, ctx.method);
    if (!matched.route) {
      if (matched.path.length > 0) {
        const allowed = [...new Set(matched.path.flatMap((l) => l.methods))].filter((m) => m !== "HEAD");
        ctx.set("Allow", allowed.join(", "));
        ctx.status = 405;
        ctx.body = { error: { type: "method_not_allowed", message: `${ctx.method} is not allowed on ${ctx.path}; allowed: ${allowed.join(", ")}.` } };
        return;
      }
      throw new NotFound({ message: `No route ${ctx.method} ${ctx.path}.` });
    }
    await next();
  });
  app.use(oauth.routes());
  app.use(authentication(api, deps.config));
  app.use(jsonBody(RAW_BODY_PATHS));
  app.use(idempotency(api));
  app.use(router.routes());
  app.on("error", () => { /* already answered by requestContext */ });
  return app as Koa;
}

export type { ApiContext };
