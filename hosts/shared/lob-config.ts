// The mail house's configuration (issue 39): Lob in production with LOB_API_KEY, the Lob emulator wherever
// LOB_API_BASE points at it. Unset, no letters are sent through Lob (the host keeps its fallback). A value set but
// wrong stops the start with one line; the key and the webhook secret stay redacted.
import * as Redacted from "effect/Redacted";
import { DEFAULT_LOB_API_BASE } from "../../adapters/lob/client.ts";
import { ConfigError } from "./iris-config.ts";

export interface LobConfig {
  /** LOB_API_KEY: a Lob secret key, test_… (nothing is printed) or live_…. */
  readonly apiKey: Redacted.Redacted<string>;
  /** LOB_API_BASE: an origin (default https://api.lob.com; the emulator's URL in the sandbox and tests). */
  readonly apiBase: string;
  /** LOB_WEBHOOK_SECRET: the secret of the tracking webhook subscription; unset: tracking webhooks are refused. */
  readonly webhookSecret: Redacted.Redacted<string> | undefined;
}

/** Where the sandbox's letters go instead of the Lob emulator in the process (SANDBOX_LOB_API_BASE). */
export interface SandboxLobConfig {
  /** SANDBOX_LOB_API_BASE: the origin of a Lob emulator of its own (`npm run lob-emulator`). */
  readonly apiBase: string;
  /** SANDBOX_LOB_API_KEY: the key that emulator takes (default `test_emulator`, the emulator's own default). */
  readonly apiKey: Redacted.Redacted<string>;
}

/** An http(s) origin, or a ConfigError naming `name`. */
function origin(name: string, value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== "https:" && url.protocol !== "http:") ||
    (url.pathname !== "/" && url.pathname !== "") ||
    url.search ||
    url.username
  )
    throw new ConfigError(
      `${name} must be an http(s) origin such as ${DEFAULT_LOB_API_BASE}; got ${JSON.stringify(value)}.`,
    );
  return url.origin;
}

/**
 * SANDBOX_LOB_API_BASE: the sandbox's letters go through the Lob adapter to a Lob emulator run as its own process
 * (over a real HTTP hop, one emulator for every worker process: benches, several workers) instead of the one each
 * process makes for itself. Unset: the in-process emulator. Its tracking events are that emulator's own to post.
 */
export function loadSandboxLobConfig(env: NodeJS.ProcessEnv): SandboxLobConfig | undefined {
  const base = env["SANDBOX_LOB_API_BASE"]?.trim();
  const key = env["SANDBOX_LOB_API_KEY"]?.trim() || "test_emulator";
  if (!base) {
    if (env["SANDBOX_LOB_API_KEY"]?.trim())
      throw new ConfigError("SANDBOX_LOB_API_KEY is set without SANDBOX_LOB_API_BASE.");
    return undefined;
  }
  if (!/^test_[A-Za-z0-9]+$/.test(key))
    throw new ConfigError(
      "SANDBOX_LOB_API_KEY is not a Lob test key (test_…): the sandbox never mails for real.",
    );
  return { apiBase: origin("SANDBOX_LOB_API_BASE", base), apiKey: Redacted.make(key) };
}

export function loadLobConfig(env: NodeJS.ProcessEnv): LobConfig | undefined {
  const key = env["LOB_API_KEY"]?.trim();
  const base = env["LOB_API_BASE"]?.trim() || DEFAULT_LOB_API_BASE;
  const secret = env["LOB_WEBHOOK_SECRET"]?.trim();
  if (!key) {
    if (env["LOB_API_BASE"]?.trim()) throw new ConfigError("LOB_API_BASE is set without LOB_API_KEY.");
    return undefined;
  }
  if (!/^(test|live)_[A-Za-z0-9]{8,}$/.test(key))
    throw new ConfigError("LOB_API_KEY is not a Lob secret key (test_… or live_…).");
  let url: URL | undefined;
  try {
    url = new URL(base);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== "https:" && url.protocol !== "http:") ||
    (url.pathname !== "/" && url.pathname !== "")
  )
    throw new ConfigError(
      `LOB_API_BASE must be an http(s) origin such as ${DEFAULT_LOB_API_BASE}; got ${JSON.stringify(base)}.`,
    );
  return {
    apiKey: Redacted.make(key),
    apiBase: url.origin,
    webhookSecret: secret ? Redacted.make(secret) : undefined,
  };
}
