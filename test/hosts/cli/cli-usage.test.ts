// Every command answers --help with its usage; an unknown flag, a flag without its value or an unknown command
// prints one readable line and the usage (exit status 2), never a stack or Node's raw parser error; long commands
// report progress. In process: nothing here opens a database (one test checks that a wrong value does not).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { runCli } from "../../../hosts/cli/main.ts";
import { fireCommand } from "../../../hosts/cli/fire.ts";
import { formsGenerate } from "../../../hosts/cli/forms-generate/main.ts";
import { COMMANDS } from "../../../hosts/cli/usage.ts";
import { ssaCommand } from "../../../hosts/cli/ssa.ts";
import type { AppRuntime } from "../../../hosts/shared/runtime.ts";
import { FORM_SPECS, writeFire } from "../../../core/domain/fire/index.ts";
import { fileInput, irsValidInput, payer, recipient } from "../../core/domain/fire/helpers.ts";

async function capture(
  run: () => Promise<number>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = console.log;
  const error = console.error;
  console.log = (...a: unknown[]) => {
    out.push(a.join(" "));
  };
  console.error = (...a: unknown[]) => {
    err.push(a.join(" "));
  };
  try {
    const code = await run();
    return { code, stdout: out.join("\n"), stderr: err.join("\n") };
  } finally {
    console.log = log;
    console.error = error;
  }
}

const noRawError = (text: string) => !/ERR_PARSE_ARGS|To specify a positional argument|\n\s+at /.test(text);

test("npm run cli -- --help lists every command", async () => {
  const r = await capture(() => runCli(["--help"]));
  assert.is(r.code, 0);
  for (const c of Object.values(COMMANDS)) assert.ok(r.stdout.includes(c.usage), c.usage);
  assert.ok(r.stdout.includes("fire validate"));
  assert.ok(r.stdout.includes("ssa pending"));
});

test("every command answers --help with its own usage", async () => {
  for (const [name, c] of Object.entries(COMMANDS)) {
    const r = await capture(() => runCli([...name.split(" "), "--help"]));
    assert.is(r.code, 0, name);
    assert.ok(r.stdout.startsWith(`Usage: npm run cli -- ${c.usage}`), name);
    assert.ok(r.stdout.includes(c.about), name);
  }
  for (const args of [["--help"], ["validate", "--help"], ["to-iris", "-h"]]) {
    const r = await capture(() => fireCommand(args, null));
    assert.is(r.code, 0, args.join(" "));
    assert.match(r.stdout, /fire to-iris FILE --tax-year YYYY/);
  }
  const gen = await capture(() => formsGenerate(["--help"]));
  assert.is(gen.code, 0);
  assert.match(gen.stdout, /--schemas DIR/);
});

test("an unknown flag prints one line and the command's usage, exit 2", async () => {
  const r = await capture(() => runCli(["keys", "create", "--env", "live", "--bogus"]));
  assert.is(r.code, 2);
  assert.ok(r.stderr.startsWith("Unknown option --bogus.\n"), r.stderr);
  assert.ok(r.stderr.includes(`Usage: npm run cli -- ${COMMANDS["keys create"]?.usage}`));
  assert.ok(noRawError(r.stderr), r.stderr);

  const missing = await capture(() => runCli(["balance", "credit", "--account"]));
  assert.is(missing.code, 2);
  assert.ok(missing.stderr.startsWith("Option --account needs a value."), missing.stderr);
  assert.ok(noRawError(missing.stderr));

  const unknown = await capture(() => runCli(["keys", "destroy"]));
  assert.is(unknown.code, 2);
  assert.match(unknown.stderr, /^Unknown command "keys destroy"\.\n\nUsage: npm run cli -- <command>/);

  const fire = await capture(() => fireCommand(["to-iris", "x.txt", "--tax-yr", "2025"], null));
  assert.is(fire.code, 2);
  assert.ok(fire.stderr.startsWith("Unknown option --tax-yr.\n"), fire.stderr);
  assert.match(fire.stderr, /fire to-iris FILE --tax-year YYYY/);
  assert.ok(noRawError(fire.stderr));

  const ssaErr: string[] = [];
  const ssa = await ssaCommand(["pending", "--bogus"], undefined as unknown as AppRuntime, {
    out: () => {},
    err: (l) => ssaErr.push(l),
  });
  assert.is(ssa, 2);
  assert.ok(
    ssaErr.join("\n").startsWith("Unknown option --bogus.\n\nUsage: npm run cli -- ssa"),
    ssaErr.join("\n"),
  );

  const gen = await capture(() => formsGenerate(["--schema", "x"]));
  assert.is(gen.code, 2);
  assert.ok(gen.stderr.startsWith("Unknown option --schema.\n"), gen.stderr);
  assert.ok(noRawError(gen.stderr));
});

