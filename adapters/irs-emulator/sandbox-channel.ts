// The sandbox's IRS: the IRIS A2A and TIN Matching adapters, exactly as production uses them, talking to the IRS
// emulator run inside this process (no port, no configuration). A key pair made at start signs the JWTs the
// emulator checks, every transmission is checked against the IRS XSD, and the emulator keeps what it received in
// `store` (the service database, so acknowledgements survive a restart and every process sees them).
// The channel is built on first use: a process that never files in the sandbox (the CLI, most API processes of a
// split deployment) pays neither the RSA key generation nor the emulator's start.
import { generateKeyPairSync, type KeyObject } from "node:crypto";
import * as Effect from "effect/Effect";
import { Tin } from "../../core/domain/shared/tin.ts";
import { IrsApiClient, type LogFn } from "../iris-a2a/client.ts";
import { makeIrisA2a, type IrisChannel } from "../iris-a2a/iris-a2a.ts";
import { makeTinMatching, type TinMatchingChannel } from "../iris-a2a/tin-matching.ts";
import { createIrsEmulator, type IrsEmulator } from "./emulator.ts";
import { SANDBOX_REJECTING_RULES } from "./rules.ts";
import type { EmulatorStore } from "./store.ts";

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

export interface SandboxIrisOptions {
  /** The emulator's acknowledgement delay (SANDBOX_ACK_DELAY_MS). */
  readonly ackDelayMs: number;
  /** Where the emulator keeps what it received; in memory when absent. */
  readonly store?: EmulatorStore | undefined;
  /** The adapters' log; the emulator's refusals go to it as warnings tagged `environment: "sandbox"`. */
  readonly log: LogFn;
}

export interface SandboxIris {
  readonly iris: IrisChannel;
  readonly tin: TinMatchingChannel;
  /** The in-process emulated IRS (tests read its stats and set its faults); building it builds the channel. */
  readonly emulator: () => IrsEmulator;
}

export function makeSandboxIris(options: SandboxIrisOptions): SandboxIris {
  const { log } = options;
  let built: { emulator: IrsEmulator; iris: IrisChannel; tin: TinMatchingChannel } | undefined;
  const channel = () =>
    (built ??= (() => {
      const keys = sandboxKeyPair();
      const emulator = createIrsEmulator({
        publicKey: keys.publicKey,
        ...SANDBOX_CREDENTIALS,
        ackDelayMs: options.ackDelayMs,
        ...(options.store ? { store: options.store } : {}),
        judge: { knownTccs: [SANDBOX_TCC] },
        // Every transmission is checked against the IRS XSD; the status requests are the adapter's own small
        // documents, checked against theirs in the tests, not on every sandbox poll.
        validateXsd: { status: false },
        log: (line, fields) => log("warn", line, { environment: "sandbox", ...fields }),
      });
      const credentials = { ...SANDBOX_CREDENTIALS, privateKey: keys.privateKey };
      const client = new IrsApiClient({
        apiBase: SANDBOX_BASE,
        credentials,
        fetch: emulator.fetch,
        retry: { attempts: 3, baseDelayMs: 50, maxDelayMs: 2_000 },
        log,
        environment: "sandbox",
      });
      const iris = makeIrisA2a(
        {
          apiBase: SANDBOX_BASE,
          credentials,
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
        client,
      );
      const tin = makeTinMatching(
        { apiBase: SANDBOX_BASE, credentials, environment: "sandbox", log },
        client,
      );
      return { emulator, iris, tin };
    })());
  return {
    iris: {
      // What the sandbox channel writes in the manifest, known without building it (intake reads it on every call).
      profile: { test: false, softwareIdFor: (taxYear) => SANDBOX_SOFTWARE_IDS.get(taxYear) },
      transmit: (t, now, resume) => Effect.suspend(() => channel().iris.transmit(t, now, resume)),
      acknowledgements: (requests) => Effect.suspend(() => channel().iris.acknowledgements(requests)),
    },
    tin: { match: (entries) => Effect.suspend(() => channel().tin.match(entries)) },
    emulator: () => channel().emulator,
  };
}
