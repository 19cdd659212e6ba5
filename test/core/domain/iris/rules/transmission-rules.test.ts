// The transmission rules on the XML: the service's own builder output breaks none of them, and for each rule a
// copy of it changed to break that rule is caught (and the unchanged one is not).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { formSkeleton, getFormDefinition, listIrisForms } from "../../../../../core/domain/forms/index.ts";
import {
  buildTransmission,
  planTransmissions,
  type FilingToTransmit,
  type TransmissionPlan,
  type TransmitterInput,
} from "../../../../../core/domain/iris/index.ts";
import {
  TRANSMISSION_RULES,
  checkTransmissionXml,
  totalsRuleFor,
} from "../../../../../core/domain/iris/rules/index.ts";
import { filledSkeleton } from "../../forms/samples.ts";
import {
  ACME,
  GLOBEX,
  MISC_RENT,
  NEC_BOB,
  NEC_JANE,
  TRANSMITTER,
  business,
  filing,
  payer,
  person,
} from "../fixtures.ts";

const UUID = "550e8400-e29b-41d4-a716-446655440000";

/** The XML of one planned transmission, built without the rule check (the XML is then changed by hand). */
function xmlOf(
  filings: readonly FilingToTransmit[],
  transmitter: TransmitterInput = TRANSMITTER,
  kind: "original" | "correction" = "original",
): string {
  const plan = planTransmissions(filings).find((p) => p.kind === kind) as TransmissionPlan;
  const b = buildTransmission(
    { transmissionId: UUID, taxYear: plan.taxYear, submissions: plan.submissions },
    transmitter,
    { checkRules: false },
  );
  if (!b.ok) throw new Error(JSON.stringify(b.problems));
  return b.value.xml;
}

/** Replaces the first match (or the n-th); fails the test when nothing matches, so a case can never pass vacuously. */
function change(xml: string, from: RegExp | string, to: string, nth = 0): string {
  let i = -1;
  const re =
    typeof from === "string"
      ? new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "g")
      : new RegExp(from.source, from.flags.includes("g") ? from.flags : `${from.flags}g`);
  let done = false;
  const out = xml.replace(re, (m) => {
    i++;
    if (i !== nth) return m;
    done = true;
    return m.replace(new RegExp(re.source, re.flags.replace("g", "")), to);
  });
  if (!done) throw new Error(`no match for ${String(from)}`);
  return out;
}

const codes = (xml: string, now?: Date) => checkTransmissionXml(xml, now ? { now } : {}).map((f) => f.code);

const base = () =>
  xmlOf([
    filing("f1", "p-acme", ACME, "1099-NEC", NEC_JANE()),
    filing("f2", "p-globex", GLOBEX, "1099-MISC", MISC_RENT()),
    filing("f4", "p-acme", ACME, "1099-NEC", NEC_BOB()),
  ]);
const RECEIPT = "2025-63385508791-4a6c57eda";
const correction = (recordId: number, recordId2 = recordId + 1) =>
  xmlOf(
    [
      filing("c1", "p-acme", ACME, "1099-NEC", NEC_JANE(), {
        corrected: { receiptId: RECEIPT, submissionId: 1, recordId },
      }),
      filing("c2", "p-acme", ACME, "1099-NEC", NEC_BOB(), {
        corrected: { receiptId: RECEIPT, submissionId: 1, recordId: recordId2 },
      }),
    ],
    TRANSMITTER,
    "correction",
  );
const FOREIGN = { line1: "1 Rue Haute", city: "Paris", postalCode: "75001", country: "FR" };
const VENDOR = {
  name: "Soft Co",
  address: { line1: "5 George St", city: "Jones", state: "WA", postalCode: "98001" },
  contactName: "Becky Brown",
  contactPhone: "8459012354",
};
const SUB2 = (forms: string[], taxYr = "2025", paper = "0", electronic = "1") =>
  `<IRSubmission2Grp><IRSubmission2Header><SubmissionId>9</SubmissionId><TaxYr>${taxYr}</TaxYr><FormTypeCd>8809</FormTypeCd><Form8809Detail><IssuerDetail><TIN>000433899</TIN></IssuerDetail><IRElectronicSubmissionInd>${electronic}</IRElectronicSubmissionInd><IRPaperSubmissionInd>${paper}</IRPaperSubmissionInd>${forms.map((f) => `<ApplicableFormTypeCd>${f}</ApplicableFormTypeCd>`).join("")}</Form8809Detail></IRSubmission2Header></IRSubmission2Grp>`;
