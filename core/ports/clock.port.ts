import * as Context from "effect/Context";

/** The time source. Tests drive it; domain code never calls Date.now(). */
export class Clock extends Context.Service<
  Clock,
  {
    readonly now: () => Date;
  }
>()("core/Clock") {}
