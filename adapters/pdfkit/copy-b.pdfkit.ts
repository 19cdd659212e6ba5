// Copy B recipient statements drawn with pdfkit: the only file in the repository that imports pdfkit.
// One US Letter page per statement in one document, standard Helvetica fonts (nothing embedded), thin ruled
// cells laid out like the IRS forms. Text is placed at computed positions with line breaking off: pdfkit's own
// line wrapper is the slow part, so labels are wrapped here once and cached.
import PDFDocument from "pdfkit";
import { Effect, Layer } from "effect";
import { StatementRenderer } from "../../core/ports/statement-renderer.port.ts";
import { redactTin, type CopyBBox, type CopyBStatement } from "../../core/domain/statements/copy-b.ts";

type Doc = PDFKit.PDFDocument;
type FontName = "Helvetica" | "Helvetica-Bold";

const REGULAR: FontName = "Helvetica";
const BOLD: FontName = "Helvetica-Bold";

const PAGE_W = 612;
const PAGE_H = 792;
const MARGIN = 36;
const FRAME_X = MARGIN;
const FRAME_W = PAGE_W - 2 * MARGIN;
const FRAME_TOP = 62;
const LEFT_W = FRAME_W / 2; // so the pairs beside it and the rows of four below share column lines
const ID_W = (FRAME_W - LEFT_W) / 2;
const GRID_X = FRAME_X + LEFT_W;
const GRID_W = FRAME_W - LEFT_W;
/** The lowest the frame may reach and still leave room for the footer. */
const FRAME_MAX_BOTTOM = PAGE_H - MARGIN - 58;

const PAD = 3;
const LABEL_SIZE = 6;
const LABEL_LEAD = 1.16;
const VALUE_SIZE = 9;
const VALUE_LEAD = 1.2;
const RULE = 0.5;
const FRAME_RULE = 1;
const SHADE = "#e8e8e8";

const NOTICE =
  "This is important tax information and is being furnished to the IRS. If you are required to file a return, a " +
  "negligence penalty or other sanction may be imposed on you if this income is taxable and the IRS determines " +
  "that it has not been reported.";

/** OMB control numbers of the forms whose number we are sure of; others print none. */
const OMB: Readonly<Record<string, string>> = {
  "1099-NEC": "1545-0116",
  "1099-MISC": "1545-0115",
  "1099-DIV": "1545-0110",
  "1099-INT": "1545-0112",
  "1099-R": "1545-0119",
  "1099-G": "1545-0120",
  "1099-K": "1545-2205",
  "1099-B": "1545-0715",
  "1099-S": "1545-0997",
  "W-2": "1545-0008",
};

interface Fitted {
  readonly size: number;
  readonly lines: readonly string[];
}

interface GridRow {
  readonly x: number;
  readonly cellW: number;
  readonly columns: number;
  readonly cells: readonly BoxCell[];
  h: number;
}

interface BoxCell {
  readonly box: CopyBBox;
  readonly numberWidth: number;
  readonly label: Fitted;
}

export interface PdfkitRendererOptions {
  /** Deflate page content (default true). Tests turn it off to read the text back. */
  readonly compress?: boolean;
}

