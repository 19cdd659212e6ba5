// The whole Store adapters the role suites run on: the in-memory fake, PGlite, and Postgres when DATABASE_URL is set.
import { makeFakeStore } from "../../../adapters/in-memory/store.fake.ts";
import { makeKnexStore } from "../../../adapters/knex/store.knex.ts";
import type { Store } from "../../../core/ports/store.port.ts";
import { backends, openTestDb } from "../../support/db.ts";
import type { OpenStore } from "./harness.ts";

/**
 * Calls `register` once per adapter with its name and how to open a store of it for one suite. The role suites of
 * a test file share one database per backend (a PGlite costs seconds to open): fresh accounts keep their cases
 * apart, as they did when every case was in one suite. It is dropped once no suite holds it; a suite opening
 * after that gets a new one.
 */
export function eachStoreAdapter(register: (name: string, open: OpenStore<Store["Service"]>) => void): void {
  register("in-memory", async () => ({ store: makeFakeStore(), close: async () => {} }));
  for (const backend of backends) {
    register(
      backend,
      shared(async () => {
        const t = await openTestDb(backend);
        return { store: makeKnexStore(t.db.knex), close: t.drop };
      }),
    );
  }
}

/** `open` shared by the suites that run one after another: closed a turn of the event loop after the last close. */
function shared<S>(open: OpenStore<S>): OpenStore<S> {
  let current: Promise<{ store: S; close: () => Promise<void> }> | undefined;
  let holders = 0;
  let pendingClose: ReturnType<typeof setTimeout> | undefined;
  return async () => {
    clearTimeout(pendingClose);
    holders++;
    const opened = await (current ??= open());
    return {
      store: opened.store,
      close: async () => {
        if (--holders > 0) return;
        pendingClose = setTimeout(() => {
          current = undefined;
          void opened.close();
        }, 0);
      },
    };
  };
}
