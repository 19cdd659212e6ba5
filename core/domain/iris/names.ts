// Person names for IRIS (PersonFirstNm, PersonMiddleNm, PersonLastNm, SuffixNm: letters, hyphens and single
// spaces, 20 characters each) from a one-line name, as FIRE files and payer records give them.

const SUFFIXES = new Set(["JR", "SR", "I", "II", "III", "IV", "V", "VI", "MD", "PHD", "ESQ"]);
const NAME_MAX = 20;

/** A name part in the IRIS person-name character set: other characters become spaces. */
export function personPart(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z\- ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * One free-text name line as an IRIS person name (first, middle, last, suffix), or null when it does not fit one
 * (a single word, or a part longer than IRIS allows). "LAST, FIRST M" is read as written; otherwise the last name is
 * the word the name control starts (Pub 1220 positions 7-10), else the last word.
 */
export function splitPersonName(
  full: string,
  nameControl: string | null = null,
): Record<string, string> | null {
  let last: string;
  let given: string[];
  let suffix: string | undefined;
  const comma = full.indexOf(",");
  if (comma > 0) {
    last = personPart(full.slice(0, comma));
    given = personPart(full.slice(comma + 1))
      .split(" ")
      .filter(Boolean);
    if (given.length > 1 && SUFFIXES.has(given[given.length - 1]!.toUpperCase())) suffix = given.pop();
  } else {
    const words = personPart(full).split(" ").filter(Boolean);
    if (words.length > 2 && SUFFIXES.has(words[words.length - 1]!.toUpperCase())) suffix = words.pop();
    if (words.length < 2) return null;
    const control = (nameControl ?? "").toUpperCase().replace(/[^A-Z]/g, "");
    // The last name starts at the word from which the name control reads ("VAN DYKE" -> "VAND").
    let at =
      control === ""
        ? -1
        : words.findIndex(
            (_w, i) =>
              i > 0 &&
              words
                .slice(i)
                .join("")
                .toUpperCase()
                .replace(/[^A-Z]/g, "")
                .startsWith(control),
          );
    if (at < 0 && control !== "" && words[0]!.toUpperCase().startsWith(control)) {
      // "DOE JOHN": the name control names the first word.
      last = words[0]!;
      given = words.slice(1);
    } else {
      if (at < 0) at = words.length - 1;
      last = words.slice(at).join(" ");
      given = words.slice(0, at);
    }
  }
  const first = given[0] ?? "";
  const middle = given.slice(1).join(" ");
  if (
    first === "" ||
    last === "" ||
    first.length > NAME_MAX ||
    last.length > NAME_MAX ||
    middle.length > NAME_MAX
  )
    return null;
  const out: Record<string, string> = { PersonFirstNm: first };
  if (middle !== "") out["PersonMiddleNm"] = middle;
  out["PersonLastNm"] = last;
  if (suffix !== undefined) out["SuffixNm"] = suffix;
  return out;
}
