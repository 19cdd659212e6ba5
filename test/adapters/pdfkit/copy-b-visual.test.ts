// Per form: render a Copy B with every element filled (two state rows) and read the text back with its position.
// Each box's number and title must sit inside the box's cell, its values inside the same cell, and no text may run
// past the right edge of its cell (nothing clipped or overlapping the next box).
import { test } from "uvu";
import * as assert from "uvu/assert";
import PDFDocument from "pdfkit";
import * as Effect from "effect/Effect";
import { makePdfkitRenderer, statementGeometry, type Rect } from "../../../adapters/pdfkit/copy-b.pdfkit.ts";
import { listIrisForms } from "../../../core/domain/forms/index.ts";
import type { CopyBCell } from "../../../core/domain/statements/copy-b.ts";
import { placedRuns, type PlacedRun } from "./pdf-text.ts";
import { statement } from "./statements.fixture.ts";

const metrics = new PDFDocument({ autoFirstPage: false });
const widthOf = (font: string, size: number, text: string) =>
  metrics.font(font).fontSize(size).widthOfString(text);
const renderer = makePdfkitRenderer({ compress: false });
const SLACK = 0.6;

const inside = (run: PlacedRun, r: Rect) =>
  run.x >= r.x - SLACK &&
  run.right <= r.x + r.w + SLACK &&
  run.top >= r.y - SLACK &&
  run.bottom <= r.y + r.h + SLACK;
const startsIn = (run: PlacedRun, r: Rect) =>
  run.x >= r.x - SLACK && run.x < r.x + r.w && run.baseline > r.y && run.baseline < r.y + r.h;
const words = (s: string) => s.replace(/\s+/g, " ").trim();
const describe = (c: CopyBCell) => (c.kind === "box" ? `box "${c.box}" ${c.title}` : c.kind);

for (const { form } of listIrisForms()) {
  test(`${form}: every box's number, title and values sit inside its cell`, async () => {
    const s = statement(form, { taxYear: 2025 });
    const geometry = statementGeometry(s);
    const [runs = []] = placedRuns(await Effect.runPromise(renderer.render([s])), widthOf);
    assert.ok(runs.length > 20, "text was drawn");
    s.cells.forEach((c, i) => {
      const r = geometry.cells[i];
      if (!r) throw new Error(`no rectangle for cell ${i}`);
      const mine = runs.filter((run) => startsIn(run, r));
      for (const run of mine)
        assert.ok(
          inside(run, r),
          `${form} ${describe(c)}: "${run.text}" runs out of its cell (${run.x.toFixed(1)}..${run.right.toFixed(1)} x ${run.top.toFixed(1)}..${run.bottom.toFixed(1)} vs ${r.x.toFixed(1)}+${r.w.toFixed(1)} x ${r.y.toFixed(1)}+${r.h.toFixed(1)})`,
        );
      const text = words(mine.map((run) => run.text).join(" "));
      if (c.box !== "")
        assert.ok(
          mine.some((run) => run.text === c.box),
          `${form} ${describe(c)}: number not in its cell`,
        );
      if (c.title !== "")
        assert.ok(
          text.includes(words(c.title)),
          `${form} ${describe(c)}: title not in its cell (found "${text}")`,
        );
      for (const f of c.fields) {
        for (const line of f.lines) {
          if (line === "" || (f.style === "check" && line === "X")) continue;
          assert.ok(
            mine.some((run) => run.text === line),
            `${form} ${describe(c)}: value "${line}" not in its cell`,
          );
        }
        if (f.caption !== undefined)
          assert.ok(
            text.includes(f.caption),
            `${form} ${describe(c)}: caption "${f.caption}" not in its cell`,
          );
      }
      for (const line of c.kind === "box" ||
      c.kind === "formId" ||
      c.kind === "title" ||
      c.kind === "copy" ||
      c.kind === "notice"
        ? []
        : c.text) {
        assert.ok(
          mine.some((run) => run.text === line || run.text.endsWith(line.slice(-4))),
          `${form} ${describe(c)}: "${line}" not in its cell`,
        );
      }
    });
    // Checked boxes print an X inside their cell.
    const checks = s.cells.filter((c) => c.fields.some((f) => f.style === "check" && f.lines[0] === "X"));
    for (const c of checks) {
      const r = geometry.cells[s.cells.indexOf(c)];
      assert.ok(
        r && runs.some((run) => run.text === "X" && startsIn(run, r)),
        `${form} ${describe(c)}: no X`,
      );
    }
    // The whole form is on the page, above the footer.
    assert.ok(geometry.frame.y + geometry.frame.h < 792 - 60, `${form}: the form runs off the page`);
  });
}

test.run();
