import * as Context from "effect/Context";
import type { Tin } from "../domain/shared/tin.ts";

export interface SealedTin {
  readonly ciphertext: string;
  readonly hash: string;
  readonly last4: string;
}

/** D6: TINs are encrypted at rest with a keyed hash beside them for matching. */
export class TinVault extends Context.Service<
  TinVault,
  {
    readonly seal: (tin: Tin) => SealedTin;
    readonly hash: (tin: Tin) => string;
    readonly open: (ciphertext: string) => Tin;
  }
>()("core/TinVault") {}
