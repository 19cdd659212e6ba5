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

/**
 * Whether the client closed the connection before its answer was sent: nothing can reach it any more. The access
 * log and the metrics count such a request as 499 (client closed request), whatever the pipeline made of it.
 */
export function clientClosed(ctx: ApiContext): boolean {
  return ctx.res.destroyed && !ctx.res.headersSent;
}

/** The status of a request its client abandoned before the answer (nginx's "client closed request"). */
export const CLIENT_CLOSED_REQUEST = 499;

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
      } else if (e === ctx.req.errored && clientClosed(ctx)) {
        // The request's own stream failed because its client went away (reading the body of a request it
        // abandoned: "aborted"): no fault of the server's, and no client is there to answer.
        ctx.status = CLIENT_CLOSED_REQUEST;
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
