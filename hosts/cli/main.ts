// `npm run cli -- <command>`: keys, accounts, balance credits, OAuth apps and users. Reads the same configuration
// as the server and migrates an empty database itself; on the embedded default it runs while the server is stopped.
import "reflect-metadata";
import { parseArgs } from "node:util";
import { Container, inject, injectable } from "inversify";
import type { Config } from "../shared/config.ts";
import type { AppRuntime } from "../shared/runtime.ts";
import { TOKENS } from "../shared/tokens.ts";
import * as Exit from "effect/Exit";
import {
  createApiKey,
  enableLive,
  listAccounts,
  seedSandbox,
  setIpAllowlist,
  setStrictRules,
} from "../../core/use-cases/accounts/accounts.ts";
import { createUser, listApps, registerApp, revokeApp } from "../../core/use-cases/oauth/apps.ts";
import type { Role } from "../../core/domain/parties/account.ts";
import { creditBalance } from "../../core/use-cases/money/credit-balance.ts";
import { liftLockout, listLockouts } from "../../core/use-cases/accounts/throttles.ts";
import { dollars, parseCreditArgs, type CreditArgs } from "./balance-credit.ts";
import { argumentError, commandUsage, COMMANDS, leadingWords } from "./usage.ts";
import { withServiceRuntime } from "./service-runtime.ts";

export const USAGE = `Usage: npm run cli -- <command> [--help]

${Object.values(COMMANDS)
  .map((c) => `  ${c.usage}`)
  .join("\n")}
  fire validate FILE | fire to-iris FILE --tax-year YYYY [--out DIR]   (offline; npm run cli -- fire --help)
  ssa pending|list|file|mark-submitted|mark-accepted|mark-rejected ...  (W-2 files for the SSA; npm run cli -- ssa --help)

Configuration: DATABASE_URL (Postgres) or DATA_DIR (embedded, default ./.data), as for the server.`;

class UsageError extends Error {}

/** A domain failure as a usage error (exit 2) with its message; a defect is rethrown. */
function valueOf<A, E>(exit: Exit.Exit<A, E>): A {
  if (Exit.isSuccess(exit)) return exit.value;
  const failure = exit.cause.reasons.find((r) => r._tag === "Fail");
  if (failure && failure._tag === "Fail")
    throw new UsageError((failure.error as { message?: string }).message ?? String(failure.error));
  throw new Error(String(exit.cause));
}

/** The password from standard input (--password-stdin), or typed at a prompt that does not echo it. */
async function readPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) {
    const chunks: Buffer[] = [];
    for await (const c of process.stdin as AsyncIterable<Buffer>) chunks.push(c);
    return Buffer.concat(chunks)
      .toString("utf8")
      .replace(/\r?\n$/, "");
  }
  if (!process.stdin.isTTY)
    throw new UsageError("No terminal to prompt for the password: pass --password-stdin and pipe it in.");
  process.stderr.write("Password: ");
  process.stdin.setRawMode(true);
  process.stdin.resume();
  let typed = "";
  try {
    for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
      for (const ch of chunk.toString("utf8")) {
        if (ch === "\r" || ch === "\n") return typed;
        if (ch === "\u0003") throw new UsageError("Cancelled.");
        if (ch === "\u007f" || ch === "\b") typed = typed.slice(0, -1);
        else typed += ch;
      }
    }
    return typed;
  } finally {
    process.stdin.setRawMode(false);
    process.stdin.pause();
    process.stderr.write("\n");
  }
}

@injectable()
class Commands {
  constructor(
    @inject(TOKENS.Runtime) private readonly runtime: AppRuntime,
    @inject(TOKENS.Config) private readonly config: Config,
  ) {}

  private async defaultAccount(): Promise<string> {
    const seeded = await this.runtime.runPromise(seedSandbox(this.config.seedSandboxKey));
    if (seeded) console.error(`Seeded a new sandbox. Sandbox API key: ${seeded.key.key}`);
    const accounts = await this.runtime.runPromise(listAccounts());
    const first = accounts[0];
    if (!first) throw new UsageError("No account exists.");
    return first.id;
  }

  async keysCreate(opts: { env?: string; role?: string; account?: string; json?: boolean }) {
    const accountId = opts.account ?? (await this.defaultAccount());
    const exit = await this.runtime.runPromiseExit(
      createApiKey(accountId, opts.env as Env, opts.role as Role),
    );
    if (exit._tag === "Failure") throw new UsageError(`No account ${accountId}.`);
    const k = exit.value;
    if (opts.json)
      console.log(
        JSON.stringify({
          object: "api_key",
          id: k.id,
          key: k.key,
          account: k.accountId,
          environment: opts.env,
          livemode: k.livemode,
          role: k.role,
        }),
      );
    else console.log(`Created ${opts.env} ${k.role} key for account ${k.accountId} (shown once):\n${k.key}`);
  }

