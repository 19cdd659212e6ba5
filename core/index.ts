// The public API of the core for embedders: the domain (form catalogue, Pub 1220 parser and writer, pricing,
// ledger, state machine, webhook signatures), the ports an embedder implements or takes from `adapters/`, the
// use cases as Effect programs, and a small Promise facade for services that do not use Effect.
import * as Layer from "effect/Layer";
import * as ManagedRuntime from "effect/ManagedRuntime";
import type * as Effect from "effect/Effect";
import { Clock } from "./ports/clock.port.ts";
import { Hasher } from "./ports/hasher.port.ts";
import { Ids } from "./ports/ids.port.ts";
import { Pricing } from "./ports/pricing.port.ts";
import { Store, type Scope } from "./ports/store.port.ts";
import { TinVault } from "./ports/tin-vault.port.ts";
import { createPayer, getPayer, listPayers, updatePayer } from "./use-cases/parties/payers.ts";
import {
  createRecipient,
  getRecipient,
  listRecipients,
  updateRecipient,
} from "./use-cases/parties/recipients.ts";
import { filePayerForms, getFiling, listFilings } from "./use-cases/filing/filings.ts";
import { cartDetails } from "./use-cases/money/cart.ts";
import { getQuote, getRateCard } from "./use-cases/money/prices.ts";
import type { PageQuery } from "./domain/shared/paging.ts";
import { getW9Request, listW9Requests } from "./use-cases/parties/w9-requests.ts";
import { getBNotice, listBNotices, recordBNoticeValidation } from "./use-cases/parties/b-notices.ts";

export * as forms from "./domain/forms/index.ts";
export * as fire from "./domain/fire/index.ts";
export * as efw2 from "./domain/efw2/index.ts";
export * as pricing from "./domain/pricing/index.ts";
export * as ledger from "./domain/ledger/index.ts";
export * as iris from "./domain/iris/index.ts";
export * as webhooks from "./domain/webhooks/index.ts";
export { signPayload, verifySignature } from "./domain/webhooks/index.ts";
export * from "./domain/filing/status.ts";
export * from "./domain/shared/errors.ts";
export { Tin } from "./domain/shared/tin.ts";
export { Clock, Hasher, Ids, Pricing, Store, TinVault };
export type { Scope };
export * as useCases from "./use-cases/index.ts";

/** The services the facade needs; take them from `adapters/` (Knex store, system clock, ids and vault...). */
export interface FilingServiceParts {
  readonly store: Store["Service"];
  readonly clock: Clock["Service"];
  readonly ids: Ids["Service"];
  readonly vault: TinVault["Service"];
  readonly hasher: Hasher["Service"];
  readonly pricing: Pricing["Service"];
}

/** Plain async functions over the core's use cases, for embedders that do not use Effect. Failures reject with the typed domain errors. */
export function createFilingService(parts: FilingServiceParts) {
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(
      Layer.succeed(Store, parts.store),
      Layer.succeed(Clock, parts.clock),
      Layer.succeed(Ids, parts.ids),
      Layer.succeed(TinVault, parts.vault),
      Layer.succeed(Hasher, parts.hasher),
      Layer.succeed(Pricing, parts.pricing),
    ),
  );
  type Services = Store | Clock | Ids | TinVault | Hasher | Pricing;
  const run = <A, E>(e: Effect.Effect<A, E, Services>) => runtime.runPromise(e);
  return {
    createPayer: (scope: Scope, body: unknown) => run(createPayer(scope, body)),
    getPayer: (scope: Scope, id: string) => run(getPayer(scope, id)),
    listPayers: (scope: Scope, page: PageQuery) => run(listPayers(scope, page)),
    updatePayer: (scope: Scope, id: string, body: unknown) => run(updatePayer(scope, id, body)),
    createRecipient: (scope: Scope, body: unknown) => run(createRecipient(scope, body)),
    getRecipient: (scope: Scope, id: string) => run(getRecipient(scope, id)),
    listRecipients: (scope: Scope, page: PageQuery, payerId?: string) =>
      run(listRecipients(scope, page, payerId)),
    updateRecipient: (scope: Scope, id: string, body: unknown) => run(updateRecipient(scope, id, body)),
    /** POST /v1/payers/{payerId}/forms as a function: the same use case, so the same rules (404 payer, D10 422). */
    fileForms: (scope: Scope, payerId: string, body: unknown) => run(filePayerForms(scope, payerId, body)),
    getFiling: (scope: Scope, id: string) => run(getFiling(scope, id)),
    listFilings: (scope: Scope, page: PageQuery) => run(listFilings(scope, page, {})),
    cartDetails: (scope: Scope) => run(cartDetails(scope)),
    rateCard: () => run(getRateCard()),
    quote: (query: Record<string, unknown>) => run(getQuote(query)),
    /** Issue 40: W-9 requests as the API lists them (asking and the hosted W-9 need a Mailer: the HTTP host). */
    getW9Request: (scope: Scope, id: string) => run(getW9Request(scope, id)),
    listW9Requests: (scope: Scope, page: PageQuery, filter: { status?: string; recipient?: string } = {}) =>
      run(listW9Requests(scope, page, filter)),
    /** Issue 40 item 4: the B-notice history and the validation that clears a second notice (uploads need the worker). */
    getBNotice: (scope: Scope, id: string) => run(getBNotice(scope, id)),
    listBNotices: (
      scope: Scope,
      page: PageQuery,
      filter: { recipient?: string; payer?: string; cp2100_upload?: string; status?: string } = {},
    ) => run(listBNotices(scope, page, filter)),
    recordBNoticeValidation: (scope: Scope, id: string, body: unknown) =>
      run(recordBNoticeValidation(scope, id, body)),
    dispose: () => runtime.dispose(),
  };
}
