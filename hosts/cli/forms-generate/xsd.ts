// Reads an IRS IRIS A2A schema package (the XSDs under "IRIS A2A INTAKE XML LIBRARY <year>": COMMON, MSG,
// FORM_TYPES) into the flat element extract the catalogue generator builds from: per form the detail type's
// elements in XSD sequence order (dotted paths for anonymous groups), the named complex types expanded, the named
// simple types with their facets merged along the restriction chain, the submission totals groups, the country
// names and the fixed SchemaVersionNum. Pure: file texts in, data out.
import { parseXml, type XmlElement } from "../../../core/domain/iris/xml.ts";
import {
  SIMPLE_TYPE_FACETS,
  type IrisElements,
  type XsdElement,
  type XsdForm,
  type XsdSimpleType,
} from "../../../core/domain/forms/generate.ts";

// minExclusive is read too, though the generator does not use it.
const FACETS = [...SIMPLE_TYPE_FACETS, "minExclusive"] as const;

const local = (qname: string): string => qname.slice(qname.indexOf(":") + 1);
const kids = (el: XmlElement, name?: string): XmlElement[] =>
  el.children.filter((c) => c.name !== "annotation" && (name === undefined || c.name === name));
const text = (s: string): string => s.replace(/\s+/g, " ").trim();

/**
 * An element's or type's documentation: `<Description>` (elements), `<Component><DescriptionTxt>` (types) or the
 * plain text, and `<LineNumber>` (the form's box).
 */
function documentation(el: XmlElement): { description?: string; box?: string } {
  const doc = el.children
    .find((c) => c.name === "annotation")
    ?.children.find((c) => c.name === "documentation");
  if (!doc) return {};
  const out: { description?: string; box?: string } = {};
  const d =
    doc.children.find((c) => c.name === "Description") ??
    doc.children.find((c) => c.name === "Component")?.children.find((c) => c.name === "DescriptionTxt");
  const l = doc.children.find((c) => c.name === "LineNumber");
  if (d) out.description = d.text.trim();
  else if (doc.text.trim() !== "") out.description = doc.text.trim();
  if (l) out.box = l.text.trim();
  return out;
}

/** Form code from a detail type name: Form1099NECDetailType -> 1099-NEC, FormW2GDetailType -> W-2G. */
export function formCodeOf(detailType: string): string {
  const core = detailType.replace(/^Form/, "").replace(/DetailType$/, "");
  if (core === "W2G") return "W-2G";
  const m = /^(\d{4})([A-Z]+)$/.exec(core);
  return m ? `${m[1]}-${m[2]}` : core;
}

export interface XsdPackageFiles {
  /** Path relative to the package root (e.g. "IRIS A2A INTAKE XML LIBRARY 2025/FORM_TYPES/IRS-Form1099NECType.xsd") -> text. */
  readonly [path: string]: string;
}

export interface PackageExtract extends IrisElements {
  readonly _countries: Readonly<Record<string, string>>;
  readonly _schemaVersionNum: string;
}

class Reader {
  readonly simple = new Map<string, XmlElement>();
  readonly complex = new Map<string, XmlElement>();
  readonly elementTypes = new Map<string, string>();
  readonly definedIn = new Map<string, string>();

  add(path: string, root: XmlElement): void {
    for (const c of kids(root)) {
      const name = c.attributes["name"];
      if (name === undefined) continue;
      if (c.name === "simpleType") this.simple.set(name, c);
      else if (c.name === "complexType") this.complex.set(name, c);
      else continue;
      this.definedIn.set(name, path);
    }
  }

  /** Facets of a restriction in document order, enumerations gathered at the first one's place. */
  private restrictionFacets(r: XmlElement): Array<[string, string | string[]]> {
    const out: Array<[string, string | string[]]> = [];
    let enums: string[] | null = null;
    for (const f of kids(r)) {
      const v = f.attributes["value"] ?? "";
      if (f.name === "enumeration") {
        if (enums === null) {
          enums = [];
          out.push(["enumeration", enums]);
        }
        enums.push(v);
      } else if (f.name === "pattern") out.push(["pattern", [v]]);
      else out.push([f.name, v]);
    }
    return out;
  }

