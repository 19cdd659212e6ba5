// A small XML writer (elements, attributes, escaped text; enough for IRIS intake transmissions) and a minimal
// reader for the acknowledgement documents the IRS sends back (elements and text only: no DTDs, no external
// entities). Pure: strings in, strings or trees out.
// Hand-written on purpose: the IRIS schemas need element order, namespaces and escaping exactly as the XSDs
// say (validated against them with xmllint-wasm in the tests), and refusing DTDs and entities is the safe
// reading of documents from outside; a general XML library would add a dependency to the core for that.

/** Drops what XML 1.0 cannot carry at all: controls other than tab/newline/return, lone surrogates, U+FFFE/U+FFFF. */
export function xmlChars(s: string): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let ok: boolean;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      ok = next >= 0xdc00 && next <= 0xdfff;
      if (ok) {
        i++;
        continue;
      }
    } else {
      ok = c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c < 0xd800) || (c >= 0xe000 && c <= 0xfffd);
    }
    if (!ok) {
      out += s.slice(from, i);
      from = i + 1;
    }
  }
  return from === 0 ? s : out + s.slice(from);
}

/**
 * Escapes text content: `&`, `<`, `>` (so that `]]>` never appears) and carriage return (which a parser would
 * otherwise turn into a newline); drops characters XML cannot hold.
 */
export function escapeText(s: string): string {
  // Most text (amounts, codes, names) needs nothing: one scan instead of five.
  if (!NEEDS_ESCAPE.test(s)) return s;
  return xmlChars(s)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\r/g, "&#13;");
}

// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;

/** Escapes an attribute value (double-quoted): text escapes plus quotes and the whitespace a parser would normalise. */
export function escapeAttribute(s: string): string {
  return escapeText(s)
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    .replace(/\t/g, "&#9;")
    .replace(/\n/g, "&#10;");
}

const NAME = /^[A-Za-z_][A-Za-z0-9._-]*(:[A-Za-z_][A-Za-z0-9._-]*)?$/;
/** Element names already checked (they come from the catalogue: a few hundred, written millions of times). */
const VALID_NAMES = new Set<string>();

/**
 * Builds an indented document element by element. Element and attribute names are checked (they come from the
 * catalogue, never from users); text is always escaped.
 */
export class XmlWriter {
  // One growing string (V8 keeps it as a rope until read): cheaper than joining a million small parts.
  #out = "";
  /** Indentation per depth, built once. */
  readonly #pads: string[] = [""];
  readonly #open: string[] = [];
  readonly #indent: string;

  constructor(options: { indent?: string; declaration?: boolean } = {}) {
    this.#indent = options.indent ?? "\t";
    if (options.declaration ?? true) this.#out += '<?xml version="1.0" encoding="UTF-8"?>\n';
  }

  #pad(): string {
    const depth = this.#open.length;
    while (this.#pads.length <= depth) this.#pads.push(this.#indent.repeat(this.#pads.length));
    return this.#pads[depth] as string;
  }

