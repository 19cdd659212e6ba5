// The Copy B layout table against the form catalogue: every form has a layout, every element has a place on it
// (or a reason it has none), and every grid is a proper grid.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { getFormDefinition, listIrisForms } from "../../../../core/domain/forms/index.ts";
import type { ElementDefinition } from "../../../../core/domain/forms/model.ts";
import { COPY_B_LAYOUTS } from "../../../../core/domain/statements/copy-b-forms.ts";
import type { FormLayout } from "../../../../core/domain/statements/layout.ts";

const forms = listIrisForms().map((f) => f.form);

function leaves(form: string): Map<string, ElementDefinition> {
  const out = new Map<string, ElementDefinition>();
  const walk = (els: readonly ElementDefinition[]) => {
    for (const e of els) {
      if (e.path.startsWith("RecipientDetail")) continue;
      out.set(e.path, e);
      if (e.children) walk(e.children);
    }
  };
  walk(getFormDefinition(form, 2025)?.elements ?? []);
  return out;
}

function printed(l: FormLayout): string[] {
  return l.cells.flatMap((c) =>
    c.kind === "box" ? c.fields.flatMap((f) => (typeof f.el === "string" ? [f.el] : [...f.el])) : [],
  );
}

test("every catalogue form has a layout, and every layout a catalogue form", () => {
  for (const form of forms) assert.ok(COPY_B_LAYOUTS[form], `${form} has no Copy B layout`);
  for (const form of Object.keys(COPY_B_LAYOUTS))
    assert.ok(forms.includes(form), `${form} is not in the catalogue`);
});

test("every element is printed in some box, or listed as not printed with a reason", () => {
  for (const form of forms) {
    const l = COPY_B_LAYOUTS[form];
    if (!l) continue;
    const els = leaves(form);
    const shown = printed(l);
    const covered = (path: string) =>
      shown.some((p) => p === path || path.startsWith(`${p}.`) || path === `${p}Last4`);
    const skipped = new Map(l.notPrinted.map((n) => [n.el, n.reason] as const));
    for (const p of shown) assert.ok(els.has(p), `${form}: box element ${p} is not in the catalogue`);
    for (const [p, reason] of skipped) {
      assert.ok(els.has(p), `${form}: not-printed ${p} is not in the catalogue`);
      assert.ok(reason.length > 10, `${form}: ${p} needs a reason`);
      assert.not.ok(shown.includes(p), `${form}: ${p} is both printed and listed as not printed`);
    }
    for (const [path, el] of els) {
      if (el.children) continue;
      const parentSkipped = [...skipped.keys()].some((s) => path.startsWith(`${s}.`));
      assert.ok(
        covered(path) || skipped.has(path) || parentSkipped,
        `${form}: ${path} (${el.kind}) is neither printed nor listed as not printed`,
      );
    }
  }
});

test("grids: cells inside the form, none overlapping, the whole form covered", () => {
  for (const [form, l] of Object.entries(COPY_B_LAYOUTS)) {
    const area = new Map<string, string>();
    for (const c of l.cells) {
      const { x, w, row, rows } = c.at;
      const name = c.kind === "box" ? `box ${c.box || c.title}` : c.kind;
      assert.ok(x >= 0 && w > 0 && x + w <= 100.0001, `${form} ${name}: x ${x} w ${w}`);
      assert.ok(
        row >= 0 && rows >= 1 && row + rows <= l.rows,
        `${form} ${name}: rows ${row}+${rows} of ${l.rows}`,
      );
      // Half-unit columns: every layout coordinate is a multiple of 0.5.
      for (let r = row; r < row + rows; r++) {
        for (let u = Math.round(x * 2); u < Math.round((x + w) * 2); u++) {
          const key = `${r}:${u}`;
          const other = area.get(key);
          assert.not.ok(other, `${form}: ${name} overlaps ${other} at row ${r}, x ${u / 2}`);
          area.set(key, name);
        }
      }
    }
    assert.is(
      area.size,
      l.rows * 200,
      `${form}: ${l.rows * 200 - area.size} half-units of the grid are not covered by any cell`,
    );
  }
});

test("box numbers are unique, titles are the form's, and every form names its copy and revision", () => {
  for (const [form, l] of Object.entries(COPY_B_LAYOUTS)) {
    const numbers = l.cells.flatMap((c) => (c.kind === "box" && c.box !== "" ? [c.box] : []));
    assert.equal(
      numbers.length,
      new Set(numbers).size,
      `${form}: duplicate box numbers ${numbers.join(",")}`,
    );
    for (const c of l.cells) {
      if (c.kind !== "box") continue;
      // Untitled only where the form prints none: a reserved box, or a box of captioned check boxes (1099-B box 2).
      const captioned = c.fields.length > 0 && c.fields.every((f) => f.caption !== undefined);
      assert.ok(
        c.title.trim() !== "" || c.fields.length === 0 || captioned,
        `${form} box ${c.box}: no title`,
      );
      assert.not.match(
        c.title,
        /^(An? |The )amount of|^Indicates |^Indicator /i,
        `${form} box ${c.box}: "${c.title}" reads like a schema description`,
      );
    }
    assert.ok(l.copy[0]?.startsWith("Copy"), `${form}: copy name`);
    assert.match(
      l.revision,
      new RegExp(`^Form ${form.replace(/[-]/g, "\\-")} \\(`),
      `${form}: revision "${l.revision}"`,
    );
    for (const kind of [
      "payer",
      "payerTin",
      "recipientTin",
      "recipientName",
      "formId",
      "title",
      "copy",
    ] as const) {
      assert.ok(
        l.cells.some((c) => c.kind === kind),
        `${form}: no ${kind} cell`,
      );
    }
  }
});

test("where the catalogue numbers an element, the layout prints it in that box (or says why not)", () => {
  // The IRIS schema's box numbers that differ from the printed form, checked against the form.
  const known: Record<string, string> = {
    "1099-R FATCAFilingRequirementInd": "12",
    // Form 1099-Q (Rev. 11-2019) prints one box 5 with three check boxes; the schema numbers them 5a-5c.
    "1099-Q DistriFromPrivateQTPInd": "5",
    "1099-Q DistriFromStateQTPInd": "5",
    "1099-Q DistriFromCoverdellESAInd": "5",
  };
  for (const [form, l] of Object.entries(COPY_B_LAYOUTS)) {
    const els = leaves(form);
    for (const c of l.cells) {
      if (c.kind !== "box") continue;
      for (const f of c.fields) {
        for (const p of typeof f.el === "string" ? [f.el] : f.el) {
          const schemaBox = els.get(p)?.box;
          if (schemaBox === undefined || c.box === "") continue;
          assert.ok(
            schemaBox === c.box || known[`${form} ${p}`] === c.box,
            `${form}: ${p} is box ${schemaBox} in the schema, printed in box ${c.box}`,
          );
        }
      }
    }
  }
});

test.run();
