// Copy B recipient statements drawn with pdfkit: the only file in the repository that imports pdfkit for Copy B.
// One US Letter page per statement in one document, standard Helvetica fonts (nothing embedded). The statement
// carries the IRS form's own grid (core/domain/statements/copy-b-forms.ts): this file turns grid units into points,
// grows a row whose content needs more room than the form gives it, and draws the ruled cells, box numbers, titles
// and values. Text is placed at computed positions with line breaking off: pdfkit's own line wrapper is the slow
// part, so labels are wrapped here once and cached.
import PDFDocument from "pdfkit";
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import { StatementRenderer, type TextPage } from "../../core/ports/statement-renderer.port.ts";
import {
  redactTin,
  type CopyBCell,
  type CopyBField,
  type CopyBStatement,
} from "../../core/domain/statements/copy-b.ts";

type Doc = PDFKit.PDFDocument;
type FontName = "Helvetica" | "Helvetica-Bold";

const REGULAR: FontName = "Helvetica";
const BOLD: FontName = "Helvetica-Bold";

const PAGE_W = 612;
const MARGIN = 36;
const FRAME_X = MARGIN;
const FRAME_W = PAGE_W - 2 * MARGIN;
const FRAME_TOP = 62;
/** Height of one grid row before any growth: about the IRS forms' own proportions at this width. */
const ROW_H = 27;

const PAD = 2.5;
const NUMBER_SIZE = 6.5;
const LABEL_SIZE = 6;
const LABEL_LEAD = 1.15;
const VALUE_SIZE = 9;
const VALUE_LEAD = 1.2;
const CHECK = 7;
const CAPTION_SIZE = 6;
const RULE = 0.5;
const FRAME_RULE = 1;

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

interface Fitted {
  readonly size: number;
  readonly lines: readonly string[];
}

export interface PdfkitRendererOptions {
  /** Deflate page content (default true). Tests turn it off to read the text back. */
  readonly compress?: boolean;
  /**
   * Each document over the standard fonts' metrics parsed once in the process (default true; see useFont). False:
   * pdfkit opens and parses them for each document, as it does on its own (tests compare the two).
   */
  readonly reuseFonts?: boolean;
}

