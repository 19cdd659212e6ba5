import * as Context from "effect/Context";

/** One-way hashing of bearer secrets (D3: API keys are stored only as SHA-256 hashes). */
export class Hasher extends Context.Service<
  Hasher,
  {
    readonly sha256Hex: (text: string) => string;
  }
>()("core/Hasher") {}
