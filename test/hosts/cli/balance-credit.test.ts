// `balance credit`: the arguments, then the command (in-process, as `npm run cli` runs it) on an embedded data folder.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { rmSync } from "node:fs";
import { dollars, parseCreditArgs } from "../../../hosts/cli/balance-credit.ts";

import { cliInProcess } from "../../support/cli.ts";
import { freshDataDir } from "../../support/db.ts";

const cli = (dataDir: string, args: string[]) =>
  cliInProcess(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_SANDBOX_KEY: "sk_sandbox_" + "C".repeat(40),
      TIN_ENCRYPTION_KEY: "k",
    },
    args,
  );

test("CLI arguments: each missing or bad one is one clear message", () => {
  const ok = { account: "acc", env: "live", "amount-cents": "250000", reference: "WIRE-9" };
  assert.equal(parseCreditArgs(ok), {
    ok: true,
    input: { accountId: "acc", livemode: true, amountCents: 250000, reference: "WIRE-9" },
  });
  const bad: Array<[Record<string, string | undefined>, RegExp]> = [
    [{ account: undefined }, /^--account is required/],
    [{ env: "prod" }, /^--env must be sandbox or live/],
    [{ env: undefined }, /^--env/],
    [{ "amount-cents": undefined }, /^--amount-cents is required/],
    ...["-5", "0", "1.5", "12abc", "1e3", " 12", "", "99999999999999999999"].map(
      (v): [Record<string, string>, RegExp] => [
        { "amount-cents": v },
        /^--amount-cents must be a whole number of cents greater than 0/,
      ],
    ),
    [{ reference: undefined }, /^--reference is required/],
    [{ reference: "  " }, /^--reference is required/],
  ];
  for (const [over, message] of bad) {
    const r = parseCreditArgs({ ...ok, ...over });
    assert.is(r.ok, false, JSON.stringify(over));
    if (!r.ok) {
      assert.match(r.message, message);
      assert.not.ok(r.message.includes("\n"));
    }
  }
});
test("dollars", () => {
  assert.is(dollars(250000), "$2,500.00");
  assert.is(dollars(5), "$0.05");
});

test("balance credit: --json prints the credit entry; the same reference again and a negative amount are one line, exit 2", async () => {
  const dir = await freshDataDir("irs-cli-credit-");
  try {
    const account = JSON.parse((await cli(dir, ["accounts", "list", "--json"])).stdout.trim())[0]
      .id as string;
    const credit = (amountCents: string, reference: string) => [
      "balance",
      "credit",
      "--account",
      account,
      "--env",
      "live",
      "--amount-cents",
      amountCents,
      "--reference",
      reference,
    ];
    const args = credit("250000", "WIRE-2026-0042");
    const ok = await cli(dir, [...args, "--json"]);
    assert.is(ok.code, 0, ok.stderr);
    const lines = ok.stdout.trim().split("\n");
    assert.is(lines.length, 1);
    const entry = JSON.parse(lines[0] as string);
    assert.equal(
      {
        object: entry.object,
        kind: entry.kind,
        amount_cents: entry.amount_cents,
        balance_after_cents: entry.balance_after_cents,
        reference: entry.reference,
        account: entry.account,
        environment: entry.environment,
      },
      {
        object: "balance_entry",
        kind: "credit",
        amount_cents: 250000,
        balance_after_cents: 250000,
        reference: "WIRE-2026-0042",
        account,
        environment: "live",
      },
    );
    const twice = await cli(dir, args);
    assert.is(twice.code, 2);
    assert.is(twice.stdout, "");
    assert.match(
      twice.stderr.trim(),
      /^Account \S+ already has a live credit with reference "WIRE-2026-0042" \(250000 cents on .+\); nothing was credited\.$/,
    );
    const negative = await cli(dir, credit("-5", "WIRE-X"));
    assert.is(negative.code, 2);
    assert.is(negative.stderr.trim().split("\n").length, 1);
    assert.match(negative.stderr, /^--amount-cents must be a whole number of cents greater than 0/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
