// App registration and users, for the command-line tool (D32): exact redirect URIs, allowed scopes, the
// client secret shown once and stored hashed; users sign in on the consent page with an scrypt password.
import * as Effect from "effect/Effect";
import { InvalidRequest, NotFound } from "../../domain/shared/errors.ts";
import {
  GRANT_TYPES,
  PREFIX,
  SECRET_LENGTH,
  type Environment,
  type GrantType,
  type OAuthApp,
  type UserRole,
} from "../../domain/oauth/model.ts";
import { validateRedirectUri } from "../../domain/oauth/redirect.ts";
import { ALL_SCOPES, parseScopes } from "../../domain/oauth/scopes.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Hasher } from "../../ports/hasher.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { PasswordHasher } from "../../ports/password-hasher.port.ts";
import { Store } from "../../ports/store.port.ts";

export interface AppInput {
  readonly accountId: string;
  readonly env: Environment;
  readonly name: string;
  readonly redirectUris: readonly string[];
  readonly scopes: string;
  readonly grantTypes?: string;
}

export const registerApp = Effect.fn("registerApp")(function* (input: AppInput) {
  const store = yield* Store;
  if (!(yield* store.accounts.get(input.accountId)))
    return yield* new NotFound({ message: `No account ${input.accountId}.` });
  const name = input.name.trim();
  if (name === "" || name.length > 100)
    return yield* new InvalidRequest({
      param: "name",
      message: "The app needs a name of 1 to 100 characters.",
    });
  if (input.redirectUris.length === 0)
    return yield* new InvalidRequest({
      param: "redirect_uri",
      message: "Register at least one redirect URI.",
    });
  for (const uri of input.redirectUris) {
    const v = validateRedirectUri(uri);
    if (!v.ok) return yield* new InvalidRequest({ param: "redirect_uri", message: v.message });
  }
  const scopes = parseScopes(input.scopes);
  if (!scopes)
    return yield* new InvalidRequest({
      param: "scopes",
      message: `scopes must be known scopes separated by spaces: ${ALL_SCOPES.join(" ")}.`,
    });
  let grantTypes: readonly GrantType[] = GRANT_TYPES;
  if (input.grantTypes !== undefined) {
    const asked = input.grantTypes.split(/[\s,]+/).filter(Boolean);
    if (asked.length === 0 || asked.some((g) => !(GRANT_TYPES as readonly string[]).includes(g))) {
      return yield* new InvalidRequest({
        param: "grant_types",
        message: `grant types must be some of: ${GRANT_TYPES.join(" ")}.`,
      });
    }
    grantTypes = [...new Set(asked)] as GrantType[];
  }
  const ids = yield* Ids;
  const clientId = ids.short(PREFIX.clientId(input.env), 24);
  const clientSecret = ids.short(PREFIX.clientSecret(input.env), SECRET_LENGTH);
  const app: OAuthApp = {
    id: ids.uuid(),
    clientId,
    clientSecretHash: (yield* Hasher).sha256Hex(clientSecret),
    accountId: input.accountId,
    livemode: input.env === "live",
    name,
    redirectUris: [...new Set(input.redirectUris)],
    scopes,
    grantTypes,
    createdAt: (yield* Clock).now().toISOString(),
    revokedAt: null,
  };
  yield* store.oauthApps.insert(app);
  return { app, clientSecret };
});

export const listApps = Effect.fnUntraced(function* () {
  return yield* (yield* Store).oauthApps.list();
});

/** Revokes an app: its client secret stops working and every grant and token it holds ends at once. */
export const revokeApp = Effect.fn("revokeApp")(function* (clientId: string) {
  const revoked = yield* (yield* Store).oauthApps.revoke(clientId, (yield* Clock).now().toISOString());
  if (!revoked) return yield* new NotFound({ message: `No active app with client_id ${clientId}.` });
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** A user of an account; `password` null makes a user who can sign in only on the sandbox (no password there). */
export const createUser = Effect.fn("createUser")(function* (
  accountId: string,
  email: string,
  role: UserRole,
  password: string | null,
) {
  const store = yield* Store;
  if (!(yield* store.accounts.get(accountId)))
    return yield* new NotFound({ message: `No account ${accountId}.` });
  const normalized = normalizeEmail(email);
  if (!EMAIL.test(normalized))
    return yield* new InvalidRequest({ param: "email", message: `${email} is not an e-mail address.` });
  if (password !== null && password.length < 10)
    return yield* new InvalidRequest({
      param: "password",
      message: "The password needs at least 10 characters.",
    });
  const passwordHash = password === null ? null : yield* (yield* PasswordHasher).hash(password);
  const user = {
    id: (yield* Ids).uuid(),
    accountId,
    email: normalized,
    passwordHash,
    role,
    createdAt: (yield* Clock).now().toISOString(),
  };
  if (!(yield* store.users.insert(user)))
    return yield* new InvalidRequest({
      param: "email",
      message: `A user with the e-mail address ${normalized} exists already.`,
    });
  return user;
});
