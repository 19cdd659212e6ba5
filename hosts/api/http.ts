// Glue between Koa handlers and the Effect runtime: run a use case, send its value or its mapped error.
import type { Context } from "koa";
import * as Cause from "effect/Cause";
import * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import { isDomainError } from "./errors.ts";
import { errorResponse } from "./error-table.ts";
import type { AppRuntime, AppServices } from "../shared/runtime.ts";
import type { Principal } from "../../core/domain/parties/account.ts";
import type { Scope } from "../../core/domain/shared/scope.ts";
import { InvalidRequest, type DomainError } from "../../core/domain/shared/errors.ts";
import { checkCursor, parsePageQuery, type Page, type PageQuery } from "../../core/domain/shared/paging.ts";
import { pageView } from "../../core/domain/shared/views.ts";
import type { Logger } from "../shared/logger.ts";

export interface ApiState {
  requestId: string;
  principal?: Principal;
  scope?: Scope;
  body?: unknown;
  rawBody?: Buffer;
  apiVersion: string;
  /** The operation id of the request's Idempotency-Key claim (issue 38), when it has one. */
  operationId?: string;
  /** The matched route template, for the access log and metrics. */
  route?: string;
}

export type ApiContext = Context & { state: ApiState };

export class Api {
  constructor(
    readonly runtime: AppRuntime,
    readonly logger: Logger,
  ) {}

  /**
   * Runs `effect`; on success returns its value, on a domain failure throws it for the error middleware.
   * Once the runtime is built, the effect runs on its services directly: an effect that needs no I/O (a
   * cached credential check) completes synchronously, without a promise per fiber.
   */
  run<A>(effect: Effect.Effect<A, DomainError, AppServices>): Promise<A> {
    try {
      return Promise.resolve(this.runNow(effect));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  /**
   * As `run`, but an effect that finished synchronously answers at once: its value, or its failure thrown here.
   * For the hot path (a cached credential check), which then goes on without waiting for a promise.
   */
  runNow<A>(effect: Effect.Effect<A, DomainError, AppServices>): A | Promise<A> {
    const exit = this.start(effect);
    return exit instanceof Promise ? exit.then(settle) : settle(exit);
  }

  /** Runs `effect` to its exit, for callers that handle their own failures. */
  async exit<A, E>(effect: Effect.Effect<A, E, AppServices>): Promise<Exit.Exit<A, E>> {
    return this.start(effect);
  }

  /** The exit at once when the effect finished synchronously, else a promise of it. */
  private start<A, E>(effect: Effect.Effect<A, E, AppServices>): Exit.Exit<A, E> | Promise<Exit.Exit<A, E>> {
    const context = this.runtime.cachedContext;
    if (context === undefined) return this.runtime.runPromiseExit(effect);
    const fiber = Effect.runForkWith(context)(effect);
    return (
      fiber.pollUnsafe() ??
      new Promise((resolve) => {
        fiber.addObserver(resolve);
      })
    );
  }
}

function settle<A>(exit: Exit.Exit<A, DomainError>): A {
  if (Exit.isSuccess(exit)) return exit.value;
  const failure = exit.cause.reasons.find(Cause.isFailReason);
  if (failure && isDomainError(failure.error)) throw failure.error;
  throw Cause.squash(exit.cause);
}

export function scopeOf(ctx: ApiContext): Scope {
  const scope = ctx.state.scope;
  if (!scope) throw new Error("route used without authentication");
  return scope;
}

export function principalOf(ctx: ApiContext): Principal {
  const principal = ctx.state.principal;
  if (!principal) throw new Error("route used without authentication");
  return principal;
}

export function sendError(ctx: Context, e: DomainError): void {
  const { status, body, headers } = errorResponse(e);
  ctx.status = status;
  ctx.set(headers);
  ctx.body = body;
}

export type Handler = (ctx: ApiContext) => Promise<void>;

/** The list envelope of SPEC Conventions. */
export function listBody<T>(page: Page<T>, view: (t: T) => unknown) {
  orThrow(checkCursor(page));
  return pageView(page, view);
}

/** A parse result or its 422, thrown for the error middleware. */
export function orThrow<T>(v: T): Exclude<T, InvalidRequest> {
  if (v instanceof InvalidRequest) throw v;
  return v as Exclude<T, InvalidRequest>;
}

/** `limit` and `starting_after` of a list request (D34). */
export function pageQuery(ctx: ApiContext): PageQuery {
  return orThrow(parsePageQuery(ctx.query));
}