  /** A named simple type with its facets merged along the restriction chain (the derived type's facets win). */
  simpleType(name: string): XsdSimpleType {
    const st = this.simple.get(name);
    if (!st) return { base: `xsd:${name}` };
    const described = documentation(st).description;
    const doc = described === undefined ? undefined : text(described);
    const union = kids(st, "union")[0];
    if (union) {
      const members = (union.attributes["memberTypes"] ?? "").split(/\s+/).filter(Boolean).map(local);
      return { union: members, ...(doc ? { doc } : {}) };
    }
    const r = kids(st, "restriction")[0];
    if (!r) throw new Error(`simple type ${name} has no restriction`);
    const baseName = local(r.attributes["base"] ?? "string");
    const parent = this.simple.has(baseName) ? this.simpleType(baseName) : { base: `xsd:${baseName}` };
    const out: Record<string, unknown> = { restrictionBase: baseName };
    for (const k of FACETS)
      if (parent[k as keyof XsdSimpleType] !== undefined) out[k] = parent[k as keyof XsdSimpleType];
    for (const [k, v] of this.restrictionFacets(r)) out[k] = v;
    out["chain"] = [baseName, ...(parent.chain ?? [])];
    out["base"] = parent.base ?? `xsd:${baseName}`;
    if (doc) out["doc"] = doc;
    return out as XsdSimpleType;
  }

  /** `inline(BASE facet=value ...)` for an anonymous simple type, as the generator reads it back. */
  inlineType(st: XmlElement): string {
    const r = kids(st, "restriction")[0];
    if (!r) throw new Error("anonymous simple type without a restriction");
    const parts = [local(r.attributes["base"] ?? "string")];
    const rank = (k: string) => (k === "enumeration" ? 0 : k === "pattern" ? 1 : 2);
    for (const [k, v] of this.restrictionFacets(r).sort(([a], [b]) => rank(a) - rank(b))) {
      if (k === "enumeration") parts.push(`enum=${(v as string[]).join("|")}`);
      else parts.push(`${k}=${Array.isArray(v) ? v[0] : v}`);
    }
    return `inline(${parts.join(" ")})`;
  }

  /**
   * The elements of a content model, flattened: nested sequences inline, choice members tagged
   * `<owner>#choice<i>:opt<n>` (i = where the choice starts in the flat list), anonymous complex types expanded
   * under a dotted path; named complex types
   * expanded too when `expandNamed` (the common types), otherwise referenced by name (the form details).
   */
  flatten(
    content: XmlElement,
    prefix: string,
    expandNamed: boolean,
    out: XsdElement[],
    seen: ReadonlySet<string>,
  ): XsdElement[] {
    for (const c of kids(content)) {
      if (c.name === "sequence" || c.name === "all") {
        this.flatten(c, prefix, expandNamed, out, seen);
      } else if (c.name === "choice") {
        const owner = prefix.endsWith(".") ? prefix.slice(0, -1) : prefix;
        const at = out.length;
        kids(c).forEach((opt, k) => {
          const tag = `${owner}#choice${at}:opt${k + 1}`;
          const from = out.length;
          if (opt.name === "element") this.element(opt, prefix, expandNamed, out, seen);
          else this.flatten(opt, prefix, expandNamed, out, seen);
          for (let i = from; i < out.length; i++) {
            const e = out[i] as XsdElement & { choiceGroup?: string };
            if (!e.path.slice(prefix.length).includes(".")) out[i] = { ...e, choiceGroup: tag };
          }
        });
      } else if (c.name === "element") {
        this.element(c, prefix, expandNamed, out, seen);
      }
    }
    return out;
  }

