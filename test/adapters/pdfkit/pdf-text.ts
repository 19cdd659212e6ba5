// Reads back what the renderer drew: the text runs of each page of an uncompressed pdfkit PDF, in drawing order.
// pdfkit writes every run as `[<hex> kern <hex> ...] TJ` in WinAnsi; kerning numbers are dropped when joining.

const WIN_ANSI_HIGH: Readonly<Record<number, string>> = {
  0x80: "\u20ac", 0x91: "\u2018", 0x92: "\u2019", 0x93: "\u201c", 0x94: "\u201d", 0x95: "\u2022", 0x96: "\u2013", 0x97: "\u2014", 0x85: "\u2026",
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
