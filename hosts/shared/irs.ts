// The IRS adapters of both environments, chosen once from the configuration:
// - sandbox: the IRIS A2A and TIN Matching adapters, exactly as production uses them, talking to the IRS emulator
//   run inside this process (no port, no configuration): a key pair made at start signs the JWTs the emulator
//   checks, every transmission is checked against the IRS XSD, and the emulator keeps what it received in the
//   service database. SANDBOX_ACK_DELAY_MS is the emulator's acknowledgement delay.
// - live: the same adapters against IRIS_API_BASE with the IRIS configuration, or "not configured" naming what
//   is missing (pay and TIN matching then refuse before anything is charged or queued).
import { generateKeyPairSync, type KeyObject } from "node:crypto";
import type { Knex } from "knex";
import * as Effect from "effect/Effect";
import { IrsApiClient, type LogFn } from "../../adapters/iris-a2a/client.ts";
import {
  irsTransmitterByEnvironment,
  tinMatcherByEnvironment,
} from "../../adapters/iris-a2a/environments.ts";
import { makeIrisA2a, type IrisChannel } from "../../adapters/iris-a2a/iris-a2a.ts";
import { makeTinMatching, type TinMatchingChannel } from "../../adapters/iris-a2a/tin-matching.ts";
import { makeKnexSandboxReceipts } from "../../adapters/knex/sandbox-receipts.knex.ts";
import type { IrsTransmitter } from "../../core/ports/irs-transmitter.port.ts";
import type { TinMatcher } from "../../core/ports/tin-matcher.port.ts";
import { Tin } from "../../core/domain/shared/tin.ts";
import { createIrsEmulator, type IrsEmulator } from "../irs-emulator/emulator.ts";
import { SANDBOX_REJECTING_RULES } from "../irs-emulator/rules.ts";
import type { EmulatedTransmission } from "../irs-emulator/store.ts";
import type { Config } from "./config.ts";
import { describeIris, loadIrisConfig } from "./iris-config.ts";
import type { Logger } from "./logger.ts";

const SANDBOX_BASE = "https://irs-emulator.sandbox.invalid";
const SANDBOX_TCC = "SBX00";
const SANDBOX_CREDENTIALS = {
  clientId: "00000000-0000-4000-8000-000000000000",
  userId: "sandbox-user",
  keyId: "sandbox-key",
};

let sandboxKeys: { privateKey: KeyObject; publicKey: KeyObject } | undefined;

/** One key pair per process: it never leaves memory. */
function sandboxKeyPair() {
  sandboxKeys ??= generateKeyPairSync("rsa", { modulusLength: 2048 });
  return sandboxKeys;
}

/** Sandbox software ids for every tax year the service could meet: "<yy>SANDBOX" passes TMFST020. */
function sandboxSoftwareIds(): Map<number, string> {
  const ids = new Map<number, string>();
  for (let year = 2000; year <= 2099; year++) ids.set(year, `${String(year).slice(2)}SANDBOX`);
  return ids;
}

const SANDBOX_SOFTWARE_IDS = sandboxSoftwareIds();

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
  // The sandbox channel is built on first use: a process that never files in the sandbox (the CLI, most API
  // processes of a split deployment) pays neither the RSA key generation nor the emulator's start.
  let sandbox: { emulator: IrsEmulator; iris: IrisChannel; tin: TinMatchingChannel } | undefined;
  const sandboxChannel = () =>
    (sandbox ??= (() => {
      const keys = sandboxKeyPair();
      const emulator = createIrsEmulator({
        publicKey: keys.publicKey,
        ...SANDBOX_CREDENTIALS,
        ackDelayMs: config.sandboxAckDelayMs,
        ...(knex ? { store: makeKnexSandboxReceipts<EmulatedTransmission>(knex) } : {}),
        judge: { knownTccs: [SANDBOX_TCC] },
        // Every transmission is checked against the IRS XSD; the status requests are the adapter's own small
        // documents, checked against theirs in the tests, not on every sandbox poll.
        validateXsd: { status: false },
        log: (line, fields) => logger?.warn(line, { environment: "sandbox", ...fields }),
      });
      const sandboxClient = new IrsApiClient({
        apiBase: SANDBOX_BASE,
        credentials: { ...SANDBOX_CREDENTIALS, privateKey: keys.privateKey },
        fetch: emulator.fetch,
        retry: { attempts: 3, baseDelayMs: 50, maxDelayMs: 2_000 },
        log,
        environment: "sandbox",
      });
      const sandboxIris = makeIrisA2a(
        {
          apiBase: SANDBOX_BASE,
          credentials: { ...SANDBOX_CREDENTIALS, privateKey: keys.privateKey },
          environment: "sandbox",
          log,
          transmitter: {
            tin: Tin.fromDigits("000000000"),
            tinType: "ein",
            tcc: SANDBOX_TCC,
            name: "Sandbox Transmitter",
            address: { line1: "1 Sandbox Way", city: "Washington", state: "DC", postalCode: "20001" },
            // TestCd P, as production: made-up sandbox TINs are then no IRS test-mode problem (SHAREDIRFORM021).
            contactName: "Sandbox",
            contactPhone: "2025550100",
            test: false,
          },
          softwareIds: SANDBOX_SOFTWARE_IDS,
          rejectingRules: SANDBOX_REJECTING_RULES,
        },
        sandboxClient,
      );
      const sandboxTin = makeTinMatching(
        {
          apiBase: SANDBOX_BASE,
          credentials: { ...SANDBOX_CREDENTIALS, privateKey: keys.privateKey },
          environment: "sandbox",
          log,
        },
        sandboxClient,
      );
      return { emulator, iris: sandboxIris, tin: sandboxTin };
    })());
  const sandboxIris: IrisChannel = {
    // What the sandbox channel writes in the manifest, known without building it (intake reads it on every call).
    profile: { test: false, softwareIdFor: (taxYear) => SANDBOX_SOFTWARE_IDS.get(taxYear) },
    transmit: (t, now, resume) => Effect.suspend(() => sandboxChannel().iris.transmit(t, now, resume)),
    acknowledgements: (requests) => Effect.suspend(() => sandboxChannel().iris.acknowledgements(requests)),
  };
  const sandboxTin: TinMatchingChannel = {
    match: (entries) => Effect.suspend(() => sandboxChannel().tin.match(entries)),
  };

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
    transmitter: irsTransmitterByEnvironment(sandboxIris, liveIris),
    tinMatcher: tinMatcherByEnvironment(sandboxTin, liveTin, iris.tinMatchDailyLimit),
    get sandboxEmulator() {
      return sandboxChannel().emulator;
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