const withSub2 = (xml: string, sub: string) =>
  change(
    change(xml, "</IRTransmission>", `${sub}</IRTransmission>`),
    /<TotalIssuerFormCnt>(\d+)</,
    `<TotalIssuerFormCnt>3<`,
  );
const JAN_2026 = new Date("2026-01-15T12:00:00Z");

interface Case {
  readonly good: () => string;
  readonly bad: () => string;
  readonly now?: Date;
}

const CASES: Record<string, Case> = {
  TMFST017: {
    good: () =>
      xmlOf([filing("f1", "p", ACME, "1099-NEC", NEC_JANE())], { ...TRANSMITTER, address: FOREIGN }),
    bad: () =>
      change(
        xmlOf([filing("f1", "p", ACME, "1099-NEC", NEC_JANE())], { ...TRANSMITTER, address: FOREIGN }),
        "<ForeignEntityInd>1</ForeignEntityInd>",
        "<ForeignEntityInd>0</ForeignEntityInd>",
      ),
  },
  TMFST020: {
    good: base,
    bad: () => change(base(), "<SoftwareId>25A0000001</SoftwareId>", "<SoftwareId>24A0000001</SoftwareId>"),
  },
  TMFST022: { good: base, bad: () => change(base(), "<VendorCd>I</VendorCd>", "<VendorCd>V</VendorCd>") },
  TMFST023: {
    good: () =>
      xmlOf([filing("f1", "p", ACME, "1099-NEC", NEC_JANE())], {
        ...TRANSMITTER,
        vendor: { ...VENDOR, address: FOREIGN },
      }),
    bad: () =>
      change(
        xmlOf([filing("f1", "p", ACME, "1099-NEC", NEC_JANE())], {
          ...TRANSMITTER,
          vendor: { ...VENDOR, address: FOREIGN },
        }),
        /<VendorGrp>\s*<ForeignEntityInd>1/,
        "<VendorGrp><ForeignEntityInd>0",
      ),
  },
  TMFST024: {
    good: () => xmlOf([filing("f1", "p", ACME, "1099-NEC", NEC_JANE())], { ...TRANSMITTER, vendor: VENDOR }),
    bad: () =>
      xmlOf([filing("f1", "p", ACME, "1099-NEC", NEC_JANE())], {
        ...TRANSMITTER,
        vendor: { ...VENDOR, contactName: null },
      }),
  },
  TMFST025: {
    good: () => xmlOf([filing("f1", "p", ACME, "1099-NEC", NEC_JANE())], { ...TRANSMITTER, vendor: VENDOR }),
    bad: () =>
      xmlOf([filing("f1", "p", ACME, "1099-NEC", NEC_JANE())], {
        ...TRANSMITTER,
        vendor: { ...VENDOR, contactPhone: null },
      }),
  },
  TMFST026: { good: base, bad: () => change(base(), /<TotalIssuerFormCnt>\d+</, "<TotalIssuerFormCnt>7<") },
  TMFST032: {
    good: base,
    bad: () => change(base(), "::A</UniqueTransmissionId>", "::U</UniqueTransmissionId>"),
  },
  TMFST038: { good: base, bad: () => change(base(), "<PriorYearDataInd>0<", "<PriorYearDataInd>1<") },
  TMFST039: {
    good: base,
    bad: () => change(base(), "<TransmitterControlCd>BB002<", "<TransmitterControlCd>BB003<"),
  },
  TMFST041: {
    good: base,
    bad: () => change(base(), "</TestCd>", `</TestCd><OriginalReceiptId>${RECEIPT}</OriginalReceiptId>`),
  },
  FTMFST001_001: { good: base, bad: () => change(base(), "<CorrectedInd>0<", "<CorrectedInd>1<") },
  FTMFST003_001: {
    good: () => correction(1),
    bad: () => change(correction(1), "<CorrectedInd>1<", "<CorrectedInd>0<"),
  },
  FTMFST004_001: {
    good: base,
    bad: () => change(base(), "<TransmissionTypeCd>O<", "<TransmissionTypeCd>R<"),
  },
  FTMFST006_001: {
    good: () =>
      change(
        change(base(), "<TransmissionTypeCd>O<", "<TransmissionTypeCd>R<"),
        "</TestCd>",
        `</TestCd><OriginalReceiptId>${RECEIPT}</OriginalReceiptId>`,
      ),
    bad: () =>
      change(
        change(
          change(base(), "<TransmissionTypeCd>O<", "<TransmissionTypeCd>R<"),
          "</TestCd>",
          `</TestCd><OriginalReceiptId>${RECEIPT}</OriginalReceiptId>`,
        ),
        /(<SubmissionId>1<\/SubmissionId>)/,
        `$1<OriginalUniqueSubmissionId>${RECEIPT}|1</OriginalUniqueSubmissionId>`,
      ),
  },
  FTMFST007_001: {
    good: () =>
      change(
        base(),
        /(<SubmissionId>1<\/SubmissionId>)/,
        `$1<OriginalUniqueSubmissionId>${RECEIPT}|1</OriginalUniqueSubmissionId>`,
      ),
    bad: () =>
      change(
        change(
          base(),
          /(<SubmissionId>1<\/SubmissionId>)/,
          `$1<OriginalUniqueSubmissionId>${RECEIPT}|1</OriginalUniqueSubmissionId>`,
        ),
        /(<SubmissionId>2<\/SubmissionId>)/,
        `$1<OriginalUniqueSubmissionId>${RECEIPT}|1</OriginalUniqueSubmissionId>`,
      ),
  },
  FTMFST008: { good: () => correction(1, 2), bad: () => correction(1, 1) },
  FTMFST009: {
    good: base,
    bad: () => change(base(), /<TotalRecipientFormCnt>\d+</, "<TotalRecipientFormCnt>9<"),
  },
  FTMFST010: { good: base, bad: () => change(base(), "<SubmissionId>2<", "<SubmissionId>1<") },
  FTMFST013: {
    good: () => correction(1),
    bad: () => change(correction(1), "<TransmissionTypeCd>C<", "<TransmissionTypeCd>O<"),
  },
  FTMFST014: {
    good: () => correction(1),
    bad: () => change(correction(1), /<UniqueRecordId>[^<]*<\/UniqueRecordId>/, ""),
  },
  SMF007: { good: base, bad: () => change(base(), "<TaxYr>2025</TaxYr>", "<TaxYr>2024</TaxYr>", 1) },
  SMF019: {
    good: () =>
      xmlOf([
        filing("f1", "p", payer("Abroad Co", "000123123", { address: FOREIGN }), "1099-NEC", NEC_JANE()),
      ]),
    bad: () =>
      change(
        xmlOf([
          filing("f1", "p", payer("Abroad Co", "000123123", { address: FOREIGN }), "1099-NEC", NEC_JANE()),
        ]),
        /(<IssuerDetail>\s*)<ForeignEntityInd>1/,
        "$1<ForeignEntityInd>0",
      ),
  },
  SMF027: {
    good: () =>
      xmlOf([filing("f1", "p", payer("Real Co", "123456789"), "1099-NEC", NEC_JANE())], {
        ...TRANSMITTER,
        test: false,
      }),
    bad: () =>
      change(
        xmlOf([filing("f1", "p", payer("Real Co", "123456789"), "1099-NEC", NEC_JANE())], {
          ...TRANSMITTER,
          test: false,
        }),
        "<TestCd>P<",
        "<TestCd>T<",
      ),
  },
  SMF030: { good: () => correction(1), bad: () => withSub2(correction(1), SUB2(["1099"])) },
  S1H001: {
    good: base,
    bad: () =>
      xmlOf([
        filing(
          "f1",
          "p",
          payer("No Phone Co", "000123123", { contactPhone: null, phone: null }),
          "1099-NEC",
          NEC_JANE(),
        ),
      ]),
  },
  S1H003_001: {
    good: () => change(base(), "<CFSFElectionInd>0<", "<CFSFElectionInd>1<"),
    bad: () =>
      change(
        xmlOf([
          filing(
            "a",
            "p",
            ACME,
            "1099-A",
            person("Ann", "Lee", "000444556", { PropertyDesc: "Lot 9", PrincipalBalanceDueAmt: 100 }),
          ),
        ]),
        "<CFSFElectionInd>0<",
        "<CFSFElectionInd>1<",
      ),
  },
  S1H012: {
    good: () =>
      xmlOf([
        filing(
          "i",
          "p",
          ACME,
          "1099-INT",
          person("Ann", "Lee", "000444556", { InterestIncomeAmt: 20, BondPremiumAmt: 5 }),
        ),
      ]),
    bad: () =>
      change(
        xmlOf([
          filing(
            "i",
            "p",
            ACME,
            "1099-INT",
            person("Ann", "Lee", "000444556", { InterestIncomeAmt: 20, BondPremiumAmt: 5 }),
          ),
        ]),
        /(<Form1099INTTotalAmtGrp>\s*)<InterestIncomeAmt>20\.00<\/InterestIncomeAmt>/,
        "$1",
      ),
  },
  S1H029: {
    good: base,
    bad: () =>
      change(
        base(),
        /(<SubmissionId>1<\/SubmissionId>)/,
        `$1<OriginalUniqueSubmissionId>${RECEIPT}|1</OriginalUniqueSubmissionId>`,
      ),
  },
  SMD001: {
    good: base,
    bad: () =>
      change(
        change(base(), /<Form1099MISCDetail>/, "<Form1099XDetail>"),
        /<\/Form1099MISCDetail>/,
        "</Form1099XDetail>",
      ),
  },
  FS1H001: {
    good: () =>
      xmlOf([
        filing(
          "a",
          "p",
          ACME,
          "1099-NEC",
          person("Ann", "Lee", "000444556", { NonemployeeCompensationAmt: 700, RecipientAccountNum: "A1" }),
        ),
        filing(
          "b",
          "p",
          ACME,
          "1099-NEC",
          person("Ann", "Lee", "000444556", { NonemployeeCompensationAmt: 800, RecipientAccountNum: "A2" }),
        ),
      ]),
    bad: () =>
      xmlOf([
        filing(
          "a",
          "p",
          ACME,
          "1099-NEC",
          person("Ann", "Lee", "000444556", { NonemployeeCompensationAmt: 700, RecipientAccountNum: "A1" }),
        ),
        filing(
          "b",
          "p",
          ACME,
          "1099-NEC",
          person("Ann", "Lee", "000444556", { NonemployeeCompensationAmt: 800 }),
        ),
      ]),
  },
  FS1H002: { good: base, bad: () => change(base(), "<RecordId>2<", "<RecordId>1<") },
  FS1H003: {
    good: base,
    bad: () => change(base(), /<TotalReportedRcpntFormCnt>2</, "<TotalReportedRcpntFormCnt>3<"),
  },
  S2H001: {
    good: () => withSub2(base(), SUB2(["1099"])),
    bad: () => withSub2(base(), SUB2(["1099"], "2026")),
    now: JAN_2026,
  },
  S2H002: {
    good: () => withSub2(base(), SUB2(["1099"])),
    bad: () => withSub2(base(), SUB2(["1099"], "2024")),
    now: JAN_2026,
  },
  S2H009: {
    good: () => withSub2(base(), SUB2(["1099"])),
    bad: () => withSub2(base(), SUB2(["1099"], "2025", "1", "0")),
  },
  S2H010: {
    good: () => withSub2(base(), SUB2(["1099"])),
    bad: () => withSub2(base(), SUB2(["1099"], "2025", "0", "0")),
  },
  S2H012: {
    good: () => withSub2(base(), SUB2(["1099"])),
    bad: () => withSub2(base(), SUB2(["1099"], "2025", "1", "1")),
  },
  S2H013: {
    good: () => withSub2(base(), SUB2(["1099", "5498"])),
    bad: () => withSub2(base(), SUB2(["1099", "1099"])),
  },
  S2H014: {
    good: () => withSub2(base(), SUB2(["1099"])),
    bad: () => change(withSub2(base(), SUB2(["1099"])), "<TransmissionTypeCd>O<", "<TransmissionTypeCd>R<"),
  },
  SHAREDIRFORM002_001: {
    good: base,
    bad: () => change(base(), "<TaxYr>2025</TaxYr>", "<TaxYr>2024</TaxYr>", 2),
  },
  SHAREDIRFORM006_002: {
    good: () => correction(1),
    bad: () => change(correction(1), /<UniqueRecordId>[^<]*<\/UniqueRecordId>/, ""),
  },
  SHAREDIRFORM007_002: {
    good: () => correction(1),
    bad: () => change(correction(1), "<CorrectedInd>1<", "<CorrectedInd>0<"),
  },
  SHAREDIRFORM016: {
    good: base,
    bad: () => change(base(), /(<\/PersonName>\s*)<MailingAddressGrp>[\s\S]*?<\/MailingAddressGrp>/, "$1"),
  },
  SHAREDIRFORM019_002: {
    good: () =>
      change(
        base(),
        /(<Form1099NECDetail>\s*<TaxYr>2025<\/TaxYr>)/,
        "$1<CFSFElectionStateCd>CA</CFSFElectionStateCd>",
      ),
    bad: () =>
      change(
        base(),
        /(<Form1099NECDetail>\s*<TaxYr>2025<\/TaxYr>)/,
        "$1<CFSFElectionStateCd>TX</CFSFElectionStateCd>",
      ),
  },
  SHAREDIRFORM020: {
    good: () =>
      change(
        change(
          base(),
          /(<Form1099NECDetail>\s*<TaxYr>2025<\/TaxYr>)/,
          "$1<CFSFElectionStateCd>CA</CFSFElectionStateCd>",
        ),
        "<CFSFElectionInd>0<",
        "<CFSFElectionInd>1<",
      ),
    bad: () =>
      change(
        base(),
        /(<Form1099NECDetail>\s*<TaxYr>2025<\/TaxYr>)/,
        "$1<CFSFElectionStateCd>CA</CFSFElectionStateCd>",
      ),
  },
  SHAREDIRFORM021: { good: base, bad: () => change(base(), "<TIN>000989867</TIN>", "<TIN>123989867</TIN>") },
  SHAREDIRFORM022: {
    good: () =>
      change(
        change(
          base(),
          /(<Form1099NECDetail>\s*<TaxYr>2025<\/TaxYr>)/,
          "$1<CFSFElectionStateCd>CA</CFSFElectionStateCd>",
        ),
        "</Form1099NECTotalAmtGrp>",
        "</Form1099NECTotalAmtGrp><Form1099NECTotalByStateGrp><StateAbbreviationCd>CA</StateAbbreviationCd></Form1099NECTotalByStateGrp>",
      ),
    bad: () =>
      change(
        base(),
        /(<Form1099NECDetail>\s*<TaxYr>2025<\/TaxYr>)/,
        "$1<CFSFElectionStateCd>CA</CFSFElectionStateCd>",
      ),
  },
  SHAREDIRFORM023: { good: base, bad: () => change(base(), "<TIN>000989867</TIN>", "") },
};