  #tag(name: string, attributes: Readonly<Record<string, string>> | undefined): string {
    if (!VALID_NAMES.has(name)) {
      if (!NAME.test(name)) throw new RangeError(`invalid XML element name: ${name}`);
      VALID_NAMES.add(name);
    }
    let out = name;
    for (const [k, v] of Object.entries(attributes ?? {})) {
      if (!NAME.test(k)) throw new RangeError(`invalid XML attribute name: ${k}`);
      out += ` ${k}="${escapeAttribute(v)}"`;
    }
    return out;
  }

  open(name: string, attributes?: Readonly<Record<string, string>>): this {
    this.#out += `${this.#pad()}<${this.#tag(name, attributes)}>\n`;
    this.#open.push(name);
    return this;
  }

  close(name: string): this {
    const top = this.#open.pop();
    if (top !== name) throw new Error(`XML writer: closing ${name} but ${String(top)} is open`);
    this.#out += `${this.#pad()}</${name}>\n`;
    return this;
  }

  /** `<name>text</name>`; nothing at all when `text` is undefined or null. */
  leaf(name: string, text: string | number | undefined | null): this {
    if (text === undefined || text === null) return this;
    this.#out += `${this.#pad()}<${this.#tag(name, undefined)}>${escapeText(String(text))}</${name}>\n`;
    return this;
  }

  /** Writes `body` inside `<name>…</name>`. */
  element(name: string, body: (w: this) => void, attributes?: Readonly<Record<string, string>>): this {
    this.open(name, attributes);
    body(this);
    return this.close(name);
  }

  toString(): string {
    if (this.#open.length > 0) throw new Error(`XML writer: ${this.#open.join("/")} not closed`);
    return this.#out;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Reader

export interface XmlElement {
  /** Local name (prefix removed). */
  readonly name: string;
  readonly prefix: string | null;
  /** Namespace URI, resolved from xmlns declarations in scope; null when none applies. */
  readonly namespace: string | null;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** Concatenated character data directly inside the element (CDATA included), entities decoded. */
  readonly text: string;
}

export class XmlParseError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} (at offset ${offset})`);
    this.name = "XmlParseError";
  }
}

const ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(s: string, offset: number): string {
  if (!s.includes("&")) return s;
  return s.replace(/&(#x[0-9A-Fa-f]+|#[0-9]+|[A-Za-z]+);/g, (_m, ref: string) => {
    if (ref.startsWith("#x")) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith("#")) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    const v = ENTITIES[ref];
    if (v === undefined) throw new XmlParseError(`unknown entity &${ref};`, offset);
    return v;
  });
}

interface Building {
  name: string;
  prefix: string | null;
  attributes: Record<string, string>;
  ns: ReadonlyMap<string, string>;
  /** null until the first child (most elements are leaves). */
  children: XmlElement[] | null;
  /**
   * Where the element's character data lies, as [start, end) pairs of offsets into the document (a CDATA section's
   * start as -1 - start: not decoded); the text is made once, when the element ends. Building it as it came made a
   * string for every run of indentation and joined them into the parent's text one by one: the garbage collector
   * took as long as the parse on a 20,000-record transmission.
   */
  segments: number[] | null;
  qname: string;
}

const NO_ATTRIBUTES: Record<string, string> = Object.freeze({});
const NO_CHILDREN: readonly XmlElement[] = Object.freeze([]);

const ATTR = /\s*([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/y;
const START = /<([A-Za-z_][\w.:-]*)/y;
const EMPTY_NS: ReadonlyMap<string, string> = new Map();

/** Parses a document into its root element. Refuses DTDs (no entity expansion attacks) and malformed nesting. */
export function parseXml(xml: string): XmlElement {
  let i = 0;
  const stack: Building[] = [];
  let root: XmlElement | undefined;
  const n = xml.length;
  if (xml.charCodeAt(0) === 0xfeff) i = 1;
  while (i < n) {
    const lt = xml.indexOf("<", i);
    const textEnd = lt === -1 ? n : lt;
    if (textEnd > i) {
      const top = stack[stack.length - 1];
      if (top) (top.segments ??= []).push(i, textEnd);
      else if (xml.slice(i, textEnd).trim() !== "")
        throw new XmlParseError("text outside the root element", i);
    }
    if (lt === -1) break;
    i = lt;
    if (xml.startsWith("<?", i)) {
      const end = xml.indexOf("?>", i);
      if (end === -1) throw new XmlParseError("unterminated processing instruction", i);
      i = end + 2;
    } else if (xml.startsWith("<!--", i)) {
      const end = xml.indexOf("-->", i);
      if (end === -1) throw new XmlParseError("unterminated comment", i);
      i = end + 3;
    } else if (xml.startsWith("<![CDATA[", i)) {
      const end = xml.indexOf("]]>", i);
      if (end === -1) throw new XmlParseError("unterminated CDATA section", i);
      const top = stack[stack.length - 1];
      if (!top) throw new XmlParseError("CDATA outside the root element", i);
      (top.segments ??= []).push(-1 - (i + 9), end);
      i = end + 3;
    } else if (xml.startsWith("<!", i)) {
      throw new XmlParseError("DTDs and declarations are not accepted", i);
    } else if (xml.startsWith("</", i)) {
      const end = xml.indexOf(">", i);
      if (end === -1) throw new XmlParseError("unterminated end tag", i);
      const qname = xml.slice(i + 2, end).trim();
      const top = stack.pop();
      if (!top || top.qname !== qname)
        throw new XmlParseError(`end tag </${qname}> does not match <${top?.qname ?? ""}>`, i);
      const done = finish(xml, top, i);
      const parent = stack[stack.length - 1];
      if (parent) (parent.children ??= []).push(done);
      else root = done;
      i = end + 1;
    } else {
      START.lastIndex = i;
      const m = START.exec(xml);
      if (!m || m[1] === undefined) throw new XmlParseError("malformed start tag", i);
      if (root !== undefined && stack.length === 0) throw new XmlParseError("more than one root element", i);
      const qname = m[1];
      let j = i + m[0].length;
      // Most elements have no attributes: they share one empty record (a start tag's `>` follows its name).
      let attributes: Record<string, string> = NO_ATTRIBUTES;
      if (xml.charCodeAt(j) !== 62)
        for (;;) {
          ATTR.lastIndex = j;
          const a = ATTR.exec(xml);
          if (!a || a[1] === undefined) break;
          if (attributes === NO_ATTRIBUTES) attributes = {};
          attributes[a[1]] = decodeEntities(a[3] ?? a[4] ?? "", j);
          j = ATTR.lastIndex;
        }
      while (j < n && /\s/.test(xml.charAt(j))) j++;
      const selfClosing = xml.startsWith("/>", j);
      if (!selfClosing && xml.charAt(j) !== ">") throw new XmlParseError(`malformed start tag <${qname}>`, i);
      // Elements share their parent's namespace map unless they declare namespaces themselves.
      const parentNs = stack[stack.length - 1]?.ns ?? EMPTY_NS;
      let own: Map<string, string> | undefined;
      for (const [k, v] of Object.entries(attributes)) {
        if (k !== "xmlns" && !k.startsWith("xmlns:")) continue;
        own ??= new Map(parentNs);
        own.set(k === "xmlns" ? "" : k.slice(6), v);
      }
      const ns = own ?? parentNs;
      const colon = qname.indexOf(":");
      const el: Building = {
        name: colon === -1 ? qname : qname.slice(colon + 1),
        prefix: colon === -1 ? null : qname.slice(0, colon),
        attributes,
        ns,
        children: null,
        segments: null,
        qname,
      };
      i = j + (selfClosing ? 2 : 1);
      if (selfClosing) {
        const done = finish(xml, el, i);
        const parent = stack[stack.length - 1];
        if (parent) (parent.children ??= []).push(done);
        else root = done;
      } else {
        stack.push(el);
      }
    }
  }
  if (stack.length > 0) throw new XmlParseError(`<${stack[stack.length - 1]?.qname ?? ""}> is not closed`, n);
  if (!root) throw new XmlParseError("no root element", 0);
  return root;
}

/** One run of character data: decoded, or a CDATA section's as it is. */
function segmentText(xml: string, start: number, end: number): string {
  return start < 0 ? xml.slice(-1 - start, end) : decodeEntities(xml.slice(start, end), start);
}

function textOf(xml: string, segments: readonly number[] | null): string {
  if (segments === null) return "";
  if (segments.length === 2) return segmentText(xml, segments[0] as number, segments[1] as number);
  const parts: string[] = [];
  for (let k = 0; k < segments.length; k += 2)
    parts.push(segmentText(xml, segments[k] as number, segments[k + 1] as number));
  return parts.join("");
}

function finish(xml: string, b: Building, offset: number): XmlElement {
  const namespace = b.ns.get(b.prefix ?? "") ?? null;
  if (b.prefix !== null && namespace === null)
    throw new XmlParseError(`undeclared prefix ${b.prefix}`, offset);
  return Object.freeze({
    name: b.name,
    prefix: b.prefix,
    namespace,
    attributes: b.attributes === NO_ATTRIBUTES ? NO_ATTRIBUTES : Object.freeze(b.attributes),
    children: b.children === null ? NO_CHILDREN : Object.freeze(b.children),
    text: textOf(xml, b.segments),
  });
}

/** Child elements with a local name. */
export function childrenNamed(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name);
}

/** The first child with a local name. */
export function childNamed(el: XmlElement, name: string): XmlElement | undefined {
  return el.children.find((c) => c.name === name);
}

/** Trimmed text of the first child with a local name; undefined when there is none. */
export function childText(el: XmlElement, name: string): string | undefined {
  const c = childNamed(el, name);
  return c === undefined ? undefined : c.text.trim();
}
