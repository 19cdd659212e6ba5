// Reads the first worksheet of an .xlsx file (the IRS business-rule spreadsheets) as rows of cell texts. The zip
// container is opened with fflate; the sheet and shared-string XML are read with the project's XML reader.
import { strFromU8, unzipSync } from "fflate";
import { parseXml, type XmlElement } from "../../../core/domain/iris/xml.ts";

function allText(el: XmlElement): string {
  if (el.name === "t") return el.text;
  if (el.name === "rPh") return ""; // phonetic hints are not cell text
  return el.children.map(allText).join("");
}

/** Column letters of a cell reference ("C12" -> 2). */
function columnOf(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

/** Rows of the workbook's first sheet; each row is its cells' text by column index ("" for empty cells). */
export function readSheetRows(xlsx: Uint8Array): string[][] {
  const files = unzipSync(xlsx, {
    filter: (f) => f.name === "xl/sharedStrings.xml" || /^xl\/worksheets\/sheet1\.xml$/.test(f.name),
  });
  const sheet = files["xl/worksheets/sheet1.xml"];
  if (!sheet) throw new Error("the workbook has no xl/worksheets/sheet1.xml");
  const sharedXml = files["xl/sharedStrings.xml"];
  const shared = sharedXml
    ? parseXml(strFromU8(sharedXml))
        .children.filter((c) => c.name === "si")
        .map(allText)
    : [];
  const data = parseXml(strFromU8(sheet)).children.find((c) => c.name === "sheetData");
  const rows: string[][] = [];
  for (const row of data?.children.filter((c) => c.name === "row") ?? []) {
    const cells: string[] = [];
    for (const c of row.children.filter((x) => x.name === "c")) {
      const col = columnOf(c.attributes["r"] ?? "");
      const type = c.attributes["t"];
      const v = c.children.find((x) => x.name === "v")?.text ?? "";
      const value =
        type === "s"
          ? (shared[Number(v)] ?? "")
          : type === "inlineStr"
            ? allText(c.children.find((x) => x.name === "is") ?? c)
            : v;
      while (cells.length < col) cells.push("");
      cells[col < 0 ? cells.length : col] = value;
    }
    rows.push(cells);
  }
  return rows;
}
