// In-memory OAuth repositories with the SQL adapter's rules (one active grant per app, account, environment and
// payer; single-use codes; refresh rotation), for use-case tests and embedders.
import * as Effect from "effect/Effect";
import type { OAuthAppRepo, OAuthGrantRepo, UserRepo } from "../../core/ports/store.port.ts";
import type {
  AuthorizationCode,
  ConsentSession,
  Grant,
  OAuthApp,
  OAuthToken,
  User,
} from "../../core/domain/oauth/model.ts";

export interface OAuthTables {
  oauthApps: Map<string, OAuthApp>;
  users: Map<string, User>;
  grants: Map<string, Grant>;
  codes: Map<string, AuthorizationCode>;
  tokens: Map<string, OAuthToken>;
  sessions: Map<string, ConsentSession>;
}

export const emptyOAuthTables = (): OAuthTables => ({
  oauthApps: new Map(),
  users: new Map(),
  grants: new Map(),
  codes: new Map(),
  tokens: new Map(),
  sessions: new Map(),
});

function revokeTokens(t: OAuthTables, match: (tok: OAuthToken) => boolean, now: string) {
  for (const tok of t.tokens.values())
    if (!tok.revokedAt && match(tok)) t.tokens.set(tok.tokenHash, { ...tok, revokedAt: now });
}

export function fakeOAuthRepos(tables: () => OAuthTables): {
  oauthApps: OAuthAppRepo;
  users: UserRepo;
  oauth: OAuthGrantRepo;
} {
  const sync = Effect.sync;
  const oauthApps: OAuthAppRepo = {
    insert: (a) =>
      sync(() => {
        tables().oauthApps.set(a.id, a);
      }),
    byClientId: (clientId) =>
      sync(() => [...tables().oauthApps.values()].find((a) => a.clientId === clientId)),
    getMany: (ids) => sync(() => ids.flatMap((id) => tables().oauthApps.get(id) ?? [])),
    list: () => sync(() => [...tables().oauthApps.values()]),
    revoke: (clientId, now) =>
      sync(() => {
        const t = tables();
        const app = [...t.oauthApps.values()].find((a) => a.clientId === clientId && !a.revokedAt);
        if (!app) return false;
        t.oauthApps.set(app.id, { ...app, revokedAt: now });
        for (const g of t.grants.values())
          if (g.appId === app.id && !g.revokedAt) t.grants.set(g.id, { ...g, revokedAt: now });
        revokeTokens(t, (tok) => tok.appId === app.id, now);
        return true;
      }),
  };
  const users: UserRepo = {
    insert: (u) =>
      sync(() => {
        if ([...tables().users.values()].some((x) => x.email === u.email)) return false;
        tables().users.set(u.id, u);
        return true;
      }),
    byEmail: (email) => sync(() => [...tables().users.values()].find((u) => u.email === email)),
    get: (id) => sync(() => tables().users.get(id)),
  };
  const oauth: OAuthGrantRepo = {
    upsertActive: (g) =>
      sync(() => {
        const t = tables();
        const existing = [...t.grants.values()].find(
          (x) =>
            !x.revokedAt &&
            x.appId === g.appId &&
            x.accountId === g.accountId &&
            x.livemode === g.livemode &&
            x.payerId === g.payerId,
        );
        const next = existing
          ? { ...existing, userId: g.userId, role: g.role, scopes: g.scopes, updatedAt: g.updatedAt }
          : g;
        t.grants.set(next.id, next);
        return next;
      }),
    get: (id) => sync(() => tables().grants.get(id)),
    listActive: (scope, kind) =>
      sync(() =>
        [...tables().grants.values()]
          .filter(
            (g) =>
              !g.revokedAt &&
              g.kind === kind &&
              g.accountId === scope.accountId &&
              g.livemode === scope.livemode,
          )
          .sort((a, b) =>
            a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
          ),
      ),
    revoke: (id, now, opts) =>
      sync(() => {
        const t = tables();
        const g = t.grants.get(id);
        if (!g || g.revokedAt) return false;
        t.grants.set(id, { ...g, revokedAt: now });
        revokeTokens(t, (tok) => tok.grantId === id && (opts.tokens || tok.kind === "refresh"), now);
        return true;
      }),
    insertCode: (c) =>
      sync(() => {
        tables().codes.set(c.codeHash, c);
      }),
    code: (hash) => sync(() => tables().codes.get(hash)),
    redeemCode: (hash, now, tokens) =>
      sync(() => {
        const t = tables();
        const c = t.codes.get(hash);
        if (!c || c.usedAt) return false;
        t.codes.set(hash, { ...c, usedAt: now });
        for (const tok of tokens) t.tokens.set(tok.tokenHash, tok);
        return true;
      }),
    revokeCodeTokens: (hash, now) => sync(() => revokeTokens(tables(), (tok) => tok.codeHash === hash, now)),
    token: (hash) => sync(() => tables().tokens.get(hash)),
    insertTokens: (tokens) =>
      sync(() => {
        for (const tok of tokens) tables().tokens.set(tok.tokenHash, tok);
      }),
    rotateRefresh: (hash, now, tokens) =>
      sync(() => {
        const t = tables();
        const old = t.tokens.get(hash);
        if (!old || old.kind !== "refresh" || old.usedAt || old.revokedAt) return false;
        t.tokens.set(hash, { ...old, usedAt: now });
        for (const tok of tokens) t.tokens.set(tok.tokenHash, tok);
        return true;
      }),
    insertSession: (s) =>
      sync(() => {
        tables().sessions.set(s.id, s);
      }),
    session: (id) => sync(() => tables().sessions.get(id)),
    updateSession: (id, patch) =>
      sync(() => {
        const s = tables().sessions.get(id);
        if (s) tables().sessions.set(id, { ...s, ...patch });
      }),
    deleteSession: (id) =>
      sync(() => {
        tables().sessions.delete(id);
      }),
  };
  return { oauthApps, users, oauth };
}