  async accountsList(opts: { json?: boolean }) {
    await this.defaultAccount();
    const accounts = await this.runtime.runPromise(listAccounts());
    if (opts.json) {
      console.log(
        JSON.stringify(
          accounts.map((a) => ({
            id: a.id,
            name: a.name,
            live_enabled: a.liveEnabled,
            strict_rules: a.strictRules === true,
            created_at: a.createdAt,
          })),
        ),
      );
      return;
    }
    for (const a of accounts)
      console.log(
        `${a.id}  ${a.name}  live:${a.liveEnabled ? "enabled" : "disabled"}  strict:${a.strictRules ? "on" : "off"}  created ${a.createdAt}`,
      );
  }

  async accountsSetIpAllowlist(
    opts: { account?: string; cidr?: string[]; clear?: boolean },
    extra: string[],
  ) {
    const account = valueOf(
      await this.runtime.runPromiseExit(setIpAllowlist(opts.account as string, cidrsOf(opts, extra))),
    );
    console.log(
      account.ipAllowlist.length === 0
        ? `Account ${account.id}: no IP allowlist; production credentials work from anywhere.`
        : `Account ${account.id}: production credentials work only from ${account.ipAllowlist.join(", ")}.`,
    );
  }

  async accountsSetStrictRules(opts: { account?: string; on?: boolean }) {
    const exit = await this.runtime.runPromiseExit(setStrictRules(opts.account as string, opts.on === true));
    if (exit._tag === "Failure") throw new UsageError(`No account ${opts.account}.`);
    console.log(
      exit.value.strictRules
        ? `Account ${exit.value.id}: strict by default; forms that break an IRS Report Error rule are refused unless a call passes strict: false.`
        : `Account ${exit.value.id}: not strict by default; forms that break an IRS Report Error rule are saved and filed with warnings unless a call passes strict: true.`,
    );
  }

  async appsCreate(opts: {
    env?: string;
    name?: string;
    "redirect-uri"?: string[];
    scopes?: string;
    "grant-types"?: string;
    account?: string;
    json?: boolean;
  }) {
    const accountId = opts.account ?? (await this.defaultAccount());
    const { app, clientSecret } = valueOf(
      await this.runtime.runPromiseExit(
        registerApp({
          accountId,
          env: opts.env as Env,
          name: opts.name as string,
          redirectUris: opts["redirect-uri"] ?? [],
          scopes: opts.scopes as string,
          ...(opts["grant-types"] === undefined ? {} : { grantTypes: opts["grant-types"] }),
        }),
      ),
    );
    if (opts.json) {
      console.log(
        JSON.stringify({
          object: "oauth_app",
          id: app.id,
          client_id: app.clientId,
          client_secret: clientSecret,
          name: app.name,
          account: app.accountId,
          environment: opts.env,
          livemode: app.livemode,
          redirect_uris: app.redirectUris,
          scopes: app.scopes,
          grant_types: app.grantTypes,
        }),
      );
      return;
    }
    console.log(
      `Registered ${opts.env} app "${app.name}" for account ${app.accountId}.\nclient_id:     ${app.clientId}\nclient_secret: ${clientSecret}\n(The secret is shown once; only its hash is kept.)`,
    );
  }

  async appsList(opts: { json?: boolean }) {
    const apps = await this.runtime.runPromise(listApps());
    const rows = apps.map((a) => ({
      id: a.id,
      client_id: a.clientId,
      name: a.name,
      account: a.accountId,
      environment: a.livemode ? "live" : "sandbox",
      redirect_uris: a.redirectUris,
      scopes: a.scopes,
      grant_types: a.grantTypes,
      created_at: a.createdAt,
      revoked_at: a.revokedAt,
    }));
    if (opts.json) {
      console.log(JSON.stringify(rows));
      return;
    }
    for (const a of rows)
      console.log(
        `${a.client_id}  ${a.environment}  "${a.name}"  account ${a.account}  scopes: ${a.scopes.join(" ")}${a.revoked_at ? "  (revoked)" : ""}`,
      );
  }

  async appsRevoke(opts: { "client-id"?: string }) {
    const clientId = opts["client-id"] as string;
    valueOf(await this.runtime.runPromiseExit(revokeApp(clientId)));
    console.log(`Revoked ${clientId}: its secret, grants and tokens no longer work.`);
  }

