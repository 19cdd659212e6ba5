// Foreign addresses in Pub 1220: with the foreign indicator set, the city, state and ZIP positions are one free-text
// area holding "city, province or state, postal code, and the name of the country". IRIS needs a CountryCd (the
// IRS's own country codes, e.g. GM = Germany, UK = United Kingdom): the country is recognised from the names the
// IRS schema package gives its codes, plus the usual other names.
import { countryNames } from "../forms/index.ts";

export interface ForeignAddressParts {
  /** IRIS CountryCd, or null when no country name was recognised at the end of the text. */
  country: string | null;
  /** Free text before the country name. */
  city: string;
  province: string;
  postalCode: string;
}

/** Other names and spellings, upper case, for IRS country codes. */
const ALIASES: Readonly<Record<string, string>> = {
  UK: "UK",
  "U K": "UK",
  "GREAT BRITAIN": "UK",
  BRITAIN: "UK",
  ENGLAND: "UK",
  SCOTLAND: "UK",
  WALES: "UK",
  "NORTHERN IRELAND": "UK",
  "UNITED KINGDOM": "UK",
  "SOUTH KOREA": "KS",
  KOREA: "KS",
  "REPUBLIC OF KOREA": "KS",
  "KOREA REPUBLIC OF": "KS",
  "KOREA SOUTH": "KS",
  "NORTH KOREA": "KN",
  DPRK: "KN",
  "KOREA NORTH": "KN",
  HOLLAND: "NL",
  "THE NETHERLANDS": "NL",
  CZECHIA: "EZ",
  ESWATINI: "WZ",
  MYANMAR: "BM",
  "NORTH MACEDONIA": "MK",
  "TIMOR LESTE": "TT",
  VATICAN: "VT",
  "VATICAN CITY": "VT",
  "RUSSIAN FEDERATION": "RS",
  PRC: "CH",
  "PEOPLES REPUBLIC OF CHINA": "CH",
  UAE: "AE",
  "U A E": "AE",
  "VIET NAM": "VM",
  "CABO VERDE": "CV",
  TURKIYE: "TU",
  "THE BAHAMAS": "BF",
  GAMBIA: "GA",
  "IVORY COAST": "IV",
  "COTE DIVOIRE": "IV",
  "ISLE OF MAN": "IM",
  DEUTSCHLAND: "GM",
  "BOSNIA AND HERZEGOVINA": "BK",
  BOSNIA: "BK",
  "PAPUA NEW GUINEA": "PP",
  "SAINT KITTS AND NEVIS": "SC",
  "SAINT LUCIA": "ST",
  "ST LUCIA": "ST",
  "SAINT VINCENT AND THE GRENADINES": "VC",
  "SAINT HELENA": "SH",
  "SAINT PIERRE AND MIQUELON": "SB",
  "DEMOCRATIC REPUBLIC OF THE CONGO": "CG",
  "DR CONGO": "CG",
  "REPUBLIC OF THE CONGO": "CF",
  "SLOVAK REPUBLIC": "LO",
  MACAO: "MC",
  BURMA: "BM",
  "FALKLAND ISLANDS": "FK",
};

const norm = (s: string): string =>
  s
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")
    .trim();

const INDEXES = new WeakMap<object, Map<string, string>>();

/** Normalised country name -> code, from the package's names (with their parenthesised parts and inversions). */
function index(names: Readonly<Record<string, string>>): Map<string, string> {
  let idx = INDEXES.get(names);
  if (idx) return idx;
  idx = new Map();
  for (const [code, name] of Object.entries(names)) {
    if (code === "US" || code === "OC") continue;
    const forms = new Set<string>([name]);
    const paren = /^(.*?)\s*\((.*)\)\s*$/.exec(name);
    if (paren) {
      forms.add(paren[1] ?? "");
      if (!/,/.test(paren[2] ?? "")) forms.add(paren[2] ?? "");
    }
    for (const f of Array.from(forms)) {
      const inverted = /^([^,]+),\s*(.+)$/.exec(f); // "Man, Isle of" -> "Isle of Man"
      if (inverted) forms.add(`${inverted[2] ?? ""} ${inverted[1] ?? ""}`);
      if (/^St\.? /.test(f)) forms.add(f.replace(/^St\.? /, "Saint "));
    }
    for (const f of forms) {
      const k = norm(f);
      if (k !== "" && !idx.has(k)) idx.set(k, code);
    }
  }
  for (const [alias, code] of Object.entries(ALIASES)) if (Object.hasOwn(names, code)) idx.set(alias, code);
  INDEXES.set(names, idx);
  return idx;
}

/**
 * Splits the free text of a foreign address: the country name at the end (up to six words), then the rest as
 * city, province and postal code (comma separated when the filer used commas; otherwise the words before the
 * first one with a digit are the city and the rest is the postal code).
 */
export function splitForeignAddress(text: string, taxYear?: number): ForeignAddressParts {
  const idx = index(countryNames(taxYear));
  const words = [...text.matchAll(/[A-Za-z0-9]+/g)];
  let country: string | null = null;
  let cut = text.length;
  for (let k = Math.min(6, words.length); k >= 1 && country === null; k--) {
    const tail = words.slice(words.length - k);
    const code = idx.get(norm(tail.map((w) => w[0]).join(" ")));
    if (code !== undefined) {
      country = code;
      cut = tail[0]?.index ?? text.length;
    }
  }
  const rest = text
    .slice(0, cut)
    .replace(/[\s,;/-]+$/, "")
    .trim();
  let city = rest;
  let province = "";
  let postalCode = "";
  const parts = rest
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length >= 2) {
    city = parts[0] ?? "";
    const others = parts.slice(1);
    const postalAt = others.map((p) => /\d/.test(p)).lastIndexOf(true);
    if (postalAt >= 0) postalCode = others.splice(postalAt, 1)[0] ?? "";
    province = others.join(" ");
  } else {
    const ws = rest.split(/\s+/).filter(Boolean);
    const firstDigit = ws.findIndex((w) => /\d/.test(w));
    if (firstDigit >= 0) {
      city = ws.slice(0, firstDigit).join(" ");
      postalCode = ws.slice(firstDigit).join(" ");
    }
  }
  return { country, city, province, postalCode };
}

/** The free text of a foreign address from the parsed city, state and ZIP fields (one area in Pub 1220). */
export function foreignText(city: string, cityLength: number, state: string, postalCode: string): string {
  return `${city.padEnd(cityLength)}${state.padEnd(2)}${postalCode}`.replace(/\s+/g, " ").trim();
}
