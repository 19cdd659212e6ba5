// From a stored filing, its payer and recipient to the Copy B view model: values formatted, TINs masked.
import { amountToCents, getFormDefinition, statementBoxes } from "../forms/index.ts";
import type { Filing } from "../filing/filing.ts";
import type { Payer } from "../parties/payer.ts";
import type { Recipient } from "../parties/recipient.ts";
import { formatAmount, maskTin, type CopyBBox, type CopyBStatement } from "./copy-b.ts";

function valueAt(form: Record<string, unknown>, path: string): unknown {
  let node: unknown = form;
  for (const key of path.split(".")) {
    if (Array.isArray(node)) node = node[0];
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return Array.isArray(node) ? node[0] : node;
}

const cityLine = (city: string | null, state: string | null, zip: string | null, country: string) =>
  [[city, state].filter(Boolean).join(", "), zip, country !== "US" ? country : null].filter(Boolean).join(" ");

export function buildCopyB(f: Filing, payer: Payer, recipient: Recipient): CopyBStatement {
  const boxes: CopyBBox[] = [];
  for (const b of statementBoxes(f.form, f.taxYear)) {
    const v = valueAt(f.jsonForm, b.element);
    if (v === undefined || v === null || v === "" || v === false) continue;
    let value: string;
    if (b.kind === "amount") {
      const cents = amountToCents(v);
      if (cents === undefined || cents === 0) continue;
      value = formatAmount(cents);
    } else if (b.kind === "indicator") value = "X";
    else value = String(v);
    boxes.push({ box: b.box, label: b.label, value });
  }
  return {
    form: f.form,
    formTitle: getFormDefinition(f.form, f.taxYear)?.title ?? f.form,
    taxYear: f.taxYear,
    corrected: f.corrects !== null,
    payer: {
      name: payer.legalName,
      addressLines: [payer.addressLine1, payer.addressLine2, cityLine(payer.city, payer.state, payer.postalCode, payer.country)].filter((x): x is string => !!x),
      phone: payer.contactPhone,
      tinMasked: maskTin(payer.tinLast4, payer.tinType),
    },
    recipient: {
      name: recipient.name,
      addressLines: [recipient.addressLine1, recipient.addressLine2, cityLine(recipient.city, recipient.state, recipient.postalCode, recipient.country)].filter((x): x is string => !!x),
      tinMasked: maskTin(recipient.tinLast4, recipient.tinType),
    },
    accountNumber: f.accountNumber,
    boxes,
    filingId: f.id,
    receiptId: f.receiptId,
  };
}
