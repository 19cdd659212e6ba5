// A parsed FIRE B record as a filled IRIS scheme (jsonForm), so FIRE import goes through the same catalogue
// validation and intake as JSON intake.
import { centsToAmount } from "../forms/index.ts";
import type { FireForm } from "./types.ts";

const TIN_TYPE = { ein: "BUSINESS_TIN", ssn: "INDIVIDUAL_TIN" } as const;

/** Pub 1220 has one free-text name line; an SSN payee is a person whose last name starts with the name control. */
function nameOf(f: FireForm): Record<string, unknown> {
  const r = f.recipient;
  const words = r.name.split(/\s+/).filter(Boolean);
  if (r.tinType === "ssn" && words.length >= 2) {
    const control = (r.nameControl ?? "").toUpperCase();
    let last = words.findIndex((w, i) => i > 0 && control !== "" && w.toUpperCase().replace(/[^A-Z]/g, "").startsWith(control));
    if (last < 0) last = words.findIndex((w) => control !== "" && w.toUpperCase().startsWith(control));
    if (last === 0) return { PersonName: { PersonFirstNm: words.slice(1).join(" "), PersonLastNm: words[0] } };
    if (last < 0) last = words.length - 1;
    return { PersonName: { PersonFirstNm: words.slice(0, last).join(" "), PersonLastNm: words.slice(last).join(" ") } };
  }
  const business: Record<string, unknown> = { BusinessNameLine1Txt: r.name };
  if (r.name2) business["BusinessNameLine2Txt"] = r.name2;
  return { BusinessName: business };
}

function addressOf(f: FireForm): Record<string, unknown> {
  const r = f.recipient;
  if (r.foreign) {
    return { ForeignAddress: { AddressLine1Txt: r.address, CityNm: r.city, ...(r.country ? { CountryCd: r.country } : {}) } };
  }
  return { USAddress: { AddressLine1Txt: r.address, CityNm: r.city, StateAbbreviationCd: r.state, ZIPCd: r.postalCode } };
}

export function fireFormToJsonForm(f: FireForm): Record<string, unknown> {
  const detail: Record<string, unknown> = {
    TIN: f.recipient.tin,
    TINSubmittedTypeCd: f.recipient.tinType ? TIN_TYPE[f.recipient.tinType] : "UNKNOWN",
    ...nameOf(f),
    MailingAddressGrp: addressOf(f),
  };
  const form: Record<string, unknown> = { RecipientDetail: detail };
  if (f.accountNumber) form["RecipientAccountNum"] = f.accountNumber;
  for (const [name, cents] of Object.entries(f.amounts)) form[name] = centsToAmount(cents);
  for (const [name, on] of Object.entries(f.indicators)) if (on) form[name] = true;
  for (const [name, value] of Object.entries(f.codes)) form[name] = value;
  if (f.state && (f.state.stateTaxWithheldCents || f.state.localTaxWithheldCents)) {
    const group: Record<string, unknown> = { StateAbbreviationCd: f.state.code };
    if (f.state.stateTaxWithheldCents) group["StateTaxGrp"] = { StateTaxWithheldAmt: centsToAmount(f.state.stateTaxWithheldCents) };
    if (f.state.localTaxWithheldCents) group["LocalTaxGrp"] = { LocalTaxWithheldAmt: centsToAmount(f.state.localTaxWithheldCents) };
    form["StateLocalTaxGrp"] = [group];
  }
  return form;
}
