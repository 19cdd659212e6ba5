// Payer-scoped OAuth grants (SPEC "Payers and recipients", intake rule 3, D32) act only for their payer: a
// call that touches any other payer's data is 403 forbidden. The host names what each route touches; this
// finds the payers behind it. Resources that do not exist touch nobody (the route then answers 404).
import * as Effect from "effect/Effect";
import { Forbidden } from "../../domain/shared/errors.ts";
import { Store, type Scope, type ScopedStore } from "../../ports/store.port.ts";

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
  if ("recipients" in t)
    return Effect.forEach(t.recipients, (id) => Effect.map(repos.recipients.get(id), (r) => r?.payerId), {
      concurrency: 1,
    });
  if ("filings" in t) return payersOfFilings(repos, t.filings);
  if ("batch" in t) {
    return Effect.flatMap(repos.batches.get(t.batch), (b) => {
      if (!b) return Effect.succeed([]);
      if (b.payerId !== null) return Effect.succeed([b.payerId]);
      return payersOfFilingUuids(
        repos,
        b.rows.flatMap((r) => (r.id ? [r.id] : [])),
      );
    });
  }
  if ("order" in t) {
    return Effect.flatMap(repos.orders.get(t.order), (o) =>
      o
        ? Effect.flatMap(repos.carts.items(o.cartId), (items) =>
            payersOfFilingUuids(
              repos,
              items.map((i) => i.filingId),
            ),
          )
        : Effect.succeed([]),
    );
  }
  if ("openCart" in t) {
    return Effect.flatMap(repos.carts.current(), (c) =>
      c
        ? Effect.flatMap(repos.carts.items(c.id), (items) =>
            payersOfFilingUuids(
              repos,
              items.map((i) => i.filingId),
            ),
          )
        : Effect.succeed([]),
    );
  }
  if ("cartItem" in t) {
    return Effect.flatMap(repos.carts.current(), (c) =>
      c
        ? Effect.flatMap(repos.carts.items(c.id), (items) => {
            const item = items.find((i) => i.id === t.cartItem || i.filingId === t.cartItem);
            return item ? payersOfFilingUuids(repos, [item.filingId]) : Effect.succeed([]);
          })
        : Effect.succeed([]),
    );
  }
  if ("extension" in t) return Effect.map(repos.extensions.get(t.extension), (e) => [e?.payerId]);
  return Effect.flatMap(repos.tinMatches.get(t.tinMatch), (run) => {
    const ids = (run?.entries ?? []).flatMap((e) => (e.recipient ? [e.recipient] : []));
    return Effect.map(repos.recipients.getMany(ids), (rs) => rs.map((r) => r.payerId));
  });
}

/** Fails with 403 forbidden when `targets` touch a payer other than `payerId`. */
export const confineToPayer = Effect.fnUntraced(function* (
  scope: Scope,
  payerId: string,
  targets: readonly PayerTarget[],
) {
  const repos = (yield* Store).scoped(scope);
  for (const target of targets) {
    const payers = yield* touched(repos, target);
    const other = payers.find((p) => p !== undefined && p !== payerId);
    if (other !== undefined) {
      return yield* new Forbidden({
        message:
          "openCart" in target
            ? `This authorization acts only for payer ${payerId}; the cart holds another payer's forms, so it may not see, change or pay it.`
            : `This authorization acts only for payer ${payerId}; the request touches another payer's data.`,
      });
    }
  }
});

/**
 * A list filter naming a payer, under a grant confined to `confinedTo` (null: the whole account): another
 * payer than the grant's is 403; none means the grant's own.
 */
export function confinedFilter(
  confinedTo: string | null,
  requested: string | undefined,
): string | undefined | Forbidden {
  if (confinedTo === null) return requested;
  if (requested !== undefined && requested !== confinedTo)
    return new Forbidden({ message: `This authorization acts only for payer ${confinedTo}.` });
  return confinedTo;
}

function fieldOf(body: unknown, name: string): unknown {
  return typeof body === "object" && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)[name]
    : undefined;
}
const strings = (values: readonly unknown[]): string[] =>
  values.filter((v): v is string => typeof v === "string");

/**
 * What a request body names, read before the body is validated (a malformed body names nothing and then fails
 * validation in its use case). One reader per body shape; the hosts pick the reader of their route.
 */
export const bodyTargets = {
  /** `payer` of the body (single intake, extensions). */
  payer: (body: unknown): readonly PayerTarget[] =>
    strings([fieldOf(body, "payer")]).map((payer) => ({ payer })),
  /** The batch body's payer and every row's (D23). */
  batch: (body: unknown): readonly PayerTarget[] => {
    const forms = fieldOf(body, "forms");
    return strings([
      fieldOf(body, "payer"),
      ...(Array.isArray(forms) ? forms.map((f) => fieldOf(f, "payer")) : []),
    ]).map((payer) => ({ payer }));
  },
  /** The filings a cart-items body names: `filing_id` (description) or `forms[].form_id` (reference). */
  cartItems: (body: unknown): readonly PayerTarget[] => {
    const forms = fieldOf(body, "forms");
    return [
      {
        filings: strings([
          fieldOf(body, "filing_id"),
          ...(Array.isArray(forms) ? forms.map((f) => fieldOf(f, "form_id")) : []),
        ]),
      },
    ];
  },
  /** A W-9 request's `payer`, or its `recipient` (issue 40). */
  w9Request: (body: unknown): readonly PayerTarget[] => [
    ...strings([fieldOf(body, "payer")]).map((payer) => ({ payer })),
    { recipients: strings([fieldOf(body, "recipient")]) },
  ],
  /** The recipients a TIN match names; entries by name and TIN touch no payer. */
  tinMatch: (body: unknown): readonly PayerTarget[] => {
    const ids = fieldOf(body, "recipients");
    return [{ recipients: Array.isArray(ids) ? strings(ids) : [] }];
  },
} as const;
