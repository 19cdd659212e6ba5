// The SSA operator queue in memory, for embedders' tests and the domain tests.
import type { SsaFile } from "../../core/ports/ssa-transmitter.port.ts";
import type { SsaFileRows } from "../ssa/ssa-transmitter.ts";

export function makeInMemorySsaFiles(): SsaFileRows {
  const files = new Map<string, SsaFile>();
  return {
    insertIfAbsent: async (file) => {
      const kept = files.get(file.id);
      if (kept) return kept;
      files.set(file.id, file);
      return file;
    },
    get: async (id) => files.get(id),
    byWfid: async (livemode, wfid) =>
      [...files.values()].find((f) => f.livemode === livemode && f.wfid === wfid),
    list: async ({ status, livemode }) =>
      [...files.values()]
        .filter(
          (f) =>
            (status === undefined || f.status === status) &&
            (livemode === undefined || f.livemode === livemode),
        )
        .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0)),
    update: async (id, from, patch) => {
      const f = files.get(id);
      if (!f || !from.includes(f.status)) return undefined;
      const next = { ...f, ...patch };
      files.set(id, next);
      return next;
    },
  };
}
