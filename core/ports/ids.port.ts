import * as Context from "effect/Context";

/** New identifiers (D1): UUIDs, short prefixed ids, and random secrets. */
export class Ids extends Context.Service<
  Ids,
  {
    readonly uuid: () => string;
    /** `prefix` + random base62, e.g. short("fil_sb_") -> "fil_sb_4fT9..." */
    readonly short: (prefix: string, length?: number) => string;
    /** Cryptographically random bytes (signing secrets). */
    readonly randomBytes: (n: number) => Uint8Array;
  }
>()("core/Ids") {}
