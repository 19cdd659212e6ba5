import * as Effect from "effect/Effect";
import type * as Ports from "../../../core/ports/store.port.ts";
import { pageFrom, type FakeScope } from "./shared.ts";

export function fakeTinMatches(c: FakeScope): Ports.TinMatchRepo {
  const { ref, scope, mine } = c;
  return {
    insert: (r) =>
      Effect.sync(() => {
        ref.t.tinRuns.set(r.id, { ...r, ...scope });
      }),
    get: (id) =>
      Effect.sync(() => {
        const r = ref.t.tinRuns.get(id);
        return r && mine(r) ? r : undefined;
      }),
    list: (page) => Effect.sync(() => pageFrom([...ref.t.tinRuns.values()].filter(mine), page)),
    complete: (id, results, now) =>
      Effect.sync(() => {
        const r = ref.t.tinRuns.get(id);
        if (!r || !mine(r) || r.status !== "processing") return false;
        ref.t.tinRuns.set(id, { ...r, status: "completed", results, completedAt: now });
        return true;
      }),
  };
}
