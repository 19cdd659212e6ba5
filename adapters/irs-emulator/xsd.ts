// XSD validation of IRIS documents against the IRS's own schemas (TY2025 v1.2, kept beside this file) with
// libxml2 compiled to WebAssembly (xmllint-wasm): no system package is needed, so `npm install && npm start` is
// enough. The only file that imports xmllint-wasm.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { memoryPages, validateXML, type XMLFileInfo } from "xmllint-wasm";

const SCHEMAS = join(import.meta.dirname, "schemas", "ty2025");

export type IrisSchema = "intake" | "status-request" | "status-response";

export interface XsdResult {
  readonly valid: boolean;
  readonly errors: readonly string[];
}

interface Loaded {
  readonly schema: XMLFileInfo;
  readonly preload: readonly XMLFileInfo[];
}

let cache: Map<IrisSchema, Loaded> | undefined;

function load(): Map<IrisSchema, Loaded> {
  if (cache) return cache;
  const intake = join(SCHEMAS, "intake");
  // The message schema includes "../COMMON/..." and "../FORM_TYPES/...": it is loaded from the root of the
  // in-memory file system, so its includes are rewritten to the names the other files are preloaded under (their
  // own "../COMMON/..." resolve from FORM_TYPES/ as they are).
  const message = readFileSync(join(intake, "MSG", "IRS-IRIntakeTransmissionMessage.xsd"), "utf8")
    .replaceAll('schemaLocation="../COMMON/', 'schemaLocation="COMMON/')
    .replaceAll('schemaLocation="../FORM_TYPES/', 'schemaLocation="FORM_TYPES/');
  const preload: XMLFileInfo[] = [];
  for (const dir of ["COMMON", "FORM_TYPES"]) {
    for (const f of readdirSync(join(intake, dir)).filter((n) => n.endsWith(".xsd"))) {
      preload.push({ fileName: `${dir}/${f}`, contents: readFileSync(join(intake, dir, f), "utf8") });
    }
  }
  const status = (name: string): Loaded => ({
    schema: { fileName: name, contents: readFileSync(join(SCHEMAS, "status", name), "utf8") },
    preload: [],
  });
  cache = new Map<IrisSchema, Loaded>([
    ["intake", { schema: { fileName: "IRS-IRIntakeTransmissionMessage.xsd", contents: message }, preload }],
    ["status-request", status("IRS-IR-TransStatusOrAckRequest.xsd")],
    ["status-response", status("IRS-IR-TransStatusOrAckResponse.xsd")],
  ]);
  return cache;
}

/** Validates `xml` against one of the IRIS schemas; errors are xmllint's messages without the file name. */
export async function validateIris(schema: IrisSchema, xml: string): Promise<XsdResult> {
  const s = load().get(schema);
  if (!s) throw new Error(`unknown schema ${schema}`);
  // Room for a large transmission: the document and its tree live in wasm memory.
  const pages = Math.min(memoryPages.GiB * 2, 256 + Math.ceil((xml.length * 12) / (64 * 1024)));
  const r = await validateXML({
    xml: [{ fileName: "document.xml", contents: xml }],
    schema: [s.schema],
    preload: [...s.preload],
    initialMemoryPages: Math.min(pages, 1024),
    maxMemoryPages: Math.max(pages, 1024),
  });
  return { valid: r.valid, errors: r.errors.map((e) => e.message) };
}
