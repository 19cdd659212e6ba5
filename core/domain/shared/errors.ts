// Typed failures of the domain. Each maps to exactly one HTTP status and `error.type` in the host's
// error table (hosts/api/error-table.ts); the core never knows about HTTP.
import * as Data from "effect/Data";
import type { Operation } from "./operations.ts";

export interface Problem {
  item: string;
  reference: string | null;
  type: string;
  message: string;
  /** The IRS business rule number (type "irs_business_rule"). */
  code?: string;
  /** The element path the rule is about. */
  path?: string;
  /** The call that fixes it; hosts add its name (HTTP: method and path) to the message. */
  see?: Operation;
}

// `see`: the call the message points to. Messages hold no URL; hosts word the operation (hosts/api/operations.ts).
export class NotFound extends Data.TaggedError("NotFound")<{ message: string; see?: Operation }> {}
export class InvalidRequest extends Data.TaggedError("InvalidRequest")<{
  message: string;
  see?: Operation;
  param?: string;
  /** The IRS business rule number, when the request breaks one (`error.code`). */
  code?: string;
  /** Extra top-level members of the error response (for example the intake `forms` rows). */
  extra?: Record<string, unknown>;
}> {}
export class MalformedRequest extends Data.TaggedError("MalformedRequest")<{ message: string }> {}
export class Unauthorized extends Data.TaggedError("Unauthorized")<{ message: string }> {}
export class Forbidden extends Data.TaggedError("Forbidden")<{ message: string }> {}
export class InsufficientScope extends Data.TaggedError("InsufficientScope")<{ message: string }> {}
export class IpNotAllowed extends Data.TaggedError("IpNotAllowed")<{ message: string }> {}
export class Conflict extends Data.TaggedError("Conflict")<{ message: string; param?: string }> {}
export class RequestInProgress extends Data.TaggedError("RequestInProgress")<{ message: string }> {}
export class IdempotencyKeyReused extends Data.TaggedError("IdempotencyKeyReused")<{ message: string }> {}
export class NotCancellable extends Data.TaggedError("NotCancellable")<{ message: string }> {}
export class NotCorrectable extends Data.TaggedError("NotCorrectable")<{
  message: string;
  see?: Operation;
}> {}
export class NotReady extends Data.TaggedError("NotReady")<{ message: string }> {}
export class PaymentRequired extends Data.TaggedError("PaymentRequired")<{ message: string }> {}
export class CardDeclined extends Data.TaggedError("CardDeclined")<{ message: string }> {}
export class CartNotPayable extends Data.TaggedError("CartNotPayable")<{
  message: string;
  problems: Problem[];
  see?: Operation;
}> {}
export class PayloadTooLarge extends Data.TaggedError("PayloadTooLarge")<{ message: string }> {}
export class ServiceUnavailable extends Data.TaggedError("ServiceUnavailable")<{
  message: string;
  retryAfterSeconds?: number;
}> {}
export class RateLimited extends Data.TaggedError("RateLimited")<{
  message: string;
  retryAfterSeconds: number;
}> {}

export type DomainError =
  | NotFound
  | InvalidRequest
  | MalformedRequest
  | Unauthorized
  | Forbidden
  | InsufficientScope
  | IpNotAllowed
  | Conflict
  | RequestInProgress
  | IdempotencyKeyReused
  | NotCancellable
  | NotCorrectable
  | NotReady
  | PaymentRequired
  | CardDeclined
  | CartNotPayable
  | PayloadTooLarge
  | RateLimited
  | ServiceUnavailable;
