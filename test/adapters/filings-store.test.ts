import { makeFakeStore } from "../../adapters/in-memory/store.fake.ts";
import { makeKnexStore } from "../../adapters/knex/store.knex.ts";
import { backends, openTestDb } from "../support/db.ts";
import { filingsContract } from "./filings.contract.ts";

filingsContract("in-memory", async () => ({ store: makeFakeStore(), close: async () => {} })).run();
for (const backend of backends) {
  filingsContract(backend, async () => {
    const t = await openTestDb(backend);
    return { store: makeKnexStore(t.db.knex), close: t.drop };
  }).run();
}
