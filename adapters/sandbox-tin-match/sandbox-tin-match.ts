// SPEC sandbox TIN matching: all zeros -> not_issued; last digit even -> match; odd -> mismatch.
import { Effect, Layer } from "effect";
import { TinMatcher } from "../../core/ports/tin-matcher.port.ts";

export const sandboxTinMatcher = TinMatcher.of({
  match: (entries) => Effect.sync(() => entries.map(({ tin }) => {
    const digits = tin.reveal();
    if (/^0{9}$/.test(digits)) return "not_issued" as const;
    return Number(digits[8]) % 2 === 0 ? "match" as const : "mismatch" as const;
  })),
});

export const layer = Layer.succeed(TinMatcher, sandboxTinMatcher);
