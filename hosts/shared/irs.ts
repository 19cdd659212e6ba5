// The IRS adapters of both environments, chosen once from the configuration:
// - sandbox: the IRIS A2A and TIN Matching adapters talking to the IRS emulator run inside this process
//   (adapters/irs-emulator/sandbox-channel.ts), which keeps what it received in the service database.
//   SANDBOX_ACK_DELAY_MS is the emulator's acknowledgement delay.
// - live: the same adapters against IRIS_API_BASE with the IRIS configuration, or "not configured" naming what
//   is missing (pay and TIN matching then refuse before anything is charged or queued).
import type { Knex } from "knex";
import { IrsApiClient, type LogFn } from "../../adapters/iris-a2a/client.ts";
import {
  irsTransmitterByEnvironment,
  tinMatcherByEnvironment,
} from "../../adapters/iris-a2a/environments.ts";
import { makeIrisA2a } from "../../adapters/iris-a2a/iris-a2a.ts";
import { makeTinMatching } from "../../adapters/iris-a2a/tin-matching.ts";
import type { IrsEmulator } from "../../adapters/irs-emulator/emulator.ts";
import { makeSandboxIris } from "../../adapters/irs-emulator/sandbox-channel.ts";
import type { EmulatedTransmission } from "../../adapters/irs-emulator/store.ts";
import { makeKnexSandboxReceipts } from "../../adapters/knex/sandbox-receipts.knex.ts";
import type { IrsTransmitter } from "../../core/ports/irs-transmitter.port.ts";
import type { TinMatcher } from "../../core/ports/tin-matcher.port.ts";
import type { Config } from "./config.ts";
import { describeIris, loadIrisConfig } from "./iris-config.ts";
import type { Logger } from "./logger.ts";

export interface IrsAdapters {
  readonly transmitter: IrsTransmitter["Service"];
  readonly tinMatcher: TinMatcher["Service"];
  /** The sandbox's in-process emulated IRS (tests read its stats and set its faults). */
  readonly sandboxEmulator: IrsEmulator;
  /** Live acknowledgement polling interval. */
  readonly livePollIntervalMs: number;
  /** For the start-up log line: which adapters each environment uses, no secrets. */
  readonly summary: { readonly sandbox: string; readonly live: string };
}

export function makeIrsAdapters(config: Config, knex: Knex | null, logger?: Logger): IrsAdapters {
  const iris = config.iris ?? loadIrisConfig({});
  const log: LogFn = (level, msg, fields) => logger?.[level](msg, fields);
  const sandbox = makeSandboxIris({
    ackDelayMs: config.sandboxAckDelayMs,
    store: knex ? makeKnexSandboxReceipts<EmulatedTransmission>(knex) : undefined,
    log,
  });

  const live = iris.live;
  let liveIris: Parameters<typeof irsTransmitterByEnvironment>[1] = { missing: iris.missing };
  let liveTin: Parameters<typeof tinMatcherByEnvironment>[1] = { missing: iris.missing };
  if (live) {
    const options = {
      apiBase: live.apiBase,
      credentials: {
        clientId: live.clientId,
        userId: live.userId,
        keyId: live.keyId,
        privateKey: live.privateKey,
      },
      environment: "live",
      log,
    };
    const client = new IrsApiClient(options);
    liveIris = makeIrisA2a(
      { ...options, transmitter: live.transmitter, softwareIds: live.softwareIds },
      client,
    );
    liveTin = makeTinMatching(options, client);
  }
  return {
    transmitter: irsTransmitterByEnvironment(sandbox.iris, liveIris),
    tinMatcher: tinMatcherByEnvironment(sandbox.tin, liveTin, iris.tinMatchDailyLimit),
    get sandboxEmulator() {
      return sandbox.emulator();
    },
    livePollIntervalMs: iris.pollIntervalMs,
    summary: {
      sandbox: `IRIS A2A and TIN Matching adapters to the in-process IRS emulator (XSD-checked, acknowledgements after ${String(config.sandboxAckDelayMs)} ms)`,
      live: live
        ? `${describeIris(iris)}; TIN Matching at the same host (up to ${String(iris.tinMatchDailyLimit)} a day)`
        : describeIris(iris),
    },
  };
}
