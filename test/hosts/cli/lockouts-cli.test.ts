// The command-line tool's `users lockouts` and `users unlock` (issue 38) on an embedded data folder: the operator
// sees an account's locked users and lifts a lock; a user of another account or one not locked is refused.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { rmSync } from "node:fs";
import { openDatabase } from "../../../adapters/knex/connection.ts";
import { cliInProcess } from "../../support/cli.ts";
import { freshDataDir } from "../../support/db.ts";

const cli = (dataDir: string, args: string[], input?: string) =>
  cliInProcess({ DATA_DIR: dataDir, DATABASE_URL: "", TIN_ENCRYPTION_KEY: "k" }, args, input);

test("users lockouts lists the account's locked users; users unlock lifts one", async () => {
  const dir = await freshDataDir("irs-lockouts-cli-");
  try {
    const key = await cli(dir, ["keys", "create", "--env", "sandbox", "--role", "owner", "--json"]);
    assert.is(key.code, 0, key.stderr);
    const account = (
      JSON.parse((await cli(dir, ["accounts", "list", "--json"])).stdout.trim()) as { id: string }[]
    )[0]?.id as string;
    const made = await cli(
      dir,
      [
        "users",
        "create",
        "--account",
        account,
        "--email",
        "pat@lock.test",
        "--role",
        "member",
        "--password-stdin",
        "--json",
      ],
      "a long enough password\n",
    );
    assert.is(made.code, 0, made.stderr);
    const user = JSON.parse(made.stdout.trim()) as { id: string };
    const lockedUntil = new Date(Date.now() + 600_000).toISOString();
    const db = await openDatabase({ dataDir: dir });
    try {
      const now = new Date();
      await db.knex("auth_throttles").insert({
        kind: "sign_in_user",
        key: user.id,
        account_id: account,
        user_id: user.id,
        failures: 10,
        window_started_at: now,
        locked_until: lockedUntil,
        updated_at: now,
      });
    } finally {
      await db.close();
    }
    const listed = await cli(dir, ["users", "lockouts", "--account", account, "--json"]);
    assert.is(listed.code, 0, listed.stderr);
    const rows = JSON.parse(listed.stdout.trim());
    assert.equal(rows, [
      {
        object: "lockout",
        id: user.id,
        user: { id: user.id, email: "pat@lock.test" },
        failures: 10,
        locked_until: lockedUntil,
      },
    ]);
    const human = await cli(dir, ["users", "lockouts", "--account", account]);
    assert.match(human.stdout, /pat@lock\.test\s+10 failures\s+locked until/);
    assert.is((await cli(dir, ["users", "unlock", "--account", account])).code, 2, "--user is required");
    const unlocked = await cli(dir, ["users", "unlock", "--account", account, "--user", user.id]);
    assert.is(unlocked.code, 0, unlocked.stderr);
    assert.match(unlocked.stdout, /Lifted the lock-out of pat@lock\.test/);
    const again = await cli(dir, ["users", "unlock", "--account", account, "--user", user.id]);
    assert.is(again.code, 2);
    assert.match(again.stderr, /is locked out/);
    assert.match((await cli(dir, ["users", "lockouts", "--account", account])).stdout, /No user of account/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
