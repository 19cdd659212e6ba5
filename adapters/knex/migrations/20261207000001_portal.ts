// Issue 39: the recipient portal. Each recipient's portal row (recipient_consents, which already holds the
// e-delivery consent) gains the access code printed on its letters (unique across the service: the portal finds
// the recipient by it) and the count of its sign-in attempts with the lock they lead to. portal_activity is the
// payer's audit trail: every sign-in, view, consent, withdrawal and e-mail change, with its time and address.
// statements.viewed_at marks the first view (statement.viewed is sent once per statement).
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table recipient_consents
    add column access_code text,
    add column portal_attempts integer not null default 0,
    add column portal_window_started_at timestamptz,
    add column portal_locked_until timestamptz`);
  await knex.raw("alter table recipient_consents alter column status set default 'none'");
  await knex.raw(
    "create unique index recipient_consents_access_code on recipient_consents (access_code) where access_code is not null",
  );
  await knex.raw("alter table statements add column viewed_at timestamptz");
  await knex.raw(`create table portal_activity (
    id text primary key,
    account_id uuid not null,
    livemode boolean not null,
    recipient_id uuid not null,
    action text not null,
    filing_id uuid,
    ip text not null,
    user_agent text,
    created_at timestamptz not null)`);
  await knex.raw(
    "create index portal_activity_recipient on portal_activity (account_id, livemode, recipient_id, created_at, id)",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("portal_activity");
  await knex.raw("alter table statements drop column viewed_at");
  await knex.raw("drop index if exists recipient_consents_access_code");
  await knex.raw(`alter table recipient_consents
    drop column access_code, drop column portal_attempts, drop column portal_window_started_at,
    drop column portal_locked_until`);
}