  private element(
    c: XmlElement,
    prefix: string,
    expandNamed: boolean,
    out: XsdElement[],
    seen: ReadonlySet<string>,
  ): void {
    const name = c.attributes["name"];
    if (name === undefined) throw new Error(`element without a name under ${prefix}`);
    const path = `${prefix}${name}`;
    const inlineSimple = kids(c, "simpleType")[0];
    const inlineComplex = kids(c, "complexType")[0];
    const type =
      c.attributes["type"] !== undefined
        ? local(c.attributes["type"])
        : inlineSimple
          ? this.inlineType(inlineSimple)
          : inlineComplex
            ? "inlineComplex"
            : "string";
    const doc = documentation(c);
    const e: Record<string, string> = {
      path,
      type,
      minOccurs: c.attributes["minOccurs"] ?? "1",
      maxOccurs: c.attributes["maxOccurs"] ?? "1",
    };
    if (c.attributes["fixed"] !== undefined) e["fixed"] = c.attributes["fixed"];
    if (doc.box !== undefined) e["box"] = doc.box;
    if (doc.description !== undefined) e["description"] = doc.description;
    out.push(e as unknown as XsdElement);
    if (inlineComplex) this.flatten(inlineComplex, `${path}.`, expandNamed, out, seen);
    else if (expandNamed && this.complex.has(type) && !seen.has(type)) {
      this.flatten(
        this.complex.get(type) as XmlElement,
        `${path}.`,
        expandNamed,
        out,
        new Set([...seen, type]),
      );
    }
  }