test("the builder's own transmissions break no rule: originals, corrections, every catalogue form", () => {
  assert.equal(codes(base()), []);
  assert.equal(codes(correction(1)), []);
  for (const f of listIrisForms()) {
    const def = getFormDefinition(f.form, 2025);
    if (!def) continue;
    const { form } = filledSkeleton(def, formSkeleton(f.form, 2025));
    (form["RecipientDetail"] as Record<string, unknown>)["TIN"] = "000123456";
    const xml = xmlOf([filing("x", "p", ACME, f.form, form)]);
    assert.equal(
      checkTransmissionXml(xml)
        .filter((x) => !x.code.startsWith("S1H012"))
        .map((x) => x.code),
      [],
      f.form,
    );
  }
});

for (const [code, c] of Object.entries(CASES)) {
  test(`${code}: caught on a transmission breaking it, not on one keeping it`, () => {
    const bad = checkTransmissionXml(c.bad(), c.now ? { now: c.now } : {});
    const hit = bad.find((f) => f.code === code);
    assert.ok(hit, `${code} not in ${JSON.stringify(bad.map((f) => f.code))}`);
    assert.match(hit.path, /^\/IRTransmission/);
    assert.match(hit.message, new RegExp(`^IRS rule ${code} \\(`));
    assert.not.ok(codes(c.good(), c.now).includes(code), `${code} fired on the passing transmission`);
  });
}

