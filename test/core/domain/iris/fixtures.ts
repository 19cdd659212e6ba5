// Sample payers, transmitter and stored forms for the IRIS tests. Forms go through validateForm and withoutTin,
// so they have exactly the shape the service stores (RecipientDetail.TINLast4, canonical amounts).
import { sealTins } from "../../../../core/domain/filing/filing.ts";
import { validateForm } from "../../../../core/domain/forms/index.ts";
import type { FilingToTransmit, PayerInput, TransmitterInput } from "../../../../core/domain/iris/index.ts";
import { Tin } from "../../../../core/domain/shared/tin.ts";
import { INTAKE_SAMPLES, INTAKE_XSD, STATUS_SAMPLES } from "../../../support/iris-package.ts";

export const TRANSMITTER: TransmitterInput = {
  tin: Tin.fromDigits("000000001"),
  tinType: "ein",
  tcc: "BB002",
  name: "Filing Service, Inc.",
  address: {
    line1: "1 Market St., Suite #200",
    city: "San Francisco",
    state: "CA",
    postalCode: "94105-1234",
  },
  contactName: "Ops Desk",
  contactEmail: "irs@filing.example",
  contactPhone: "(415) 555-0100",
  softwareId: "25A0000001",
  test: true,
};

export function payer(name: string, tin: string, extra: Partial<PayerInput> = {}): PayerInput {
  return {
    name,
    tin: Tin.fromDigits(tin),
    tinType: "ein",
    address: { line1: "200 West Main St", city: "Boston", state: "MA", postalCode: "02108" },
    contactName: "Mary White",
    contactEmail: "white@payer.example",
    contactPhone: "6175550100",
    ...extra,
  };
}

export const ACME = payer("Acme & Sons, LLC", "000433899");
export const GLOBEX = payer("Globex Corp", "000567453");

export interface Stored {
  jsonForm: Record<string, unknown>;
  tin: Tin;
  otherTins: Record<string, Tin>;
}

/** A stored jsonForm: validated like intake does, then every TIN sealed (here the "ciphertext" is the digits). */
export function stored(form: string, jsonForm: Record<string, unknown>, taxYear = 2025): Stored {
  const v = validateForm(form, taxYear, jsonForm);
  if (!v.ok) throw new Error(`sample ${form} is invalid: ${JSON.stringify(v.issues)}`);
  const { jsonForm: sealedForm, sealed } = sealTins(v.value.jsonForm, (digits) => digits);
  const otherTins: Record<string, Tin> = {};
  for (const [path, digits] of Object.entries(sealed))
    if (path !== "RecipientDetail.TIN") otherTins[path] = Tin.fromDigits(digits);
  return { jsonForm: sealedForm, tin: Tin.fromDigits(v.value.recipient.tin), otherTins };
}

export function person(
  first: string,
  last: string,
  tin: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    RecipientDetail: {
      TIN: tin,
      TINSubmittedTypeCd: "INDIVIDUAL_TIN",
      PersonName: { PersonFirstNm: first, PersonLastNm: last },
      MailingAddressGrp: {
        USAddress: {
          AddressLine1Txt: "6 Alpha St",
          CityNm: "Boise",
          StateAbbreviationCd: "ID",
          ZIPCd: "83702",
        },
      },
    },
    ...extra,
  };
}

export function business(
  name: string,
  tin: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    RecipientDetail: {
      TIN: tin,
      TINSubmittedTypeCd: "BUSINESS_TIN",
      BusinessName: { BusinessNameLine1Txt: name },
      MailingAddressGrp: {
        USAddress: {
          AddressLine1Txt: "9 Beta Ave",
          CityNm: "Austin",
          StateAbbreviationCd: "TX",
          ZIPCd: "73301",
        },
      },
    },
    ...extra,
  };
}

export function filing(
  filingId: string,
  payerId: string,
  p: PayerInput,
  form: string,
  jsonForm: Record<string, unknown>,
  extra: Partial<FilingToTransmit> = {},
): FilingToTransmit {
  const s = stored(form, jsonForm, extra.taxYear ?? 2025);
  return {
    filingId,
    payerId,
    payer: p,
    form,
    taxYear: 2025,
    jsonForm: s.jsonForm,
    recipientTin: s.tin,
    otherTins: s.otherTins,
    ...extra,
  };
}

export const NEC_JANE = () =>
  person("Jane", "Porter", "000989867", {
    NonemployeeCompensationAmt: 1500.5,
    FederalIncomeTaxWithheldAmt: 100,
  });
export const NEC_BOB = () =>
  person("Bob", "Stone", "000111223", {
    NonemployeeCompensationAmt: "2000.25",
    DirectSaleAboveThresholdInd: true,
  });
export const MISC_RENT = () =>
  business("Rentco & Partners", "000222334", {
    RentAmt: 3000.5,
    RoyaltyAmt: 10000.2,
    OtherIncomeAmt: 20000,
    FederalIncomeTaxWithheldAmt: 2000,
    FishingBoatProceedsAmt: 5000.22,
    StateLocalTaxGrp: [
      {
        StateAbbreviationCd: "LA",
        StateTaxGrp: { StateIdNum: "488IKED", StateTaxWithheldAmt: 200, StateIncomeAmt: 21500.47 },
      },
    ],
  });

// The IRS's TY2025 package, in the repository (test/support/iris-package.ts): the emulator's XSDs and the IRS's
// sample transmissions and status responses. IRIS_XSD points the XSD checks at another package's intake XSD.
export const XSD = process.env["IRIS_XSD"] ?? INTAKE_XSD;
export { INTAKE_SAMPLES as SAMPLES, STATUS_SAMPLES };
