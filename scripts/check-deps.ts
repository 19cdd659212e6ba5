// Dependency rules of the hexagon (docs/architecture.md), checked by `npm run lint`:
//   1. core/ imports only core/ files and the packages in CORE_PACKAGES (no adapters, hosts, Koa, Knex, pg...);
//   2. core/domain/ imports no port and no use case (the domain is pure; ports and use cases build on it);
//   3. hosts/ is imported only by hosts/ and by tests (test/, bench/): nothing else depends on a host;
//   4. hosts/ does not import the store (core/ports/store.port.ts): a host calls use cases, which own the data;
//   5. a host never imports another host's folder: hosts/X imports hosts/shared and hosts/X only, hosts/shared
//      only itself (an emulator a host runs is an adapter; the worker's table is hosts/shared/worker.ts);
//   6. hosts/worker/ imports no port (core/ports/): its program starts the shared table, which does the wiring.
// Imports are read from the source text (static, re-exports and dynamic `import("…")`), comments stripped.
import { builtinModules } from "node:module";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/** What the core may import besides its own files: Effect, Ajv (JSON Schema), @noble/hashes, ipaddr.js. */
export const CORE_PACKAGES: readonly string[] = ["effect", "ajv", "@noble/hashes", "ipaddr.js"];
/** Node builtins the core may import: none (it runs in browsers and edge runtimes too). */
export const CORE_BUILTINS: readonly string[] = [];

export interface Violation {
  readonly file: string;
  readonly spec: string;
  readonly rule:
    | "core-imports"
    | "domain-pure"
    | "hosts-private"
    | "hosts-no-store"
    | "hosts-own-folder"
    | "worker-no-ports";
}

const DIRS = ["core", "adapters", "hosts", "test", "bench", "scripts"];

function files(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    if (name === "node_modules") return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(ts|mts|tsx)$/.test(name) ? [path] : [];
  });
}

/** The source without comments (string literals kept). */
export function stripComments(text: string): string {
  return text.replace(
    /("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g,
    (m, str: string | undefined) => str ?? "",
  );
}

export function importsOf(text: string): string[] {
  const code = stripComments(text);
  const out: string[] = [];
  for (const m of code.matchAll(
    /(?:^|[;\n}])\s*(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?["']([^"']+)["']/g,
  ))
    out.push(m[1] as string);
  for (const m of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) out.push(m[1] as string);
  return out;
}

const packageOf = (spec: string) =>
  spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : (spec.split("/")[0] as string);
const isBuiltin = (spec: string) => spec.startsWith("node:") || builtinModules.includes(packageOf(spec));
const under = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);

/** Every import in the tree at `root` that breaks a rule. */
export function checkTree(root: string): Violation[] {
  const violations: Violation[] = [];
  for (const abs of DIRS.flatMap((d) => files(join(root, d)))) {
    const file = relative(root, abs).split(sep).join("/");
    for (const spec of importsOf(readFileSync(abs, "utf8"))) {
      const relativeSpec = spec.startsWith(".");
      const target = relativeSpec
        ? relative(root, resolve(dirname(abs), spec))
            .split(sep)
            .join("/")
        : null;
      if (under(file, "core")) {
        const allowed =
          target !== null
            ? under(target, "core")
            : isBuiltin(spec)
              ? CORE_BUILTINS.includes(spec.replace(/^node:/, ""))
              : CORE_PACKAGES.includes(packageOf(spec));
        if (!allowed) violations.push({ file, spec, rule: "core-imports" });
      }
      if (
        under(file, "core/domain") &&
        target !== null &&
        (under(target, "core/ports") || under(target, "core/use-cases"))
      ) {
        violations.push({ file, spec, rule: "domain-pure" });
      }
      if (
        target !== null &&
        under(target, "hosts") &&
        !under(file, "hosts") &&
        !under(file, "test") &&
        !under(file, "bench")
      ) {
        violations.push({ file, spec, rule: "hosts-private" });
      }
      if (under(file, "hosts") && target === "core/ports/store.port.ts")
        violations.push({ file, spec, rule: "hosts-no-store" });
      if (under(file, "hosts") && target !== null && under(target, "hosts")) {
        const own = file.split("/")[1] as string;
        const other = target.split("/")[1];
        if (other !== own && other !== "shared") violations.push({ file, spec, rule: "hosts-own-folder" });
      }
      if (under(file, "hosts/worker") && target !== null && under(target, "core/ports"))
        violations.push({ file, spec, rule: "worker-no-ports" });
    }
  }
  return violations;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(process.argv[2] ?? join(import.meta.dirname, ".."));
  const found = checkTree(root);
  for (const v of found) process.stderr.write(`${v.file}: imports ${v.spec} (${v.rule})\n`);
  if (found.length > 0) {
    process.stderr.write(
      `${found.length} dependency rule violation(s); see scripts/check-deps.ts and docs/architecture.md.\n`,
    );
    process.exit(1);
  }
  process.stdout.write("Dependency rules: no violation.\n");
}
