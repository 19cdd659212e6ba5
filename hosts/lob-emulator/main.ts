// `npm run lob-emulator`: the Lob emulator as its own HTTP server, to run the service's mail house against it
// (LOB_API_BASE=http://127.0.0.1:4020). A test tool: it reads its own environment.
//
// LOB_EMULATOR_PORT (default 4020), LOB_API_KEY (the key it accepts; default test_emulator), LOB_WEBHOOK_URL (where
// tracking events go, e.g. http://127.0.0.1:3000/webhooks/lob; none sent when unset), LOB_WEBHOOK_SECRET (their
// signing secret), SANDBOX_MAIL_DELAY_MS (default 2000: creation to mailing, and between tracking steps),
// LOB_EMULATOR_KEEP_FILES (default 1000: the PDFs of the latest letters kept; older ones' SHA-256 and size only).
import { startLobEmulator } from "../../adapters/lob-emulator/server.ts";

function fail(message: string): never {
  process.stderr.write(`lob-emulator: ${message}\n`);
  process.exit(2);
}

function whole(name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > max)
    fail(`${name} must be a whole number; got ${JSON.stringify(raw)}.`);
  return n;
}

const env = process.env;
const webhookUrl = env["LOB_WEBHOOK_URL"] || undefined;
if (webhookUrl && !env["LOB_WEBHOOK_SECRET"])
  fail("LOB_WEBHOOK_URL is set without LOB_WEBHOOK_SECRET: tracking events would go unsigned.");
const emulator = await startLobEmulator({
  port: whole("LOB_EMULATOR_PORT", 4020, 65535),
  apiKey: env["LOB_API_KEY"] || "test_emulator",
  webhookUrl,
  webhookSecret: env["LOB_WEBHOOK_SECRET"] || undefined,
  mailDelayMs: whole("SANDBOX_MAIL_DELAY_MS", 2000),
  keepFiles: whole("LOB_EMULATOR_KEEP_FILES", 1000),
  log: (line, fields) =>
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), msg: line, ...fields })}\n`),
});
process.stderr.write(
  `Lob emulator listening on ${emulator.url} (LOB_API_BASE for the service)${webhookUrl ? `; tracking events to ${webhookUrl}` : ""}\n`,
);
const stop = () => {
  void emulator.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
