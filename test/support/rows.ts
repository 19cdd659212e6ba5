// Store rows for the adapter contract tests (test/adapters/contract/): an account, a payer and a recipient with plain defaults.
// `at` hands out the timestamps, so each suite controls their order (paging cases depend on it).
import { randomUUID } from "node:crypto";
import type { PayerRow, RecipientRow, Scope } from "../../core/ports/store.port.ts";
import type { Account } from "../../core/domain/parties/account.ts";

/** A random id with a prefix, the shape of the service's short ids. */
export const shortId = (prefix: string) => prefix + randomUUID().replace(/-/g, "").slice(0, 20);

export function storeRows(at: () => string) {
  const account = (): Account => ({
    id: randomUUID(),
    name: "A",
    liveEnabled: false,
    defaultApiVersion: null,
    ipAllowlist: [],
    createdAt: at(),
  });
  const payer = (scope: Scope, over: Partial<PayerRow> = {}): PayerRow => {
    const now = at();
    return {
      id: randomUUID(),
      accountId: scope.accountId,
      livemode: scope.livemode,
      legalName: "Payer",
      tinType: "ein",
      tinLast4: "6789",
      addressLine1: null,
      addressLine2: null,
      city: null,
      state: null,
      postalCode: null,
      country: "US",
      contactName: null,
      contactEmail: null,
      contactPhone: null,
      isMainCompany: false,
      createdAt: now,
      updatedAt: now,
      tinCiphertext: "v1:x",
      tinHash: "h-payer",
      ...over,
    };
  };
  const recipient = (scope: Scope, payerId: string, over: Partial<RecipientRow> = {}): RecipientRow => {
    const now = at();
    return {
      id: randomUUID(),
      shortId: shortId("rcp_"),
      accountId: scope.accountId,
      livemode: scope.livemode,
      payerId,
      name: "Rec",
      tinType: "ssn",
      tinLast4: "1234",
      addressLine1: null,
      addressLine2: null,
      city: null,
      state: null,
      postalCode: null,
      country: "US",
      email: null,
      deliveryMethod: "paper",
      accountNumber: null,
      createdAt: now,
      updatedAt: now,
      tinCiphertext: "v1:y",
      tinHash: "h-rec",
      ...over,
    };
  };
  return { account, payer, recipient };
}
