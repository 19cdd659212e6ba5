// Structured one-line JSON logs through pino, on stderr. Secrets never reach the output: fields named like a TIN,
// key, token, secret or password are redacted at any depth, and any string that still looks like a TIN or an API
// key (a message, an error text) is masked before it is written. LOG_LEVEL=silent (tests) writes nothing.
import { pino, type DestinationStream, type Logger as Pino } from "pino";

export type Level = "debug" | "info" | "warn" | "error" | "silent";

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** Whether `level` lines are written at all (callers skip building fields when not). */
  enabled(level: Exclude<Level, "silent">): boolean;
}

const SECRET_FIELDS = [
  "tin",
  "TIN",
  "ssn",
  "ein",
  "key",
  "api_key",
  "token",
  "access_token",
  "refresh_token",
  "id_token",
  "secret",
  "client_secret",
  "signing_secret",
  "password",
  "authorization",
  "Authorization",
  "cookie",
  "card",
  "private_key",
];
const SECRET_KEYS: ReadonlySet<string> = new Set(SECRET_FIELDS);

/**
 * A TIN as it is written (123456789, 123-45-6789, 12-3456789) standing as a token of its own: between anything but
 * letters, digits and underscores (spaces, quotes, `=`, `:`, punctuation, the ends), glued to its own label
 * (TIN123456789), or after an escape in JSON-encoded text (`\n123456789`). Digits inside a longer token are not
 * one: ids (req_gPKpe9Ch750000000i60, base62, UUIDs) are logged as they were answered, so an id a customer quotes
 * matches the logs. Nor is a decimal (123456789.00).
 */
const TIN_LIKE =
  /(?:(?<=\b(?:tin|ssn|ein|itin)|\\[a-z])|(?<![A-Za-z0-9_]|\d\.))(?:\d{3}-\d{2}-\d{4}|\d{2}-\d{7}|\d{9})(?![A-Za-z0-9_]|\.\d)/gi;
const KEY_LIKE = /\b(sk|rk|whsec|cs|rt|at)_[A-Za-z0-9_]{12,}/g;
/** Cheap pre-check: only text with 9 digits or an underscore can hold a TIN or a key. */
const MAYBE_SECRET = /\d{2}-?\d{2,}|_/;

/** Masks TIN-like and key-like text in a string. */
export function scrubText(s: string): string {
  if (!MAYBE_SECRET.test(s)) return s;
  return s
    .replace(TIN_LIKE, "[REDACTED]")
    .replace(KEY_LIKE, (m) => `${m.slice(0, m.indexOf("_") + 1)}[REDACTED]`);
}

/**
 * The fields as written: a field named like a secret (at any depth) is "[REDACTED]", and text that looks like a
 * TIN or a key is masked. One walk over the fields (pino's path-based redaction with wildcards cost ~100 µs a line).
 */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubText(value);
  if (depth > 6 || typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value instanceof Error)
    return redact({ name: value.name, message: value.message, stack: value.stack }, depth);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[k];
    out[k] = SECRET_KEYS.has(k) && v !== null && v !== undefined ? "[REDACTED]" : redact(v, depth + 1);
  }
  return out;
}

export interface LoggerOptions {
  /** Where lines go (tests capture them); default stderr. */
  readonly destination?: DestinationStream;
}

let defaultDestination: DestinationStream | undefined;

/** Sends the lines of every logger made from now on without a destination of its own here (tests read them). */
export function setDefaultLogDestination(destination: DestinationStream | undefined): void {
  defaultDestination = destination;
}

export function makeLogger(level: Level, options: LoggerOptions = {}): Logger {
  const base: Pino = pino(
    {
      level,
      base: undefined,
      messageKey: "msg",
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (fields) => redact(fields) as Record<string, unknown>,
      },
      hooks: {
        logMethod(args, method) {
          // Our call shape is (msg, fields); pino's is (fields, msg). The message is scrubbed too.
          const [msg, fields] = args as unknown as [string, Record<string, unknown> | undefined];
          return method.apply(
            this,
            (fields === undefined ? [scrubText(msg)] : [fields, scrubText(msg)]) as Parameters<typeof method>,
          );
        },
      },
    },
    options.destination ?? defaultDestination ?? pino.destination({ fd: 2, sync: false }),
  );
  const call = (l: Exclude<Level, "silent">) => (msg: string, fields?: Record<string, unknown>) => {
    if (!base.isLevelEnabled(l)) return;
    (base[l] as (...a: unknown[]) => void)(msg, fields);
  };
  return {
    debug: call("debug"),
    info: call("info"),
    warn: call("warn"),
    error: call("error"),
    enabled: (l) => base.isLevelEnabled(l),
  };
}
