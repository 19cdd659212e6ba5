// The rows the intake-side suites start from (filings, carts and orders, the parties' bulk insert): a payer and a
// recipient with an address in each scope, seeded through the suite's own `payers` and `recipients`, and filings
// pointing at them. (Moved from the whole-store filings contract.)
import { randomUUID } from "node:crypto";
import type { PayerRow, RecipientRow, Scope, Store } from "../../../core/ports/store.port.ts";
import type { Filing } from "../../../core/domain/filing/filing.ts";
import { shortId, storeRows } from "../../support/rows.ts";
import { run, type ContractContext, type RoleStore } from "./harness.ts";

export interface IntakeContext<S> extends ContractContext<S> {
  /** A payer and a recipient in scope a (and the same in b and live), for filings to point at. */
  pa: PayerRow;
  ra: RecipientRow;
  pb: PayerRow;
  rb: RecipientRow;
  pl: PayerRow;
  rl: RecipientRow;
}

/** The clock of the intake-side suites (the whole-store filings contract's). */
export const intakeStart = Date.UTC(2026, 1, 1, 0, 0, 0, 0);

export function intakeRows(at: () => string) {
  const rows = storeRows(at);
  const { account } = rows;
  const payer = (scope: Scope) => rows.payer(scope);
  const recipient = (scope: Scope, payerId: string, over: Partial<RecipientRow> = {}) =>
    rows.recipient(scope, payerId, {
      addressLine1: "1 Main St",
      city: "Springfield",
      state: "IL",
      postalCode: "62701",
      tinHash: `h-${randomUUID()}`,
      ...over,
    });
  const jsonForm = () => ({
    RecipientDetail: {
      TINLast4: "1234",
      PersonName: { PersonFirstNm: "Jane", PersonLastNm: "Doe" },
      MailingAddressGrp: {
        USAddress: {
          AddressLine1Txt: "100 Main St",
          CityNm: "Springfield",
          StateAbbreviationCd: "IL",
          ZIPCd: "62701",
        },
      },
    },
    RecipientAccountNum: "AC-1",
    NonemployeeCompensationAmt: 1234.56,
    FederalIncomeTaxWithheldAmt: 10,
    StateLocalTaxGrp: [{ StateAbbreviationCd: "IL", StateTaxGrp: { StateTaxWithheldAmt: 0.5 } }],
  });
  const filing = (scope: Scope, p: PayerRow, r: RecipientRow, over: Partial<Filing> = {}): Filing => {
    const now = at();
    return {
      id: randomUUID(),
      shortId: shortId(scope.livemode ? "fil_" : "fil_sb_"),
      accountId: scope.accountId,
      livemode: scope.livemode,
      sealedTins: { "RecipientDetail.TIN": "v1:x" },
      submittedAt: null,
      acknowledgedAt: null,
      voidedAt: null,
      ackErrors: null,
      warnings: [],
      amountRefundedCents: 0,
      transmissionId: null,
      submissionId: null,
      recordId: null,
      payerId: p.id,
      recipientId: r.id,
      form: "1099-NEC",
      taxYear: 2025,
      status: "ready_to_file",
      service: "efile_print_mail",
      physicalMail: null,
      portalAccess: null,
      reference: null,
      batchId: null,
      orderId: null,
      corrects: null,
      supersededBy: null,
      refileOf: null,
      receiptId: null,
      amountChargedCents: 0,
      jsonForm: jsonForm(),
      accountNumber: "AC-1",
      recipientTinHash: r.tinHash,
      createdAt: now,
      updatedAt: now,
      ...over,
    };
  };
  const insert = async (store: RoleStore<"filings">, scope: Scope, rows: Filing[]) =>
    [...(await run(store.scoped(scope).filings.insertMany(rows)))].sort();
  const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id).sort();

  /** The `each` of `contractSetup`: a payer and a recipient in a, b and live, through `payers` and `recipients`. */
  const seedParties = async (ctx: IntakeContext<RoleStore<"payers" | "recipients">>) => {
    for (const [scope, p, r] of [
      ["a", "pa", "ra"],
      ["b", "pb", "rb"],
      ["live", "pl", "rl"],
    ] as const) {
      const pr = payer(ctx[scope]);
      await run(ctx.store.scoped(ctx[scope]).payers.insert(pr));
      const rr = recipient(ctx[scope], pr.id);
      await run(ctx.store.scoped(ctx[scope]).recipients.insert(rr));
      ctx[p] = pr;
      ctx[r] = rr;
    }
  };

  /** A new sandbox account with a payer and a recipient of it, saved in `store` (the Knex migration tests' start). */
  const seedAccount = async (store: Store["Service"]) => {
    const acct = account();
    await run(store.accounts.insert(acct));
    const scope: Scope = { accountId: acct.id, livemode: false };
    const p = payer(scope);
    await run(store.scoped(scope).payers.insert(p));
    const r = recipient(scope, p.id);
    await run(store.scoped(scope).recipients.insert(r));
    return { scope, payer: p, recipient: r };
  };

  return { account, payer, recipient, jsonForm, filing, insert, ids, seedParties, seedAccount };
}
