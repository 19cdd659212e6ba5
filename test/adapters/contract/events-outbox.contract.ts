// The events role (core/ports/events.port.ts: events, webhook endpoints and deliveries, the outbox) against a
// store adapter (moved from the whole-store filings contract). Runs on a store with `events` alone.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { storeRows } from "../../support/rows.ts";
import {
  clock,
  contractSetup,
  run,
  type ContractContext,
  type OpenStore,
  type RoleStore,
} from "./harness.ts";
import { intakeStart } from "./intake-rows.ts";

/** What the events suite needs of a store. */
export type EventsOutboxStore = RoleStore<"events">;

export function eventsOutboxContract(name: string, open: OpenStore<EventsOutboxStore>) {
  const s = suite<ContractContext<EventsOutboxStore>>(`Events and outbox contract: ${name}`);
  const { account } = storeRows(clock(intakeStart));

  contractSetup(s, open, account);

  s("events.insertMany: all stored, scoped", async ({ store, a, b }) => {
    const at = "2026-03-01T00:00:00.000Z";
    const events = [1, 2, 3].map((n) => ({
      id: `evt_many${n}_${Math.random().toString(36).slice(2, 8)}`,
      type: "filing.accepted",
      data: { n, errors: [{ message: 'It\'s "quoted" & <odd>' }] },
      createdAt: at,
    }));
    await run(store.scoped(a).events.insertMany(events));
    await run(store.scoped(a).events.insertMany([]));
    for (const e of events) {
      const got = await run(store.scoped(a).events.get(e.id));
      assert.equal(got && { id: got.id, type: got.type, data: got.data, createdAt: got.createdAt }, e);
      assert.is(await run(store.scoped(b).events.get(e.id)), undefined);
    }
  });

  return s;
}
