// Offline FIRE tools (no server, no database): check a Pub 1220 file the way the import does (parse, map every B
// record to IRIS, validate it against the catalogue, run the IRS business rules intake runs) and convert it to IRIS
// A2A transmissions, one per payer.
// Pure: bytes in, problems or XML out; the caller supplies transmission ids and writes files.
import { validateForm, type NormalizedForm } from "../forms/index.ts";
import {
  checkFiledForm,
  keptApart,
  refusals,
  remainingWarnings,
  type FindingSeverity,
  type RuleFinding,
  type TransmitterProfile,
} from "../iris/rules/index.ts";
import {
  buildTransmission,
  planTransmissions,
  type FilingToTransmit,
  type PayerInput,
  type TransmissionProblem,
  type TransmitterInput,
} from "../iris/transmission.ts";
import { Tin } from "../shared/tin.ts";
import { parseFire } from "./parse.ts";
import {
  fireFormToIris,
  layoutSourceOf,
  sourceOf,
  type FireDropped,
  type FireSource,
} from "./to-json-form.ts";
import type { FireForm, FireParseResult, FirePayer, FireProblem, FireTransmitter } from "./types.ts";

/** A problem located in the file: the record, its type, the Pub 1220 field and position (and byte offset). */
export interface FireLocatedProblem {
  record: number;
  recordType: string;
  field: string;
  position?: number;
  offset?: number;
  message: string;
  /** The jsonForm element a catalogue issue names, when the problem comes from IRIS validation. */
  param?: string;
  /** The IRS business rule the record breaks ("SHAREDIRFORM018"), when the problem is one. */
  code?: string;
  /** The rule's IRS severity (or "Notice"), when the problem is a rule finding. */
  severity?: FindingSeverity;
}

type Parsed = Extract<FireParseResult, { ok: true }>;

export interface CheckedForm {
  readonly form: FireForm;
  readonly normalized: NormalizedForm;
  /** Issue 41: it breaks a threshold-graded rule, so it is transmitted apart (`keptApart`). */
  readonly keptApart: boolean;
}

export interface FireCheck {
  /**
   * Empty when the file converts: every record parses and every supported form passes the catalogue and the IRS
   * business rules intake checks (a Reject finding; under `strict`, a Report Error finding too).
   */
  readonly problems: FireLocatedProblem[];
  /**
   * Issue 41: the IRS rules the forms break that the IRS accepts them with (Report Error, Report Error and Reject if
   * over Threshold) and the reporting-threshold notices, located like problems (`code` and `severity` set); a payer
   * rule once per A record. The file still converts.
   */
  readonly warnings: FireLocatedProblem[];
  readonly parsed: Parsed | null;
  readonly forms: CheckedForm[];
  /** Values IRIS has no element for (not carried over) and unsupported forms, one note per form and field. */
  readonly notes: string[];
  /** Forms that passed the catalogue and the IRS business rules. */
  readonly checked: number;
}

const fromParser = (p: FireProblem): FireLocatedProblem => ({ ...p });

/** A catalogue issue of a B record, located through the Pub 1220 field the element came from. */
export function locateIssue(
  form: FireForm,
  param: string,
  message: string,
  sources: Readonly<Record<string, FireSource>>,
): FireLocatedProblem {
  const at = sourceOf(sources, param) ?? layoutSourceOf(form.form, param);
  return {
    record: form.record,
    recordType: "B",
    field: at?.field ?? param,
    ...(at ? { position: at.position, offset: form.offset + at.position - 1 } : {}),
    message,
    ...(param ? { param } : {}),
  };
}

/**
 * What IRIS has no element for, as notes: one per form, field and reason with the number of B records and the first
 * few record numbers (a 12 MB file must not produce 16,000 notes).
 */
