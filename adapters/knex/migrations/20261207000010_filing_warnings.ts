// Issue 41: a form that breaks an IRS rule the IRS accepts with errors (Report Error, Report Error and Reject if over
// Threshold) is saved with the finding among its `warnings` instead of being refused.
// - `filing_forms.irs_warnings`: how many of a filing's warnings are such IRS findings (its notices are not), written
//   once at intake beside `warnings`. Pay reads it for every item of the cart (a strict pay refuses such filings; the
//   receipt counts them) without reading the warnings themselves. Filings saved before are counted from their
//   warnings here.
// - `accounts.strict_rules`: the account's default for `strict` (refuse such forms, as before this issue), off.
import type { Knex } from "knex";

const IRS_WARNING_SEVERITIES = "('Report Error', 'Report Error and Reject if over Threshold')";

export async function up(knex: Knex): Promise<void> {
  await knex.raw("alter table filing_forms add column irs_warnings integer not null default 0");
  await knex.raw(`update filing_forms set irs_warnings = (select count(*) from json_array_elements(warnings) w
    where w->>'severity' in ${IRS_WARNING_SEVERITIES}) where warnings is not null`);
  await knex.raw("alter table accounts add column strict_rules boolean not null default false");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("alter table accounts drop column strict_rules");
  await knex.raw("alter table filing_forms drop column irs_warnings");
}
