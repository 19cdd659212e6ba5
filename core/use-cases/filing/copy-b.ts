// Copy B recipient statements (D21) through the StatementRenderer port: one filing, or every ready filing of
// an order or batch in one PDF.
import * as Effect from "effect/Effect";
import { COPY_B_STATUSES, type Filing } from "../../domain/filing/filing.ts";
import { buildCopyB, partyAddressLines } from "../../domain/statements/build.ts";
import { buildW2Copies, buildW3, type W2Employer } from "../../domain/statements/w2.ts";
import type { Payer } from "../../domain/parties/payer.ts";
import type { Recipient } from "../../domain/parties/recipient.ts";
import { parseEfw2, w3Totals, type Efw2Record } from "../../domain/efw2/index.ts";
import { SSA_STATE_CODES } from "../../domain/forms/index.ts";
import { SsaTransmitter } from "../../ports/ssa-transmitter.port.ts";
import { NotFound, NotReady } from "../../domain/shared/errors.ts";
import { StatementRenderer, type TextPage } from "../../ports/statement-renderer.port.ts";
import { TinVault } from "../../ports/tin-vault.port.ts";
import type { Tin } from "../../domain/shared/tin.ts";
import { Store, type Scope, type ScopedStore } from "../../ports/store.port.ts";
import { getFiling, groupFilings, type FilingGroup } from "./filings.ts";

function employerOf(p: Payer, ein: Tin): W2Employer {
  return {
    name: p.legalName,
    ein: ein.reveal(),
    addressLines: partyAddressLines(p),
  };
}

const render = Effect.fnUntraced(function* (
  repos: ScopedStore,
  filings: readonly Filing[],
  options?: { readonly cover?: TextPage },
) {
  const payers = new Map(
    (yield* repos.payers.getMany([...new Set(filings.map((f) => f.payerId))])).map((p) => [p.id, p] as const),
  );
  const recipients = new Map(
    (yield* repos.recipients.getMany([...new Set(filings.map((f) => f.recipientId))])).map(
      (r) => [r.id, r] as const,
    ),
  );
  return yield* renderOf(repos, filings, payers, recipients, options);
});

const renderOf = Effect.fnUntraced(function* (
  repos: ScopedStore,
  filings: readonly Filing[],
  payers: ReadonlyMap<string, Payer>,
  recipients: ReadonlyMap<string, Recipient>,
  options?: { readonly cover?: TextPage },
) {
  // Pub 1179: the payer's own TIN is printed whole on the recipient's copy (only the recipient's may be truncated).
  const vault = yield* TinVault;
  const payerTins = new Map<string, Tin>();
  for (const id of payers.keys()) {
    const ct = yield* repos.payers.tinCiphertext(id);
    if (ct) payerTins.set(id, vault.open(ct));
  }
  const statements = filings.flatMap((f) => {
    const payer = payers.get(f.payerId);
    const recipient = recipients.get(f.recipientId);
    const payerTin = payerTins.get(f.payerId);
    // The W-2 family: the employee's Copy B, Copy C and Copy 2 (the employer's EIN printed whole).
    if (payer && payerTin && (f.form === "W-2" || f.form === "W-2c")) {
      return buildW2Copies({
        form: f.form,
        taxYear: f.taxYear,
        jsonForm: f.jsonForm,
        employer: employerOf(payer, payerTin),
        filingId: f.id,
        receiptId: f.receiptId,
      });
    }
    return payer && recipient ? [buildCopyB(f, payer, recipient, payerTin)] : [];
  });
  return yield* (yield* StatementRenderer).render(statements, options);
});

/**
 * The recipient's copies of one filing as a PDF (issue 39: the letter the mail house prints), with its payer and
 * recipient as the caller read them (not read again).
 */
export const statementPdf = Effect.fn("statementPdf")(function* (
  scope: Scope,
  filing: Filing,
  payer: Payer,
  recipient: Recipient,
  options?: { readonly cover?: TextPage },
) {
  return yield* renderOf(
    (yield* Store).scoped(scope),
    [filing],
    new Map([[payer.id, payer]]),
    new Map([[recipient.id, recipient]]),
    options,
  );
});

