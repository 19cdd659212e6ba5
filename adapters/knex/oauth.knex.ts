// The Store's OAuth repositories on Knex (D32): apps, users, grants, codes, tokens, consent sessions.
import * as Effect from "effect/Effect";
import type { Knex } from "knex";
import type { OAuthAppRepo, OAuthGrantRepo, UserRepo } from "../../core/ports/store.port.ts";
import type { OAuthToken } from "../../core/domain/oauth/model.ts";
import { isUuid } from "../../core/domain/shared/validation.ts";
import { IdRow, rowsOf, toApp, toCode, toGrant, toSession, toToken, toUser } from "./rows.ts";
import { run } from "./store.knex.ts";

const NO_PAYER = "00000000-0000-0000-0000-000000000000";

const tokenColumns = (t: OAuthToken) => ({
  token_hash: t.tokenHash,
  kind: t.kind,
  grant_id: t.grantId,
  app_id: t.appId,
  scopes: JSON.stringify(t.scopes),
  code_hash: t.codeHash,
  expires_at: t.expiresAt,
  used_at: t.usedAt,
  revoked_at: t.revokedAt,
  created_at: t.createdAt,
});

/** Stores tokens; the grant's access tokens that expired a day before are swept first (they can never be used). */
async function insertTokenRows(db: Knex | Knex.Transaction, tokens: readonly OAuthToken[]) {
  const first = tokens[0];
  if (!first) return;
  const cutoff = new Date(Date.parse(first.createdAt) - 24 * 3600_000).toISOString();
  await db("oauth_tokens")
    .where({ grant_id: first.grantId, kind: "access" })
    .andWhere("expires_at", "<", cutoff)
    .delete();
  await db("oauth_tokens").insert(tokens.map(tokenColumns));
}

async function revokeGrantTokens(
  db: Knex | Knex.Transaction,
  grantIds: Knex.QueryBuilder | string,
  now: string,
) {
  await db("oauth_tokens")
    .whereIn("grant_id", typeof grantIds === "string" ? [grantIds] : grantIds)
    .whereNull("revoked_at")
    .update({ revoked_at: now });
}

export function knexOAuthApps(knex: Knex): OAuthAppRepo {
  return {
    insert: (a) =>
      run(() =>
        knex("oauth_apps").insert({
          id: a.id,
          client_id: a.clientId,
          client_secret_hash: a.clientSecretHash,
          account_id: a.accountId,
          livemode: a.livemode,
          name: a.name,
          redirect_uris: JSON.stringify(a.redirectUris),
          scopes: JSON.stringify(a.scopes),
          grant_types: JSON.stringify(a.grantTypes),
          created_at: a.createdAt,
          revoked_at: a.revokedAt,
        }),
      ).pipe(Effect.asVoid),
    byClientId: (clientId) =>
      run(async () => {
        const row: unknown = await knex("oauth_apps").where("client_id", clientId).first();
        return row ? toApp(row) : undefined;
      }),
    getMany: (ids) =>
      run(async () =>
        ids.length === 0 ? [] : rowsOf(await knex("oauth_apps").whereIn("id", [...ids])).map(toApp),
      ),
    list: () => run(async () => rowsOf(await knex("oauth_apps").orderBy("created_at")).map(toApp)),
    revoke: (clientId, now) =>
      run(() =>
        knex.transaction(async (trx) => {
          const rows = rowsOf(
            await trx("oauth_apps")
              .where("client_id", clientId)
              .whereNull("revoked_at")
              .update({ revoked_at: now })
              .returning("id"),
          );
          const revoked = rows[0];
          if (revoked === undefined) return false;
          const appId = IdRow.decode(revoked).id;
          const grants = trx("oauth_grants").where("app_id", appId).select("id");
          await revokeGrantTokens(trx, grants, now);
          await trx("oauth_grants")
            .where("app_id", appId)
            .whereNull("revoked_at")
            .update({ revoked_at: now });
          return true;
        }),
      ),
  };
}

export function knexUsers(knex: Knex): UserRepo {
  return {
    insert: (u) =>
      run(
        async () =>
          rowsOf(
            await knex("users")
              .insert({
                id: u.id,
                account_id: u.accountId,
                email: u.email,
                password_hash: u.passwordHash,
                role: u.role,
                created_at: u.createdAt,
              })
              .onConflict("email")
              .ignore()
              .returning("id"),
          ).length === 1,
      ),
    byEmail: (email) =>
      run(async () => {
        const row: unknown = await knex("users").where("email", email).first();
        return row ? toUser(row) : undefined;
      }),
    get: (id) =>
      run(async () => {
        if (!isUuid(id)) return undefined;
        const row: unknown = await knex("users").where("id", id).first();
        return row ? toUser(row) : undefined;
      }),
  };
}

