// Issue 39: the environment's e-mail outbox (the sandbox's e-mail, readable at GET /v1/sandbox/outbox). One message
// per (account, environment, idempotency key): a retried send finds the message it wrote.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table email_outbox (
    id text primary key,
    account_id uuid not null,
    livemode boolean not null,
    idempotency_key text not null,
    to_email text not null,
    subject text not null,
    text_body text not null,
    html_body text not null,
    links jsonb not null default '[]'::jsonb,
    created_at timestamptz not null)`);
  await knex.raw(
    "create unique index email_outbox_key on email_outbox (account_id, livemode, idempotency_key)",
  );
  await knex.raw("create index email_outbox_paging on email_outbox (account_id, livemode, created_at, id)");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("email_outbox");
}
