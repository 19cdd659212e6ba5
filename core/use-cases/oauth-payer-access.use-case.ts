// Payer-scoped OAuth grants (SPEC "Payers and recipients", intake rule 3, D32) act only for their payer: a
// call that touches any other payer's data is 403 forbidden. The host names what each route touches; this
// finds the payers behind it. Resources that do not exist touch nobody (the route then answers 404).
import { Effect } from "effect";
import { Forbidden } from "../domain/shared/errors.ts";
import { Store, type Scope, type ScopedStore } from "../ports/store.port.ts";

export type PayerTarget =
  | { readonly payer: string }
  | { readonly recipients: readonly string[] }
  | { readonly filings: readonly string[] }
  | { readonly batch: string }
  | { readonly order: string }
  | { readonly openCart: true }
  /** An item of the open cart, by item id or filing id. */
  | { readonly cartItem: string }
  | { readonly extension: string }
  | { readonly tinMatch: string };

const payersOfFilings = (repos: ScopedStore, ids: readonly string[]) =>
  Effect.forEach(ids, (id) => Effect.map(repos.filings.get(id), (f) => f?.payerId), { concurrency: 1 });

const payersOfFilingUuids = (repos: ScopedStore, ids: readonly string[]) =>
  Effect.map(repos.filings.getMany(ids), (fs) => fs.map((f) => f.payerId));

function touched(repos: ScopedStore, t: PayerTarget): Effect.Effect<readonly (string | undefined)[]> {
  if ("payer" in t) return Effect.succeed([t.payer]);
  if ("recipients" in t) return Effect.forEach(t.recipients, (id) => Effect.map(repos.recipients.get(id), (r) => r?.payerId), { concurrency: 1 });
  if ("filings" in t) return payersOfFilings(repos, t.filings);
  if ("batch" in t) {
    return Effect.flatMap(repos.batches.get(t.batch), (b) => {
      if (!b) return Effect.succeed([]);
      if (b.payerId !== null) return Effect.succeed([b.payerId]);
      return payersOfFilingUuids(repos, b.rows.flatMap((r) => (r.id ? [r.id] : [])));
    });
  }
  if ("order" in t) {
    return Effect.flatMap(repos.orders.get(t.order), (o) => (o
      ? Effect.flatMap(repos.carts.items(o.cartId), (items) => payersOfFilingUuids(repos, items.map((i) => i.filingId)))
      : Effect.succeed([])));
  }
  if ("openCart" in t) {
    return Effect.flatMap(repos.carts.current(), (c) => (c
      ? Effect.flatMap(repos.carts.items(c.id), (items) => payersOfFilingUuids(repos, items.map((i) => i.filingId)))
      : Effect.succeed([])));
  }
  if ("cartItem" in t) {
    return Effect.flatMap(repos.carts.current(), (c) => (c
      ? Effect.flatMap(repos.carts.items(c.id), (items) => {
        const item = items.find((i) => i.id === t.cartItem || i.filingId === t.cartItem);
        return item ? payersOfFilingUuids(repos, [item.filingId]) : Effect.succeed([]);
      })
      : Effect.succeed([])));
  }
  if ("extension" in t) return Effect.map(repos.extensions.get(t.extension), (e) => [e?.payerId]);
  return Effect.flatMap(repos.tinMatches.get(t.tinMatch), (run) => {
    const ids = (run?.entries ?? []).flatMap((e) => (e.recipient ? [e.recipient] : []));
    return Effect.map(repos.recipients.getMany(ids), (rs) => rs.map((r) => r.payerId));
  });
}

/** Fails with 403 forbidden when `targets` touch a payer other than `payerId`. */
export const confineToPayer = Effect.fnUntraced(function* (scope: Scope, payerId: string, targets: readonly PayerTarget[]) {
  const repos = (yield* Store).scoped(scope);
  for (const target of targets) {
    const payers = yield* touched(repos, target);
    const other = payers.find((p) => p !== undefined && p !== payerId);
    if (other !== undefined) {
      return yield* new Forbidden({ message: `This authorization acts only for payer ${payerId}; the request touches another payer's data.` });
    }
  }
});
