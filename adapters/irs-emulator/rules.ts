// What the emulated IRS decides about a schema-valid IRTransmission: the manifest rules the IRS checks on intake
// (IRIS Business Rules Transmission TY2025 v1.2), the counts, and the sandbox's deterministic rules (SPEC "Sandbox
// deterministic rules"):
// - a payer (IssuerDetail) whose name contains "reject", any case: its submission is rejected with SMF018 (or
//   SMF017 for a PersonName issuer), so every filing of that payer is rejected;
// - any other party name of a record containing "reject" (recipient person or business name, additional
//   recipient, other named parties): that record gets the name/TIN mismatch rule, SHAREDIRFORM014 (PersonName) or
//   SHAREDIRFORM015 (BusinessName), at the element's path; the sandbox grades those as rejecting the record
//   (see SANDBOX_REJECTING_RULES), the live IRS grades them "Report Error";
// - everything else is accepted.
// With `formRules` (the standalone emulator, `npm run irs-emulator`; issue 41) each record is also read back into
// the form's elements and checked against the IRS form rules the service checks (core/domain/iris/rules): a record
// breaking a Report Error or threshold-graded rule gets it as a record error (its submission "Accepted with
// Errors"), one breaking a Reject rule is rejected; with `thresholdPercent`, a submission where more than that share of
// the records breaks one threshold-graded rule is rejected with ThresholdRule. The sandbox leaves `formRules` off: its
// deterministic rules above are the SPEC's.
// Error texts are the IRS's rule texts, unchanged. Values (ErrorValueTxt) never carry a TIN.
import {
  transmissionStatusOf,
  type ErrorInformation,
  type RecordResult,
  type SubmissionResult,
  type SubmissionStatus,
  type TransmissionStatus,
} from "../../core/domain/iris/ack.ts";
import { businessRule, businessRuleText } from "../../core/domain/iris/business-rules.ts";
import { checkForm } from "../../core/domain/iris/rules/engine.ts";
import { thresholdGraded } from "../../core/domain/iris/rules/model.ts";
import { childNamed, childText, childrenNamed, type XmlElement } from "../../core/domain/iris/xml.ts";

/** Rules the sandbox grades "Reject" for a record although IRIS grades them "Report Error" (see the header). */
export const SANDBOX_REJECTING_RULES: readonly string[] = ["SHAREDIRFORM014", "SHAREDIRFORM015"];

export interface Judgement {
  readonly utid: string;
  readonly tcc: string;
  readonly taxYear: number;
  readonly testCd: string;
  readonly status: TransmissionStatus;
  /** Transmission-level errors (manifest rules). */
  readonly errors: readonly ErrorInformation[];
  readonly submissions: readonly SubmissionResult[];
  readonly recordCount: number;
}

export interface JudgeOptions {
  /** TCCs the emulated IRS database knows (TMFST002_001); any TCC when absent. */
  readonly knownTccs?: readonly string[];
  /** Software ids the emulated IRS database knows (TMFST018); any when absent. */
  readonly knownSoftwareIds?: readonly string[];
  /** Check every record against the IRS form rules (see the header). Default false (the sandbox's rules only). */
  readonly formRules?: boolean;
  /**
   * With `formRules`: the share of a submission's records (percent) that may break one threshold-graded rule before
   * the submission is rejected with ThresholdRule. The IRS does not publish its own; absent: never.
   */
  readonly thresholdPercent?: number;
}

/** A record's element as the form's jsonForm: amounts as numbers, indicators true (a "0" one left out), repeats as arrays. */
function elementsOf(el: XmlElement): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of el.children) {
    let v: unknown;
    if (c.children.length > 0) v = elementsOf(c);
    else if (c.name.endsWith("Ind")) {
      if (c.text !== "1") continue;
      v = true;
    } else if (c.name.endsWith("Amt") && c.text !== "" && Number.isFinite(Number(c.text))) v = Number(c.text);
    else v = c.text;
    const had = out[c.name];
    if (had === undefined) out[c.name] = v;
    else out[c.name] = Array.isArray(had) ? [...had, v] : [had, v];
  }
  return out;
}

