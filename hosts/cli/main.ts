// `npm run cli -- <command>`: keys, accounts. Reads the same configuration as the server and migrates an
// empty database itself; on the embedded default it runs while the server is stopped.
import "reflect-metadata";
import { parseArgs } from "node:util";
import { Container, inject, injectable } from "inversify";
import { loadConfig, type Config } from "../shared/config.ts";
import { openRuntime, type AppRuntime } from "../shared/runtime.ts";
import { TOKENS } from "../shared/tokens.ts";
import { DataFolderInUse } from "../../adapters/knex/connection.ts";
import { createApiKey, enableLive, listAccounts, seedSandbox } from "../../core/use-cases/accounts.use-case.ts";
import type { Role } from "../../core/domain/parties/account.ts";

const USAGE = `Usage: npm run cli -- <command>

  keys create --env sandbox|live --role owner|developer [--account ID] [--json]
  accounts list [--json]
  accounts enable-live --account ID

Configuration: DATABASE_URL (Postgres) or DATA_DIR (embedded, default ./.data), as for the server.`;

class UsageError extends Error {}

@injectable()
class Commands {
  constructor(@inject(TOKENS.Runtime) private readonly runtime: AppRuntime, @inject(TOKENS.Config) private readonly config: Config) {}

  private async defaultAccount(): Promise<string> {
    const seeded = await this.runtime.runPromise(seedSandbox(this.config.seedSandboxKey));
    if (seeded) console.error(`Seeded a new sandbox. Sandbox API key: ${seeded.key.key}`);
    const accounts = await this.runtime.runPromise(listAccounts());
    const first = accounts[0];
    if (!first) throw new UsageError("No account exists.");
    return first.id;
  }

  async keysCreate(opts: { env?: string; role?: string; account?: string; json?: boolean }) {
    if (opts.env !== "sandbox" && opts.env !== "live") throw new UsageError("--env must be sandbox or live");
    if (opts.role !== "owner" && opts.role !== "developer") throw new UsageError("--role must be owner or developer");
    const accountId = opts.account ?? (await this.defaultAccount());
    const exit = await this.runtime.runPromiseExit(createApiKey(accountId, opts.env, opts.role as Role));
    if (exit._tag === "Failure") throw new UsageError(`No account ${accountId}.`);
    const k = exit.value;
    if (opts.json) console.log(JSON.stringify({ object: "api_key", id: k.id, key: k.key, account: k.accountId, environment: opts.env, livemode: k.livemode, role: k.role }));
    else console.log(`Created ${opts.env} ${k.role} key for account ${k.accountId} (shown once):\n${k.key}`);
  }

  async accountsList(opts: { json?: boolean }) {
    await this.defaultAccount();
    const accounts = await this.runtime.runPromise(listAccounts());
    if (opts.json) { console.log(JSON.stringify(accounts.map((a) => ({ id: a.id, name: a.name, live_enabled: a.liveEnabled, created_at: a.createdAt })))); return; }
    for (const a of accounts) console.log(`${a.id}  ${a.name}  live:${a.liveEnabled ? "enabled" : "disabled"}  created ${a.createdAt}`);
  }

  async accountsEnableLive(opts: { account?: string }) {
    if (!opts.account) throw new UsageError("--account is required");
    const exit = await this.runtime.runPromiseExit(enableLive(opts.account));
    if (exit._tag === "Failure") throw new UsageError(`No account ${opts.account}.`);
    console.log(`Production filing enabled for account ${exit.value.id}.`);
  }
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true, strict: true,
    options: { env: { type: "string" }, role: { type: "string" }, account: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  const command = positionals.join(" ");
  if (values.help || command === "") { console.log(USAGE); return 0; }
  const known = ["keys create", "accounts list", "accounts enable-live"];
  if (!known.includes(command)) { console.error(`Unknown command "${command}".\n\n${USAGE}`); return 2; }

  const config = loadConfig();
  let opened;
  try { opened = await openRuntime(config, { jobs: false }); } catch (e) {
    if (e instanceof DataFolderInUse) { console.error(e.message); return 1; }
    throw e;
  }
  const container = new Container();
  container.bind(TOKENS.Config).toConstantValue(config);
  container.bind(TOKENS.Runtime).toConstantValue(opened.runtime);
  container.bind(Commands).toSelf();
  const commands = container.get(Commands);
  try {
    if (command === "keys create") await commands.keysCreate(values);
    else if (command === "accounts list") await commands.accountsList(values);
    else await commands.accountsEnableLive(values);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) { console.error(e.message); return 2; }
    throw e;
  } finally {
    await opened.runtime.dispose();
    await opened.db.close();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code), (e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
