// Endpoints that take no credential: liveness, readiness, Prometheus metrics, the OpenAPI document and its
// reference page (Swagger UI served from the installed swagger-ui-dist package: no CDN). Plus the access log:
// one line per request with its Request-Id, credential id (never the key), route, status and duration.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { createRequire } from "node:module";
import type { Next } from "koa";
import type { ApiContext } from "../http.ts";
import { CLIENT_CLOSED_REQUEST, clientClosed } from "../middleware/request-context.ts";
import type { Logger } from "../../shared/logger.ts";
import type { Metrics } from "./metrics.ts";
import type { ReadinessProbe } from "./readiness.ts";

const require = createRequire(import.meta.url);

/** Swagger UI's files, by the name the page asks for. */
const ASSETS: Readonly<Record<string, string>> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Information return filing API reference</title>
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

const DOCS_INIT = `window.ui = SwaggerUIBundle({
  url: "/v1/openapi.json", dom_id: "#reference", deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: "BaseLayout",
  validatorUrl: null, tryItOutEnabled: false
});
`;

export interface PublicDeps {
  readonly document: () => object;
  readonly metrics: Metrics;
  readonly readiness?: ReadinessProbe;
}

let assetDir: string | undefined;
const assetCache = new Map<string, Buffer>();

async function asset(name: string): Promise<Buffer> {
  const cached = assetCache.get(name);
  if (cached) return cached;
  assetDir ??= (require("swagger-ui-dist") as { getAbsoluteFSPath: () => string }).getAbsoluteFSPath();
  const bytes = await readFile(join(assetDir, name));
  assetCache.set(name, bytes);
  return bytes;
}

/**
 * The credential-free endpoints: `serve(ctx)` answers one of them and returns a promise, or returns null at once
 * (no promise, no await) for every other request, which goes on down the pipeline.
 */
export function publicEndpoints(deps: PublicDeps): (ctx: ApiContext) => Promise<void> | null {
  let documentJson: string | undefined;
  const answer = async (ctx: ApiContext, path: string): Promise<void> => {
    switch (path) {
      case "/healthz":
        ctx.state.route = path;
        ctx.set("Cache-Control", "no-store");
        ctx.body = { status: "ok" };
        return;
      case "/readyz": {
        ctx.state.route = path;
        ctx.set("Cache-Control", "no-store");
        const r = deps.readiness ? await deps.readiness() : { status: "ready", checks: {} };
        ctx.status = r.status === "ready" ? 200 : 503;
        ctx.body = r;
        return;
      }
      case "/metrics":
        ctx.state.route = path;
        ctx.type = deps.metrics.registry.contentType;
        ctx.body = await deps.metrics.registry.metrics();
        return;
      case "/v1/openapi.json":
        ctx.state.route = path;
        documentJson ??= JSON.stringify(deps.document());
        ctx.type = "application/json";
        ctx.body = documentJson;
        return;
      case "/docs":
      case "/docs/":
        ctx.state.route = "/docs";
        ctx.type = "text/html; charset=utf-8";
        ctx.body = DOCS_PAGE;
        return;
      case "/docs/init.js":
        ctx.state.route = "/docs";
        ctx.type = "text/javascript; charset=utf-8";
        ctx.body = DOCS_INIT;
        return;
      default: {
        const name = path.slice("/docs/assets/".length);
        const type = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
        if (!type) return;
        ctx.state.route = "/docs";
        ctx.type = type;
        ctx.set("Cache-Control", "public, max-age=3600");
        ctx.body = await asset(name);
      }
    }
  };
  return (ctx) => {
    if (ctx.method !== "GET" && ctx.method !== "HEAD") return null;
    const path = ctx.path;
    if (
      path === "/healthz" ||
      path === "/readyz" ||
      path === "/metrics" ||
      path === "/v1/openapi.json" ||
      path === "/docs" ||
      path === "/docs/" ||
      path === "/docs/init.js"
    )
      return answer(ctx, path);
    if (path.startsWith("/docs/assets/") && Object.hasOwn(ASSETS, path.slice("/docs/assets/".length)))
      return answer(ctx, path);
    return null;
  };
}

/** First middleware: times the request, then writes its access-log line and its latency observation. */
export function accessLog(logger: Logger, metrics: Metrics) {
  const logging = logger.enabled("info");
  return async (ctx: ApiContext, next: Next): Promise<void> => {
    const start = performance.now();
    try {
      await next();
    } finally {
      const ms = performance.now() - start;
      const route = ctx.state.route ?? "unmatched";
      // A request whose client left before its answer: 499, whatever the pipeline made of it (never a 5xx).
      const aborted = clientClosed(ctx);
      const status = aborted ? CLIENT_CLOSED_REQUEST : ctx.status;
      metrics.observe(ctx.method, route, status, ms / 1000);
      if (logging) {
        logger.info("request", {
          request_id: ctx.state.requestId,
          method: ctx.method,
          route,
          status,
          duration_ms: Math.round(ms * 10) / 10,
          credential: ctx.state.principal?.credentialId ?? null,
          ...(aborted ? { aborted: true } : {}),
        });
      }
    }
  };
}
