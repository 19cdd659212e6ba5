// The command-line tool's OAuth commands on an embedded data folder: apps (secret once, stored hashed), users
// (scrypt), and the production IP allowlist.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { openDatabase } from "../../../adapters/knex/connection.ts";

import { cliInProcess } from "../../support/cli.ts";
import { freshDataDir } from "../../support/db.ts";

const cli = (dataDir: string, args: string[], input?: string) =>
  cliInProcess({ DATA_DIR: dataDir, DATABASE_URL: "", TIN_ENCRYPTION_KEY: "k" }, args, input);

test("apps create prints client_id and client_secret once (stored hashed); users create hashes with scrypt; set-ip-allowlist validates and stores CIDRs", async () => {
  const dir = await freshDataDir("irs-oauth-cli-");
  try {
    const created = await cli(dir, [
      "apps",
      "create",
      "--env",
      "sandbox",
      "--name",
      "Acme Payroll",
      "--redirect-uri",
      "https://acme.example/cb",
      "--redirect-uri",
      "http://localhost:3000/cb",
      "--scopes",
      "filings:read payers:write",
      "--json",
    ]);
    assert.is(created.code, 0, created.stderr);
    const lines = created.stdout.trim().split("\n");
    assert.is(lines.length, 1);
    const app = JSON.parse(lines[0] as string);
    assert.match(app.client_id, /^client_sandbox_/);
    assert.match(app.client_secret, /^secret_sandbox_[A-Za-z0-9]{43}$/);
    assert.equal(app.redirect_uris, ["https://acme.example/cb", "http://localhost:3000/cb"]);
    assert.equal(app.scopes, ["filings:read", "payers:write"]);
    const human = await cli(dir, [
      "apps",
      "create",
      "--env",
      "live",
      "--name",
      "Other",
      "--redirect-uri",
      "https://acme.example/cb",
      "--scopes",
      "filings:read",
    ]);
    assert.is(human.code, 0, human.stderr);
    assert.match(human.stdout, /client_id:\s+client_live_/);
    assert.match(human.stdout, /client_secret:\s+secret_live_/);
    const bad = await cli(dir, [
      "apps",
      "create",
      "--env",
      "sandbox",
      "--name",
      "X",
      "--redirect-uri",
      "http://acme.example/cb",
      "--scopes",
      "filings:read",
    ]);
    assert.is(bad.code, 2);
    assert.match(bad.stderr, /https/);
    const user = await cli(
      dir,
      [
        "users",
        "create",
        "--account",
        app.account,
        "--email",
        "Owner@Acme.test",
        "--role",
        "owner",
        "--password-stdin",
        "--json",
      ],
      "a long enough password\n",
    );
    assert.is(user.code, 0, user.stderr);
    assert.is(JSON.parse(user.stdout.trim()).email, "owner@acme.test");

    const allow = await cli(dir, [
      "accounts",
      "set-ip-allowlist",
      "--account",
      app.account,
      "--cidr",
      "203.0.113.0/24",
      "198.51.100.7",
      "--cidr",
      "2001:db8::/32",
    ]);
    assert.is(allow.code, 0, allow.stderr);

    const db = await openDatabase({ dataDir: dir });
    try {
      const row = await db.knex("oauth_apps").where("client_id", app.client_id).first();
      assert.is(row.client_secret_hash, createHash("sha256").update(app.client_secret).digest("hex"));
      const u = await db.knex("users").where("email", "owner@acme.test").first();
      assert.match(u.password_hash, /^scrypt\$/);
      assert.ok(!String(u.password_hash).includes("a long enough password"));
      const account = await db.knex("accounts").where("id", app.account).first();
      const list =
        typeof account.ip_allowlist === "string" ? JSON.parse(account.ip_allowlist) : account.ip_allowlist;
      assert.equal([...list].sort(), ["198.51.100.7", "2001:db8::/32", "203.0.113.0/24"]);
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
