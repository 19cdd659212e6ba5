// The filings-side storage roles' contract suites (test/adapters/contract/) on every Store adapter: the in-memory
// fake, PGlite, and Postgres when DATABASE_URL is set. The other roles run in store.test.ts.
import { cartsOrdersContract } from "./contract/carts-orders.contract.ts";
import { filingsContract } from "./contract/filings.contract.ts";
import { eachStoreAdapter } from "./contract/adapters.ts";

eachStoreAdapter((name, open) => {
  for (const contract of [filingsContract, cartsOrdersContract]) contract(name, open).run();
});