  /** Named complex and simple types a flat element list refers to (transitively). */
  referenced(elements: readonly XsdElement[], complexOut: Set<string>, simpleOut: Set<string>): void {
    for (const e of elements) {
      const inline = /^inline\((\S+)/.exec(e.type);
      if (inline) this.simpleChain(inline[1] as string, simpleOut);
      else if (this.complex.has(e.type)) {
        if (!complexOut.has(e.type)) {
          complexOut.add(e.type);
          this.referenced(
            this.flatten(this.complex.get(e.type) as XmlElement, "", true, [], new Set([e.type])),
            complexOut,
            simpleOut,
          );
        }
      } else if (e.type !== "inlineComplex") this.simpleChain(e.type, simpleOut);
    }
  }

  private simpleChain(name: string, out: Set<string>): void {
    if (out.has(name)) return;
    out.add(name);
    const st = this.simple.get(name);
    if (!st) return;
    const r = kids(st, "restriction")[0];
    if (r) this.simpleChain(local(r.attributes["base"] ?? "string"), out);
    const u = kids(st, "union")[0];
    if (u)
      for (const m of (u.attributes["memberTypes"] ?? "").split(/\s+/).filter(Boolean))
        this.simpleChain(local(m), out);
  }
}

/** The totals groups of IRSubmission1FormTotalsType: per form, its TotalAmtGrp and (CF/SF) TotalByStateGrp. */
function totalsGroups(reader: Reader): Map<string, { amt?: [string, string]; byState?: [string, string] }> {
  const out = new Map<string, { amt?: [string, string]; byState?: [string, string] }>();
  const t = reader.complex.get("IRSubmission1FormTotalsType");
  if (!t) return out;
  for (const e of reader.flatten(t, "", false, [], new Set())) {
    const m = /^(Form\w+?)(TotalAmtGrp|TotalByStateGrp)$/.exec(e.path);
    if (!m) continue;
    const key = m[1] as string;
    const entry = out.get(key) ?? {};
    if (m[2] === "TotalAmtGrp") entry.amt = [e.path, e.type];
    else entry.byState = [e.path, e.type];
    out.set(key, entry);
  }
  return out;
}

/**
 * The extract of one IRS package. `files` maps each .xsd path (relative to the package root) to its text;
 * `description` names the package (e.g. "IRIS A2A schema and business rules TY2026 v1.0").
 */
export function extractPackage(files: XsdPackageFiles, description: string): PackageExtract {
  const reader = new Reader();
  const roots = new Map<string, XmlElement>();
  for (const [path, xsd] of Object.entries(files)) {
    // The intake library only (the status library of the same package redefines some ids).
    if (!/(^|\/)(COMMON|MSG|FORM_TYPES)\/[^/]+\.xsd$/.test(path)) continue;
    const root = parseXml(xsd);
    if (root.name !== "schema") continue;
    roots.set(path, root);
    reader.add(path, root);
  }
  const complexUsed = new Set<string>();
  const simpleUsed = new Set<string>();
  const forms: Record<string, XsdForm & Record<string, unknown>> = {};
  const totals = totalsGroups(reader);
  for (const [typeName, el] of [...reader.complex].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!/^Form\w+DetailType$/.test(typeName)) continue;
    const path = reader.definedIn.get(typeName) ?? "";
    if (!/FORM_TYPES\//.test(path)) continue;
    const elementDetails = reader.flatten(el, "", false, [], new Set());
    reader.referenced(elementDetails, complexUsed, simpleUsed);
    const formTypeCd = typeName.replace(/^Form/, "").replace(/DetailType$/, "");
    const key = typeName.replace(/DetailType$/, "");
    const group = /^1042S$/.test(formTypeCd)
      ? "IRSubmission3Grp/IRSubmission3Detail"
      : /^8809$/.test(formTypeCd)
        ? "IRSubmission2Grp/IRSubmission2Header"
        : "IRSubmission1Grp/IRSubmission1Detail";
    const form: XsdForm & Record<string, unknown> = {
      source: path,
      formTypeCd,
      submissionGroup: group,
      detailElement: `${key}Detail`,
      detailType: typeName,
      elementDetails,
    };
    const tg = totals.get(key);
    if (tg?.amt) {
      const [element, type] = tg.amt;
      const amtType = reader.complex.get(type);
      form["totalAmtGrpElement"] = element;
      form["totalAmtGrp"] = Object.fromEntries(
        (amtType ? reader.flatten(amtType, "", false, [], new Set()) : []).map((e) => [e.path, e.type]),
      );
    }
    if (tg?.byState) {
      const [element, type] = tg.byState;
      const byStateType = reader.complex.get(type);
      form["totalByStateGrpElement"] = element;
      form["totalByStateGrp"] = Object.fromEntries(
        (byStateType ? reader.flatten(byStateType, "", false, [], new Set()) : []).map((e) => [
          e.path,
          e.type,
        ]),
      );
    }
    forms[formCodeOf(typeName)] = form;
  }
  // The transmission message's own types, for the manifest and headers.
  for (const name of ["IRTransmissionManifestType", "IRSubmission1HeaderType", "IRSubmission3HeaderType"]) {
    if (reader.complex.has(name))
      reader.referenced(
        [{ path: name, type: name, minOccurs: "1", maxOccurs: "1" }],
        complexUsed,
        simpleUsed,
      );
  }
  const commonTypes: Record<string, { elements: XsdElement[] }> = {};
  for (const name of [...complexUsed].sort()) {
    commonTypes[name] = {
      elements: reader.flatten(reader.complex.get(name) as XmlElement, "", true, [], new Set([name])),
    };
  }
  const simpleTypes: Record<string, XsdSimpleType> = {};
  for (const name of [...simpleUsed].sort()) simpleTypes[name] = reader.simpleType(name);

  const countries: Record<string, string> = {};
  const country = reader.simple.get("CountryType");
  const cr = country ? kids(country, "restriction")[0] : undefined;
  for (const e of cr ? kids(cr, "enumeration") : []) {
    const code = e.attributes["value"] ?? "";
    countries[code] = text(documentation(e).description ?? code);
  }
  const manifest = reader.complex.get("IRTransmissionManifestType");
  const schemaVersionNum = manifest
    ? reader.flatten(manifest, "", false, [], new Set()).find((e) => e.path === "SchemaVersionNum")?.fixed
    : undefined;
  if (schemaVersionNum === undefined)
    throw new Error(
      "IRTransmissionManifestType/SchemaVersionNum has no fixed value: is MSG/IRS-IRIntakeTransmissionMessage.xsd in the package?",
    );
  return {
    _meta: { schemaPackage: description },
    _commonTypes: commonTypes,
    _simpleTypes: simpleTypes,
    _countries: countries,
    _schemaVersionNum: schemaVersionNum,
    ...forms,
  } as PackageExtract;
}