test("S1H004..S1H052: every form's totals group is required, each under its own rule number", () => {
  let checked = 0;
  for (const f of listIrisForms()) {
    const def = getFormDefinition(f.form, 2025);
    if (!def) continue;
    const rule = totalsRuleFor(def.formTypeCd);
    assert.ok(rule, `no totals rule for ${def.formTypeCd}`);
    const { form } = filledSkeleton(def, formSkeleton(f.form, 2025));
    (form["RecipientDetail"] as Record<string, unknown>)["TIN"] = "000123456";
    const good = xmlOf([filing("x", "p", ACME, f.form, form)]);
    const bad = change(good, new RegExp(`<${rule.group}>[\\s\\S]*?</${rule.group}>|<${rule.group}/>`), "");
    assert.ok(codes(bad).includes(rule.code), `${f.form}: ${rule.code}`);
    assert.not.ok(codes(good).includes(rule.code));
    checked++;
  }
  assert.is(checked, listIrisForms().length);
});

test("every transmission rule has a case (the totals rules have theirs above)", () => {
  const totals = new Set(
    listIrisForms().map((f) => totalsRuleFor(getFormDefinition(f.form, 2025)?.formTypeCd ?? "")?.code),
  );
  const missing = TRANSMISSION_RULES.map((r) => r.code).filter((c) => !(c in CASES) && !totals.has(c));
  assert.equal(missing, []);
});

