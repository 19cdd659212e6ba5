// SPEC "Payers and recipients": create, read, list and PATCH payers. PATCH changes only named fields;
// the TIN is write-once.
import * as Effect from "effect/Effect";
import { newAddress } from "../../domain/parties/address.ts";
import { InvalidRequest, NotFound } from "../../domain/shared/errors.ts";
import { parsePayerCreate, parsePayerUpdate, type Payer } from "../../domain/parties/payer.ts";
import type { Page, PageQuery } from "../../domain/shared/paging.ts";
import { isUuid } from "../../domain/shared/validation.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { Store, type PayerPatch, type Scope } from "../../ports/store.port.ts";
import { TinVault } from "../../ports/tin-vault.port.ts";

const notFound = (id: string) => new NotFound({ message: `No payer ${id} in this environment.` });

export const createPayer = Effect.fn("createPayer")(function* (
  scope: Scope,
  body: unknown,
  opts: { isMainCompany?: boolean } = {},
) {
  const input = parsePayerCreate(body);
  if (input instanceof InvalidRequest) return yield* input;
  const store = yield* Store;
  const vault = yield* TinVault;
  const now = (yield* Clock).now().toISOString();
  const sealed = vault.seal(input.tin);
  const payer: Payer = {
    id: (yield* Ids).uuid(),
    accountId: scope.accountId,
    livemode: scope.livemode,
    legalName: input.legalName,
    tinType: input.tinType,
    tinLast4: sealed.last4,
    ...newAddress(input),
    contactName: input.contactName ?? null,
    contactEmail: input.contactEmail ?? null,
    contactPhone: input.contactPhone ?? null,
    isMainCompany: opts.isMainCompany ?? false,
    createdAt: now,
    updatedAt: now,
  };
  yield* store
    .scoped(scope)
    .payers.insert({ ...payer, tinCiphertext: sealed.ciphertext, tinHash: sealed.hash });
  return payer;
});

export const getPayer = Effect.fnUntraced(function* (scope: Scope, id: string) {
  if (!isUuid(id)) return yield* notFound(id);
  const payer = yield* (yield* Store).scoped(scope).payers.get(id);
  if (!payer) return yield* notFound(id);
  return payer;
});

/** `confinedTo`: the payer a payer-scoped grant acts for (D32); it lists that one payer. */
export const listPayers = Effect.fnUntraced(function* (
  scope: Scope,
  page: PageQuery,
  confinedTo: string | null = null,
) {
  if (confinedTo !== null) {
    const own: Page<Payer> = {
      data: page.startingAfter === null ? [yield* getPayer(scope, confinedTo)] : [],
      hasMore: false,
      nextCursor: null,
    };
    return own;
  }
  const result: Page<Payer> = yield* (yield* Store).scoped(scope).payers.list(page);
  return result;
});

export const updatePayer = Effect.fn("updatePayer")(function* (scope: Scope, id: string, body: unknown) {
  if (!isUuid(id)) return yield* notFound(id);
  const input = parsePayerUpdate(body);
  if (input instanceof InvalidRequest) return yield* input;
  const store = yield* Store;
  const now = (yield* Clock).now().toISOString();
  const { tin: _tin, ...fields } = input;
  const patch: PayerPatch = { ...fields, updatedAt: now };
  const updated = yield* store.scoped(scope).payers.update(id, patch);
  if (!updated) return yield* notFound(id);
  return updated;
});
