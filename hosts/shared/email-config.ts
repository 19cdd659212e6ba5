// E-mail's configuration (issue 39): SMTP_URL, the server live e-mail goes through, and EMAIL_FROM, its From
// header. Unset, live e-mail waits (its jobs say why) and the sandbox keeps every message in its outbox either way.
// A value set but wrong stops the start with one line; the URL (it may carry a password) stays redacted.
import * as Redacted from "effect/Redacted";
import { ConfigError } from "./iris-config.ts";

export interface EmailConfig {
  /** SMTP_URL: smtp://… or smtps://…, credentials in the URL. */
  readonly smtpUrl: Redacted.Redacted<string>;
  /** EMAIL_FROM: "Name <address>" or an address. */
  readonly from: string;
}

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

export function loadEmailConfig(env: NodeJS.ProcessEnv): EmailConfig | undefined {
  const url = env["SMTP_URL"]?.trim();
  const from = env["EMAIL_FROM"]?.trim();
  if (!url) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== "smtp:" && parsed.protocol !== "smtps:") || !parsed.hostname)
    throw new ConfigError(
      "SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:pass@smtp.example.com:465.",
    );
  if (!from)
    throw new ConfigError(
      'EMAIL_FROM is required with SMTP_URL, e.g. "Tax statements <statements@example.com>".',
    );
  const address = /<([^>]*)>\s*$/.exec(from)?.[1] ?? from;
  if (!ADDRESS.test(address))
    throw new ConfigError(`EMAIL_FROM must be an address or "Name <address>"; got ${JSON.stringify(from)}.`);
  return { smtpUrl: Redacted.make(url), from };
}