test("a TIN never appears in a finding, though the XML is full of them", () => {
  for (const c of Object.values(CASES)) {
    for (const f of checkTransmissionXml(c.bad(), c.now ? { now: c.now } : {})) {
      assert.not.ok(
        /\d{9}/.test(f.message.replace(/\d{4}-\d{11}-\w{9}/g, "")) || /\d{9}/.test(f.path),
        `${f.code}: ${f.message} ${f.path}`,
      );
    }
  }
});

test("buildTransmission refuses a transmission breaking a blocking rule: the problem names the rule and the filing", () => {
  const plan = planTransmissions([
    filing("c1", "p-acme", ACME, "1099-NEC", NEC_JANE(), {
      corrected: { receiptId: RECEIPT, submissionId: 1, recordId: 4 },
    }),
    filing("c2", "p-acme", ACME, "1099-NEC", NEC_BOB(), {
      corrected: { receiptId: RECEIPT, submissionId: 1, recordId: 4 },
    }),
  ])[0] as TransmissionPlan;
  const b = buildTransmission(
    { transmissionId: UUID, taxYear: 2025, submissions: plan.submissions },
    TRANSMITTER,
  );
  assert.not.ok(b.ok);
  if (!b.ok) {
    const p = b.problems.find((x) => x.code === "FTMFST008");
    assert.is(p?.filingId, "c2");
    assert.is(p?.submissionId, 1);
    assert.match(p?.message ?? "", /IRS rule FTMFST008 \(Reject\)/);
  }
  const wrongYear = buildTransmission(
    {
      transmissionId: UUID,
      taxYear: 2025,
      submissions: planTransmissions([filing("f1", "p", ACME, "1099-NEC", NEC_JANE())])[0]?.submissions ?? [],
    },
    { ...TRANSMITTER, softwareId: "26A0000001" },
  );
  assert.not.ok(wrongYear.ok);
  if (!wrongYear.ok)
    assert.equal(
      wrongYear.problems.map((x) => x.code),
      ["TMFST020"],
    );
  // A Report Error finding (no vendor contact, TMFST024) does not stop the transmission.
  assert.ok(
    buildTransmission(
      {
        transmissionId: UUID,
        taxYear: 2025,
        submissions:
          planTransmissions([filing("f1", "p", ACME, "1099-NEC", NEC_JANE())])[0]?.submissions ?? [],
      },
      { ...TRANSMITTER, vendor: { ...VENDOR, contactName: null } },
    ).ok,
  );
});

test("not XML, or not an IRTransmission: one finding saying so", () => {
  assert.equal(codes("<IRTransmission><oops></IRTransmission>"), ["xml"]);
  assert.equal(codes("<Other/>"), ["xml"]);
});

test("a payer business with the transmission's helpers: business() and GLOBEX stay valid samples", () => {
  assert.equal(
    codes(xmlOf([filing("b", "p", GLOBEX, "1099-MISC", business("Sub Co", "000333445", { RentAmt: 10 }))])),
    [],
  );
});

test.run();
