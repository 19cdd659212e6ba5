// Rules about the transmission itself (manifest TMFST*/FTMFST*, submission headers S1H*/SMF*/SMD*/FS1H*/S2H*,
// and the record-level SHAREDIRFORM* rules the service writes), checked on the XML the service is about to send:
// what is checked is exactly what the IRS would receive. buildTransmission runs them on every transmission it
// builds and refuses to hand over one that breaks a blocking rule.
import { IRIS_BUSINESS_RULES } from "../business-rules.generated.ts";
import { XmlParseError, childNamed, childText, childrenNamed, parseXml, type XmlElement } from "../xml.ts";
import { finding, INT_TOTALS } from "./engine.ts";
import { extensionHits } from "./extension-rules.ts";
import type { RuleFinding } from "./model.ts";

/** One submission group of the transmission with what the rules read. */
interface Submission {
  readonly el: XmlElement;
  readonly kind: 1 | 2 | 3;
  /** XPath of the group, e.g. "/IRTransmission/IRSubmission1Grp[2]". */
  readonly at: string;
  readonly header: XmlElement | undefined;
  readonly headerAt: string;
  readonly formTypeCd: string | undefined;
  readonly records: readonly Record_[];
}

interface Record_ {
  readonly el: XmlElement;
  readonly at: string;
}

interface Tx {
  readonly root: XmlElement;
  readonly manifest: XmlElement;
  readonly submissions: readonly Submission[];
  readonly now: Date | undefined;
}

interface Hit {
  readonly path: string;
  readonly detail?: string;
  readonly formTypeCd?: string;
}

export interface TransmissionRule {
  readonly code: string;
  readonly check: (t: Tx) => Hit[];
}

const MANIFEST = "/IRTransmission/IRTransmissionManifest";
const text = (el: XmlElement | undefined, name: string): string | undefined =>
  el ? childText(el, name) : undefined;
const m = (t: Tx, name: string) => text(t.manifest, name);
const has = (el: XmlElement | undefined, name: string) =>
  (text(el, name) ?? "") !== "" || (el !== undefined && childNamed(el, name)?.children.length);
const ind = (el: XmlElement | undefined, name: string) => text(el, name) === "1";

/** Paths split once: rules ask for the same few paths of every record. */
const SPLIT = new Map<string, readonly string[]>();
/** The element at a relative path of child names ("IssuerDetail/MailingAddressGrp/ForeignAddress"). */
function at(el: XmlElement | undefined, path: string): XmlElement | undefined {
  let names = SPLIT.get(path);
  if (!names) {
    names = path.split("/");
    SPLIT.set(path, names);
  }
  let node = el;
  for (const name of names) node = node ? childNamed(node, name) : undefined;
  return node;
}

const extensions = (t: Tx) =>
  t.submissions.flatMap((s) => {
    const d = s.kind === 2 ? at(s.header, "Form8809Detail") : undefined;
    return d ? [{ s, d }] : [];
  });
// Listed once per transmission, not once per rule (a transmission has up to 20,000 records; issue 19).
const FILED = new WeakMap<Tx, readonly Submission[]>();
const RECORDS = new WeakMap<Tx, readonly { s: Submission; r: Record_ }[]>();
const filed = (t: Tx) => {
  let list = FILED.get(t);
  if (!list) {
    list = t.submissions.filter((s) => s.kind === 1);
    FILED.set(t, list);
  }
  return list;
};
const records = (t: Tx) => {
  let list = RECORDS.get(t);
  if (!list) {
    list = filed(t).flatMap((s) => s.records.map((r) => ({ s, r })));
    RECORDS.set(t, list);
  }
  return list;
};
const correctedInd = (r: Record_) => text(r.el, "CorrectedInd") ?? text(r.el, "AmendedInd");
const uniqueRecordId = (r: Record_) => text(at(r.el, "PrevSubmittedRecRecipientGrp"), "UniqueRecordId");

