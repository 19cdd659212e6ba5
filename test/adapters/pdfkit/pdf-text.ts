// Reads back what the renderer drew: the text runs of each page of an uncompressed pdfkit PDF, in drawing order.
// pdfkit writes every run as `[<hex> kern <hex> ...] TJ` in WinAnsi; kerning numbers are dropped when joining.
// A compressed PDF (what the API serves) is read after `inflated`.
import { inflateSync } from "node:zlib";

const WIN_ANSI_HIGH: Readonly<Record<number, string>> = {
  0x80: "\u20ac",
  0x91: "\u2018",
  0x92: "\u2019",
  0x93: "\u201c",
  0x94: "\u201d",
  0x95: "\u2022",
  0x96: "\u2013",
  0x97: "\u2014",
  0x85: "\u2026",
};

function decodeHex(hex: string): string {
  let out = "";
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const code = Number.parseInt(hex.slice(i, i + 2), 16);
    out += WIN_ANSI_HIGH[code] ?? String.fromCharCode(code);
  }
  return out;
}

export function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("latin1");
}

/**
 * The PDF with its FlateDecode streams inflated, for `pageTexts` (the /Length entries are no longer right: for
 * reading text only, not a PDF to open).
 */
export function inflated(bytes: Uint8Array): Uint8Array {
  const pdf = latin1(bytes).replace(
    /(\/FlateDecode[^>]*>>\s*stream\n)([\s\S]*?)(\nendstream)/g,
    (_, head: string, body: string, tail: string) =>
      head + inflateSync(Buffer.from(body, "latin1")).toString("latin1") + tail,
  );
  return Buffer.from(pdf, "latin1");
}

/** Page objects (not the /Pages tree). Object dictionaries are never compressed by pdfkit, so this works either way. */
export function pageCount(bytes: Uint8Array): number {
  return latin1(bytes).match(/\/Type \/Page(?!s)/g)?.length ?? 0;
}

/** The text runs of each page; pdfkit writes one content stream per page, in page order. */
export function pageTexts(bytes: Uint8Array): string[][] {
  const pdf = latin1(bytes);
  const pages: string[][] = [];
  for (const stream of pdf.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    const runs: string[] = [];
    for (const tj of (stream[1] ?? "").matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      runs.push([...(tj[1] ?? "").matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decodeHex(h[1] ?? "")).join(""));
    }
    pages.push(runs);
  }
  return pages;
}

/** A text run where it was drawn: `x` its left edge, `top`/`bottom` its glyph box (points from the page top). */
export interface PlacedRun {
  readonly text: string;
  readonly font: string;
  readonly size: number;
  readonly x: number;
  readonly baseline: number;
  readonly top: number;
  readonly bottom: number;
  readonly right: number;
}

type WidthOf = (font: string, size: number, text: string) => number;

/**
 * The text runs of each page with their positions. pdfkit draws each run as `1 0 0 1 x y Tm /Fn size Tf [...] TJ`
 * inside a doubly flipped matrix, so `y` is the baseline from the page bottom. Widths come from `widthOf` (the
 * caller measures with the font metrics pdfkit used; they include the kerning the TJ array spells out).
 */
export function placedRuns(bytes: Uint8Array, widthOf: WidthOf, pageHeight = 792): PlacedRun[][] {
  const pdf = latin1(bytes);
  const fontByObject = new Map<string, string>();
  for (const m of pdf.matchAll(/(\d+) 0 obj\n<<\n\/Type \/Font\n\/BaseFont \/(\S+)/g))
    fontByObject.set(m[1] ?? "", m[2] ?? "");
  const fontByName = new Map<string, string>();
  for (const m of pdf.matchAll(/\/(F\d+) (\d+) 0 R/g))
    fontByName.set(m[1] ?? "", fontByObject.get(m[2] ?? "") ?? "");
  const pages: PlacedRun[][] = [];
  for (const stream of pdf.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    const runs: PlacedRun[] = [];
    for (const bt of (stream[1] ?? "").matchAll(
      /BT\n1 0 0 1 ([-\d.]+) ([-\d.]+) Tm\n\/(F\d+) ([\d.]+) Tf\n\[([^\]]*)\]\s*TJ/g,
    )) {
      const x = Number(bt[1]);
      const baseline = pageHeight - Number(bt[2]);
      const font = fontByName.get(bt[3] ?? "") ?? "";
      const size = Number(bt[4]);
      const body = bt[5] ?? "";
      const text = [...body.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decodeHex(h[1] ?? "")).join("");
      const width = widthOf(font, size, text);
      runs.push({
        text,
        font,
        size,
        x,
        baseline,
        top: baseline - 0.72 * size,
        bottom: baseline + 0.21 * size,
        right: x + width,
      });
    }
    pages.push(runs);
  }
  return pages;
}
