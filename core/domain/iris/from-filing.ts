// From the service's records to transmission input: the payer as IssuerDetail data, a stored filing as a record.
// The TINs come in opened (TinVault.open of Payer and Filing.sealedTins); they stay inside Tin values.
import type { Filing } from "../filing/filing.ts";
import type { Payer } from "../parties/payer.ts";
import type { Tin } from "../shared/tin.ts";
import type { CorrectionOf, FilingToTransmit, PayerInput } from "./transmission.ts";
import { keptApart } from "./rules/model.ts";

export function payerInput(p: Payer, tin: Tin): PayerInput {
  const complete = p.addressLine1 && p.city && p.postalCode;
  return {
    name: p.legalName,
    tin,
    tinType: p.tinType,
    address: complete
      ? {
          line1: p.addressLine1 ?? "",
          line2: p.addressLine2,
          city: p.city ?? "",
          state: p.state,
          postalCode: p.postalCode ?? "",
          country: p.country,
        }
      : null,
    phone: p.contactPhone,
    contactName: p.contactName,
    contactEmail: p.contactEmail,
    contactPhone: p.contactPhone,
  };
}

/**
 * A stored filing as a record to transmit. `tins` are the filing's sealed TINs opened, by the same paths as
 * Filing.sealedTins ("RecipientDetail.TIN" is required). Undefined when the recipient TIN is missing.
 */
export function filingToTransmit(
  f: Pick<Filing, "id" | "payerId" | "form" | "taxYear" | "jsonForm"> & Partial<Pick<Filing, "warnings">>,
  payer: PayerInput,
  tins: Readonly<Record<string, Tin>>,
  corrected?: CorrectionOf,
): FilingToTransmit | undefined {
  const recipientTin = tins["RecipientDetail.TIN"];
  if (!recipientTin) return undefined;
  const otherTins: Record<string, Tin> = {};
  for (const [path, tin] of Object.entries(tins)) if (path !== "RecipientDetail.TIN") otherTins[path] = tin;
  return {
    filingId: f.id,
    payerId: f.payerId,
    payer,
    form: f.form,
    taxYear: f.taxYear,
    jsonForm: f.jsonForm,
    recipientTin,
    otherTins,
    ...(corrected ? { corrected } : {}),
    ...(f.warnings && keptApart(f.warnings) ? { keptApart: true } : {}),
  };
}
