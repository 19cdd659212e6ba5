// First middleware: request id, API-Version header on every response, and the error envelope (D36).
import type { Next } from "koa";
import { randomBase62 } from "../../../adapters/system/system.ts";
import { CURRENT_API_VERSION } from "../../../core/domain/shared/versioning.ts";
import { isDomainError } from "../errors.ts";
import { sendError, type ApiContext } from "../http.ts";
import type { Logger } from "../../shared/logger.ts";

// Unique across processes (random per-process prefix) and cheap per request (a counter).
const PROCESS_PREFIX = randomBase62(10);
let counter = 0;
/** A fresh request id; also for the answers server.ts writes itself, before the app (D36). */
export const nextRequestId = (): string =>
  "req_" + PROCESS_PREFIX + (counter++).toString(36).padStart(10, "0");

export function requestContext(logger: Logger) {
  return async (ctx: ApiContext, next: Next) => {
    const requestId = nextRequestId();
    ctx.state.requestId = requestId;
    ctx.state.apiVersion = CURRENT_API_VERSION;
    ctx.set("Request-Id", requestId);
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { error: { type: "not_found", message: `No route ${ctx.method} ${ctx.path}.` } };
      }
    } catch (e) {
      if (isDomainError(e)) {
        sendError(ctx, e);
      } else {
        logger.error("unhandled error", {
          request_id: requestId,
          method: ctx.method,
          path: ctx.path,
          error: e instanceof Error ? (e.stack ?? e.message) : String(e),
        });
        ctx.status = 500;
        ctx.body = {
          error: {
            type: "api_error",
            message: `An unexpected error occurred. Quote request id ${requestId} when you contact support.`,
            request_id: requestId,
          },
        };
      }
    }
    ctx.set("API-Version", ctx.state.apiVersion);
  };
}