/** FormTypeCd -> the S1H rule requiring its totals group, and the group, read from the IRS rule texts. */
const TOTALS_RULES: ReadonlyMap<string, { code: string; group: string }> = (() => {
  const out = new Map<string, { code: string; group: string }>();
  for (const [code, rule] of Object.entries(IRIS_BUSINESS_RULES)) {
    if (!code.startsWith("S1H") || rule.status === "Deleted") continue;
    const hit = /FormTypeCd'? is "([0-9A-Z]+)["'], then '(Form[0-9A-Z]+TotalAmtGrp)' must be present/.exec(
      rule.texts[0] ?? "",
    );
    if (hit?.[1] && hit[2]) out.set(hit[1], { code, group: hit[2] });
  }
  return out;
})();

/** FormTypeCd -> detail element, from the texts of SMD001 (one per form). */
const DETAIL_ELEMENTS: ReadonlyMap<string, string> = (() => {
  const out = new Map<string, string>();
  for (const t of IRIS_BUSINESS_RULES["SMD001"]?.texts ?? []) {
    const hit = /FormTypeCd'? is "([0-9A-Z]+)", then '(Form[0-9A-Z]+Detail)' must be present/.exec(t);
    if (hit?.[1] && hit[2]) out.set(hit[1], hit[2]);
  }
  return out;
})();

export function totalsRuleFor(formTypeCd: string): { code: string; group: string } | undefined {
  return TOTALS_RULES.get(formTypeCd);
}

/** SHAREDIRFORM019_002: the states of the Combined Federal/State Filing program. */
const CFSF_STATES = new Set([
  "AL",
  "AZ",
  "AR",
  "CA",
  "CT",
  "CO",
  "DC",
  "DE",
  "GA",
  "HI",
  "ID",
  "IN",
  "KS",
  "LA",
  "MA",
  "MD",
  "ME",
  "MI",
  "MN",
  "MS",
  "MT",
  "NE",
  "NJ",
  "NM",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "WI",
]);
/** S1H003_001: the forms of the Combined Federal/State Filing program. */
const CFSF_FORMS = new Set([
  "1099B",
  "1099DIV",
  "1099G",
  "1099INT",
  "1099K",
  "1099MISC",
  "1099NEC",
  "1099OID",
  "1099PATR",
  "1099R",
  "5498",
]);

function duplicates<T>(items: readonly T[], key: (t: T) => string | undefined): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of items) {
    const k = key(item);
    if (k === undefined || k === "") continue;
    if (seen.has(k)) out.push(item);
    seen.add(k);
  }
  return out;
}

const isNonZeroAmount = (s: string | undefined) => s !== undefined && s !== "" && Number(s) !== 0;