export function droppedNotes(
  dropped: ReadonlyArray<{ form: FireForm; items: readonly FireDropped[] }>,
): string[] {
  const groups = new Map<
    string,
    { form: string; field: string; position: number; reason: string; records: number[] }
  >();
  for (const { form, items } of dropped) {
    for (const d of items) {
      const key = `${form.form}\u0000${d.field}\u0000${d.reason}`;
      const g = groups.get(key) ?? {
        form: form.form,
        field: d.field,
        position: d.position,
        reason: d.reason,
        records: [],
      };
      g.records.push(form.record);
      groups.set(key, g);
    }
  }
  return [...groups.values()].map((g) => {
    const shown = g.records.slice(0, 5).join(", ");
    const more = g.records.length > 5 ? ` and ${g.records.length - 5} more` : "";
    return `${g.form}, ${g.field} (position ${g.position}) of ${g.records.length} B record(s) (${shown}${more}) not imported: ${g.reason}.`;
  });
}

/** The A record fields the payer rules of the engine read ("payer.tin", "payer.contact_phone"). */
const PAYER_FIELDS: Readonly<Record<string, { field: string; position: number }>> = {
  "payer.tin": { field: "PayerTIN", position: 12 },
  "payer.contact_phone": { field: "PayerTelephoneNumber", position: 225 },
};

/** An IRS rule finding of a B record, located: a payer rule at the A record, a form rule at the field it reads. */
export function locateFinding(
  form: FireForm,
  f: RuleFinding,
  sources: () => Readonly<Record<string, FireSource>>,
): FireLocatedProblem {
  if (f.path.startsWith("payer.")) {
    const at = PAYER_FIELDS[f.path];
    return {
      record: form.payerRecord,
      recordType: "A",
      field: at?.field ?? f.path,
      ...(at ? { position: at.position } : {}),
      message: f.message,
      param: f.path,
      code: f.code,
      severity: f.severity,
    };
  }
  return { ...locateIssue(form, f.path, f.message, sources()), code: f.code, severity: f.severity };
}

export interface FireCheckOptions {
  readonly maxProblems?: number;
  readonly keepForms?: boolean;
  /**
   * What the IRIS manifest will carry, for the rules about TestCd (SHAREDIRFORM021, SMF027). Default: TestCd "T"
   * when the T record marks a test file (as fireToIris writes it), else "P".
   */
  readonly transmitter?: TransmitterProfile;
  /** Issue 41: a Report Error finding is a problem, as a Reject finding is (the import's `strict`). */
  readonly strict?: boolean;
}

/**
 * Parses the file and checks every supported form against the catalogue and the IRS business rules, as the import
 * would (`checkFiledForm`, the function intake calls). `keepForms: false` leaves `forms` empty (a check that only
 * reports does not hold 16,000 validated forms in memory); `checked` counts.
 */
