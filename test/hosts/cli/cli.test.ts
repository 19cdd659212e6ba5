// The CLI and `npm start` as processes on one embedded data folder: seed line, keys, lock message.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { Agent, request as httpRequest, type IncomingMessage } from "node:http";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { necRows } from "../../support/forms.ts";
import { freshDataDir } from "../../support/db.ts";
import { cliInProcess } from "../../support/cli.ts";
import { nodeArgs } from "../../support/node-entry.ts";
import { freePort } from "../../support/ports.ts";

const root = join(import.meta.dirname, "../../..");
const SEED = "sk_sandbox_" + "S".repeat(40);

function cli(dataDir: string, args: string[]) {
  const r = spawnSync(process.execPath, [...nodeArgs("hosts/cli/entry.ts"), ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_SANDBOX_KEY: SEED,
      TIN_ENCRYPTION_KEY: "k",
    },
    encoding: "utf8",
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<{ proc: ChildProcess; lines: string[] }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, nodeArgs("hosts/api/main.ts"), {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        PORT: String(port),
        SEED_SANDBOX_KEY: SEED,
        TIN_ENCRYPTION_KEY: "k",
        LOG_LEVEL: "silent",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const lines: string[] = [];
    let buf = "";
    proc.stdout?.on("data", (d: Buffer) => {
      buf += d.toString();
      const parts = buf.split("\n");
      buf = parts.pop() ?? "";
      lines.push(...parts);
    });
    const poll = setInterval(async () => {
      try {
        await fetch(`http://127.0.0.1:${port}/v1/payers`);
        clearInterval(poll);
        resolve({ proc, lines });
      } catch {
        /* not up yet */
      }
    }, 100);
    proc.on("exit", (code) => {
      clearInterval(poll);
      reject(new Error(`server exited ${code}`));
    });
  });
}

const s = suite<{ dir: string }>("cli and start");
s.before.each(async (ctx) => {
  ctx.dir = await freshDataDir("irs-cli-");
});
s.after.each((ctx) => {
  rmSync(ctx.dir, { recursive: true, force: true });
});

// The commands themselves run in-process (test/support/cli.ts); the process is checked where it matters: the exit
// status of a usage error, the seed line, the lock against a running server.
const inProcess = (dataDir: string, args: string[]) =>
  cliInProcess(
    { DATA_DIR: dataDir, DATABASE_URL: "", SEED_SANDBOX_KEY: SEED, TIN_ENCRYPTION_KEY: "k" },
    args,
  );

s(
  "keys create --json prints one JSON object with the key; accounts list and enable-live work",
  async ({ dir }) => {
    const r = await inProcess(dir, ["keys", "create", "--env", "live", "--role", "developer", "--json"]);
    assert.is(r.code, 0, r.stderr);
    const lines = r.stdout.trim().split("\n");
    assert.is(lines.length, 1);
    const out = JSON.parse(lines[0] as string);
    assert.match(out.key, /^sk_live_[A-Za-z0-9]{32,}$/);
    assert.is(out.role, "developer");
    const list = await inProcess(dir, ["accounts", "list", "--json"]);
    const accounts = JSON.parse(list.stdout.trim());
    assert.is(accounts.length, 1);
    assert.is(accounts[0].id, out.account);
    assert.is((await inProcess(dir, ["accounts", "enable-live", "--account", out.account])).code, 0);
    assert.is(
      JSON.parse((await inProcess(dir, ["accounts", "list", "--json"])).stdout.trim())[0].live_enabled,
      true,
    );
    // Issue 41: the account's default for strict.
    const on = await inProcess(dir, ["accounts", "set-strict-rules", "--account", out.account, "--on"]);
    assert.is(on.code, 0, on.stderr);
    assert.match(on.stdout, /strict by default/);
    assert.is(
      JSON.parse((await inProcess(dir, ["accounts", "list", "--json"])).stdout.trim())[0].strict_rules,
      true,
    );
    assert.is(
      (await inProcess(dir, ["accounts", "set-strict-rules", "--account", out.account, "--off"])).code,
      0,
    );
    assert.is(
      JSON.parse((await inProcess(dir, ["accounts", "list", "--json"])).stdout.trim())[0].strict_rules,
      false,
    );
    assert.is((await inProcess(dir, ["accounts", "set-strict-rules", "--account", out.account])).code, 2);
    const bad = cli(dir, ["keys", "create", "--env", "prod", "--role", "owner"]);
    assert.is(bad.code, 2);
    assert.ok(bad.stderr.includes("--env"));
    assert.is(
      (await inProcess(dir, ["accounts", "enable-live", "--account", "00000000-0000-4000-8000-000000000000"]))
        .code,
      2,
    );
  },
);

