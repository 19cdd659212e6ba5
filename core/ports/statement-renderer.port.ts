import * as Context from "effect/Context";
import type * as Effect from "effect/Effect";
import type { CopyBStatement } from "../domain/statements/copy-b.ts";

/** A page of plain text: a title and its paragraphs. */
export interface TextPage {
  readonly title: string;
  readonly paragraphs: readonly string[];
}

/** Turns recipient statements into a printable document (Copy B of a filing, an order or a batch). */
export class StatementRenderer extends Context.Service<
  StatementRenderer,
  {
    /**
     * One page per statement, in order; returns the PDF bytes. `cover`: a page of text in front (a letter's note
     * of the recipient portal and its access code).
     */
    readonly render: (
      statements: readonly CopyBStatement[],
      options?: { readonly cover?: TextPage },
    ) => Effect.Effect<Uint8Array>;
    /** A one-page document of text (the recipient portal's test PDF). */
    readonly renderText: (page: TextPage) => Effect.Effect<Uint8Array>;
  }
>()("core/StatementRenderer") {}
