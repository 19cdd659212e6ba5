// The SSA transmitter: EFW2 files go to an operator queue (rows on the service database, or in memory), because
// the SSA takes wage files only as uploads through Business Services Online. The submitter of each environment
// is configuration: the sandbox has a made-up one, production reads SSA_SUBMITTER_JSON (hosts/shared/ssa-config.ts).
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import type { Efw2Submitter } from "../../core/domain/efw2/index.ts";
import { SsaTransmitter, type SsaFile, type SsaFileStatus } from "../../core/ports/ssa-transmitter.port.ts";

/** Storage of the queue; the knex and in-memory adapters implement it. */
export interface SsaFileRows {
  readonly insertIfAbsent: (file: SsaFile) => Promise<SsaFile>;
  readonly get: (id: string) => Promise<SsaFile | undefined>;
  readonly byWfid: (livemode: boolean, wfid: string) => Promise<SsaFile | undefined>;
  readonly list: (filter: {
    readonly status?: SsaFileStatus;
    readonly livemode?: boolean;
  }) => Promise<readonly SsaFile[]>;
  readonly update: (
    id: string,
    from: readonly SsaFileStatus[],
    patch: Partial<SsaFile>,
  ) => Promise<SsaFile | undefined>;
}

export interface SsaEnvironments {
  readonly sandbox: Efw2Submitter;
  /** The production submitter, or what is missing to have one. */
  readonly live: Efw2Submitter | { readonly missing: readonly string[] };
}

/** A made-up submitter for the sandbox (its files are never uploaded). */
export const SANDBOX_SUBMITTER: Efw2Submitter = {
  ein: "000000000",
  userId: "SANDBOX1",
  name: "Sandbox Submitter",
  address: { line1: "1 Sandbox Way", city: "Washington", state: "DC", postalCode: "20001", country: "US" },
  contactName: "Sandbox",
  contactPhone: "2025550100",
  contactEmail: "sandbox@example.invalid",
};

export function makeSsaTransmitter(
  environments: SsaEnvironments,
  rows: SsaFileRows,
): SsaTransmitter["Service"] {
  const live = "missing" in environments.live ? undefined : environments.live;
  return SsaTransmitter.of({
    submitter: (livemode) => (livemode ? live : environments.sandbox),
    missingConfiguration: (livemode) => {
      if (!livemode || live) return null;
      const missing = "missing" in environments.live ? environments.live.missing : [];
      return `Production W-2 filing with the SSA is not configured on this server (missing: ${missing.join(", ")}).`;
    },
    enqueue: (file) => Effect.promise(() => rows.insertIfAbsent(file)),
    get: (id) => Effect.promise(() => rows.get(id)),
    byWfid: (livemode, wfid) => Effect.promise(() => rows.byWfid(livemode, wfid)),
    list: (filter) => Effect.promise(() => rows.list(filter)),
    update: (id, from, patch) => Effect.promise(() => rows.update(id, from, patch)),
  });
}

export const layer = (environments: SsaEnvironments, rows: SsaFileRows) =>
  Layer.succeed(SsaTransmitter, makeSsaTransmitter(environments, rows));
