// Rows of accounts, API keys, credentials (the access gate's lookups), payers, recipients and extensions.
import type { Account, Role } from "../../../core/domain/parties/account.ts";
import type { Payer, TinType } from "../../../core/domain/parties/payer.ts";
import type { DeliveryMethod, Recipient } from "../../../core/domain/parties/recipient.ts";
import type { Extension } from "../../../core/domain/extensions/extension.ts";
import type { ApiKeyRow as ApiKey } from "../../../core/ports/accounts.port.ts";
import {
  Bool,
  type Decoded,
  json,
  arrayOf,
  literals,
  Num,
  NullableText,
  recordOf,
  rowCodec,
  type SameMembers,
  struct,
  Text,
  Timestamp,
  nullable,
} from "./columns.ts";

const TIN_TYPES = ["ein", "ssn"] as const;
const DELIVERY_METHODS = ["paper", "electronic"] as const;
const ROLES = ["owner", "developer", "member"] as const;
/** API keys are owner or developer (D4). */
const KEY_ROLES = ["owner", "developer"] as const;
const lists: [
  SameMembers<(typeof TIN_TYPES)[number], TinType>,
  SameMembers<(typeof DELIVERY_METHODS)[number], DeliveryMethod>,
  SameMembers<(typeof ROLES)[number], Role>,
] = [true, true, true];
void lists;

const ACCOUNT = {
  id: Text,
  name: Text,
  live_enabled: Bool,
  default_api_version: NullableText,
  ip_allowlist: json(arrayOf(Text)),
  strict_rules: Bool,
  created_at: Timestamp,
} as const;
export const AccountRow = rowCodec("accounts", struct(ACCOUNT));
type AccountColumns = Decoded<typeof ACCOUNT>;

export const accountFrom = (r: AccountColumns): Account => ({
  id: r.id,
  name: r.name,
  liveEnabled: r.live_enabled,
  defaultApiVersion: r.default_api_version,
  ipAllowlist: r.ip_allowlist,
  ...(r.strict_rules ? { strictRules: true } : {}),
  createdAt: r.created_at,
});
export const toAccount = (row: unknown): Account => accountFrom(AccountRow.decode(row));

export const ApiKeyRow = rowCodec(
  "api_keys",
  struct({
    id: Text,
    account_id: Text,
    livemode: Bool,
    role: literals(KEY_ROLES),
    key_hash: Text,
    display_prefix: Text,
    created_at: Timestamp,
  }),
);
export function toApiKey(row: unknown): ApiKey {
  const r = ApiKeyRow.decode(row);
  return {
    id: r.id,
    accountId: r.account_id,
    livemode: r.livemode,
    role: r.role,
    keyHash: r.key_hash,
    displayPrefix: r.display_prefix,
    createdAt: r.created_at,
  };
}

/** The access gate's API key lookup: the key's columns beside its account's (`a.*`). */
export const KeyCredentialRow = rowCodec(
  "api key credential",
  struct({ ...ACCOUNT, key_id: Text, livemode: Bool, role: literals(KEY_ROLES) }),
);
/** The access gate's OAuth access token lookup: the token's and its grant's columns beside the account's. */
export const TokenCredentialRow = rowCodec(
  "oauth token credential",
  struct({
    ...ACCOUNT,
    grant_id: Text,
    token_scopes: json(arrayOf(Text)),
    token_expires_at: Timestamp,
    grant_livemode: Bool,
    grant_role: literals(ROLES),
    grant_payer_id: NullableText,
  }),
);
/** The shared rate window after an increment. */
export const RateWindowRow = rowCodec("rate_windows", struct({ used: Num, window_start: Num }));

export const PayerRow = rowCodec(
  "payers",
  struct({
    id: Text,
    account_id: Text,
    livemode: Bool,
    legal_name: Text,
    tin_type: literals(TIN_TYPES),
    tin_last4: Text,
    address_line1: NullableText,
    address_line2: NullableText,
    city: NullableText,
    state: NullableText,
    postal_code: NullableText,
    country: Text,
    contact_name: NullableText,
    contact_email: NullableText,
    contact_phone: NullableText,
    is_main_company: Bool,
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);
export function toPayer(row: unknown): Payer {
  const r = PayerRow.decode(row);
  return {
    id: r.id,
    accountId: r.account_id,
    livemode: r.livemode,
    legalName: r.legal_name,
    tinType: r.tin_type,
    tinLast4: r.tin_last4,
    addressLine1: r.address_line1,
    addressLine2: r.address_line2,
    city: r.city,
    state: r.state,
    postalCode: r.postal_code,
    country: r.country,
    contactName: r.contact_name,
    contactEmail: r.contact_email,
    contactPhone: r.contact_phone,
    isMainCompany: r.is_main_company,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
/** The key columns of a payer read by id (the coalesced lookup matches rows to callers by them). */
export const PayerKeyRow = rowCodec("payers", struct({ id: Text, account_id: Text, livemode: Bool }));

const RECIPIENT = {
  id: Text,
  short_id: Text,
  account_id: Text,
  livemode: Bool,
  payer_id: Text,
  name: Text,
  tin_type: nullable(literals(TIN_TYPES)),
  tin_last4: Text,
  tin_hash: Text,
  address_line1: NullableText,
  address_line2: NullableText,
  city: NullableText,
  state: NullableText,
  postal_code: NullableText,
  country: Text,
  email: NullableText,
  delivery_method: literals(DELIVERY_METHODS),
  account_number: NullableText,
  created_at: Timestamp,
  updated_at: Timestamp,
} as const;
export const RecipientRow = rowCodec("recipients", struct(RECIPIENT));

const recipientFrom = (r: Decoded<typeof RECIPIENT>): Recipient => ({
  id: r.id,
  shortId: r.short_id,
  accountId: r.account_id,
  livemode: r.livemode,
  payerId: r.payer_id,
  name: r.name,
  tinType: r.tin_type,
  tinLast4: r.tin_last4,
  addressLine1: r.address_line1,
  addressLine2: r.address_line2,
  city: r.city,
  state: r.state,
  postalCode: r.postal_code,
  country: r.country,
  email: r.email,
  deliveryMethod: r.delivery_method,
  accountNumber: r.account_number,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
export const toRecipient = (row: unknown): Recipient => recipientFrom(RecipientRow.decode(row));
/** A recipient with the hash of its TIN (intake matches recipients by it). */
export function toRecipientWithTinHash(row: unknown): Recipient & { readonly tinHash: string } {
  const r = RecipientRow.decode(row);
  return { ...recipientFrom(r), tinHash: r.tin_hash };
}

/** A TIN column read alone (`tinCiphertext`, `tinHash` of payers and recipients). */
export const TinCiphertextRow = rowCodec("tin ciphertext", struct({ tin_ciphertext: Text }));
export const TinHashRow = rowCodec("tin hash", struct({ tin_hash: Text }));

export const ExtensionRow = rowCodec(
  "extensions",
  struct({
    id: Text,
    payer_id: Text,
    tax_year: Num,
    forms: json(arrayOf(Text)),
    reasons: json(recordOf(Bool)),
    status: literals(["accepted"]),
    receipt_id: Text,
    livemode: Bool,
    created_at: Timestamp,
  }),
);
export function toExtension(row: unknown): Extension {
  const r = ExtensionRow.decode(row);
  return {
    id: r.id,
    payerId: r.payer_id,
    taxYear: r.tax_year,
    forms: r.forms,
    reasons: r.reasons,
    status: r.status,
    receiptId: r.receipt_id,
    livemode: r.livemode,
    createdAt: r.created_at,
  };
}