export function checkFire(bytes: Uint8Array, options: FireCheckOptions = {}): FireCheck {
  const max = options.maxProblems ?? 1000;
  const keep = options.keepForms !== false;
  let checked = 0;
  const parsed = parseFire(bytes);
  if (!parsed.ok)
    return {
      problems: parsed.problems.map(fromParser),
      warnings: [],
      parsed: null,
      forms: [],
      notes: [],
      checked: 0,
    };
  const problems: FireLocatedProblem[] = [];
  const forms: CheckedForm[] = [];
  const dropped: Array<{ form: FireForm; items: FireDropped[] }> = [];
  const notes = [...parsed.notes];
  const transmitter: TransmitterProfile = options.transmitter ?? {
    test: parsed.test,
    softwareIdFor: () => undefined,
  };
  const payerTins = new Map<string, Tin | undefined>();
  const strict = options.strict === true;
  const payerProblems = new Set<string>();
  const payerWarnings = new Set<string>();
  const warnings: FireLocatedProblem[] = [];
  for (const f of parsed.forms) {
    if (!f.supported) continue;
    const iris = fireFormToIris(f, { sources: false });
    if (iris.dropped.length > 0) dropped.push({ form: f, items: iris.dropped });
    const v = validateForm(f.form, f.taxYear, iris.jsonForm);
    if (!v.ok) {
      // Rare: map the record again, this time noting where each element came from, to locate the issues.
      const { sources } = fireFormToIris(f);
      for (const issue of v.issues) {
        if (problems.length < max) problems.push(locateIssue(f, issue.param, issue.message, sources));
      }
      continue;
    }
    // The IRS business rules intake runs, with the payer of the A record (its phone and TIN as IRIS gets them).
    if (!payerTins.has(f.payer.tin)) payerTins.set(f.payer.tin, Tin.parse(f.payer.tin));
    const payerTin = payerTins.get(f.payer.tin);
    const recipientTin = Tin.parse(v.value.recipient.tin);
    const rules = checkFiledForm(f.form, {
      taxYear: f.taxYear,
      jsonForm: v.value.jsonForm,
      ...(recipientTin ? { recipientTin } : {}),
      issuer: { phone: f.payer.phone, ...(payerTin ? { tin: payerTin } : {}) },
      transmitter,
    });
    let sources: Readonly<Record<string, FireSource>> | undefined;
    const sourcesOf = () => {
      sources ??= fireFormToIris(f).sources;
      return sources;
    };
    /** Each finding located once: a payer rule once per A record, not once per form of the payer. */
    const add = (into: FireLocatedProblem[], seen: Set<string>, findings: readonly RuleFinding[]) => {
      for (const finding of findings) {
        if (finding.path.startsWith("payer.")) {
          const key = `${f.payerRecord}\u0000${finding.code}`;
          if (seen.has(key)) continue;
          seen.add(key);
        }
        if (into.length < max) into.push(locateFinding(f, finding, sourcesOf));
      }
    };
    const refused = rules === undefined ? [] : refusals(rules, strict);
    if (rules !== undefined) add(warnings, payerWarnings, remainingWarnings(rules, strict));
    if (refused.length > 0) {
      add(problems, payerProblems, refused);
      continue;
    }
    checked++;
    if (keep) forms.push({ form: f, normalized: v.value, keptApart: keptApart(rules?.warnings ?? []) });
  }
  if (problems.length >= max)
    problems.push({
      record: 0,
      recordType: "?",
      field: "File",
      message: `more than ${max} problems; the rest are not listed`,
    });
  notes.push(...droppedNotes(dropped));
  return { problems, warnings, parsed, forms, notes, checked };
}

// ---------------------------------------------------------------------------------------------------------------
// FIRE -> IRIS

export interface IrisFile {
  /** Suggested file name, e.g. "payer-01-6789-original-1.xml" (the payer's TIN shown by its last 4 digits). */
  readonly name: string;
  readonly xml: string;
  readonly uniqueTransmissionId: string;
  readonly payer: { readonly name: string; readonly tinLast4: string; readonly aRecords: readonly number[] };
  /** Form -> number of records in the file. */
  readonly forms: Readonly<Record<string, number>>;
  readonly records: number;
}

export interface FireToIrisOptions {
  /** The tax year the user expects; the file's payment year (T record positions 2-5) must be the same. */
  readonly taxYear: number;
  /** The IRS-assigned IRIS software id (SoftwareId); FIRE files have none. */
  readonly softwareId: string;
  /** A new UUID per transmission. */
  readonly newTransmissionId: () => string;
  readonly maxRecordsPerTransmission?: number;
  /**
   * Receives each file as soon as it is built; the result then lists the files without their XML (a 12 MB FIRE file
   * makes about 25 MB of XML). Files are only built once the whole input has been checked.
   */
  readonly onFile?: (file: IrisFile) => void;
  /** Issue 41: refuse the file for a Report Error finding too (checkFire's `strict`). */
  readonly strict?: boolean;
}

