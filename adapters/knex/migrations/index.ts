// Migrations are listed here (not globbed from disk) so they run the same under tsx, a bundler or an embedder.
import type { Knex } from "knex";
import * as foundation from "./20260101000000_foundation.ts";
import * as filings from "./20260102000000_filings.ts";
import * as money from "./20260103000000_money.ts";
import * as lifecycle from "./20260104000000_lifecycle.ts";
import * as platform from "./20260105000000_platform.ts";
import * as oauth from "./20260106000000_oauth.ts";
import * as leanIndexes from "./20260107000000_lean_indexes.ts";
import * as tinMatchSends from "./20261121000000_tin_match_sends.ts";
import * as cardCustomerAndCredits from "./20261122000000_card_customer_and_credits.ts";
import * as filingWarnings from "./20261124000000_filing_warnings.ts";
import * as statusPagingIndex from "./20261125000000_status_paging_index.ts";
import * as ssaFiles from "./20261125000000_ssa_files.ts";
import * as rulesChecked from "./20261126000000_rules_checked.ts";
import * as orderReceiptJson from "./20261127000001_order_receipt_json.ts";
import * as batchRowsJson from "./20261128000000_batch_rows_json.ts";
import * as payerAccountKeys from "./20261129000000_payer_account_keys.ts";
import * as filingRecipientKey from "./20261130000000_filing_recipient_key.ts";
import * as analyzeOften from "./20261130000001_analyze_often.ts";
import * as transmissionReceipts from "./20261201000000_transmission_receipts.ts";
import * as cartItemKind from "./20261201000001_cart_item_kind.ts";
import * as filingStates from "./20261202000000_filing_states.ts";
import * as idempotentOperations from "./20261204000000_idempotent_operations.ts";
import * as authThrottles from "./20261205000000_auth_throttles.ts";
import * as statements from "./20261206000001_statements.ts";
import * as emailOutbox from "./20261207000000_email_outbox.ts";
import * as portal from "./20261207000001_portal.ts";
import * as strictWarnings from "./20261207000010_filing_warnings.ts";
import * as w9Requests from "./20261207100000_w9_requests.ts";
import * as bNotices from "./20261207110000_b_notices.ts";

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}
const MIGRATIONS: ReadonlyArray<readonly [string, Migration]> = [
  ["20260101000000_foundation", foundation],
  ["20260102000000_filings", filings],
  ["20260103000000_money", money],
  ["20260104000000_lifecycle", lifecycle],
  ["20260105000000_platform", platform],
  ["20260106000000_oauth", oauth],
  ["20260107000000_lean_indexes", leanIndexes],
  ["20261121000000_tin_match_sends", tinMatchSends],
  ["20261122000000_card_customer_and_credits", cardCustomerAndCredits],
  ["20261124000000_filing_warnings", filingWarnings],
  ["20261125000000_status_paging_index", statusPagingIndex],
  ["20261125000000_ssa_files", ssaFiles],
  ["20261126000000_rules_checked", rulesChecked],
  ["20261127000001_order_receipt_json", orderReceiptJson],
  ["20261128000000_batch_rows_json", batchRowsJson],
  ["20261129000000_payer_account_keys", payerAccountKeys],
  ["20261130000000_filing_recipient_key", filingRecipientKey],
  ["20261130000001_analyze_often", analyzeOften],
  ["20261201000000_transmission_receipts", transmissionReceipts],
  ["20261201000001_cart_item_kind", cartItemKind],
  ["20261202000000_filing_states", filingStates],
  ["20261204000000_idempotent_operations", idempotentOperations],
  ["20261205000000_auth_throttles", authThrottles],
  ["20261206000001_statements", statements],
  ["20261207000000_email_outbox", emailOutbox],
  ["20261207000001_portal", portal],
  ["20261207000010_filing_warnings", strictWarnings],
  ["20261207100000_w9_requests", w9Requests],
  ["20261207110000_b_notices", bNotices],
];

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => MIGRATIONS.map(([name]) => name),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const found = MIGRATIONS.find(([n]) => n === name);
    if (!found) throw new Error(`unknown migration ${name}`);
    return found[1];
  },
};
