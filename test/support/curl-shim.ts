// A stand-in for curl on machines without it: the options the README's quick start uses, done with fetch.
// `-s` (quiet; always), `-X METHOD`, `-H 'Name: value'` (repeatable), `-d BODY` (POST unless -X, form type unless a
// Content-Type header is given, as curl does), `-o FILE`, `-w FORMAT` (only the test's own status line:
// `%{stderr}`, `%{http_code}`, `%{method}`, `%{url_effective}`, `\n`). Any other option fails loudly, so a README
// that starts using one is noticed rather than mistranslated.
import { writeFileSync } from "node:fs";

const args = process.argv.slice(2);
let method: string | undefined;
let body: string | undefined;
let outFile: string | undefined;
let writeOut: string | undefined;
let url: string | undefined;
const headers: [string, string][] = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i] as string;
  const value = () => {
    const v = args[++i];
    if (v === undefined) throw new Error(`curl-shim: ${a} needs a value`);
    return v;
  };
  if (a === "-s" || a === "--silent") continue;
  else if (a === "-X" || a === "--request") method = value();
  else if (a === "-H" || a === "--header") {
    const h = value();
    const colon = h.indexOf(":");
    headers.push([h.slice(0, colon).trim(), h.slice(colon + 1).trim()]);
  } else if (a === "-d" || a === "--data") body = value();
  else if (a === "-o" || a === "--output") outFile = value();
  else if (a === "-w" || a === "--write-out") writeOut = value();
  else if (a.startsWith("-")) throw new Error(`curl-shim: option ${a} is not translated`);
  else url = a;
}
if (url === undefined) throw new Error("curl-shim: no URL");
const finalMethod = method ?? (body !== undefined ? "POST" : "GET");
if (body !== undefined && !headers.some(([n]) => n.toLowerCase() === "content-type"))
  headers.push(["Content-Type", "application/x-www-form-urlencoded"]);
// curl -d strips carriage returns and newlines from the data it reads from a file, not from an argument: sent as is.
const res = await fetch(url, { method: finalMethod, headers, body });
const bytes = new Uint8Array(await res.arrayBuffer());
if (outFile !== undefined) writeFileSync(outFile, bytes);
else process.stdout.write(bytes);
if (writeOut !== undefined) {
  let toStderr = false;
  const text = writeOut
    .replace("%{stderr}", () => {
      toStderr = true;
      return "";
    })
    .replaceAll("%{http_code}", String(res.status))
    .replaceAll("%{method}", finalMethod)
    .replaceAll("%{url_effective}", url)
    .replaceAll("\\n", "\n");
  if (/%\{/.test(text)) throw new Error(`curl-shim: write-out ${writeOut} is not translated`);
  (toStderr ? process.stderr : process.stdout).write(text);
}