  async usersCreate(opts: {
    account?: string;
    email?: string;
    role?: string;
    "password-stdin"?: boolean;
    json?: boolean;
  }) {
    const password = await readPassword(opts["password-stdin"] === true);
    const user = valueOf(
      await this.runtime.runPromiseExit(
        createUser(opts.account as string, opts.email as string, opts.role as "owner" | "member", password),
      ),
    );
    if (opts.json)
      console.log(
        JSON.stringify({
          object: "user",
          id: user.id,
          account: user.accountId,
          email: user.email,
          role: user.role,
        }),
      );
    else console.log(`Created ${user.role} ${user.email} for account ${user.accountId}.`);
  }

  async usersLockouts(opts: { account?: string; json?: boolean }) {
    const list = valueOf(await this.runtime.runPromiseExit(listLockouts(opts.account as string)));
    if (opts.json) {
      console.log(JSON.stringify(list.data));
      return;
    }
    if (list.data.length === 0) console.log(`No user of account ${opts.account} is locked out.`);
    for (const l of list.data)
      console.log(
        `${l.user.id}  ${l.user.email ?? "(no such user)"}  ${l.failures} failures  locked until ${l.locked_until}`,
      );
  }

  async usersUnlock(opts: { account?: string; user?: string; json?: boolean }) {
    const lifted = valueOf(
      await this.runtime.runPromiseExit(liftLockout(opts.account as string, opts.user as string)),
    );
    if (opts.json) console.log(JSON.stringify(lifted));
    else
      console.log(`Lifted the lock-out of ${lifted.user.email ?? lifted.user.id}: they can sign in again.`);
  }

  /** A payment received by wire or invoice, credited to the prepaid balance (a `credit` ledger entry). */
  async balanceCredit(opts: CreditArgs & { json?: boolean }) {
    const parsed = parseCreditArgs(opts);
    if (!parsed.ok) throw new UsageError(parsed.message);
    const { input } = parsed;
    const entry = valueOf(await this.runtime.runPromiseExit(creditBalance(input)));
    const environment = input.livemode ? "live" : "sandbox";
    if (opts.json) {
      console.log(
        JSON.stringify({ ...entry, account: input.accountId, environment, livemode: input.livemode }),
      );
      return;
    }
    console.log(
      `Credited ${dollars(entry.amount_cents)} to the ${environment} balance of account ${input.accountId} (reference ${entry.reference}); balance now ${dollars(entry.balance_after_cents)}. Entry ${entry.id}.`,
    );
  }

  async accountsEnableLive(opts: { account?: string }) {
    const exit = await this.runtime.runPromiseExit(enableLive(opts.account as string));
    if (exit._tag === "Failure") throw new UsageError(`No account ${opts.account}.`);
    console.log(`Production filing enabled for account ${exit.value.id}.`);
  }
}

type Env = "sandbox" | "live";

/** The networks of `accounts set-ip-allowlist`: every --cidr and the words after it, comma lists split. */
function cidrsOf(opts: { cidr?: string[] }, extra: readonly string[]): string[] {
  return [...(opts.cidr ?? []), ...extra]
    .flatMap((c) => c.split(","))
    .map((c) => c.trim())
    .filter(Boolean);
}

/**
 * What is wrong with a command's arguments, checked before the database is opened (bad input touches nothing and
 * is answered at once); null when nothing is. The commands above rely on these checks for the values they cast.
 */
function argumentProblem(
  command: string,
  opts: {
    env?: string;
    role?: string;
    account?: string;
    name?: string;
    "redirect-uri"?: string[];
    scopes?: string;
    "client-id"?: string;
    email?: string;
    user?: string;
    cidr?: string[];
    clear?: boolean;
    on?: boolean;
    off?: boolean;
  },
  extra: readonly string[],
): string | null {
  const env = opts.env === "sandbox" || opts.env === "live" ? null : "--env must be sandbox or live";
  switch (command) {
    case "keys create":
      return (
        env ??
        (opts.role === "owner" || opts.role === "developer" ? null : "--role must be owner or developer")
      );
    case "accounts enable-live":
      return opts.account ? null : "--account is required";
    case "accounts set-strict-rules":
      if (!opts.account) return "--account is required";
      return opts.on === true && opts.off !== true
        ? null
        : opts.off === true && opts.on !== true
          ? null
          : "Give one of --on or --off.";
    case "accounts set-ip-allowlist": {
      if (!opts.account) return "--account is required";
      const cidrs = cidrsOf(opts, extra);
      if (cidrs.length === 0 && !opts.clear)
        return "Give at least one --cidr, or --clear to remove the allowlist.";
      return cidrs.length > 0 && opts.clear ? "--clear takes no --cidr." : null;
    }
    case "apps create":
      if (env) return env;
      if (!opts.name) return "--name is required";
      if (!opts["redirect-uri"]?.length) return "--redirect-uri is required (repeat it for several)";
      return opts.scopes ? null : '--scopes is required, for example --scopes "filings:read filings:write"';
    case "apps revoke":
      return opts["client-id"] ? null : "--client-id is required";
    case "users create":
      if (!opts.account) return "--account is required";
      if (!opts.email) return "--email is required";
      return opts.role === "owner" || opts.role === "member" ? null : "--role must be owner or member";
    case "users lockouts":
      return opts.account ? null : "--account is required";
    case "users unlock":
      if (!opts.account) return "--account is required";
      return opts.user ? null : "--user is required (the id `users lockouts` lists)";
    case "balance credit": {
      const credit = parseCreditArgs(opts);
      return credit.ok ? null : credit.message;
    }
    default:
      return null;
  }
}