test("a command's wrong or missing value is one line, exit 2, answered before any database is opened", async () => {
  const cases: Array<[string[], string]> = [
    [["keys", "create", "--env", "prod", "--role", "owner"], "--env must be sandbox or live"],
    [["keys", "create", "--env", "live", "--role", "admin"], "--role must be owner or developer"],
    [["accounts", "enable-live"], "--account is required"],
    [["accounts", "set-ip-allowlist", "--account", "a"], "Give at least one --cidr, or --clear"],
    [
      ["accounts", "set-ip-allowlist", "--account", "a", "--cidr", "10.0.0.0/8", "--clear"],
      "--clear takes no",
    ],
    [
      ["apps", "create", "--env", "sandbox", "--name", "x", "--scopes", "filings:read"],
      "--redirect-uri is required",
    ],
    [["apps", "revoke"], "--client-id is required"],
    [
      ["users", "create", "--account", "a", "--email", "e@example.com", "--role", "boss"],
      "--role must be owner",
    ],
    [
      ["balance", "credit", "--account", "a", "--env", "live", "--amount-cents", "-5", "--reference", "r"],
      "amount",
    ],
  ];
  const dir = mkdtempSync(join(tmpdir(), "cli-untouched-"));
  const dataDir = join(dir, "data");
  const saved = { DATA_DIR: process.env["DATA_DIR"], DATABASE_URL: process.env["DATABASE_URL"] };
  process.env["DATA_DIR"] = dataDir;
  process.env["DATABASE_URL"] = "";
  try {
    for (const [args, line] of cases) {
      const r = await capture(() => runCli(args));
      assert.is(r.code, 2, args.join(" "));
      assert.ok(r.stderr.includes(line) && !r.stderr.includes("\n"), `${args.join(" ")}: ${r.stderr}`);
      assert.not.ok(existsSync(dataDir), `${args.join(" ")} opened the database`);
    }
  } finally {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    rmSync(dir, { recursive: true, force: true });
  }
});

test("fire to-iris and fire validate report progress while they work (stderr on a terminal)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "fire-progress-"));
  try {
    const file = join(dir, "IRSTAX.txt");
    const nec = FORM_SPECS.find((spec) => spec.form === "1099-NEC");
    if (!nec) throw new Error("no 1099-NEC spec");
    // A test file (IRIS TestCd T) within the IRS business rules: test TINs starting 000 (SMF027, SHAREDIRFORM021).
    const form = {
      ...irsValidInput(nec, payer({ tin: "000456789" })),
      recipient: recipient({ tin: "000450001" }),
    };
    writeFileSync(file, writeFire(fileInput([form]), { lineEnding: "crlf" }));
    const lines: string[] = [];
    const converted = await capture(() =>
      fireCommand(["to-iris", file, "--tax-year", "2025", "--out", join(dir, "out")], (l) => lines.push(l)),
    );
    assert.is(converted.code, 0, converted.stderr);
    assert.match(lines[0] ?? "", /^Converting .*IRSTAX\.txt \(\d+ KB\) for tax year 2025…$/);
    assert.ok(
      lines.some((l) => /^ {2}\[1\] .*\.xml: \d+ form\(s\), \d+ ms$/.test(l)),
      lines.join("\n"),
    );
    lines.length = 0;
    const checked = await capture(() => fireCommand(["validate", file], (l) => lines.push(l)));
    assert.is(checked.code, 0);
    assert.match(lines[0] ?? "", /^Checking .*IRSTAX\.txt/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