/** Characters outside WinAnsi cannot be drawn with the standard fonts; print a visible stand-in, not garbage. */
const NOT_WIN_ANSI = /[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g;
function clean(text: string): string {
  return text.replace(/\s+/g, " ").replace(NOT_WIN_ANSI, "?").trim();
}

class PageWriter {
  readonly #doc: Doc;
  readonly #wrapCache = new Map<string, readonly string[]>();
  #font: FontName | null = null;
  #size = 0;

  constructor(doc: Doc) {
    this.#doc = doc;
  }

  #use(font: FontName, size: number): void {
    if (this.#font !== font) {
      this.#doc.font(font);
      this.#font = font;
    }
    if (this.#size !== size) {
      this.#doc.fontSize(size);
      this.#size = size;
    }
  }

  width(font: FontName, size: number, text: string): number {
    this.#use(font, size);
    return this.#doc.widthOfString(text);
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
    lines.push(line);
    if (this.#wrapCache.size > 4096) this.#wrapCache.clear();
    this.#wrapCache.set(key, lines);
    return lines;
  }

  /** Largest size from `size` down to `min` (steps of 0.5) at which the text wraps to at most `maxLines`. */
  fit(font: FontName, size: number, min: number, text: string, width: number, maxLines: number, indent = 0): Fitted {
    for (let s = size; s >= min; s -= 0.5) {
      const lines = this.wrap(font, s, text, width, indent);
      if (lines.length <= maxLines) return { size: s, lines };
    }
    return { size: min, lines: this.wrap(font, min, text, width, indent) };
  }

  /** One line of text whose top is at y; shrunk (never below `min`) when wider than `maxWidth`. */
  text(font: FontName, size: number, text: string, x: number, y: number, align: "left" | "right" | "center" = "left", maxWidth = Infinity, min = 5): void {
    if (text === "") return;
    let s = size;
    let w = this.width(font, s, text);
    if (w > maxWidth) {
      s = Math.max(min, Math.floor(((s * maxWidth) / w) * 2) / 2);
      w = this.width(font, s, text);
    }
    this.#use(font, s);
    const left = align === "right" ? x - w : align === "center" ? x - w / 2 : x;
    this.#doc.text(text, left, y, { lineBreak: false });
  }

  /** Wrapped lines; a single word wider than `width` (a long e-mail address, say) is shrunk to fit. */
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

function labelHeight(f: Fitted): number {
  return f.lines.length * f.size * LABEL_LEAD;
}

function valueBlockHeight(f: readonly Fitted[]): number {
  return f.reduce((h, v) => h + v.lines.length * v.size * VALUE_LEAD, 0);
}

function irsUrl(form: string): string {
  return `www.irs.gov/Form${form.replace(/[^A-Za-z0-9]/g, "")}`;
}

/** Draws one statement on the current page. */
function drawStatement(w: PageWriter, s: CopyBStatement): void {
  const doc = w.doc;
  const form = clean(s.form);
  const year = String(s.taxYear);
  const rules: [number, number, number, number][] = [];
  const shaded: [number, number, number, number][] = [];

  // ---- content, measured first so the cells can size to it -------------------------------------------------------
  const partyLines = (texts: readonly (string | null | undefined)[], width: number): Fitted[] =>
    texts
      .map((t) => clean(t ?? ""))
      .filter((t) => t !== "")
      .map((t) => w.fit(REGULAR, VALUE_SIZE, 7, t, width, 1));

  const innerLeft = LEFT_W - 2 * PAD;
  const payerLabel = w.fit(
    REGULAR, LABEL_SIZE, 5, "PAYER\u2019S name, street address, city or town, state or province, country, ZIP or foreign postal code, and telephone no.", innerLeft, 2,
  );
  const payerLines = partyLines(
    [s.payer.name, s.payer.name2, ...s.payer.addressLines, s.payer.phone ? `Tel. ${s.payer.phone}` : null],
    innerLeft,
  );
  const titleW = FRAME_W - LEFT_W - ID_W - 2 * PAD;
  const titleText = clean(s.formTitle);
  const oneLine = w.fit(BOLD, 11, 9.5, titleText, titleW, 1);
  const title = oneLine.lines.length === 1 ? oneLine : w.fit(BOLD, 11, 6.5, titleText, titleW, 4);
  const titleBlock = labelHeight({ size: title.size, lines: title.lines }) + 8 + 13 + 11;
  const headerH = Math.max(
    78,
    PAD + labelHeight(payerLabel) + 3 + valueBlockHeight(payerLines) + PAD + 2,
    PAD + 4 + titleBlock + PAD,
  );

  const recipientName = partyLines([s.recipient.name, s.recipient.name2], innerLeft);
  const addr = s.recipient.addressLines.map(clean).filter((l) => l !== "");
  const street = partyLines(addr.length > 1 ? addr.slice(0, -1) : addr, innerLeft);
  const city = partyLines(addr.length > 1 ? addr.slice(-1) : [], innerLeft);
  const simpleCell = (label: string, values: readonly Fitted[]) => {
    const l = w.fit(REGULAR, LABEL_SIZE, 5, label, innerLeft, 2);
    return { label: l, values, h: Math.max(24, PAD + labelHeight(l) + 2 + valueBlockHeight(values) + PAD + 1) };
  };
  const tinH = 26;
  const leftCells = [
    simpleCell("RECIPIENT\u2019S name", recipientName),
    simpleCell("Street address (including apt. no.)", street),
    simpleCell("City or town, state or province, country, and ZIP or foreign postal code", city),
    simpleCell("Account number (see instructions)", partyLines([s.accountNumber], innerLeft)),
  ];
  const leftH = tinH + leftCells.reduce((h, c) => h + c.h, 0);

  // ---- box grid: pairs beside the recipient column like the IRS forms; boxes that do not fit there continue
  // below it, four to a row across the whole form. Too many to fit at all: labels get fewer lines, then rows shrink.
  const boxes = s.boxes.map((b) => ({ box: clean(b.box), label: clean(b.label), value: clean(b.value) }));
  const grid = (compact: boolean) => {
    const maxLines = compact ? 2 : 3;
    const minRow = compact ? 22 : 28;
    const measure = (box: CopyBBox, width: number): BoxCell => {
      const numberWidth = box.box === "" ? 0 : w.width(BOLD, 7, box.box) + 3;
      return { box, numberWidth, label: w.fit(REGULAR, LABEL_SIZE, 4.5, box.label, width - 2 * PAD, maxLines, numberWidth) };
    };
    const row = (x: number, width: number, columns: number, from: readonly CopyBBox[]): GridRow => {
      const cells = from.map((b) => measure(b, width / columns));
      const h = Math.max(minRow, ...cells.map((c) => PAD + labelHeight(c.label) + 2 + VALUE_SIZE * VALUE_LEAD + PAD));
      return { x, cellW: width / columns, columns, cells, h };
    };
    const side: GridRow[] = [];
    let used = 0;
    let sideH = 0;
    while (used < boxes.length) {
      const next = row(GRID_X, GRID_W, 2, boxes.slice(used, used + 2));
      if (side.length > 0 && sideH + next.h > leftH + 8) break;
      side.push(next);
      sideH += next.h;
      used += 2;
    }
    const below: GridRow[] = [];
    for (; used < boxes.length; used += 4) below.push(row(FRAME_X, FRAME_W, 4, boxes.slice(used, used + 4)));
    return { side, below, sideH, belowH: below.reduce((h, r) => h + r.h, 0) };
  };
  let layout = grid(false);
  const fits = (l: typeof layout) => FRAME_TOP + headerH + Math.max(leftH, l.sideH) + l.belowH <= FRAME_MAX_BOTTOM;
  if (!fits(layout)) layout = grid(true);
  if (!fits(layout) && layout.belowH > 0) {
    const room = FRAME_MAX_BOTTOM - FRAME_TOP - headerH - Math.max(leftH, layout.sideH);
    const scale = Math.max(0, room) / layout.belowH;
    for (const r of layout.below) r.h *= scale;
    layout.belowH *= scale;
  }

  // Beside each other, the recipient column and the box pairs end on one line: the shorter one's last cell grows.
  const bodyH = Math.max(leftH, layout.sideH);
  const lastLeft = leftCells[leftCells.length - 1];
  if (lastLeft !== undefined) lastLeft.h += bodyH - leftH;
  const lastSide = layout.side[layout.side.length - 1];
  if (lastSide !== undefined) lastSide.h += bodyH - layout.sideH;
  else layout.side.push({ x: GRID_X, cellW: GRID_W / 2, columns: 2, cells: [], h: bodyH });
  const frameBottom = FRAME_TOP + headerH + bodyH + layout.belowH;

  // ---- CORRECTED checkbox above the frame -------------------------------------------------------------------------
  const checkLabel = "CORRECTED (if checked)";
  const checkX = PAGE_W / 2 - (10 + 4 + w.width(BOLD, 7.5, checkLabel)) / 2;
  const checkY = FRAME_TOP - 18;
  rules.push([checkX, checkY, 10, 10]);
  if (s.corrected) w.text(BOLD, 10, "X", checkX + 5, checkY + 0.6, "center");
  w.text(BOLD, 7.5, checkLabel, checkX + 14, checkY + 2);

  // ---- header row: payer | form id and year | title and copy ------------------------------------------------------
  let y = FRAME_TOP;
  rules.push([FRAME_X, y, LEFT_W, headerH]);
  w.lines(REGULAR, payerLabel, FRAME_X + PAD, y + PAD, LABEL_LEAD, innerLeft);
  let ty = y + PAD + labelHeight(payerLabel) + 3;
  for (const f of payerLines) {
    w.lines(REGULAR, f, FRAME_X + PAD, ty, VALUE_LEAD, innerLeft);
    ty += f.lines.length * f.size * VALUE_LEAD;
  }

  const idX = FRAME_X + LEFT_W;
  rules.push([idX, y, ID_W, headerH]);
  const omb = OMB[form];
  const idCx = idX + ID_W / 2;
  if (omb !== undefined) w.text(REGULAR, LABEL_SIZE, `OMB No. ${omb}`, idCx, y + PAD + 1, "center");
  w.text(REGULAR, 7, "Form", idX + PAD + 2, y + 17);
  w.text(BOLD, 13, form, idCx + 8, y + 14, "center", ID_W - 30);
  w.text(REGULAR, LABEL_SIZE, "For calendar year", idCx, y + headerH - 38, "center");
  w.text(BOLD, 22, year, idCx, y + headerH - 29, "center");

  const titleX = idX + ID_W;
  const titleCellW = FRAME_W - LEFT_W - ID_W;
  rules.push([titleX, y, titleCellW, headerH]);
  w.lines(BOLD, title, titleX + PAD + 1, y + PAD + 4, LABEL_LEAD, titleW);
  const copyY = y + headerH - PAD - 30;
  w.text(BOLD, 15, "Copy B", titleX + titleCellW - PAD - 2, copyY, "right");
  w.text(BOLD, 9, "For Recipient", titleX + titleCellW - PAD - 2, copyY + 17, "right");

  // ---- left column: TINs, recipient, account --------------------------------------------------------------------
  y = FRAME_TOP + headerH;
  const half = LEFT_W / 2;
  rules.push([FRAME_X, y, half, tinH], [FRAME_X + half, y, half, tinH]);
  w.text(REGULAR, LABEL_SIZE, "PAYER\u2019S TIN", FRAME_X + PAD, y + PAD);
  w.text(REGULAR, LABEL_SIZE, "RECIPIENT\u2019S TIN", FRAME_X + half + PAD, y + PAD);
  w.text(REGULAR, VALUE_SIZE, redactTin(clean(s.payer.tinMasked)), FRAME_X + PAD, y + 12, "left", half - 2 * PAD);
  w.text(REGULAR, VALUE_SIZE, redactTin(clean(s.recipient.tinMasked)), FRAME_X + half + PAD, y + 12, "left", half - 2 * PAD);
  y += tinH;
  for (const c of leftCells) {
    rules.push([FRAME_X, y, LEFT_W, c.h]);
    w.lines(REGULAR, c.label, FRAME_X + PAD, y + PAD, LABEL_LEAD, innerLeft);
    let vy = y + PAD + labelHeight(c.label) + 2;
    for (const f of c.values) {
      w.lines(REGULAR, f, FRAME_X + PAD, vy, VALUE_LEAD, innerLeft);
      vy += f.lines.length * f.size * VALUE_LEAD;
    }
    y += c.h;
  }

  // ---- box grid ---------------------------------------------------------------------------------------------------
  y = FRAME_TOP + headerH;
  for (const r of [...layout.side, ...layout.below]) {
    for (let c = 0; c < r.columns; c++) {
      const x = r.x + c * r.cellW;
      rules.push([x, y, r.cellW, r.h]);
      const cell = r.cells[c];
      if (cell === undefined) {
        shaded.push([x, y, r.cellW, r.h]);
        continue;
      }
      if (cell.box.box !== "") w.text(BOLD, 7, cell.box.box, x + PAD, y + PAD - 0.4);
      w.lines(REGULAR, cell.label, x + PAD, y + PAD, LABEL_LEAD, r.cellW - 2 * PAD, cell.numberWidth);
      w.text(REGULAR, VALUE_SIZE, cell.box.value, x + r.cellW - PAD - 1, y + r.h - PAD - VALUE_SIZE - 1, "right", r.cellW - 2 * PAD - 2);
    }
    y += r.h;
  }

  // ---- rules: shaded cells first, then every cell edge in one path, then the heavier frame -----------------------
  if (shaded.length > 0) {
    doc.fillColor(SHADE);
    for (const [x, yy, ww, hh] of shaded) doc.rect(x, yy, ww, hh);
    doc.fill();
    doc.fillColor("black");
  }
  doc.lineWidth(RULE);
  for (const [x, yy, ww, hh] of rules) doc.rect(x, yy, ww, hh);
  doc.stroke();
  doc.lineWidth(FRAME_RULE).rect(FRAME_X, FRAME_TOP, FRAME_W, frameBottom - FRAME_TOP).stroke();

  // ---- footer -----------------------------------------------------------------------------------------------------
  let fy = frameBottom + 4;
  w.text(REGULAR, 7.5, "Form", FRAME_X, fy + 1);
  const formW = w.width(BOLD, 9.5, form);
  w.text(BOLD, 9.5, form, FRAME_X + 19, fy);
  w.text(REGULAR, 7, "(keep for your records)", FRAME_X + 24 + formW, fy + 1.5);
  w.text(REGULAR, 7, irsUrl(form), PAGE_W / 2 + 20, fy + 1.5, "center");
  w.text(REGULAR, 7, "Department of the Treasury - Internal Revenue Service", FRAME_X + FRAME_W, fy + 1.5, "right");
  fy += 13;
  const notice = w.wrap(REGULAR, 7, NOTICE, FRAME_W);
  w.lines(REGULAR, { size: 7, lines: notice }, FRAME_X, fy, 1.2, FRAME_W);
  fy += notice.length * 7 * 1.2 + 4;
  const receipt = s.receiptId ? `  \u2022  IRS receipt ${clean(s.receiptId)}` : "";
  doc.fillColor("#555555");
  w.text(REGULAR, 6.5, `Filing ${clean(s.filingId)}${receipt}`, FRAME_X, fy);
  doc.fillColor("black");
}

/** A renderer drawing every statement of one call into one document (fonts are referenced once, not per page). */
export function makePdfkitRenderer(options: PdfkitRendererOptions = {}): StatementRenderer["Service"] {
  const compress = options.compress ?? true;
  return StatementRenderer.of({
    render: (statements) =>
      Effect.callback<Uint8Array>((resume) => {
        const first = statements[0];
        const doc = new PDFDocument({
          size: "LETTER",
          margin: 0,
          autoFirstPage: false,
          compress,
          info: {
            Title: first === undefined ? "Copy B" : `Form ${first.form} Copy B (${first.taxYear})`,
            Creator: "info-return-filing",
          },
        });
        const chunks: Uint8Array[] = [];
        doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
        doc.on("end", () => resume(Effect.succeed(concat(chunks))));
        doc.on("error", (e: unknown) => resume(Effect.die(e)));
        const writer = new PageWriter(doc);
        try {
          for (const statement of statements) {
            doc.addPage({ size: "LETTER", margin: 0 });
            drawStatement(writer, statement);
          }
          doc.end();
        } catch (e) {
          resume(Effect.die(e));
        }
      }),
  });
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