export const TRANSMISSION_RULES: readonly TransmissionRule[] = [
  // ---- manifest
  {
    code: "TMFST017",
    check: (t) => {
      const g = childNamed(t.manifest, "TransmitterGrp");
      return at(g, "CompanyGrp/MailingAddressGrp/ForeignAddress") && !ind(g, "ForeignEntityInd")
        ? [{ path: `${MANIFEST}/TransmitterGrp/ForeignEntityInd` }]
        : [];
    },
  },
  {
    code: "TMFST020",
    check: (t) => {
      const id = m(t, "SoftwareId") ?? "";
      const yy = (m(t, "TaxYr") ?? "").slice(-2);
      return id.slice(0, 2) === yy && yy.length === 2
        ? []
        : [{ path: `${MANIFEST}/SoftwareId`, detail: `The software id does not start with ${yy}.` }];
    },
  },
  {
    code: "TMFST022",
    check: (t) =>
      m(t, "VendorCd") === "V" && !childNamed(t.manifest, "VendorGrp")
        ? [{ path: `${MANIFEST}/VendorGrp` }]
        : [],
  },
  {
    code: "TMFST023",
    check: (t) => {
      const v = childNamed(t.manifest, "VendorGrp");
      return at(v, "MailingAddressGrp/ForeignAddress") && !ind(v, "ForeignEntityInd")
        ? [{ path: `${MANIFEST}/VendorGrp/ForeignEntityInd` }]
        : [];
    },
  },
  {
    code: "TMFST024",
    check: (t) => {
      const v = childNamed(t.manifest, "VendorGrp");
      return v && !has(at(v, "ContactNameGrp"), "PersonNm")
        ? [{ path: `${MANIFEST}/VendorGrp/ContactNameGrp` }]
        : [];
    },
  },
  {
    code: "TMFST025",
    check: (t) => {
      const v = childNamed(t.manifest, "VendorGrp");
      return v && !has(v, "ContactPhoneNum") ? [{ path: `${MANIFEST}/VendorGrp/ContactPhoneNum` }] : [];
    },
  },
  {
    code: "TMFST026",
    check: (t) =>
      m(t, "TotalIssuerFormCnt") === String(t.submissions.length)
        ? []
        : [
            {
              path: `${MANIFEST}/TotalIssuerFormCnt`,
              detail: `It is ${m(t, "TotalIssuerFormCnt") ?? "missing"}; the transmission has ${String(t.submissions.length)} issuer submission(s).`,
            },
          ],
  },
  {
    code: "TMFST032",
    check: (t) =>
      (m(t, "UniqueTransmissionId") ?? "").endsWith("::A")
        ? []
        : [{ path: `${MANIFEST}/UniqueTransmissionId` }],
  },
  {
    code: "TMFST038",
    check: (t) => (m(t, "PriorYearDataInd") === "0" ? [] : [{ path: `${MANIFEST}/PriorYearDataInd` }]),
  },
  {
    code: "TMFST039",
    check: (t) => {
      const tcc = /:IRIS:([A-Za-z0-9]+)::/.exec(m(t, "UniqueTransmissionId") ?? "")?.[1];
      return tcc !== undefined &&
        tcc === text(childNamed(t.manifest, "TransmitterGrp"), "TransmitterControlCd")
        ? []
        : [{ path: `${MANIFEST}/UniqueTransmissionId` }];
    },
  },
  {
    code: "TMFST041",
    check: (t) =>
      m(t, "TransmissionTypeCd") === "O" && has(t.manifest, "OriginalReceiptId")
        ? [{ path: `${MANIFEST}/OriginalReceiptId` }]
        : [],
  },
  {
    code: "FTMFST001_001",
    check: (t) =>
      ["O", "R"].includes(m(t, "TransmissionTypeCd") ?? "")
        ? records(t)
            .filter(({ r }) => correctedInd(r) !== "0")
            .map(({ r }) => ({ path: `${r.at}/CorrectedInd` }))
        : [],
  },
  {
    code: "FTMFST003_001",
    check: (t) =>
      m(t, "TransmissionTypeCd") === "C"
        ? records(t)
            .filter(({ r }) => correctedInd(r) !== "1")
            .map(({ r }) => ({ path: `${r.at}/CorrectedInd` }))
        : [],
  },
  {
    code: "FTMFST004_001",
    check: (t) =>
      m(t, "TransmissionTypeCd") === "R" && !has(t.manifest, "OriginalReceiptId")
        ? filed(t)
            .filter((s) => !has(s.header, "OriginalUniqueSubmissionId"))
            .map((s) => ({ path: `${s.headerAt}/OriginalUniqueSubmissionId` }))
        : [],
  },
  {
    code: "FTMFST006_001",
    check: (t) =>
      m(t, "TransmissionTypeCd") === "R" && has(t.manifest, "OriginalReceiptId")
        ? filed(t)
            .filter((s) => has(s.header, "OriginalUniqueSubmissionId"))
            .map((s) => ({ path: `${s.headerAt}/OriginalUniqueSubmissionId` }))
        : [],
  },
  {
    code: "FTMFST007_001",
    check: (t) =>
      duplicates(t.submissions, (s) => text(s.header, "OriginalUniqueSubmissionId")).map((s) => ({
        path: `${s.headerAt}/OriginalUniqueSubmissionId`,
      })),
  },
  {
    code: "FTMFST008",
    check: (t) =>
      duplicates(records(t), ({ r }) => uniqueRecordId(r)).map(({ r }) => ({
        path: `${r.at}/PrevSubmittedRecRecipientGrp/UniqueRecordId`,
      })),
  },
  {
    code: "FTMFST009",
    check: (t) => {
      const n = t.submissions.reduce((k, s) => k + s.records.length, 0);
      return m(t, "TotalRecipientFormCnt") === String(n)
        ? []
        : [
            {
              path: `${MANIFEST}/TotalRecipientFormCnt`,
              detail: `It is ${m(t, "TotalRecipientFormCnt") ?? "missing"}; the transmission has ${String(n)} form(s).`,
            },
          ];
    },
  },
  {
    code: "FTMFST010",
    check: (t) =>
      duplicates(t.submissions, (s) => text(s.header, "SubmissionId")).map((s) => ({
        path: `${s.headerAt}/SubmissionId`,
      })),
  },
  {
    code: "FTMFST013",
    check: (t) =>
      ["O", "R"].includes(m(t, "TransmissionTypeCd") ?? "")
        ? records(t)
            .filter(({ r }) => childNamed(r.el, "PrevSubmittedRecRecipientGrp"))
            .map(({ r }) => ({ path: `${r.at}/PrevSubmittedRecRecipientGrp` }))
        : [],
  },
  {
    code: "FTMFST014",
    check: (t) =>
      m(t, "TransmissionTypeCd") === "C"
        ? records(t)
            .filter(({ r }) => !uniqueRecordId(r))
            .map(({ r }) => ({ path: `${r.at}/PrevSubmittedRecRecipientGrp/UniqueRecordId` }))
        : [],
  },
  // ---- submissions
  {
    code: "SMF007",
    check: (t) =>
      t.submissions
        .filter((s) => text(s.header, "TaxYr") !== m(t, "TaxYr"))
        .map((s) => ({ path: `${s.headerAt}/TaxYr` })),
  },
  {
    code: "SMF019",
    check: (t) =>
      filed(t)
        .filter(
          (s) =>
            at(s.header, "IssuerDetail/MailingAddressGrp/ForeignAddress") &&
            !ind(at(s.header, "IssuerDetail"), "ForeignEntityInd"),
        )
        .map((s) => ({ path: `${s.headerAt}/IssuerDetail/ForeignEntityInd` })),
  },
  {
    code: "SMF027",
    check: (t) =>
      m(t, "TestCd") === "T"
        ? filed(t)
            .filter((s) => !(text(at(s.header, "IssuerDetail"), "TIN") ?? "").startsWith("000"))
            .map((s) => ({ path: `${s.headerAt}/IssuerDetail/TIN` }))
        : [],
  },
  {
    code: "SMF030",
    check: (t) =>
      m(t, "TransmissionTypeCd") === "C"
        ? t.submissions.filter((s) => s.kind === 2).map((s) => ({ path: `${s.at}/IRSubmission2Header` }))
        : [],
  },
  {
    code: "S1H001",
    check: (t) =>
      filed(t)
        .filter((s) => !has(at(s.header, "IssuerDetail"), "PhoneNum"))
        .map((s) => ({ path: `${s.headerAt}/IssuerDetail/PhoneNum` })),
  },
  {
    code: "S1H003_001",
    check: (t) =>
      filed(t)
        .filter((s) => ind(s.header, "CFSFElectionInd") && !CFSF_FORMS.has(s.formTypeCd ?? ""))
        .map((s) => ({ path: `${s.headerAt}/CFSFElectionInd` })),
  },
  // S1H004..S1H052: one rule per form type, each requiring that form's totals group.
  ...[...TOTALS_RULES].map(
    ([formTypeCd, { code, group }]): TransmissionRule => ({
      code,
      check: (t) =>
        filed(t)
          .filter((s) => s.formTypeCd === formTypeCd && !at(s.header, `IRSubmission1FormTotals/${group}`))
          .map((s) => ({ path: `${s.headerAt}/IRSubmission1FormTotals/${group}`, formTypeCd })),
    }),
  ),
  {
    code: "S1H012",
    check: (t) =>
      filed(t)
        .filter((s) => {
          const g = at(s.header, "IRSubmission1FormTotals/Form1099INTTotalAmtGrp");
          return g !== undefined && !INT_TOTALS.some((k) => isNonZeroAmount(text(g, k)));
        })
        .map((s) => ({ path: `${s.headerAt}/IRSubmission1FormTotals/Form1099INTTotalAmtGrp` })),
  },
  {
    code: "S1H029",
    check: (t) =>
      m(t, "TransmissionTypeCd") !== "R"
        ? t.submissions
            .filter((s) => has(s.header, "OriginalUniqueSubmissionId"))
            .map((s) => ({ path: `${s.headerAt}/OriginalUniqueSubmissionId` }))
        : [],
  },
  {
    code: "SMD001",
    check: (t) =>
      filed(t).flatMap((s) => {
        const detail = DETAIL_ELEMENTS.get(s.formTypeCd ?? "");
        const body = childNamed(s.el, "IRSubmission1Detail");
        if (detail === undefined || (body && childNamed(body, detail))) return [];
        return [
          {
            path: `${s.at}/IRSubmission1Detail/${detail}`,
            ...(s.formTypeCd ? { formTypeCd: s.formTypeCd } : {}),
          },
        ];
      }),
  },
  {
    // Report Error: the same recipient TIN twice in a submission needs distinct account numbers. TINs are
    // compared, never written into the finding.
    code: "FS1H001",
    check: (t) =>
      filed(t).flatMap((s) => {
        const byTin = new Map<string, Record_[]>();
        for (const r of s.records) {
          const tin = text(childNamed(r.el, "RecipientDetail"), "TIN");
          if (!tin) continue;
          const list = byTin.get(tin);
          if (list) list.push(r);
          else byTin.set(tin, [r]);
        }
        const hits: Hit[] = [];
        for (const list of byTin.values()) {
          if (list.length < 2) continue;
          const accounts = list.map((r) => text(r.el, "RecipientAccountNum") ?? "");
          list.forEach((r, i) => {
            if (accounts[i] === "" || accounts.indexOf(accounts[i] as string) !== i)
              hits.push({ path: `${r.at}/RecipientAccountNum` });
          });
        }
        return hits;
      }),
  },
  {
    code: "FS1H002",
    check: (t) =>
      filed(t).flatMap((s) =>
        duplicates(s.records, (r) => text(r.el, "RecordId")).map((r) => ({ path: `${r.at}/RecordId` })),
      ),
  },
  {
    code: "FS1H003",
    check: (t) =>
      filed(t)
        .filter((s) => text(s.header, "TotalReportedRcpntFormCnt") !== String(s.records.length))
        .map((s) => ({
          path: `${s.headerAt}/TotalReportedRcpntFormCnt`,
          detail: `It is ${text(s.header, "TotalReportedRcpntFormCnt") ?? "missing"}; the submission has ${String(s.records.length)} form(s).`,
        })),
  },
  // ---- Form 8809 (IRSubmission2Grp)
  ...(["S2H001", "S2H002", "S2H013"] as const).map(
    (code): TransmissionRule => ({
      code,
      check: (t) =>
        extensions(t).flatMap(({ s, d }) => {
          // The dates (S2H001, S2H002) need the time of sending; without it only S2H013 is checked.
          if (code !== "S2H013" && t.now === undefined) return [];
          const forms = childrenNamed(d, "ApplicableFormTypeCd").map((c) => c.text.trim());
          return extensionHits({ taxYear: Number(text(s.header, "TaxYr")), forms, now: t.now ?? new Date(0) })
            .filter((h) => h.code === code)
            .map((h) => ({
              path: `${s.headerAt}/${h.index === undefined ? "TaxYr" : `Form8809Detail/ApplicableFormTypeCd[${String(h.index + 1)}]`}`,
              detail: h.detail,
            }));
        }),
    }),
  ),
  {
    code: "S2H009",
    check: (t) =>
      extensions(t)
        .filter(({ d }) => text(d, "IRPaperSubmissionInd") !== "0")
        .map(({ s }) => ({ path: `${s.headerAt}/Form8809Detail/IRPaperSubmissionInd` })),
  },
  {
    code: "S2H010",
    check: (t) =>
      extensions(t)
        .filter(({ d }) => text(d, "IRElectronicSubmissionInd") !== "1")
        .map(({ s }) => ({ path: `${s.headerAt}/Form8809Detail/IRElectronicSubmissionInd` })),
  },
  {
    code: "S2H012",
    check: (t) =>
      extensions(t)
        .filter(
          ({ d }) =>
            Number(text(d, "IRPaperSubmissionInd") ?? 0) +
              Number(text(d, "IRElectronicSubmissionInd") ?? 0) !==
            1,
        )
        .map(({ s }) => ({ path: `${s.headerAt}/Form8809Detail/IRElectronicSubmissionInd` })),
  },
  {
    code: "S2H014",
    check: (t) =>
      t.submissions.some((s) => s.kind === 2) && m(t, "TransmissionTypeCd") !== "O"
        ? [{ path: `${MANIFEST}/TransmissionTypeCd` }]
        : [],
  },
  // ---- records
  {
    code: "SHAREDIRFORM002_001",
    check: (t) =>
      records(t)
        .filter(({ s, r }) => text(r.el, "TaxYr") !== text(s.header, "TaxYr"))
        .map(({ r }) => ({ path: `${r.at}/TaxYr` })),
  },
  {
    code: "SHAREDIRFORM006_002",
    check: (t) =>
      records(t)
        .filter(({ r }) => correctedInd(r) === "1" && !uniqueRecordId(r))
        .map(({ r }) => ({ path: `${r.at}/PrevSubmittedRecRecipientGrp/UniqueRecordId` })),
  },
  {
    code: "SHAREDIRFORM007_002",
    check: (t) =>
      records(t)
        .filter(({ r }) => correctedInd(r) === "0" && childNamed(r.el, "PrevSubmittedRecRecipientGrp"))
        .map(({ r }) => ({ path: `${r.at}/PrevSubmittedRecRecipientGrp` })),
  },
  {
    code: "SHAREDIRFORM016",
    check: (t) =>
      records(t)
        .filter(({ r }) => {
          const mail = at(r.el, "RecipientDetail/MailingAddressGrp");
          return !mail || (!childNamed(mail, "USAddress") && !childNamed(mail, "ForeignAddress"));
        })
        .map(({ r }) => ({ path: `${r.at}/RecipientDetail/MailingAddressGrp` })),
  },
  {
    code: "SHAREDIRFORM019_002",
    check: (t) =>
      records(t).flatMap(({ r }) =>
        childrenNamed(r.el, "CFSFElectionStateCd")
          .filter((c) => !CFSF_STATES.has(c.text.trim()))
          .map(() => ({ path: `${r.at}/CFSFElectionStateCd` })),
      ),
  },
  {
    code: "SHAREDIRFORM020",
    check: (t) =>
      records(t)
        .filter(({ s, r }) => childNamed(r.el, "CFSFElectionStateCd") && !ind(s.header, "CFSFElectionInd"))
        .map(({ s }) => ({ path: `${s.headerAt}/CFSFElectionInd` })),
  },
  {
    code: "SHAREDIRFORM021",
    check: (t) =>
      m(t, "TestCd") === "T"
        ? records(t)
            .filter(({ r }) => !(text(childNamed(r.el, "RecipientDetail"), "TIN") ?? "").startsWith("000"))
            .map(({ r }) => ({ path: `${r.at}/RecipientDetail/TIN` }))
        : [],
  },
  {
    code: "SHAREDIRFORM022",
    check: (t) =>
      filed(t)
        .filter(
          (s) =>
            s.records.some((r) => childNamed(r.el, "CFSFElectionStateCd")) &&
            !(at(s.header, "IRSubmission1FormTotals")?.children ?? []).some((c) =>
              c.name.endsWith("TotalByStateGrp"),
            ),
        )
        .map((s) => ({ path: `${s.headerAt}/IRSubmission1FormTotals` })),
  },
  {
    code: "SHAREDIRFORM023",
    check: (t) =>
      records(t)
        .filter(({ r }) => !has(childNamed(r.el, "RecipientDetail"), "TIN"))
        .map(({ r }) => ({ path: `${r.at}/RecipientDetail/TIN` })),
  },
];

