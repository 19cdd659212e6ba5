// Usage texts and argument errors shared by the command-line tools: every command answers `--help` with its own
// usage, and a bad flag prints one readable line and the usage, never Node's raw parser error or a stack.

export interface CommandHelp {
  readonly usage: string;
  readonly about: string;
}

/** The management commands (hosts/cli/main.ts), by "group verb". */
export const COMMANDS: Readonly<Record<string, CommandHelp>> = {
  "keys create": {
    usage: "keys create --env sandbox|live --role owner|developer [--account ID] [--json]",
    about: "Creates an API key (shown once). Without --account: the first account, seeded on first use.",
  },
  "accounts list": {
    usage: "accounts list [--json]",
    about: "Lists the accounts and whether production filing is enabled.",
  },
  "accounts enable-live": {
    usage: "accounts enable-live --account ID",
    about: "Enables production filing for an account.",
  },
  "accounts set-ip-allowlist": {
    usage: "accounts set-ip-allowlist --account ID --cidr CIDR [--cidr CIDR ...] | --clear",
    about: "Restricts the account's production credentials to these networks (or removes the restriction).",
  },
  "accounts set-strict-rules": {
    usage: "accounts set-strict-rules --account ID --on|--off",
    about:
      "Sets the account's default for strict (intake, FIRE import, pay): on refuses forms that break an IRS Report Error rule, which the IRS accepts with errors; off (the default) saves and files them with warnings.",
  },
  "balance credit": {
    usage: "balance credit --account ID --env sandbox|live --amount-cents N --reference TEXT [--json]",
    about: "Credits a payment received by wire or invoice to the prepaid balance (once per reference).",
  },
  "apps create": {
    usage: `apps create --env sandbox|live --name NAME --redirect-uri URI [--redirect-uri URI ...] --scopes "SCOPE ..."
              [--grant-types "authorization_code refresh_token client_credentials"] [--account ID] [--json]`,
    about: "Registers an OAuth app; prints its client_id and client_secret (shown once).",
  },
  "apps list": { usage: "apps list [--json]", about: "Lists the OAuth apps." },
  "apps revoke": {
    usage: "apps revoke --client-id ID",
    about: "Revokes an OAuth app: its secret, grants and tokens stop working.",
  },
  "users create": {
    usage: "users create --account ID --email EMAIL --role owner|member [--password-stdin] [--json]",
    about:
      "Creates a user who can sign in on the OAuth consent page (prompts for the password unless --password-stdin).",
  },
  "users lockouts": {
    usage: "users lockouts --account ID [--json]",
    about: "Lists the account's users locked out of sign-in by failed attempts, with when each lock ends.",
  },
  "users unlock": {
    usage: "users unlock --account ID --user USER_ID [--json]",
    about: "Lifts a user's sign-in lock-out before its window passes.",
  },
};

export function commandUsage(command: string): string | null {
  const c = COMMANDS[command];
  return c ? `Usage: npm run cli -- ${c.usage}\n\n${c.about}` : null;
}

/** Node's parseArgs error as one line: "Unknown option --foo." / "Option --env needs a value." */
export function argumentError(e: unknown): string | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !code.startsWith("ERR_PARSE_ARGS")) return null;
  const message = e instanceof Error ? e.message : String(e);
  const option = /'(-{1,2}[^'\s]+)/.exec(message)?.[1];
  switch (code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `Unknown option ${option ?? ""}.`.replace(" .", ".");
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      return /argument missing/.test(message)
        ? `Option ${option ?? ""} needs a value.`
        : `Option ${option ?? ""} takes no value.`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return "Unexpected argument.";
    default:
      return message.split("\n")[0] ?? "Invalid arguments.";
  }
}

/** The first positionals of argv (words that are not options or their values), to name the command. */
export function leadingWords(argv: readonly string[], count: number): string[] {
  const out: string[] = [];
  for (const a of argv) {
    if (a.startsWith("-")) break;
    out.push(a);
    if (out.length === count) break;
  }
  return out;
}