/** The IRS form rules a record breaks, as the IRS reports them: IRS rule numbers only (not the service's notices). */
function formRuleErrors(
  record: XmlElement,
  recordPath: string,
  formTypeCd: string,
  taxYear: number,
): { errors: ErrorInformation[]; thresholdCodes: string[] } {
  const check = checkForm({ formTypeCd, taxYear, jsonForm: elementsOf(record) });
  const errors: ErrorInformation[] = [];
  const thresholdCodes: string[] = [];
  for (const f of [...check.rejects, ...check.warnings]) {
    // S1H012 is about the submission's totals, and payer rules about its header: not a record's.
    if (f.code === "S1H012" || f.path.startsWith("payer.") || businessRule(f.code) === undefined) continue;
    const path = `${recordPath}/${f.path
      .replace(/^jsonForm\./, "")
      .split(".")
      .join("/")}`;
    errors.push(rule(f.code, path, formTypeCd));
    if (thresholdGraded(f.severity)) thresholdCodes.push(f.code);
  }
  return { errors, thresholdCodes };
}

const REJECT = /reject/i;

function rule(code: string, path: string | null, formTypeCd?: string): ErrorInformation {
  return { code, message: businessRuleText(code, formTypeCd) ?? code, value: null, path };
}

/** Party names, not places (CityNm, LocalityNm, ProvinceOrStateNm, CountryNm are places). */
const NAME_ELEMENTS = new Map<string, boolean>();
function isNameElement(name: string): boolean {
  let is = NAME_ELEMENTS.get(name);
  if (is === undefined) {
    is =
      !/(City|Locality|ProvinceOrState|Country)Nm$/.test(name) &&
      (name.endsWith("Nm") || /Name(Line\d)?Txt$/.test(name) || name === "AdditionalRecipientTxt");
    NAME_ELEMENTS.set(name, is);
  }
  return is;
}

/** The child positions down to the first name element containing "reject" (depth first), if any. */
function rejectedAt(el: XmlElement): number[] | undefined {
  for (let i = 0; i < el.children.length; i++) {
    const c = el.children[i] as XmlElement;
    if (c.children.length === 0) {
      if (isNameElement(c.name) && REJECT.test(c.text)) return [i];
    } else {
      const found = rejectedAt(c);
      if (found !== undefined) {
        found.unshift(i);
        return found;
      }
    }
  }
  return undefined;
}

/** The XPath (below `base`) of the first name element containing "reject", with positions for repeated siblings. */
function rejectedName(el: XmlElement, base: string): string | undefined {
  const at = rejectedAt(el);
  if (at === undefined) return undefined;
  // The path is spelled only for a hit: most records have none (issue 19: this walk was most of the emulator's time).
  let path = base;
  let cur = el;
  for (const i of at) {
    const c = cur.children[i] as XmlElement;
    let n = 0;
    let total = 0;
    cur.children.forEach((x, j) => {
      if (x.name === c.name) {
        total++;
        if (j <= i) n++;
      }
    });
    path += `/${c.name}${total > 1 ? `[${String(n)}]` : ""}`;
    cur = c;
  }
  return path;
}

function issuerName(issuer: XmlElement | undefined): { text: string; person: boolean } {
  const business = issuer && childNamed(issuer, "BusinessName");
  if (business) return { text: business.children.map((c) => c.text).join(" "), person: false };
  const person = issuer && childNamed(issuer, "PersonName");
  return { text: person ? person.children.map((c) => c.text).join(" ") : "", person: true };
}

