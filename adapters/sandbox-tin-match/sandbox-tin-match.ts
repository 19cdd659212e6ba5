// SPEC sandbox TIN matching: all zeros -> not_issued; last digit even -> match; odd -> mismatch. The IRS emulator
// answers the sandbox's TIN Matching requests with these rules; this in-memory matcher is the fake for core tests.
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import { TinMatcher, type TinMatchOutcome } from "../../core/ports/tin-matcher.port.ts";

/** The sandbox rule for one TIN (9 digits). */
export function sandboxTinResult(digits: string): TinMatchOutcome {
  if (/^0{9}$/.test(digits)) return "not_issued";
  return Number(digits[8]) % 2 === 0 ? "match" : "mismatch";
}

/** Both environments answer with the sandbox rules; `dailyLimit` is the live cap (default 9,999). */
export function makeSandboxTinMatcher(options: { dailyLimit?: number } = {}): TinMatcher["Service"] {
  return TinMatcher.of({
    match: (entries) => Effect.sync(() => entries.map(({ tin }) => sandboxTinResult(tin.reveal()))),
    missingConfiguration: () => null,
    dailyLimit: options.dailyLimit ?? 9_999,
  });
}

export const sandboxTinMatcher = makeSandboxTinMatcher();

export const layer = Layer.succeed(TinMatcher, sandboxTinMatcher);
