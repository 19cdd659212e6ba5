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
  /**
   * IRS country code (IRIS CountryCd) of a foreign address, recognised from the country name Pub 1220 puts at the
   * end of the free-text city/state/ZIP area; null for US addresses and when no country is recognised (the B
   * record then carries a problem saying what to supply).
   */
  country: string | null;
  foreign: boolean;
}

export interface FirePayer extends FireParty {
  transferAgent: boolean;
  phone: string | null;
  combinedFederalState: boolean;
  nameControl: string | null;
  lastFiling: boolean;
  /** Amount codes of the A record (28-51) as read, so the writer declares the same codes (zero columns included). */
  amountCodes?: string;
  /** CF/SF state codes of this payer's K records in file order (the writer otherwise sorts them). */
  stateOrder?: readonly string[];
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
  /** 1-based index of the A record the B record belongs to. */
  payerRecord: number;
  /** 0-based byte offset of the B record in the file. */
  offset: number;
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
  /**
   * Fixed-width text the model does not determine, by tail field name, kept so the writer reproduces the record:
   * a blank state or local tax field (the writer writes zeros), a CF/SF code of "00" or a blank one where the
   * writer would derive a state. Present only when there is something to keep.
   */
  raw?: Record<string, string>;
}

/** T record positions 519-740 (software vendor); text fields are "" when blank. */
export interface FireVendor {
  name: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  contactName: string;
  contactPhone: string;
  foreign: boolean;
}

/**
 * How records are separated: `crlf` / `lf` after each 750-byte record, `none` (750-byte blocks), or `crlf-749`
 * (CR LF in positions 749-750, which Pub 1220 allows instead of blanks: 748 characters and CR LF per record).
 */
export type FireLineEnding = "crlf" | "lf" | "none" | "crlf-749";

export interface FireFraming {
  /** The separator of the first record (a file mixing separators is accepted; the writer uses this one). */
  lineEnding: FireLineEnding;
  /** False when the last record has no separator after it (crlf / lf files only). */
  lastTerminated: boolean;
  /** CR, LF and Ctrl-Z bytes after the last record (latin1), kept for byte-identical writing. */
  trailer: string;
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
  /** Null when positions 519-740 are blank. */
  vendor: FireVendor | null;
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
      framing: FireFraming;
    }
  | { ok: false; problems: FireProblem[] };

/** A form to write: a parsed FireForm without the fields the writer derives. */
export type FireFormInput = Omit<
  FireForm,
  "record" | "payerRecord" | "offset" | "supported" | "taxYear" | "typeOfReturn" | "amountsByCode"
> & {
  amountsByCode?: Record<string, number>;
  /** Forms with the same payerRecord share one A record (a parsed file keeps its grouping); otherwise grouped by payer. */
  payerRecord?: number;
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
  vendor?: FireVendor | null;
}

export interface FireFileInput {
  taxYear: number;
  test?: boolean;
  priorYear?: boolean;
  transmitter: FireTransmitterInput;
  forms: FireFormInput[];
  /** A parsed file's framing; `FireWriteOptions.lineEnding` overrides its line ending. */
  framing?: FireFraming;
}

export interface FireWriteOptions {
  lineEnding?: FireLineEnding;
}