/** Decides a transmission the XSD already accepted. */
export function judgeTransmission(root: XmlElement, options: JudgeOptions = {}): Judgement {
  const manifest = childNamed(root, "IRTransmissionManifest");
  const transmitter = manifest && childNamed(manifest, "TransmitterGrp");
  const utid = (manifest && childText(manifest, "UniqueTransmissionId")) ?? "";
  const tcc = (transmitter && childText(transmitter, "TransmitterControlCd")) ?? "";
  const taxYr = (manifest && childText(manifest, "TaxYr")) ?? "";
  const softwareId = (manifest && childText(manifest, "SoftwareId")) ?? "";
  const m = "/IRTransmission/IRTransmissionManifest";
  const errors: ErrorInformation[] = [];
  if (!utid.endsWith("::A")) errors.push(rule("TMFST032", `${m}/UniqueTransmissionId`));
  if (utid.split(":")[2] !== tcc) errors.push(rule("TMFST039", `${m}/UniqueTransmissionId`));
  if (options.knownTccs && !options.knownTccs.includes(tcc))
    errors.push(rule("TMFST002_001", `${m}/TransmitterGrp/TransmitterControlCd`));
  if (options.knownSoftwareIds && !options.knownSoftwareIds.includes(softwareId))
    errors.push(rule("TMFST018", `${m}/SoftwareId`));
  if (softwareId.slice(0, 2) !== taxYr.slice(2, 4)) errors.push(rule("TMFST020", `${m}/SoftwareId`));
  if (manifest && childText(manifest, "PriorYearDataInd") !== "0")
    errors.push(rule("TMFST038", `${m}/PriorYearDataInd`));

  const groups = childrenNamed(root, "IRSubmission1Grp");
  const issuers =
    groups.length +
    childrenNamed(root, "IRSubmission2Grp").length +
    childrenNamed(root, "IRSubmission3Grp").length;
  if (String(issuers) !== (manifest && childText(manifest, "TotalIssuerFormCnt")))
    errors.push(rule("TMFST026", `${m}/TotalIssuerFormCnt`));

  const submissions: SubmissionResult[] = [];
  const submissionIds = new Set<string>();
  let recordCount = 0;
  groups.forEach((g, gi) => {
    const sp = `/IRTransmission/IRSubmission1Grp[${String(gi + 1)}]`;
    const header = childNamed(g, "IRSubmission1Header");
    const submissionId = (header && childText(header, "SubmissionId")) ?? "";
    const formTypeCd = (header && childText(header, "FormTypeCd")) ?? undefined;
    if (submissionIds.has(submissionId))
      errors.push(rule("FTMFST010", `${sp}/IRSubmission1Header/SubmissionId`));
    submissionIds.add(submissionId);
    const detail = childNamed(g, "IRSubmission1Detail");
    const details = detail ? detail.children : [];
    recordCount += details.length;
    const subErrors: ErrorInformation[] = [];
    if (header && childText(header, "TaxYr") !== taxYr)
      subErrors.push(rule("SMF007", `${sp}/IRSubmission1Header/TaxYr`));
    if (header && childText(header, "TotalReportedRcpntFormCnt") !== String(details.length))
      subErrors.push(rule("FS1H003", `${sp}/IRSubmission1Header/TotalReportedRcpntFormCnt`));
    const recordIds = new Set<string>();
    for (const d of details) {
      const id = childText(d, "RecordId") ?? "";
      if (recordIds.has(id)) subErrors.push(rule("FS1H002", `${sp}/IRSubmission1Detail`));
      recordIds.add(id);
    }
    const issuer = header && childNamed(header, "IssuerDetail");
    const payer = issuerName(issuer);
    if (REJECT.test(payer.text)) {
      subErrors.push(
        rule(
          payer.person ? "SMF017" : "SMF018",
          `${sp}/IRSubmission1Header/IssuerDetail/${payer.person ? "PersonName" : "BusinessName/BusinessNameLine1Txt"}`,
        ),
      );
    }
    const records: RecordResult[] = [];
    if (subErrors.length === 0) {
      const taxYear = Number((header && childText(header, "TaxYr")) ?? taxYr);
      /** Threshold-graded rule -> how many of the submission's records break it. */
      const graded = new Map<string, number>();
      details.forEach((d, di) => {
        const recordPath = `${sp}/IRSubmission1Detail/${d.name}[${String(di + 1)}]`;
        const errors: ErrorInformation[] = [];
        const path = rejectedName(d, recordPath);
        if (path !== undefined)
          errors.push(
            rule(path.includes("/BusinessName") ? "SHAREDIRFORM015" : "SHAREDIRFORM014", path, formTypeCd),
          );
        if (options.formRules && formTypeCd !== undefined) {
          const found = formRuleErrors(d, recordPath, formTypeCd, taxYear);
          errors.push(...found.errors);
          for (const code of new Set(found.thresholdCodes)) graded.set(code, (graded.get(code) ?? 0) + 1);
        }
        if (errors.length > 0) records.push({ recordId: childText(d, "RecordId") ?? null, errors });
      });
      const limit = options.thresholdPercent;
      if (
        limit !== undefined &&
        details.length > 0 &&
        [...graded.values()].some((n) => (100 * n) / details.length > limit)
      )
        subErrors.push(rule("ThresholdRule", `${sp}/IRSubmission1Header`, formTypeCd));
    }
    const status: SubmissionStatus =
      subErrors.length > 0 ? "Rejected" : records.length > 0 ? "Accepted with Errors" : "Accepted";
    submissions.push({ submissionId, status, errors: subErrors, records });
  });
  const manifestRecords = manifest && childText(manifest, "TotalRecipientFormCnt");
  if (String(recordCount) !== manifestRecords) errors.push(rule("FTMFST009", `${m}/TotalRecipientFormCnt`));

  const rejected = errors.length > 0;
  return {
    utid,
    tcc,
    taxYear: Number(taxYr),
    testCd: (manifest && childText(manifest, "TestCd")) ?? "",
    status: rejected ? "Rejected" : transmissionStatusOf(submissions.map((s) => s.status)),
    errors,
    // A rejected transmission is answered without its submissions' own results.
    submissions: rejected ? [] : submissions,
    recordCount,
  };
}