/** `--amount-cents -5` as `--amount-cents=-5`, so a negative number is a value (and refused as one), not an option. */
function joinNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string,
      next = argv[i + 1];
    if (a.startsWith("--") && !a.includes("=") && next !== undefined && /^-[0-9.]/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** Runs one command; the exit status. Usage errors are one line on stderr (and the usage), exit status 2. */
export async function runCli(argv: string[]): Promise<number> {
  const words = leadingWords(argv, 2).join(" ");
  const usageOf = (command: string) => commandUsage(command) ?? USAGE;
  let parsed;
  try {
    parsed = parseArgs({
      args: joinNegativeValues(argv),
      allowPositionals: true,
      strict: true,
      options: {
        env: { type: "string" },
        role: { type: "string" },
        account: { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
        name: { type: "string" },
        "redirect-uri": { type: "string", multiple: true },
        scopes: { type: "string" },
        "grant-types": { type: "string" },
        "client-id": { type: "string" },
        email: { type: "string" },
        user: { type: "string" },
        "password-stdin": { type: "boolean" },
        cidr: { type: "string", multiple: true },
        clear: { type: "boolean" },
        on: { type: "boolean" },
        off: { type: "boolean" },
        "amount-cents": { type: "string" },
        reference: { type: "string" },
      },
    });
  } catch (e) {
    // Unknown or incomplete options: one line, then the command's usage.
    const line = argumentError(e);
    if (line !== null) {
      console.error(`${line}\n\n${usageOf(words)}`);
      return 2;
    }
    throw e;
  }
  const { values, positionals } = parsed;
  // `--cidr A B C`: values after the first are positionals; only set-ip-allowlist takes them.
  const command = positionals.slice(0, 2).join(" ");
  const extra = positionals.slice(2);
  if (values.help || command === "") {
    console.log(usageOf(command));
    return 0;
  }
  if (!Object.hasOwn(COMMANDS, command)) {
    console.error(`Unknown command "${command}".\n\n${USAGE}`);
    return 2;
  }
  if (extra.length > 0 && command !== "accounts set-ip-allowlist") {
    console.error(`Unexpected arguments: ${extra.join(" ")}\n\n${usageOf(command)}`);
    return 2;
  }
  // Checked before the database is opened: bad input touches nothing.
  const problem = argumentProblem(command, values, extra);
  if (problem !== null) {
    console.error(problem);
    return 2;
  }

  return withServiceRuntime(async (runtime, config) => {
    const container = new Container();
    container.bind(TOKENS.Config).toConstantValue(config);
    container.bind(TOKENS.Runtime).toConstantValue(runtime);
    container.bind(Commands).toSelf();
    const commands = container.get(Commands);
    try {
      if (command === "keys create") await commands.keysCreate(values);
      else if (command === "accounts list") await commands.accountsList(values);
      else if (command === "accounts set-ip-allowlist") await commands.accountsSetIpAllowlist(values, extra);
      else if (command === "accounts set-strict-rules") await commands.accountsSetStrictRules(values);
      else if (command === "apps create") await commands.appsCreate(values);
      else if (command === "apps list") await commands.appsList(values);
      else if (command === "apps revoke") await commands.appsRevoke(values);
      else if (command === "users create") await commands.usersCreate(values);
      else if (command === "users lockouts") await commands.usersLockouts(values);
      else if (command === "users unlock") await commands.usersUnlock(values);
      else if (command === "balance credit") await commands.balanceCredit(values);
      else await commands.accountsEnableLive(values);
      return 0;
    } catch (e) {
      if (e instanceof UsageError) {
        console.error(e.message);
        return 2;
      }
      throw e;
    }
  });
}

/** The process around runCli: its status, and one line (no stack) for a failure it did not expect. */
export function exitWith(run: Promise<number>): void {
  run.then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : String(e));
      process.exit(1);
    },
  );
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1])
  exitWith(runCli(process.argv.slice(2)));