export type FireToIrisResult =
  | {
      readonly ok: true;
      readonly files: IrisFile[];
      readonly notes: string[];
      /** The findings the files are written with (the IRS accepts such forms with errors). */
      readonly warnings: FireLocatedProblem[];
      readonly taxYear: number;
      readonly rows: number;
      readonly test: boolean;
    }
  | {
      readonly ok: false;
      readonly problems: FireLocatedProblem[];
      readonly warnings: FireLocatedProblem[];
      readonly notes: string[];
    };

function address(p: {
  address: string;
  city: string;
  state: string;
  postalCode: string;
  foreign: boolean;
  country: string | null;
}) {
  return {
    line1: p.address,
    city: p.city,
    state: p.state,
    postalCode: p.postalCode,
    country: p.foreign ? p.country : "US",
  };
}

function transmitterOf(t: FireTransmitter, test: boolean, softwareId: string): TransmitterInput {
  const vendor =
    t.vendorIndicator === "V" && t.vendor && t.vendor.name !== ""
      ? {
          vendor: {
            name: t.vendor.name,
            address: {
              line1: t.vendor.address,
              city: t.vendor.city,
              state: t.vendor.state,
              postalCode: t.vendor.postalCode,
              country: t.vendor.foreign ? null : "US",
            },
            contactName: t.vendor.contactName || null,
            contactPhone: t.vendor.contactPhone || null,
          },
        }
      : {};
  return {
    tin: Tin.fromDigits(t.tin),
    tinType: "ein",
    tcc: t.tcc,
    name: t.companyName || t.name,
    address: { line1: t.address, city: t.city, state: t.state, postalCode: t.postalCode, country: "US" },
    contactName: t.contactName,
    contactEmail: t.contactEmail,
    contactPhone: t.contactPhone,
    softwareId,
    test,
    ...vendor,
  };
}

function payerOf(p: FirePayer): PayerInput {
  return {
    name: p.name,
    tin: Tin.fromDigits(p.tin),
    tinType: p.tinType ?? "ein",
    address: address(p),
    phone: p.phone,
    contactPhone: p.phone,
  };
}

/**
 * The file as IRIS A2A transmissions: one per payer (TIN of the A records) and kind, split when one would pass
 * `maxRecordsPerTransmission`. FIRE corrections cannot be converted (an IRIS correction names the original's IRIS
 * receipt id, which a FIRE file does not have): they are left out with a note.
 */