s(
  "npm start seeds once with SEED_SANDBOX_KEY and prints exactly one key line; CLI keys work against it; the CLI refuses a folder in use; SIGTERM lets a request in flight finish, closes its connection and exits",
  async ({ dir }) => {
    const port = await freePort();
    const first = await startServer(dir, port);
    try {
      const keyLines = first.lines.filter((l) => l.startsWith("Sandbox API key: "));
      assert.equal(keyLines, [`Sandbox API key: ${SEED}`]);
      const me = await fetch(`http://127.0.0.1:${port}/v1/payers`, {
        headers: { authorization: `Bearer ${SEED}` },
      });
      assert.is(me.status, 200);
      const body = (await me.json()) as { data: Array<{ is_main_company: boolean }> };
      assert.is(body.data[0]?.is_main_company, true);
      const locked = cli(dir, ["accounts", "list"]);
      assert.is(locked.code, 1);
      assert.ok(locked.stderr.includes("in use"), locked.stderr);
    } finally {
      first.proc.kill("SIGTERM");
      await new Promise((r) => first.proc.once("exit", r));
    }
    const key = JSON.parse(
      (
        await inProcess(dir, ["keys", "create", "--env", "sandbox", "--role", "developer", "--json"])
      ).stdout.trim(),
    ).key;
    // A grace period longer than the test: the process must not wait for it (the client's keep-alive connection
    // is closed after its response, not held open until the grace runs out).
    const second = await startServer(dir, port + 1, { SHUTDOWN_GRACE_MS: "600000" });
    try {
      assert.is(second.lines.filter((l) => l.startsWith("Sandbox API key")).length, 0, "no second seed");
      const r = await fetch(`http://127.0.0.1:${port + 1}/v1/payers`, {
        headers: { authorization: `Bearer ${key}` },
      });
      assert.is(r.status, 200);
      // SIGTERM while a 1000-form intake is in flight (half its body sent): the server stops taking connections,
      // the request still finishes, answered with `Connection: close`, and the process exits without waiting for
      // its grace period (before, the client's keep-alive connection held it there).
      const payer = ((await r.json()) as { data: Array<{ id: string }> }).data[0]?.id;
      const body = Buffer.from(JSON.stringify({ forms: necRows(1000) }));
      const req = httpRequest({
        host: "127.0.0.1",
        port: port + 1,
        method: "POST",
        path: `/v1/payers/${payer}/forms`,
        agent: new Agent({ keepAlive: true }),
        headers: {
          authorization: `Bearer ${key}`,
          "content-type": "application/json",
          "content-length": String(body.length),
        },
      });
      const answered = new Promise<IncomingMessage>((resolve, reject) => {
        req.once("response", resolve);
        req.once("error", reject);
      });
      req.write(body.subarray(0, body.length >> 1));
      await new Promise((r) => setTimeout(r, 400));
      const exited = new Promise<number | null>((r) => second.proc.once("exit", (code) => r(code)));
      second.proc.kill("SIGTERM");
      // Stopped taking connections: the signal was handled while the request waits for the rest of its body.
      for (;;) {
        const refused = await fetch(`http://127.0.0.1:${port + 1}/v1/payers`).then(
          () => false,
          () => true,
        );
        if (refused) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      req.end(body.subarray(body.length >> 1));
      const res = await answered;
      let text = "";
      for await (const chunk of res) text += String(chunk);
      assert.is(res.statusCode, 201, text);
      assert.is(res.headers.connection, "close");
      assert.is((JSON.parse(text) as { created: number }).created, 1000);
      const bound = new Promise<string>((r) =>
        setTimeout(() => r("still running after 60 s"), 60_000).unref(),
      );
      assert.is(await Promise.race([exited, bound]), 0);
    } finally {
      if (second.proc.exitCode === null) {
        second.proc.kill("SIGTERM");
        await new Promise((r) => second.proc.once("exit", r));
      }
    }
  },
);

s.run();
