// The mail house of each environment (issue 39), chosen here and only here:
// - sandbox: the Lob adapter exactly as production uses it, talking to the Lob emulator in-process
//   (adapters/lob-emulator/sandbox-channel.ts, as the IRS side runs on the IRS emulator). The emulator's signed
//   tracking events are read by the same Lob verification as production's webhooks and recorded by the core
//   (statement.mailed, .delivered, .returned) on its own timers of SANDBOX_MAIL_DELAY_MS. An address line 1
//   containing "undeliverable" fails verification; "returned" comes back.
//   With SANDBOX_LOB_API_BASE the same adapter talks to a Lob emulator run as its own process instead (over HTTP,
//   one for every worker process); its tracking events are then that emulator's to post.
// - live: Lob with LOB_API_KEY (LOB_API_BASE may point at the emulator run as its own process); the tracking
//   webhooks at POST /webhooks/lob are verified with LOB_WEBHOOK_SECRET. Without LOB_API_KEY or
//   PRINT_RETURN_ADDRESS_JSON, no letter leaves: each send fails as unavailable with the reason, and its job waits
//   an hour and tries again, so configuring the service later sends every letter still waiting.
import * as Context from "effect/Context";
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import { makeLobMailHouse } from "../../adapters/lob/mail-house.lob.ts";
import { makeLobMailTracking } from "../../adapters/lob/tracking.lob.ts";
import { ServiceUnavailable, Unauthorized } from "../../core/domain/shared/errors.ts";
import { MailHouse, StatementSettings } from "../../core/ports/mail-house.port.ts";
import { MailTracking } from "../../core/ports/mail-tracking.port.ts";
import { receiveTrackingNotification } from "../../core/use-cases/statements/statements.ts";
import type { TrackingNotification } from "../../core/ports/mail-tracking.port.ts";
import type { LobEmulator } from "../../adapters/lob-emulator/emulator.ts";
import { makeSandboxLob } from "../../adapters/lob-emulator/sandbox-channel.ts";
import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";
import { loadStatementConfig, SANDBOX_RETURN_ADDRESS } from "./statements-config.ts";

/** How long a live letter waits before trying again while the mail house is not configured. */
const UNCONFIGURED_RETRY_SECONDS = 3600;

export interface MailAdapters {
  /** The sandbox's in-process Lob emulator, made on first use (tests read its letters and drive its events). */
  readonly sandboxEmulator: () => LobEmulator;
}

type RecordNeeds = Exclude<Effect.Services<ReturnType<typeof receiveTrackingNotification>>, MailTracking>;

/**
 * The layer of MailHouse, MailTracking (the live webhooks') and StatementSettings. It needs what the core needs to
 * record the sandbox's tracking events (the store, clock and ids), which the runtime provides.
 */
export function mailLayer(config: Config, logger: Logger) {
  const lob = config.lob;
  const returnAddress = config.statements?.returnAddress;
  let receive: ((n: TrackingNotification, reader: MailTracking["Service"]) => Promise<unknown>) | undefined;

  // SANDBOX_LOB_API_BASE: the sandbox's letters go to a Lob emulator of its own, over HTTP (no emulator here).
  const external = config.sandboxLob
    ? makeLobMailHouse({
        apiKey: config.sandboxLob.apiKey,
        apiBase: config.sandboxLob.apiBase,
        log: (line) => logger.warn(line),
      })
    : undefined;
  const sandbox = makeSandboxLob({
    mailDelayMs: config.sandboxMailDelayMs,
    record: (n, reader) => receive?.(n, reader) ?? null,
    log: (level, msg, fields) => logger[level](msg, fields),
  });
  const sandboxHouse = () => external ?? sandbox.house();

  const live = lob
    ? makeLobMailHouse({ apiKey: lob.apiKey, apiBase: lob.apiBase, log: (line) => logger.warn(line) })
    : undefined;
  const unconfigured = (what: string) =>
    Effect.fail(
      new ServiceUnavailable({
        message: `Printed mail is not configured in live mode: set ${what}. The letter waits and is sent once it is.`,
        retryAfterSeconds: UNCONFIGURED_RETRY_SECONDS,
      }),
    );

  const house = MailHouse.of({
    send: (letter) => {
      if (!letter.scope.livemode) return sandboxHouse().send(letter);
      if (!live) return unconfigured("LOB_API_KEY");
      if (!returnAddress) return unconfigured("PRINT_RETURN_ADDRESS_JSON");
      return live.send(letter);
    },
    cancel: (input) =>
      !input.scope.livemode
        ? sandboxHouse().cancel(input)
        : live
          ? live.cancel(input)
          : unconfigured("LOB_API_KEY"),
  });

  const tracking = lob?.webhookSecret
    ? makeLobMailTracking({ webhookSecret: lob.webhookSecret, now: () => new Date() })
    : MailTracking.of({
        read: () =>
          Effect.fail(
            new Unauthorized({
              message: "Lob tracking webhooks are not accepted: LOB_WEBHOOK_SECRET is not set.",
            }),
          ),
      });

  const layer = Layer.effectContext(
    Effect.gen(function* () {
      const context = yield* Effect.context<RecordNeeds>();
      // The core's own path for a tracking notification, with the sandbox emulator's signature.
      receive = (n, reader) =>
        Effect.runPromiseWith(context)(
          receiveTrackingNotification(n).pipe(Effect.provideService(MailTracking, reader)),
        );
      return Context.make(MailHouse, house)
        .pipe(Context.add(MailTracking, tracking))
        .pipe(
          Context.add(StatementSettings, {
            returnAddress: returnAddress ?? SANDBOX_RETURN_ADDRESS,
            portalBaseUrl: (config.statements ?? loadStatementConfig({}, config.port)).portalBaseUrl,
          }),
        );
    }),
  );

  const adapters: MailAdapters = {
    sandboxEmulator: () => {
      if (external)
        throw new Error(
          "The sandbox's letters go to the Lob emulator at SANDBOX_LOB_API_BASE, not one in this process.",
        );
      return sandbox.emulator();
    },
  };
  return { layer, adapters };
}