export const filingCopyB = Effect.fn("filingCopyB")(function* (scope: Scope, id: string) {
  const f = yield* getFiling(scope, id);
  if (!COPY_B_STATUSES.includes(f.status)) {
    return yield* new NotReady({
      message: `Copy B of filing ${f.id} is available once the IRS accepts it (or a print-only form is furnished); it is ${f.status}.`,
    });
  }
  const pdf = yield* render((yield* Store).scoped(scope), [f]);
  return { pdf, filename: `copy-b-${f.form}-${f.taxYear}-${f.shortId}.pdf` };
});

export const groupCopyB = Effect.fn("groupCopyB")(function* (scope: Scope, group: FilingGroup) {
  const ready = (yield* groupFilings(scope, group)).filter((f) => COPY_B_STATUSES.includes(f.status));
  if (ready.length === 0)
    return yield* new NotReady({
      message: "No filing of this group has been accepted yet; Copy B is available after acceptance.",
    });
  const pdf = yield* render((yield* Store).scoped(scope), ready);
  return { pdf, filename: `copy-b-${group.orderId ?? group.batchId}.pdf`, count: ready.length };
});

/**
 * The W-3 (W-3c) of an order's W-2s (W-2cs) for the employer's records: one page per employer of each wage file,
 * its totals read from the file as queued for the SSA (RT/RU, RS by state), so they are the totals the SSA got.
 */
export const orderW3 = Effect.fn("orderW3")(function* (scope: Scope, orderId: string) {
  const repos = (yield* Store).scoped(scope);
  if (!(yield* repos.orders.get(orderId)))
    return yield* new NotFound({ message: `No order ${orderId} in this environment.` });
  const files = (yield* (yield* SsaTransmitter).list({ livemode: scope.livemode })).filter(
    (f) => f.orderId === orderId && f.accountId === scope.accountId,
  );
  if (files.length === 0)
    return yield* new NotReady({
      message: `Order ${orderId} has no W-2 wage file: the W-3 is made when its W-2s are filed with the SSA.`,
    });
  const stateOf = new Map(Object.entries(SSA_STATE_CODES).map(([state, code]) => [code, state] as const));
  const statements = files.flatMap((file) => {
    const read = parseEfw2(file.format, file.content);
    const totals = w3Totals(file.format, read.records);
    // Per employer block (RE ... RT): its address, and its state totals from the RS records.
    const blocks: {
      re: Efw2Record;
      states: Map<string, { wages: number; tax: number; localWages: number; localTax: number }>;
    }[] = [];
    for (const r of read.records) {
      if (r.type === "RE" || r.type === "RCE") blocks.push({ re: r, states: new Map() });
      const block = blocks[blocks.length - 1];
      if ((r.type === "RS" || r.type === "RCS") && block) {
        const state = stateOf.get(r.fields["stateCode"] ?? "") ?? r.fields["stateCode"] ?? "";
        const row = block.states.get(state) ?? { wages: 0, tax: 0, localWages: 0, localTax: 0 };
        row.wages += Number(r.fields["stateTaxableWages"] || 0);
        row.tax += Number(r.fields["stateIncomeTax"] || 0);
        row.localWages += Number(r.fields["localTaxableWages"] || 0);
        row.localTax += Number(r.fields["localIncomeTax"] || 0);
        block.states.set(state, row);
      }
    }
    return totals.map((t, i) => {
      const re = blocks[i]?.re.fields ?? {};
      const zip = [re["employerZip"], re["employerZipExtension"]].filter((x) => x).join("-");
      const addressLines = [
        re["employerDeliveryAddress"],
        re["employerLocationAddress"],
        `${re["employerCity"] ?? ""}, ${re["employerState"] ?? ""} ${zip}`,
      ].filter((x): x is string => !!x);
      return buildW3(t, {
        corrected: file.format === "efw2c",
        fileId: file.id,
        wfid: file.wfid,
        employer: { name: t.employerName, ein: t.ein, addressLines },
        states: [
          ...(
            blocks[i]?.states ??
            new Map<string, { wages: number; tax: number; localWages: number; localTax: number }>()
          ).entries(),
        ].map(([state, v]) => ({ state, ...v })),
      });
    });
  });
  const pdf = yield* (yield* StatementRenderer).render(statements);
  return { pdf, filename: `w3-${orderId}.pdf`, count: statements.length };
});