function submissionsOf(root: XmlElement): Submission[] {
  const out: Submission[] = [];
  const counts = { 1: 0, 2: 0, 3: 0 };
  for (const el of root.children) {
    const kind =
      el.name === "IRSubmission1Grp"
        ? 1
        : el.name === "IRSubmission2Grp"
          ? 2
          : el.name === "IRSubmission3Grp"
            ? 3
            : undefined;
    if (kind === undefined) continue;
    counts[kind]++;
    const groupAt = `/IRTransmission/${el.name}[${String(counts[kind])}]`;
    const headerName = `IRSubmission${String(kind)}Header`;
    const header = childNamed(el, headerName);
    const body = childNamed(el, `IRSubmission${String(kind)}Detail`);
    const recs: Record_[] = [];
    if (kind === 1 && body) {
      const seen = new Map<string, number>();
      for (const d of body.children) {
        const n = (seen.get(d.name) ?? 0) + 1;
        seen.set(d.name, n);
        recs.push({ el: d, at: `${groupAt}/IRSubmission1Detail/${d.name}[${String(n)}]` });
      }
    }
    if (kind === 3)
      for (const [i, d] of childrenNamed(el, "Form1042SDetail").entries())
        recs.push({ el: d, at: `${groupAt}/Form1042SDetail[${String(i + 1)}]` });
    out.push({
      el,
      kind,
      at: groupAt,
      header,
      headerAt: `${groupAt}/${headerName}`,
      formTypeCd: text(header, "FormTypeCd"),
      records: recs,
    });
  }
  return out;
}

/**
 * Every rule of TRANSMISSION_RULES against an IRTransmission document. A document that does not parse, or has
 * no manifest, is one finding of its own ("xml").
 */
export function checkTransmissionXml(
  xml: string,
  options: { rules?: readonly TransmissionRule[]; now?: Date } = {},
): RuleFinding[] {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (e) {
    const why = e instanceof XmlParseError ? e.message : String(e);
    return [
      {
        code: "xml",
        severity: "Reject",
        path: "/",
        message: `The transmission is not well-formed XML: ${why}`,
      },
    ];
  }
  const manifest = childNamed(root, "IRTransmissionManifest");
  if (root.name !== "IRTransmission" || !manifest)
    return [
      {
        code: "xml",
        severity: "Reject",
        path: "/IRTransmission",
        message: "The document is not an IRTransmission with a manifest.",
      },
    ];
  const tx: Tx = { root, manifest, submissions: submissionsOf(root), now: options.now };
  const out: RuleFinding[] = [];
  for (const rule of options.rules ?? TRANSMISSION_RULES) {
    for (const hit of rule.check(tx)) out.push(finding(rule.code, hit.path, hit.formTypeCd, hit.detail));
  }
  return out;
}