/** Characters outside WinAnsi cannot be drawn with the standard fonts; print a visible stand-in, not garbage. */
const NOT_WIN_ANSI = /[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g;
function clean(text: string): string {
  return text.replace(/\s+/g, " ").replace(NOT_WIN_ANSI, "?").trim();
}

/**
 * pdfkit parses a standard font's metrics (its AFM: widths and thousands of kerning pairs) again for every document
 * that uses the font: a quarter of the time of a one-page document, a letter. The metrics are the same for every
 * document, so the first document's fonts are kept and each later document is given its own pdfkit font object
 * (pdfkit's own class: its id, its document, its dictionary) over the metrics parsed then. Where pdfkit's font
 * cache is not as this expects, the document opens its fonts as pdfkit does.
 */
interface FontCache {
  _fontFamilies?: Record<string, Record<string, unknown> | undefined>;
  _fontCount?: number;
}
const parsedFonts = new Map<FontName, { proto: object; metrics: Record<string, unknown> }>();

function useFont(doc: Doc, font: FontName, reuse: boolean): void {
  if (!reuse) {
    doc.font(font);
    return;
  }
  const internals = doc as unknown as FontCache;
  const families = internals._fontFamilies;
  const known = parsedFonts.get(font);
  if (known && families && typeof families === "object" && families[font] === undefined) {
    if (typeof internals._fontCount === "number") {
      internals._fontCount += 1;
      families[font] = Object.assign(Object.create(known.proto) as Record<string, unknown>, known.metrics, {
        document: doc,
        id: `F${String(internals._fontCount)}`,
      });
    }
  }
  doc.font(font);
  if (known) return;
  const opened = families?.[font];
  if (opened && opened["name"] === font && typeof opened["font"] === "object" && opened["document"] === doc) {
    const { document: _document, id: _id, dictionary: _dictionary, embedded: _embedded, ...metrics } = opened;
    parsedFonts.set(font, { proto: Object.getPrototypeOf(opened) as object, metrics });
  }
}

/**
 * Measures of text in the standard fonts, which depend on the font, the size and the text only: kept for the
 * process, not per document, so a one-page document (a letter) finds its form's labels measured already.
 */
interface MeasureCaches {
  readonly wrap: Map<string, readonly string[]>;
  readonly fit: Map<string, Fitted>;
  readonly width: Map<string, number>;
}
const PROCESS_CACHES: MeasureCaches = { wrap: new Map(), fit: new Map(), width: new Map() };

class PageWriter {
  readonly #doc: Doc;
  readonly #wrapCache: Map<string, readonly string[]>;
  readonly #fitCache: Map<string, Fitted>;
  readonly #widthCache: Map<string, number>;
  readonly #reuseFonts: boolean;
  #font: FontName | null = null;
  #size = 0;

  constructor(doc: Doc, reuseFonts = false, caches: MeasureCaches = PROCESS_CACHES) {
    this.#doc = doc;
    this.#reuseFonts = reuseFonts;
    this.#wrapCache = caches.wrap;
    this.#fitCache = caches.fit;
    this.#widthCache = caches.width;
  }

  #use(font: FontName, size: number): void {
    if (this.#font !== font) {
      useFont(this.#doc, font, this.#reuseFonts);
      this.#font = font;
    }
    if (this.#size !== size) {
      this.#doc.fontSize(size);
      this.#size = size;
    }
  }

  /** Cached: the same labels and captions are measured on every page. */
  width(font: FontName, size: number, text: string): number {
    const key = `${font}|${size}|${text}`;
    const hit = this.#widthCache.get(key);
    if (hit !== undefined) return hit;
    this.#use(font, size);
    const w = this.#doc.widthOfString(text);
    if (this.#widthCache.size > 8192) this.#widthCache.clear();
    this.#widthCache.set(key, w);
    return w;
  }

  /** Greedy word wrap; the first line may start `indent` points in. Cached: labels repeat on every page. */
  wrap(font: FontName, size: number, text: string, width: number, indent = 0): readonly string[] {
    const key = `${font}|${size}|${width}|${indent}|${text}`;
    const hit = this.#wrapCache.get(key);
    if (hit !== undefined) return hit;
    const lines: string[] = [];
    let line = "";
    let avail = width - indent;
    for (const word of text.split(" ")) {
      if (word === "") continue;
      const candidate = line === "" ? word : `${line} ${word}`;
      if (line === "" || this.width(font, size, candidate) <= avail) {
        line = candidate;
      } else {
        lines.push(line);
        line = word;
        avail = width;
      }
    }
    if (line !== "" || lines.length === 0) lines.push(line);
    if (this.#wrapCache.size > 4096) this.#wrapCache.clear();
    this.#wrapCache.set(key, lines);
    return lines;
  }

  /** Largest size from `size` down to `min` (steps of 0.5) at which the text wraps to at most `maxLines`. */
  fit(
    font: FontName,
    size: number,
    min: number,
    text: string,
    width: number,
    maxLines: number,
    indent = 0,
  ): Fitted {
    const key = `${font}|${size}|${min}|${width}|${maxLines}|${indent}|${text}`;
    const hit = this.#fitCache.get(key);
    if (hit !== undefined) return hit;
    let fitted: Fitted = { size: min, lines: this.wrap(font, min, text, width, indent) };
    for (let s = size; s >= min; s -= 0.5) {
      const lines = this.wrap(font, s, text, width, indent);
      if (
        lines.length <= maxLines &&
        lines.every((l, i) => this.width(font, s, l) <= width - (i === 0 ? indent : 0) + 0.01)
      ) {
        fitted = { size: s, lines };
        break;
      }
    }
    if (this.#fitCache.size > 4096) this.#fitCache.clear();
    this.#fitCache.set(key, fitted);
    return fitted;
  }

  /** One line of text whose top is at y; shrunk (never below `min`) when wider than `maxWidth`. */
  text(
    font: FontName,
    size: number,
    text: string,
    x: number,
    y: number,
    align: "left" | "right" | "center" = "left",
    maxWidth = Infinity,
    min = 4,
  ): void {
    if (text === "") return;
    let s = size;
    let w = this.width(font, s, text);
    if (w > maxWidth) {
      s = Math.max(min, Math.floor(((s * maxWidth) / w) * 4) / 4);
      w = this.width(font, s, text);
    }
    this.#use(font, s);
    const left = align === "right" ? x - w : align === "center" ? x - w / 2 : x;
    this.#doc.text(text, left, y, { lineBreak: false });
  }

  /** Wrapped lines, the first `indent` points in. */
  lines(font: FontName, fitted: Fitted, x: number, y: number, lead: number, width: number, indent = 0): void {
    fitted.lines.forEach((line, i) => {
      const first = i === 0 ? indent : 0;
      this.text(font, fitted.size, line, x + first, y + i * fitted.size * lead, "left", width - first, 3);
    });
  }

  get doc(): Doc {
    return this.#doc;
  }
}

const textHeight = (f: Fitted, lead = LABEL_LEAD) => f.lines.length * f.size * lead;

/** What a cell prints, measured once per page so the rows can grow to fit it. */
interface Measured {
  readonly cell: CopyBCell;
  readonly label: Fitted | null;
  readonly numberWidth: number;
  readonly need: number;
}

function cellWidth(c: CopyBCell): number {
  return (c.at.w / 100) * FRAME_W;
}

interface CheckItem {
  readonly f: CopyBField;
  readonly dx: number;
  readonly dy: number;
  readonly caption: readonly string[];
}

/** Check boxes with captions flow left to right and wrap; a caption too long for the cell wraps on its own row. */
function flowChecks(
  w: PageWriter,
  fields: readonly CopyBField[],
  width: number,
): { items: CheckItem[]; h: number } {
  const items: CheckItem[] = [];
  const lead = CAPTION_SIZE * LABEL_LEAD;
  let dx = 0;
  let dy = 0;
  let rowH = 0;
  for (const f of fields) {
    const text = clean(f.caption ?? "");
    const oneLine = CHECK + 3 + w.width(REGULAR, CAPTION_SIZE, text) + 6;
    const caption = oneLine <= width ? [text] : w.wrap(REGULAR, CAPTION_SIZE, text, width - CHECK - 3);
    const itemW = caption.length > 1 ? width : oneLine;
    if (dx > 0 && dx + itemW > width) {
      dx = 0;
      dy += rowH + 2;
      rowH = 0;
    }
    items.push({ f, dx, dy, caption });
    dx += itemW;
    rowH = Math.max(rowH, CHECK, caption.length * lead);
  }
  return { items, h: items.length === 0 ? 0 : dy + rowH + 2 };
}

function fieldsHeight(w: PageWriter, c: CopyBCell): number {
  const captioned = c.fields.filter((f) => f.style === "check" && f.caption !== undefined);
  let h = flowChecks(w, captioned, cellWidth(c) - 2 * PAD).h;
  for (const f of c.fields) {
    if (f.style === "check" && f.caption !== undefined) continue;
    h += f.style === "check" ? CHECK + 2 : Math.max(1, f.lines.length) * VALUE_SIZE * VALUE_LEAD;
  }
  return h;
}

function measure(w: PageWriter, s: CopyBStatement, c: CopyBCell): Measured {
  const width = cellWidth(c) - 2 * PAD;
  const rowsH = c.at.rows * ROW_H;
  switch (c.kind) {
    case "formId":
      return { cell: c, label: null, numberWidth: 0, need: 56 };
    case "title": {
      const t = w.fit(
        BOLD,
        10,
        6.5,
        clean(c.text.join(" ")),
        width,
        Math.max(2, Math.floor((rowsH - 2 * PAD) / 8)),
      );
      return { cell: c, label: t, numberWidth: 0, need: 2 * PAD + textHeight(t) };
    }
    case "copy": {
      const [head = "", ...rest] = c.text.map(clean);
      const body = rest.join(" ");
      const long = body.length > 40;
      const t = w.fit(long ? REGULAR : BOLD, long ? 6.5 : 8.5, 5.5, body, width, long ? 8 : 2);
      return { cell: c, label: t, numberWidth: head === "" ? 0 : 1, need: 2 * PAD + 15 + textHeight(t) };
    }
    case "notice": {
      const t = w.fit(
        REGULAR,
        6.5,
        5,
        clean(c.text.join(" ")),
        width,
        Math.max(2, Math.floor((rowsH - 2 * PAD) / 7)),
      );
      return { cell: c, label: t, numberWidth: 0, need: 2 * PAD + textHeight(t) };
    }
    default: {
      const numberWidth = c.box === "" ? 0 : w.width(BOLD, NUMBER_SIZE, c.box) + 2.5;
      const title = clean(c.title);
      const label =
        title === "" && c.box === ""
          ? null
          : w.fit(REGULAR, LABEL_SIZE, 4.5, title, width, c.kind === "box" ? 3 : 2, numberWidth);
      const body =
        c.kind === "box" ? fieldsHeight(w, c) : Math.max(1, c.text.length) * VALUE_SIZE * VALUE_LEAD;
      return { cell: c, label, numberWidth, need: 2 * PAD + (label ? textHeight(label) : 0) + 1.5 + body };
    }
  }
}

/** Row heights: the form's rows, each grown (never shrunk) until every cell's content fits. */
function rowHeights(measured: readonly Measured[], rows: number): number[] {
  const heights = Array.from({ length: rows }, () => ROW_H);
  const byBottom = [...measured].sort(
    (a, b) => a.cell.at.row + a.cell.at.rows - (b.cell.at.row + b.cell.at.rows),
  );
  for (const m of byBottom) {
    const { row, rows: span } = m.cell.at;
    let have = 0;
    for (let r = row; r < row + span; r++) have += heights[r] ?? 0;
    const last = row + span - 1;
    if (m.need > have && last < heights.length) heights[last] = (heights[last] ?? ROW_H) + (m.need - have);
  }
  return heights;
}

function rectOf(c: CopyBCell, tops: readonly number[]): Rect {
  const y = tops[c.at.row] ?? FRAME_TOP;
  const bottom = tops[c.at.row + c.at.rows] ?? y;
  return { x: FRAME_X + (c.at.x / 100) * FRAME_W, y, w: cellWidth(c), h: bottom - y };
}

interface PageLayout {
  readonly measured: readonly Measured[];
  readonly rects: readonly Rect[];
  readonly frame: Rect;
}

function layoutPage(w: PageWriter, s: CopyBStatement): PageLayout {
  const measured = s.cells.map((c) => measure(w, s, c));
  const heights = rowHeights(measured, s.rows);
  const tops = [FRAME_TOP];
  for (const h of heights) tops.push((tops[tops.length - 1] ?? FRAME_TOP) + h);
  const bottom = tops[tops.length - 1] ?? FRAME_TOP;
  return {
    measured,
    rects: s.cells.map((c) => rectOf(c, tops)),
    frame: { x: FRAME_X, y: FRAME_TOP, w: FRAME_W, h: bottom - FRAME_TOP },
  };
}

function drawFields(w: PageWriter, c: CopyBCell, r: Rect): void {
  const doc = w.doc;
  const right = r.x + r.w - PAD - 1;
  let y = r.y + r.h - PAD;
  const plain = c.fields.filter((f) => !(f.style === "check" && f.caption !== undefined));
  for (let i = plain.length - 1; i >= 0; i--) {
    const f = plain[i];
    if (f === undefined) continue;
    if (f.style === "check") {
      y -= CHECK + 1;
      const bx = right - CHECK;
      doc.rect(bx, y, CHECK, CHECK).stroke();
      if (f.lines[0] === "X") w.text(BOLD, 7, "X", bx + CHECK / 2, y + 0.6, "center");
      y -= 1;
      continue;
    }
    const n = Math.max(1, f.lines.length);
    y -= n * VALUE_SIZE * VALUE_LEAD;
    if (f.caption !== undefined)
      w.text(REGULAR, CAPTION_SIZE, clean(f.caption), r.x + PAD, y + 3, "left", r.w / 2 - PAD);
    f.lines.forEach((line, k) => {
      const ly = y + k * VALUE_SIZE * VALUE_LEAD + 1;
      const text = clean(line);
      if (f.style === "text") w.text(REGULAR, VALUE_SIZE, text, r.x + PAD + 1, ly, "left", r.w - 2 * PAD - 1);
      else w.text(REGULAR, VALUE_SIZE, text, right, ly, "right", r.w - 2 * PAD - 1);
    });
  }
  const captioned = c.fields.filter((f) => f.style === "check" && f.caption !== undefined);
  if (captioned.length > 0) {
    const flow = flowChecks(w, captioned, r.w - 2 * PAD);
    const top = y - flow.h;
    for (const { f, dx, dy, caption } of flow.items) {
      const bx = r.x + PAD + dx;
      const by = top + dy;
      doc.rect(bx, by, CHECK, CHECK).stroke();
      if (f.lines[0] === "X") w.text(BOLD, 7, "X", bx + CHECK / 2, by + 0.6, "center");
      caption.forEach((line, k) =>
        w.text(
          REGULAR,
          CAPTION_SIZE,
          line,
          bx + CHECK + 3,
          by + 1 + k * CAPTION_SIZE * LABEL_LEAD,
          "left",
          r.w - 2 * PAD - dx - CHECK - 3,
        ),
      );
    }
  }
}

function drawCell(w: PageWriter, s: CopyBStatement, m: Measured, r: Rect): void {
  const c = m.cell;
  const inner = r.w - 2 * PAD;
  switch (c.kind) {
    case "formId": {
      const cx = r.x + r.w / 2;
      const omb = c.text[0];
      if (omb !== undefined) w.text(REGULAR, LABEL_SIZE, clean(omb), cx, r.y + PAD + 1, "center", inner);
      const form = clean(s.form);
      const formSize = 12.5;
      const fw = Math.min(w.width(BOLD, formSize, form), inner - 22);
      const left = cx - (fw + 20) / 2;
      w.text(REGULAR, 6.5, "Form", left, r.y + PAD + 13, "left");
      w.text(BOLD, formSize, form, left + 20, r.y + PAD + 10, "left", inner - 22);
      const yearTop = r.y + r.h - PAD - 19;
      w.text(REGULAR, LABEL_SIZE, "For calendar year", cx, yearTop - 8, "center", inner);
      w.text(BOLD, 18, String(s.taxYear), cx, yearTop, "center", inner);
      return;
    }
    case "title":
      if (m.label) w.lines(BOLD, m.label, r.x + PAD + 1, r.y + PAD + 1, LABEL_LEAD, inner);
      return;
    case "copy": {
      const head = clean(c.text[0] ?? "");
      w.text(BOLD, 13, head, r.x + r.w - PAD - 1, r.y + PAD, "right", inner);
      if (m.label) {
        const long = m.label.lines.length > 2 || m.label.size < 7;
        if (long) w.lines(REGULAR, m.label, r.x + PAD + 1, r.y + PAD + 15, LABEL_LEAD, inner);
        else
          m.label.lines.forEach((line, i) =>
            w.text(
              BOLD,
              m.label?.size ?? 8.5,
              line,
              r.x + r.w - PAD - 1,
              r.y + PAD + 15 + i * 10,
              "right",
              inner,
            ),
          );
      }
      return;
    }
    case "notice":
      if (m.label) w.lines(REGULAR, m.label, r.x + PAD + 1, r.y + PAD + 1, LABEL_LEAD, inner);
      return;
    default: {
      if (c.box !== "") w.text(BOLD, NUMBER_SIZE, clean(c.box), r.x + PAD, r.y + PAD - 0.3);
      if (m.label) w.lines(REGULAR, m.label, r.x + PAD, r.y + PAD, LABEL_LEAD, inner, m.numberWidth);
      if (c.kind === "box") {
        drawFields(w, c, r);
        return;
      }
      let y = r.y + PAD + (m.label ? textHeight(m.label) : 0) + 1.5;
      for (const line of c.text) {
        const text = c.kind === "recipientTin" ? redactTin(clean(line)) : clean(line);
        w.text(REGULAR, VALUE_SIZE, text, r.x + PAD + 1, y, "left", inner - 1, 6);
        y += VALUE_SIZE * VALUE_LEAD;
      }
    }
  }
}

/** Draws one statement on the current page. */
function drawStatement(w: PageWriter, s: CopyBStatement): void {
  const doc = w.doc;
  const page = layoutPage(w, s);

  // CORRECTED check box above the frame.
  const checkLabel = "CORRECTED (if checked)";
  const checkX = PAGE_W / 2 - (10 + 4 + w.width(BOLD, 7.5, checkLabel)) / 2;
  const checkY = FRAME_TOP - 18;
  const correctedBox = s.correctedBox ?? true;
  if (correctedBox) {
    if (s.corrected) w.text(BOLD, 10, "X", checkX + 5, checkY + 0.6, "center");
    w.text(BOLD, 7.5, checkLabel, checkX + 14, checkY + 2);
  }

  doc.lineWidth(RULE);
  page.measured.forEach((m, i) => {
    const r = page.rects[i];
    if (r !== undefined) drawCell(w, s, m, r);
  });
  // Every cell edge in one path, then the heavier frame.
  if (correctedBox) doc.rect(checkX, checkY, 10, 10);
  for (const r of page.rects) doc.rect(r.x, r.y, r.w, r.h);
  doc.stroke();
  const f = page.frame;
  doc.lineWidth(FRAME_RULE).rect(f.x, f.y, f.w, f.h).stroke();

  // Footer.
  const form = clean(s.form);
  let fy = f.y + f.h + 4;
  w.text(REGULAR, 7.5, "Form", FRAME_X, fy + 1);
  const formW = w.width(BOLD, 9.5, form);
  w.text(BOLD, 9.5, form, FRAME_X + 19, fy);
  if (s.footer.keep) w.text(REGULAR, 7, "(keep for your records)", FRAME_X + 24 + formW, fy + 1.5);
  w.text(REGULAR, 7, clean(s.footer.url), PAGE_W / 2 + 20, fy + 1.5, "center");
  w.text(
    REGULAR,
    7,
    "Department of the Treasury - Internal Revenue Service",
    FRAME_X + FRAME_W,
    fy + 1.5,
    "right",
  );
  fy += 14;
  const receipt = s.receiptId ? `  \u2022  ${s.receiptLabel ?? "IRS receipt"} ${clean(s.receiptId)}` : "";
  doc.fillColor("#555555");
  w.text(REGULAR, 6.5, `Filing ${clean(s.filingId)}${receipt}`, FRAME_X, fy);
  doc.fillColor("black");
}

/** Where each cell of a statement lands on the page (points, top-left origin), in `cells` order, and the frame. */
export function statementGeometry(s: CopyBStatement): { cells: readonly Rect[]; frame: Rect } {
  const doc = new PDFDocument({ autoFirstPage: false });
  const page = layoutPage(new PageWriter(doc), s);
  return { cells: page.rects, frame: page.frame };
}

/** A renderer drawing every statement of one call into one document (fonts are referenced once, not per page). */
export function makePdfkitRenderer(options: PdfkitRendererOptions = {}): StatementRenderer["Service"] {
  const compress = options.compress ?? true;
  const reuseFonts = options.reuseFonts ?? true;
  const document = (title: string, draw: (doc: PDFKit.PDFDocument, writer: PageWriter) => void) =>
    Effect.callback<Uint8Array>((resume) => {
      const doc = new PDFDocument({
        // No default font opened (parsed) by pdfkit: it is opened below over the metrics parsed once.
        ...(reuseFonts ? { font: null as unknown as string } : {}),
        size: "LETTER",
        margin: 0,
        autoFirstPage: false,
        compress,
        info: { Title: title, Creator: "info-return-filing" },
      });
      const chunks: Uint8Array[] = [];
      doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
      doc.on("end", () => resume(Effect.succeed(concat(chunks))));
      doc.on("error", (e: unknown) => resume(Effect.die(e)));
      try {
        // pdfkit's default font, opened first as pdfkit opens it (F1), over the metrics parsed once.
        if (reuseFonts) useFont(doc, REGULAR, true);
        draw(doc, new PageWriter(doc, reuseFonts));
        doc.end();
      } catch (e) {
        resume(Effect.die(e));
      }
    });
  return StatementRenderer.of({
    render: (statements, opts) => {
      const first = statements[0];
      return document(
        first === undefined ? "Copy B" : `Form ${first.form} Copy B (${first.taxYear})`,
        (doc, writer) => {
          if (opts?.cover) drawTextPage(doc, opts.cover);
          for (const statement of statements) {
            doc.addPage({ size: "LETTER", margin: 0 });
            drawStatement(writer, statement);
          }
        },
      );
    },
    renderText: (page) => document(page.title, (doc) => drawTextPage(doc, page)),
  });
}

/** A page of text: the title, then each paragraph, in the standard Helvetica (nothing embedded). */
function drawTextPage(doc: PDFKit.PDFDocument, page: TextPage): void {
  doc.addPage({ size: "LETTER", margin: 72 });
  doc.font("Helvetica-Bold").fontSize(16).text(clean(page.title), { width: 468 });
  doc.moveDown(1);
  doc.font("Helvetica").fontSize(12);
  for (const p of page.paragraphs) {
    doc.text(clean(p), { width: 468, lineGap: 2 });
    doc.moveDown(0.8);
  }
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const total = chunks.reduce((n, c) => n + c.byteLength, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

export const layer = Layer.succeed(StatementRenderer, makePdfkitRenderer());
