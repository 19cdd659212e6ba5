import * as Context from "effect/Context";
import type * as Effect from "effect/Effect";
import type { CopyBStatement } from "../domain/statements/copy-b.ts";

/** Turns recipient statements into a printable document (Copy B of a filing, an order or a batch). */
export class StatementRenderer extends Context.Service<
  StatementRenderer,
  {
    /** One page per statement, in order; returns the PDF bytes. */
    readonly render: (statements: readonly CopyBStatement[]) => Effect.Effect<Uint8Array>;
  }
>()("core/StatementRenderer") {}
