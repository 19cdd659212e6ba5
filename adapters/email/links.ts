// The links of an e-mail, as an integrator reading the outbox wants them: every http(s) URL of the text and of the
// HTML's href attributes, in order of appearance, once each.
const TEXT_URL = /https?:\/\/[^\s<>"')]+/g;
const HREF = /href\s*=\s*"([^"]+)"/gi;

const unescapeAttribute = (v: string) =>
  v
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

export function linksOf(text: string, html: string): string[] {
  const found = [
    ...[...text.matchAll(TEXT_URL)].map((m) => m[0].replace(/[.,;:]+$/, "")),
    ...[...html.matchAll(HREF)].map((m) => unescapeAttribute(m[1] ?? "")),
  ].filter((u) => /^https?:\/\//.test(u));
  return [...new Set(found)];
}
