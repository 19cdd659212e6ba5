// The one table from a domain failure to its HTTP status and `error.type` (SPEC Errors, D9, D14, D21, D30, D36).
import type { DomainError } from "../../core/domain/shared/errors.ts";
import { withOperation } from "./operations.ts";

export const ERROR_TABLE: Record<DomainError["_tag"], { status: number; type: string }> = {
  MalformedRequest: { status: 400, type: "invalid_request" },
  Unauthorized: { status: 401, type: "unauthorized" },
  PaymentRequired: { status: 402, type: "payment_required" },
  CardDeclined: { status: 402, type: "card_declined" },
  Forbidden: { status: 403, type: "forbidden" },
  InsufficientScope: { status: 403, type: "insufficient_scope" },
  IpNotAllowed: { status: 403, type: "ip_not_allowed" },
  NotFound: { status: 404, type: "not_found" },
  RequestInProgress: { status: 409, type: "request_in_progress" },
  Conflict: { status: 409, type: "conflict" },
  NotCancellable: { status: 409, type: "not_cancellable" },
  NotCorrectable: { status: 409, type: "not_correctable" },
  NotReady: { status: 409, type: "not_ready" },
  PayloadTooLarge: { status: 413, type: "payload_too_large" },
  InvalidRequest: { status: 422, type: "invalid_request" },
  IdempotencyKeyReused: { status: 422, type: "idempotency_key_reused" },
  CartNotPayable: { status: 422, type: "cart_not_payable" },
  RateLimited: { status: 429, type: "rate_limited" },
  ServiceUnavailable: { status: 503, type: "service_unavailable" },
};

export interface ErrorBody {
  error: { type: string; message: string; param?: string; code?: string; request_id?: string };
  [k: string]: unknown;
}

export function errorResponse(e: DomainError): {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
} {
  const { status, type } = ERROR_TABLE[e._tag];
  const body: ErrorBody = {
    error: { type, message: withOperation(e.message, "see" in e ? e.see : undefined) },
  };
  const headers: Record<string, string> = {};
  switch (e._tag) {
    case "InvalidRequest":
      if (e.param) body.error.param = e.param;
      if (e.code) body.error.code = e.code;
      if (e.extra) Object.assign(body, e.extra);
      break;
    case "Conflict":
      if (e.param) body.error.param = e.param;
      break;
    case "CartNotPayable":
      body["problems"] = e.problems.map(({ see, ...p }) => ({
        ...p,
        message: withOperation(p.message, see),
      }));
      break;
    case "RateLimited":
      headers["Retry-After"] = String(e.retryAfterSeconds);
      break;
    case "ServiceUnavailable":
      if (e.retryAfterSeconds) headers["Retry-After"] = String(e.retryAfterSeconds);
      break;
    default:
      break;
  }
  return { status, body, headers };
}