export function fireToIris(bytes: Uint8Array, options: FireToIrisOptions): FireToIrisResult {
  const check = checkFire(bytes, { strict: options.strict === true });
  const notes = [...check.notes];
  const { warnings } = check;
  const parsed = check.parsed;
  if (!parsed) return { ok: false, problems: check.problems, warnings, notes };
  const problems = [...check.problems];
  if (parsed.taxYear !== options.taxYear) {
    problems.unshift({
      record: 1,
      recordType: "T",
      field: "PaymentYear",
      position: 2,
      offset: 1,
      message: `the file is for tax year ${parsed.taxYear} (T record positions 2-5), not ${options.taxYear}`,
    });
  }
  if (!/^[A-Za-z0-9]{1,10}$/.test(options.softwareId)) {
    problems.push({
      record: 0,
      recordType: "?",
      field: "SoftwareId",
      message: "IRIS needs the IRS-assigned software id (1 to 10 letters or digits)",
    });
  }
  const transmitter = transmitterOf(parsed.transmitter, parsed.test, options.softwareId);
  if (parsed.transmitter.foreign)
    problems.push({
      record: 1,
      recordType: "T",
      field: "ForeignEntityIndicator",
      position: 29,
      offset: 28,
      message:
        "a foreign transmitter address cannot be converted: IRIS needs the transmitter's country, which the T record does not give",
    });

  // Payers in order of first appearance; a foreign payer's address needs a recognised country.
  const payers = new Map<
    string,
    { payer: FirePayer; aRecords: number[]; filings: FilingToTransmit[]; forms: Record<string, number> }
  >();
  let corrections = 0;
  for (const { form: f, normalized, keptApart: apart } of check.forms) {
    let entry = payers.get(f.payer.tin);
    if (!entry) {
      entry = { payer: f.payer, aRecords: [], filings: [], forms: {} };
      payers.set(f.payer.tin, entry);
      if (f.payer.foreign && f.payer.country === null) {
        problems.push({
          record: f.payerRecord,
          recordType: "A",
          field: "PayerCity",
          position: 174,
          message:
            "foreign payer address without a country the IRS recognises: end the free-text city, province and postal code (positions 174-224) with the country's name",
        });
      }
    }
    if (!entry.aRecords.includes(f.payerRecord)) entry.aRecords.push(f.payerRecord);
    if (f.corrected) {
      corrections++;
      continue;
    }
    entry.forms[f.form] = (entry.forms[f.form] ?? 0) + 1;
    entry.filings.push({
      filingId: `B${f.record}`,
      payerId: f.payer.tin,
      payer: payerOf(f.payer),
      form: f.form,
      taxYear: f.taxYear,
      jsonForm: normalized.jsonForm,
      recipientTin: Tin.fromDigits(normalized.recipient.tin),
      ...(apart ? { keptApart: true } : {}),
    });
  }
  if (corrections > 0)
    notes.push(
      `${corrections} correction(s) (B records with G or C in position 6) not converted: an IRIS correction names the original's IRIS receipt id, which a FIRE file does not have. File them as IRIS corrections of the originals.`,
    );
  if (problems.length > 0) return { ok: false, problems, warnings, notes };

  const files: IrisFile[] = [];
  let n = 0;
  for (const entry of payers.values()) {
    n++;
    if (entry.filings.length === 0) continue;
    const plans = planTransmissions(
      entry.filings,
      options.maxRecordsPerTransmission === undefined
        ? {}
        : { maxRecordsPerTransmission: options.maxRecordsPerTransmission },
    );
    entry.filings = [];
    plans.forEach((plan, i) => {
      // The offline converter writes XSD-valid IRIS files for the filer to transmit with its own software. The form
      // rules ran in checkFire; the transmission rules (its TCC and software id as the IRS knows them) run where the
      // files are filed.
      const built = buildTransmission(
        { transmissionId: options.newTransmissionId(), taxYear: plan.taxYear, submissions: plan.submissions },
        transmitter,
        { checkRules: false },
      );
      if (!built.ok) {
        for (const p of built.problems)
          problems.push(
            located(
              p,
              plan.submissions.flatMap((s) => s.records.map((r) => r.filingId)),
              entry.aRecords[0] ?? 0,
            ),
          );
        return;
      }
      const forms: Record<string, number> = {};
      for (const s of plan.submissions) forms[s.form] = (forms[s.form] ?? 0) + s.records.length;
      const file: IrisFile = {
        name: `payer-${String(n).padStart(2, "0")}-${entry.payer.tin.slice(-4)}-${plan.kind}-${i + 1}.xml`,
        xml: built.value.xml,
        uniqueTransmissionId: built.value.uniqueTransmissionId,
        payer: { name: entry.payer.name, tinLast4: entry.payer.tin.slice(-4), aRecords: entry.aRecords },
        forms,
        records: built.value.recipientFormCount,
      };
      if (options.onFile) {
        options.onFile(file);
        files.push({ ...file, xml: "" });
      } else files.push(file);
    });
  }
  if (problems.length > 0) return { ok: false, problems, warnings, notes };
  return {
    ok: true,
    files,
    notes,
    warnings,
    taxYear: parsed.taxYear,
    rows: parsed.rows,
    test: parsed.test,
  };
}

/** A transmission problem located at the B record it names ("B<record>" filing ids), else the payer's A record. */
function located(p: TransmissionProblem, _ids: readonly string[], aRecord: number): FireLocatedProblem {
  const record = p.filingId ? Number(p.filingId.slice(1)) : aRecord;
  return { record, recordType: p.filingId ? "B" : "A", field: "Record", message: p.message };
}
