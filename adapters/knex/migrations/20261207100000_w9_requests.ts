// Issue 40: W-9 requests. One row per request: who was asked (a recipient, or a name and e-mail under a payer),
// the status, the hash of the current link's token (unique: the portal finds the request by it; the token itself
// is never stored), the e-mail's and the optional letter's outcomes, the expiry the worker's sweep reads (partial index on open requests),
// the signed W-9 (its fields and signature as a JSON document, its TIN sealed apart like every TIN) and the TIN
// match its completion started.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table w9_requests (
    id text primary key,
    account_id uuid not null,
    livemode boolean not null,
    payer_id uuid not null,
    recipient_id uuid,
    name text not null,
    email text not null,
    reference text,
    reason text,
    status text not null,
    token_hash text not null,
    sends integer not null,
    email_status text not null,
    email_failure text,
    letter_status text,
    letter_vendor_id text,
    letter_failure text,
    last_sent_at timestamptz not null,
    expires_at timestamptz not null,
    completed_at timestamptz,
    canceled_at timestamptz,
    expired_at timestamptz,
    signed jsonb,
    tin_ciphertext text,
    tin_match_run text,
    tin_match_result text,
    created_at timestamptz not null,
    updated_at timestamptz not null)`);
  await knex.raw("create unique index w9_requests_token on w9_requests (token_hash)");
  await knex.raw("create index w9_requests_paging on w9_requests (account_id, livemode, created_at, id)");
  await knex.raw(
    "create index w9_requests_recipient on w9_requests (account_id, livemode, recipient_id) where recipient_id is not null",
  );
  await knex.raw("create index w9_requests_due on w9_requests (expires_at) where status = 'sent'");
  await knex.raw(
    "create index w9_requests_tin_match on w9_requests (account_id, livemode, tin_match_run) where tin_match_run is not null",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("w9_requests");
}
