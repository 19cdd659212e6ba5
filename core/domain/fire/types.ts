// Public shapes of the Pub 1220 (FIRE) parser and writer. Money is integer cents.

export type FireTinType = "ein" | "ssn";

export interface FireParty {
  tin: string;
  tinType: FireTinType | null;
  name: string;
  name2: string | null;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  /** Pub 1220 has no country field: foreign addresses are free text in the city line, so this is always null. */
  country: string | null;
  foreign: boolean;
}

export interface FirePayer extends FireParty {
  transferAgent: boolean;
  phone: string | null;
  combinedFederalState: boolean;
  nameControl: string | null;
  lastFiling: boolean;
}

export interface FireRecipient extends FireParty {
  nameControl: string | null;
}

export interface FireState {
  /** Combined Federal/State state when the B record names one, otherwise the recipient's state. */
  code: string;
  stateTaxWithheldCents?: number;
  localTaxWithheldCents?: number;
  stateIdNumber?: string;
}

export interface FireForm {
  /** 1-based index of the B record in the file. */
  record: number;
  /** "1099-NEC" etc., or the raw type-of-return code when the form is not supported. */
  form: string;
  supported: boolean;
  /** Raw Type of Return code of the A record (A positions 26-27, trimmed). */
  typeOfReturn: string;
  taxYear: number;
  corrected: "G" | "C" | null;
  payer: FirePayer;
  recipient: FireRecipient;
  accountNumber: string | null;
  /** IRIS amount element name -> integer cents. Only non-zero amounts are present. */
  amounts: Record<string, number>;
  /** Amount code (1-9, A-H, J) -> integer cents, non-zero only; includes codes with no IRIS element. */
  amountsByCode: Record<string, number>;
  /** Every IRIS indicator element the form's B record carries, true or false. */
  indicators: Record<string, boolean>;
  /** IRIS code/text/date elements (dates as YYYY-MM-DD), non-empty only. */
  codes: Record<string, string>;
  /** Pub 1220 fields with no single IRIS element (special data entries, office code, ...), non-empty only. */
  extra: Record<string, string>;
  state: FireState | null;
}

export interface FireTransmitter {
  tin: string;
  tcc: string;
  name: string;
  name2: string | null;
  companyName: string;
  companyName2: string | null;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  foreign: boolean;
  contactName: string;
  contactPhone: string;
  contactEmail: string | null;
  vendorIndicator: "V" | "I";
}

export type FireRecordType = "T" | "A" | "B" | "C" | "K" | "F" | "?";

export interface FireProblem {
  /** 1-based record index in the file. */
  record: number;
  recordType: FireRecordType;
  field: string;
  /** 1-based byte position within the record. */
  position: number;
  /** 0-based byte offset in the file. */
  offset: number;
  message: string;
}

export type FireParseResult =
  | {
      ok: true;
      taxYear: number;
      test: boolean;
      priorYear: boolean;
      transmitter: FireTransmitter;
      forms: FireForm[];
      /** Number of B records. */
      rows: number;
      notes: string[];
    }
  | { ok: false; problems: FireProblem[] };

/** A form to write: a parsed FireForm without the fields the writer derives. */
export type FireFormInput = Omit<FireForm, "record" | "supported" | "taxYear" | "typeOfReturn" | "amountsByCode"> & {
  amountsByCode?: Record<string, number>;
};

export interface FireTransmitterInput {
  tin: string;
  tcc: string;
  name: string;
  name2?: string | null;
  companyName: string;
  companyName2?: string | null;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  foreign?: boolean;
  contactName: string;
  contactPhone: string;
  contactEmail?: string | null;
  vendorIndicator?: "V" | "I";
}

export interface FireFileInput {
  taxYear: number;
  test?: boolean;
  priorYear?: boolean;
  transmitter: FireTransmitterInput;
  forms: FireFormInput[];
}

export interface FireWriteOptions {
  lineEnding?: "crlf" | "lf" | "none";
}
