import * as Context from "effect/Context";
import type * as Effect from "effect/Effect";
import type { Tin } from "../domain/shared/tin.ts";
import type { IrsUnavailable } from "./irs-transmitter.port.ts";

export type TinMatchOutcome = "match" | "mismatch" | "not_issued";

/**
 * IRS TIN matching (Pub 2108-A, the e-Services TIN Matching API), per environment: the sandbox answers under its
 * deterministic rules, production asks the IRS. The use case keeps production within the IRS's limits.
 */
export class TinMatcher extends Context.Service<
  TinMatcher,
  {
    /** One outcome per entry, in order. */
    readonly match: (
      entries: readonly {
        readonly name: string;
        readonly tin: Tin;
        readonly tinType?: "ssn" | "ein" | null;
      }[],
      options: { readonly livemode: boolean },
    ) => Effect.Effect<readonly TinMatchOutcome[], IrsUnavailable>;
    /** Why an environment cannot match now (production without its IRS configuration), naming what is missing; null when it can. */
    readonly missingConfiguration: (livemode: boolean) => string | null;
    /** Production matches allowed per 24 hours (the IRS's cap for one API client). */
    readonly dailyLimit: number;
  }
>()("core/TinMatcher") {}
