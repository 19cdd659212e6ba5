// The IRS ports for both environments: the sandbox's channel (to the emulated IRS) and production's (to the IRS),
// or, for production without a complete IRIS configuration, what is missing. Requests for an environment that
// cannot file fail as IrsUnavailable (the filings wait; nothing is lost) and pay refuses before charging.
import * as Effect from "effect/Effect";
import { IrsTransmitter, IrsUnavailable } from "../../core/ports/irs-transmitter.port.ts";
import { TinMatcher } from "../../core/ports/tin-matcher.port.ts";
import type { IrisChannel } from "./iris-a2a.ts";
import type { TinMatchingChannel } from "./tin-matching.ts";

export interface Unconfigured {
  readonly missing: readonly string[];
}

function isUnconfigured<T extends object>(c: T | Unconfigured): c is Unconfigured {
  return "missing" in c;
}

export function missingMessage(u: Unconfigured): string {
  return `Live filing with the IRS is not configured on this server: ${u.missing.join(", ")} ${u.missing.length === 1 ? "is" : "are"} not set (see the README, "Going live").`;
}

export function irsTransmitterByEnvironment(
  sandbox: IrisChannel,
  live: IrisChannel | Unconfigured,
): IrsTransmitter["Service"] {
  const pick = (livemode: boolean): IrisChannel | Unconfigured => (livemode ? live : sandbox);
  const down = (u: Unconfigured) => Effect.fail(new IrsUnavailable({ message: missingMessage(u) }));
  return IrsTransmitter.of({
    transmit: (t, now, options) => {
      const c = pick(options.livemode);
      return isUnconfigured(c) ? down(c) : c.transmit(t, now, options.resume ?? false);
    },
    acknowledgements: (requests, _now, options) => {
      const c = pick(options.livemode);
      return isUnconfigured(c) ? down(c) : c.acknowledgements(requests);
    },
    missingConfiguration: (livemode) => {
      const c = pick(livemode);
      return isUnconfigured(c) ? missingMessage(c) : null;
    },
    profile: (livemode) => {
      const c = pick(livemode);
      return isUnconfigured(c) ? undefined : c.profile;
    },
  });
}

export function tinMatcherByEnvironment(
  sandbox: TinMatchingChannel,
  live: TinMatchingChannel | Unconfigured,
  dailyLimit: number,
): TinMatcher["Service"] {
  const pick = (livemode: boolean): TinMatchingChannel | Unconfigured => (livemode ? live : sandbox);
  return TinMatcher.of({
    match: (entries, options) => {
      const c = pick(options.livemode);
      return isUnconfigured(c)
        ? Effect.fail(new IrsUnavailable({ message: missingMessage(c) }))
        : c.match(entries);
    },
    missingConfiguration: (livemode) => {
      const c = pick(livemode);
      return isUnconfigured(c) ? missingMessage(c) : null;
    },
    dailyLimit,
  });
}
