// Accounts and API keys, issued by the command-line tool (D3), and the first-start sandbox seed.
import * as Effect from "effect/Effect";
import type { Account, Role } from "../../domain/parties/account.ts";
import { normalizeAllowlist } from "../../domain/parties/ip-allowlist.ts";
import { InvalidRequest, NotFound } from "../../domain/shared/errors.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Hasher } from "../../ports/hasher.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { Store } from "../../ports/store.port.ts";
import { createPayer } from "../parties/payers.ts";
import { Repos, withTransaction } from "../../ports/unit-of-work.port.ts";

const KEY_BODY = /^[A-Za-z0-9]{32,}$/;

export const createAccount = Effect.fn("createAccount")(function* (name: string) {
  const store = yield* Store;
  const account: Account = {
    id: (yield* Ids).uuid(),
    name,
    liveEnabled: false,
    defaultApiVersion: null,
    ipAllowlist: [],
    createdAt: (yield* Clock).now().toISOString(),
  };
  yield* store.accounts.insert(account);
  return account;
});

/** Issues an API key; returns the secret once. `presetKey` lets operators seed a known sandbox key. */
export const createApiKey = Effect.fn("createApiKey")(function* (
  accountId: string,
  env: "sandbox" | "live",
  role: Role,
  presetKey?: string,
) {
  const store = yield* Store;
  const account = yield* store.accounts.get(accountId);
  if (!account) return yield* new NotFound({ message: `No account ${accountId}.` });
  const prefix = env === "live" ? "sk_live_" : "sk_sandbox_";
  const ids = yield* Ids;
  let key = prefix + ids.short("", 40);
  if (presetKey !== undefined) {
    if (!presetKey.startsWith(prefix) || !KEY_BODY.test(presetKey.slice(prefix.length))) {
      return yield* new InvalidRequest({
        param: "key",
        message: `A preset key must be ${prefix} followed by at least 32 letters and digits.`,
      });
    }
    key = presetKey;
  }
  const row = {
    id: ids.uuid(),
    accountId,
    livemode: env === "live",
    role,
    keyHash: (yield* Hasher).sha256Hex(key),
    displayPrefix: `${key.slice(0, prefix.length + 4)}…${key.slice(-4)}`,
    createdAt: (yield* Clock).now().toISOString(),
  };
  yield* store.apiKeys.insert(row);
  return { id: row.id, key, accountId, livemode: row.livemode, role, displayPrefix: row.displayPrefix };
});

export const listAccounts = Effect.fnUntraced(function* () {
  return yield* (yield* Store).accounts.list();
});

export const enableLive = Effect.fn("enableLive")(function* (accountId: string) {
  const updated = yield* (yield* Store).accounts.update(accountId, { liveEnabled: true });
  if (!updated) return yield* new NotFound({ message: `No account ${accountId}.` });
  return updated;
});

/** D35: the CIDR ranges production credentials of the account must come from; empty turns the check off. */
export const setIpAllowlist = Effect.fn("setIpAllowlist")(function* (
  accountId: string,
  cidrs: readonly string[],
) {
  const normalized = normalizeAllowlist(cidrs);
  if (!normalized.ok)
    return yield* new InvalidRequest({
      param: "cidr",
      message: `${normalized.invalid} is not a CIDR range (a.b.c.d/n or an IPv6 prefix).`,
    });
  const updated = yield* (yield* Store).accounts.update(accountId, { ipAllowlist: normalized.value });
  if (!updated) return yield* new NotFound({ message: `No account ${accountId}.` });
  return updated;
});

/** Issue 41: the account's default for `strict` on intake, FIRE import and pay. */
export const setStrictRules = Effect.fn("setStrictRules")(function* (accountId: string, on: boolean) {
  const updated = yield* (yield* Store).accounts.update(accountId, { strictRules: on });
  if (!updated) return yield* new NotFound({ message: `No account ${accountId}.` });
  return updated;
});

export const SEED_ACCOUNT_NAME = "Sandbox Company";
/** D3: the seeded sandbox starts with 100000 cents of prepaid balance and a working test card. */
export const SEED_BALANCE_CENTS = 100_000;

/**
 * D3: on first start the sandbox gets one account, its main company payer and an owner key printed once.
 * Returns null when the database was already seeded.
 */
export const seedSandbox = Effect.fn("seedSandbox")(function* (presetKey: string | undefined) {
  const store = yield* Store;
  if ((yield* store.accounts.count()) > 0) return null;
  const account = yield* createAccount(SEED_ACCOUNT_NAME);
  const scope = { accountId: account.id, livemode: false };
  const payer = yield* createPayer(
    scope,
    {
      legal_name: "Sandbox Company LLC",
      tin: "000000001",
      tin_type: "ein",
      address_line1: "1 Main Street",
      city: "Springfield",
      state: "IL",
      postal_code: "62701",
      contact_name: "Sandbox Owner",
      contact_email: "owner@example.com",
      contact_phone: "2175550100",
    },
    { isMainCompany: true },
  );
  const key = yield* createApiKey(account.id, "sandbox", "owner", presetKey);
  const ids = yield* Ids;
  const now = (yield* Clock).now().toISOString();
  yield* withTransaction(
    Effect.gen(function* () {
      const tx = yield* Repos(scope);
      const balance = yield* tx.balance.lock();
      if (balance.entryCount > 0) return;
      yield* tx.balance.append([
        {
          id: `led_${"1".padStart(10, "0")}${ids.short("", 10)}`,
          seq: 1,
          kind: "topup",
          amount_cents: SEED_BALANCE_CENTS,
          balance_after_cents: SEED_BALANCE_CENTS,
          description: "Sandbox starting balance",
          createdAt: now,
        },
      ]);
      yield* tx.balance.update({ card: { token: "tok_visa", brand: "visa", last4: "4242" } });
    }),
  );
  return { account, payer, key };
});
