// The IRIS A2A adapters against the IRS emulator in this process (no port): keys, a driven clock, a log to read.
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { IrsApiClient, type RetryPolicy } from "../../../adapters/iris-a2a/client.ts";
import { makeIrisA2a } from "../../../adapters/iris-a2a/iris-a2a.ts";
import { makeTinMatching } from "../../../adapters/iris-a2a/tin-matching.ts";
import {
  planTransmissions,
  recordKey,
  type FilingToTransmit,
  type TransmissionInput,
} from "../../../core/domain/iris/index.ts";
import { createIrsEmulator, type IrsEmulatorOptions } from "../../../adapters/irs-emulator/emulator.ts";
import { TRANSMITTER } from "../../core/domain/iris/fixtures.ts";

export const KEYS = generateKeyPairSync("rsa", { modulusLength: 2048 });
export const CREDENTIALS = {
  clientId: "2b9f1c4e-0000-4000-8000-00000000c1d0",
  userId: "jdoe-123456",
  keyId: "test-kid-1",
};
export const BASE = "https://irs.test.invalid";
export const SOFTWARE_IDS = new Map([[2025, "25A0000001"]]);
const { softwareId: _unused, ...transmitter } = TRANSMITTER;
export const TRANSMITTER_NO_SOFTWARE = transmitter;

export interface Harness {
  readonly emulator: ReturnType<typeof createIrsEmulator>;
  readonly iris: ReturnType<typeof makeIrisA2a>;
  readonly tin: ReturnType<typeof makeTinMatching>;
  readonly client: IrsApiClient;
  readonly logs: { level: string; msg: string; fields: Record<string, unknown> }[];
  readonly sleeps: number[];
  readonly clock: { now: number };
}

export function harness(
  over: Partial<IrsEmulatorOptions> = {},
  opts: {
    retry?: RetryPolicy;
    privateKey?: typeof KEYS.privateKey;
    fetch?: typeof fetch;
    rejectingRules?: readonly string[];
  } = {},
): Harness {
  const clock = { now: Date.UTC(2026, 1, 2, 15) };
  // XSD validation costs about a second a call: on where a test is about the documents, off elsewhere.
  const emulator = createIrsEmulator({
    publicKey: KEYS.publicKey,
    ...CREDENTIALS,
    now: () => new Date(clock.now),
    judge: { knownTccs: [TRANSMITTER.tcc] },
    validateXsd: false,
    ...over,
  });
  const logs: Harness["logs"] = [];
  const sleeps: number[] = [];
  const options = {
    apiBase: BASE,
    credentials: { ...CREDENTIALS, privateKey: opts.privateKey ?? KEYS.privateKey },
    fetch: opts.fetch ?? emulator.fetch,
    retry: opts.retry ?? { attempts: 4, baseDelayMs: 1, maxDelayMs: 50 },
    environment: "test",
    now: () => clock.now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
    },
    log: (level: "info" | "warn" | "error", msg: string, fields: Record<string, unknown>) => {
      logs.push({ level, msg, fields });
    },
  };
  const client = new IrsApiClient(options);
  return {
    emulator,
    client,
    logs,
    sleeps,
    clock,
    iris: makeIrisA2a(
      {
        ...options,
        transmitter: TRANSMITTER_NO_SOFTWARE,
        softwareIds: SOFTWARE_IDS,
        ...(opts.rejectingRules ? { rejectingRules: opts.rejectingRules } : {}),
      },
      client,
    ),
    tin: makeTinMatching(options, client),
  };
}

/** One transmission of `filings` with a fresh id, and its records map (recordKey -> filing id). */
export function transmission(
  filings: readonly FilingToTransmit[],
  transmissionId = randomUUID(),
): { input: TransmissionInput; records: Map<string, string> } {
  const plans = planTransmissions(filings);
  if (plans.length !== 1 || !plans[0]) throw new Error("expected one plan");
  const records = new Map<string, string>();
  for (const s of plans[0].submissions)
    for (const r of s.records) records.set(recordKey(s.submissionId, r.recordId), r.filingId);
  return { input: { transmissionId, taxYear: plans[0].taxYear, submissions: plans[0].submissions }, records };
}
