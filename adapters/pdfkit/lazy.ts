// The Copy B renderer, loaded on first use: pdfkit and its font metrics (~12 MB resident) stay out of API and worker
// processes until one renders a statement. The first render pays the load once (about a tenth of a second).
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import { StatementRenderer } from "../../core/ports/statement-renderer.port.ts";

let loading: Promise<StatementRenderer["Service"]> | undefined;
const renderer = () => (loading ??= import("./copy-b.pdfkit.ts").then((m) => m.makePdfkitRenderer()));

export const layer = Layer.succeed(
  StatementRenderer,
  StatementRenderer.of({
    render: (statements, options) =>
      Effect.flatMap(
        Effect.promise(() => renderer()),
        (r) => r.render(statements, options),
      ),
    renderText: (page) =>
      Effect.flatMap(
        Effect.promise(() => renderer()),
        (r) => r.renderText(page),
      ),
  }),
);
