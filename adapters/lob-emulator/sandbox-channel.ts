// The sandbox's mail house: the Lob adapter, exactly as production uses it, talking to the Lob emulator run inside
// this process (no port). The emulator's signed tracking events are read by the same Lob verification as
// production's webhooks and handed to `record` (the core's path for a tracking notification).
// Built on first use: a process that never mails a sandbox letter starts no emulator and no timers.
import { randomBytes } from "node:crypto";
import * as Redacted from "effect/Redacted";
import type { MailHouse } from "../../core/ports/mail-house.port.ts";
import type { MailTracking, TrackingNotification } from "../../core/ports/mail-tracking.port.ts";
import { makeLobMailHouse } from "../lob/mail-house.lob.ts";
import { makeLobMailTracking } from "../lob/tracking.lob.ts";
import { createLobEmulator, type LobEmulator } from "./emulator.ts";

const SANDBOX_LOB_BASE = "https://lob-emulator.sandbox.invalid";
const SANDBOX_WEBHOOK_URL = "https://service.sandbox.invalid/webhooks/lob";

export interface SandboxLobOptions {
  /** Creation to mailing, and between tracking steps (SANDBOX_MAIL_DELAY_MS). */
  readonly mailDelayMs: number;
  /** Records a verified tracking event; null while nothing can record yet (the emulator then sees a 503). */
  readonly record: (n: TrackingNotification, reader: MailTracking["Service"]) => Promise<unknown> | null;
  readonly log: (level: "info" | "warn", msg: string, fields?: Record<string, unknown>) => void;
}

export interface SandboxLob {
  readonly house: () => MailHouse["Service"];
  /** The in-process Lob emulator (tests read its letters and drive its events); building it builds the channel. */
  readonly emulator: () => LobEmulator;
}

export function makeSandboxLob(options: SandboxLobOptions): SandboxLob {
  const { log } = options;
  let built: { emulator: LobEmulator; house: MailHouse["Service"] } | undefined;
  const channel = () =>
    (built ??= (() => {
      const apiKey = `test_sandbox${randomBytes(12).toString("hex")}`;
      const secret = randomBytes(24).toString("hex");
      const reader = makeLobMailTracking({ webhookSecret: Redacted.make(secret), now: () => new Date() });
      const emulator = createLobEmulator({
        apiKey,
        webhookUrl: SANDBOX_WEBHOOK_URL,
        webhookSecret: secret,
        mailDelayMs: options.mailDelayMs,
        // The emulator "posts" its signed event here: read as production reads Lob's, then recorded.
        fetch: (async (_url: Parameters<typeof fetch>[0], init?: RequestInit) => {
          const headers: Record<string, string> = {};
          new Headers(init?.headers).forEach((v, k) => {
            headers[k] = v;
          });
          const rawBody = typeof init?.body === "string" ? init.body : "";
          try {
            const recorded = options.record({ meta: headers, rawBody }, reader);
            if (!recorded) return new Response(null, { status: 503 });
            await recorded;
            return new Response(null, { status: 204 });
          } catch (e) {
            log("warn", "sandbox tracking event not recorded", {
              error: e instanceof Error ? e.message : String(e),
            });
            return new Response(null, { status: 500 });
          }
        }) as typeof fetch,
        log: (line, fields) => log("info", `lob emulator (sandbox): ${line}`, fields),
      });
      const house = makeLobMailHouse({
        apiKey: Redacted.make(apiKey),
        apiBase: SANDBOX_LOB_BASE,
        fetch: emulator.fetch,
        log: (line) => log("warn", line),
      });
      return { emulator, house };
    })());
  return { house: () => channel().house, emulator: () => channel().emulator };
}