export function knexOAuthGrants(knex: Knex): OAuthGrantRepo {
  return {
    upsertActive: (g) =>
      run(async () => {
        const r = await knex.raw(
          `insert into oauth_grants (id, app_id, account_id, livemode, payer_id, user_id, role, scopes, kind, created_at, updated_at)
        values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?)
        on conflict (app_id, account_id, livemode, coalesce(payer_id, '${NO_PAYER}'::uuid)) where revoked_at is null
        do update set user_id = excluded.user_id, role = excluded.role, scopes = excluded.scopes, updated_at = excluded.updated_at
        returning *`,
          [
            g.id,
            g.appId,
            g.accountId,
            g.livemode,
            g.payerId,
            g.userId,
            g.role,
            JSON.stringify(g.scopes),
            g.kind,
            g.createdAt,
            g.updatedAt,
          ],
        );
        return toGrant(rowsOf(r.rows)[0]);
      }),
    get: (id) =>
      run(async () => {
        if (!isUuid(id)) return undefined;
        const row: unknown = await knex("oauth_grants").where("id", id).first();
        return row ? toGrant(row) : undefined;
      }),
    listActive: (scope, kind) =>
      run(async () =>
        rowsOf(
          await knex("oauth_grants")
            .where({ account_id: scope.accountId, livemode: scope.livemode, kind })
            .whereNull("revoked_at")
            .orderBy([
              { column: "created_at", order: "desc" },
              { column: "id", order: "desc" },
            ]),
        ).map(toGrant),
      ),
    revoke: (id, now, opts) =>
      run(() =>
        !isUuid(id)
          ? Promise.resolve(false)
          : knex.transaction(async (trx) => {
              const rows = rowsOf(
                await trx("oauth_grants")
                  .where("id", id)
                  .whereNull("revoked_at")
                  .update({ revoked_at: now })
                  .returning("id"),
              );
              if (rows.length === 0) return false;
              if (opts.tokens) await revokeGrantTokens(trx, id, now);
              else
                await trx("oauth_tokens")
                  .where({ grant_id: id, kind: "refresh" })
                  .whereNull("revoked_at")
                  .update({ revoked_at: now });
              return true;
            }),
      ),
    insertCode: (c) =>
      run(() =>
        knex("oauth_codes").insert({
          code_hash: c.codeHash,
          grant_id: c.grantId,
          app_id: c.appId,
          redirect_uri: c.redirectUri,
          code_challenge: c.codeChallenge,
          scopes: JSON.stringify(c.scopes),
          expires_at: c.expiresAt,
          used_at: c.usedAt,
          created_at: c.createdAt,
        }),
      ).pipe(Effect.asVoid),
    code: (hash) =>
      run(async () => {
        const row: unknown = await knex("oauth_codes").where("code_hash", hash).first();
        return row ? toCode(row) : undefined;
      }),
    // The row lock taken by the update makes a racing redemption wait, then find the code used.
    redeemCode: (hash, now, tokens) =>
      run(() =>
        knex.transaction(async (trx) => {
          const rows = rowsOf(
            await trx("oauth_codes")
              .where("code_hash", hash)
              .whereNull("used_at")
              .update({ used_at: now })
              .returning("code_hash"),
          );
          if (rows.length === 0) return false;
          await insertTokenRows(trx, tokens);
          return true;
        }),
      ),
    revokeCodeTokens: (hash, now) =>
      run(() =>
        knex("oauth_tokens").where("code_hash", hash).whereNull("revoked_at").update({ revoked_at: now }),
      ).pipe(Effect.asVoid),
    token: (hash) =>
      run(async () => {
        const row: unknown = await knex("oauth_tokens").where("token_hash", hash).first();
        return row ? toToken(row) : undefined;
      }),
    insertTokens: (tokens) => run(() => insertTokenRows(knex, tokens)),
    rotateRefresh: (hash, now, tokens) =>
      run(() =>
        knex.transaction(async (trx) => {
          const rows = rowsOf(
            await trx("oauth_tokens")
              .where({ token_hash: hash, kind: "refresh" })
              .whereNull("used_at")
              .whereNull("revoked_at")
              .update({ used_at: now })
              .returning("token_hash"),
          );
          if (rows.length === 0) return false;
          await insertTokenRows(trx, tokens);
          return true;
        }),
      ),
    insertSession: (s) =>
      run(async () => {
        // Abandoned sessions are swept here, long after they expired: no job needed.
        await knex("oauth_consent_sessions")
          .where("expires_at", "<", new Date(Date.parse(s.expiresAt) - 2 * 3600_000).toISOString())
          .delete();
        await knex("oauth_consent_sessions").insert({
          id: s.id,
          app_id: s.appId,
          livemode: s.livemode,
          browser_hash: s.browserHash,
          csrf_hash: s.csrfHash,
          redirect_uri: s.redirectUri,
          state: s.state,
          scopes: JSON.stringify(s.scopes),
          code_challenge: s.codeChallenge,
          user_id: s.userId,
          attempts: s.attempts,
          expires_at: s.expiresAt,
        });
      }),
    session: (id) =>
      run(async () => {
        const row: unknown = await knex("oauth_consent_sessions").where("id", id).first();
        return row ? toSession(row) : undefined;
      }),
    updateSession: (id, patch) =>
      run(() =>
        knex("oauth_consent_sessions")
          .where("id", id)
          .update({
            ...(patch.csrfHash !== undefined ? { csrf_hash: patch.csrfHash } : {}),
            ...(patch.userId !== undefined ? { user_id: patch.userId } : {}),
            ...(patch.attempts !== undefined ? { attempts: patch.attempts } : {}),
          }),
      ).pipe(Effect.asVoid),
    deleteSession: (id) =>
      run(() => knex("oauth_consent_sessions").where("id", id).delete()).pipe(Effect.asVoid),
  };
}
