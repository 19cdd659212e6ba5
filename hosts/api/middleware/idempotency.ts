// D30: Idempotency-Key claimed before work, replayed after, 409 while in flight, 422 on reuse with another body.
// Issue 38: the claim names an operation that a crashed or failed attempt's retry keeps, so the use cases that move
// money find what the first attempt did instead of doing it again (docs/delivery-guarantees.md).
import { createHash, randomBytes } from "node:crypto";
import * as Effect from "effect/Effect";
import {
  IdempotencyKeyReused,
  InvalidRequest,
  RequestInProgress,
} from "../../../core/domain/shared/errors.ts";
import { IdempotencyStore, type IdempotencyKeyRef } from "../../../core/ports/idempotency.port.ts";
import { isDomainError } from "../errors.ts";
import { sendError, type Api, type ApiContext } from "../http.ts";
import { crashNow, faultHits, type FaultInjection } from "../../shared/fault-injection.ts";

/** The methods an Idempotency-Key applies to. */
const WRITE_METHODS: ReadonlySet<string> = new Set(["POST", "PATCH", "DELETE", "PUT"]);

const RETRY_LATER = new Set(["request_in_progress", "rate_limited"]);

function isRetryLater(ctx: ApiContext): boolean {
  if (ctx.status !== 409 && ctx.status !== 429) return false;
  const body = ctx.body as { error?: { type?: unknown } } | undefined;
  return typeof body?.error?.type === "string" && RETRY_LATER.has(body.error.type);
}

/**
 * Runs `next` (the route) under the request's Idempotency-Key, when it is a write that has one, as the claim's
 * operation (`ctx.state.operationId`, issue 38). `claimMs`: IDEMPOTENCY_CLAIM_SECONDS; `fault`: the crash tests'
 * after_commit hook (hosts/shared/fault-injection.ts).
 */
export function idempotency(api: Api, claimMs: number, fault?: FaultInjection) {
  const guarded = async (ctx: ApiContext, next: () => Promise<void>): Promise<void> => {
    const key = ctx.get("Idempotency-Key");
    if (key === "" || !ctx.state.scope) return next();
    if (key.length > 255)
      throw new InvalidRequest({
        param: "Idempotency-Key",
        message: "Idempotency-Key must be at most 255 characters.",
      });
    const ref: IdempotencyKeyRef = { ...ctx.state.scope, method: ctx.method, path: ctx.path, key };
    const hash = createHash("sha256")
      .update(ctx.querystring)
      .update("\n")
      .update(ctx.state.rawBody ?? Buffer.alloc(0))
      .digest("hex");
    const claim = await api.run(
      Effect.flatMap(Effect.service(IdempotencyStore), (s) =>
        s.claim(ref, hash, new Date(), claimMs, randomBytes(12).toString("hex")),
      ),
    );
    if (claim.kind === "in_flight")
      throw new RequestInProgress({
        message: "A request with this Idempotency-Key is already in progress; retry when it has finished.",
      });
    if (claim.kind === "mismatch")
      throw new IdempotencyKeyReused({
        message: "This Idempotency-Key was used with a different request body.",
      });
    if (claim.kind === "replay") {
      ctx.status = claim.response.status;
      ctx.type = claim.response.contentType;
      ctx.body = claim.response.body;
      ctx.set("Idempotent-Replayed", "true");
      return;
    }
    ctx.state.operationId = claim.operationId;
    const crashAfterCommit = faultHits(fault, key, claim.operationId);
    let completed = false;
    try {
      try {
        await next();
      } catch (e) {
        // A domain failure is a finished answer: render it here so it is stored and replayed like a success.
        if (!isDomainError(e)) throw e;
        sendError(ctx, e);
      }
      if (crashAfterCommit) crashNow();
      // Only finished outcomes are kept (D30): a 409 request_in_progress or a 429 says "retry later", and the
      // retry must run rather than replay that answer for 24 h.
      if (ctx.status < 500 && !isRetryLater(ctx)) {
        const body =
          typeof ctx.body === "string"
            ? ctx.body
            : Buffer.isBuffer(ctx.body)
              ? ctx.body.toString("base64")
              : JSON.stringify(ctx.body ?? null);
        const contentType = Buffer.isBuffer(ctx.body) ? "application/octet-stream" : "application/json";
        if (!Buffer.isBuffer(ctx.body)) {
          await api.run(
            Effect.flatMap(Effect.service(IdempotencyStore), (s) =>
              s.complete(ref, { status: ctx.status, body, contentType }, new Date()),
            ),
          );
          completed = true;
        }
      }
    } finally {
      if (!completed) {
        await api
          .run(Effect.flatMap(Effect.service(IdempotencyStore), (s) => s.release(ref)))
          .catch(() => undefined);
      }
    }
  };
  // A read has no Idempotency-Key to honour: it goes straight on, with no async layer of its own.
  return (ctx: ApiContext, next: () => Promise<void>): Promise<void> =>
    WRITE_METHODS.has(ctx.method) ? guarded(ctx, next) : next();
}
