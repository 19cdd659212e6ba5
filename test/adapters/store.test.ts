// Every storage role's contract suite (test/adapters/contract/) on every Store adapter: the in-memory fake,
// PGlite, and Postgres when DATABASE_URL is set. The filings-side roles run in filings-store.test.ts (a second
// process). A partial adapter runs one role's suite alone: contract/partial-adapter.test.ts.
import { accountsContract } from "./contract/accounts.contract.ts";
import { eventsOutboxContract } from "./contract/events-outbox.contract.ts";
import { ledgerContract } from "./contract/ledger.contract.ts";
import { operationsContract } from "./contract/operations.contract.ts";
import { partiesContract } from "./contract/parties.contract.ts";
import { statementsContract } from "./contract/statements.contract.ts";
import { emailOutboxContract } from "./contract/email-outbox.contract.ts";
import { portalContract } from "./contract/portal.contract.ts";
import { w9RequestsContract } from "./contract/w9-requests.contract.ts";
import { bNoticesContract } from "./contract/b-notices.contract.ts";
import { tinMatchContract } from "./contract/tin-match.contract.ts";
import { unitOfWorkContract } from "./contract/unit-of-work.contract.ts";
import { eachStoreAdapter } from "./contract/adapters.ts";

eachStoreAdapter((name, open) => {
  for (const contract of [
    accountsContract,
    partiesContract,
    ledgerContract,
    operationsContract,
    eventsOutboxContract,
    tinMatchContract,
    statementsContract,
    emailOutboxContract,
    portalContract,
    w9RequestsContract,
    bNoticesContract,
    unitOfWorkContract,
  ])
    contract(name, open).run();
});
