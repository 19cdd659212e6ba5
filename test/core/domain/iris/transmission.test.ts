import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import {
  formSkeleton,
  getFormDefinition,
  listIrisForms,
  type ElementDefinition,
} from "../../../../core/domain/forms/index.ts";
import {
  IRIS_NAMESPACE,
  buildTransmission,
  childNamed,
  childText,
  childrenNamed,
  formatCents,
  irisBusinessName,
  irisCity,
  irisStreet,
  parseXml,
  planTransmissions,
  recordKey,
  type FilingToTransmit,
  type TransmissionInput,
  type TransmissionPlan,
  type XmlElement,
} from "../../../../core/domain/iris/index.ts";
import { Tin } from "../../../../core/domain/shared/tin.ts";
import { filledSkeleton } from "../forms/samples.ts";
import {
  ACME,
  GLOBEX,
  MISC_RENT,
  NEC_BOB,
  NEC_JANE,
  SAMPLES,
  TRANSMITTER,
  XSD,
  business,
  filing,
  payer,
  person,
  stored,
} from "./fixtures.ts";

const UUID = "550e8400-e29b-41d4-a716-446655440000";
const withId = (plan: TransmissionPlan, id = UUID): TransmissionInput => ({
  transmissionId: id,
  taxYear: plan.taxYear,
  submissions: plan.submissions,
});

function build(filings: readonly FilingToTransmit[]) {
  const plans = planTransmissions(filings);
  assert.is(plans.length, 1);
  const b = buildTransmission(withId(plans[0] as TransmissionPlan), TRANSMITTER);
  if (!b.ok) throw new Error(JSON.stringify(b.problems));
  return { plan: plans[0] as TransmissionPlan, built: b.value, root: parseXml(b.value.xml) };
}

const names = (el: XmlElement | undefined) => (el?.children ?? []).map((c) => c.name);
const at = (el: XmlElement | undefined, ...path: string[]): XmlElement | undefined =>
  path.reduce<XmlElement | undefined>((e, p) => (e ? childNamed(e, p) : undefined), el);

/** True when `sub` appears in `seq` in the same order (possibly with gaps). */
function isSubsequence(sub: readonly string[], seq: readonly string[]): boolean {
  let i = 0;
  for (const s of seq) if (s === sub[i]) i++;
  return i === sub.length;
}

const five = () => [
  filing("f1", "p-acme", ACME, "1099-NEC", NEC_JANE()),
  filing("f2", "p-globex", GLOBEX, "1099-MISC", MISC_RENT()),
  filing("f3", "p-acme", ACME, "1099-MISC", business("Sub Co", "000333445", { RentAmt: 10 })),
  filing("f4", "p-acme", ACME, "1099-NEC", NEC_BOB()),
  filing(
    "f5",
    "p-globex",
    GLOBEX,
    "1099-nec",
    person("Ann", "Lee", "000444556", { NonemployeeCompensationAmt: 99.99 }),
  ),
];

test("5 filings over 2 payers x 2 forms: 4 submissions in order of first appearance, record ids 1..n per submission", () => {
  const { plan, built, root } = build(five());
  assert.is(plan.kind, "original");
  assert.equal(
    plan.submissions.map((s) => [
      s.submissionId,
      s.payer.name,
      s.form,
      s.records.map((r) => [r.recordId, r.filingId]),
    ]),
    [
      [
        1,
        "Acme & Sons, LLC",
        "1099-NEC",
        [
          [1, "f1"],
          [2, "f4"],
        ],
      ],
      [2, "Globex Corp", "1099-MISC", [[1, "f2"]]],
      [3, "Acme & Sons, LLC", "1099-MISC", [[1, "f3"]]],
      [4, "Globex Corp", "1099-NEC", [[1, "f5"]]],
    ],
  );
  assert.equal(
    [...built.records],
    [
      ["1|1", "f1"],
      ["1|2", "f4"],
      ["2|1", "f2"],
      ["3|1", "f3"],
      ["4|1", "f5"],
    ],
  );
  assert.is(built.issuerFormCount, 4);
  assert.is(built.recipientFormCount, 5);

  const groups = childrenNamed(root, "IRSubmission1Grp");
  assert.is(groups.length, 4);
  const seen = groups.map((g) => {
    const h = childNamed(g, "IRSubmission1Header") as XmlElement;
    const detail = childNamed(g, "IRSubmission1Detail") as XmlElement;
    return {
      id: childText(h, "SubmissionId"),
      form: childText(h, "FormTypeCd"),
      count: childText(h, "TotalReportedRcpntFormCnt"),
      issuer: childText(at(h, "IssuerDetail", "BusinessName") as XmlElement, "BusinessNameLine1Txt"),
      records: detail.children.map((d) => `${d.name}#${childText(d, "RecordId") ?? ""}`),
    };
  });
  assert.equal(seen, [
    {
      id: "1",
      form: "1099NEC",
      count: "2",
      issuer: "Acme & Sons LLC",
      records: ["Form1099NECDetail#1", "Form1099NECDetail#2"],
    },
    { id: "2", form: "1099MISC", count: "1", issuer: "Globex Corp", records: ["Form1099MISCDetail#1"] },
    { id: "3", form: "1099MISC", count: "1", issuer: "Acme & Sons LLC", records: ["Form1099MISCDetail#1"] },
    { id: "4", form: "1099NEC", count: "1", issuer: "Globex Corp", records: ["Form1099NECDetail#1"] },
  ]);
  const manifest = childNamed(root, "IRTransmissionManifest") as XmlElement;
  assert.is(childText(manifest, "TotalIssuerFormCnt"), "4");
  assert.is(childText(manifest, "TotalRecipientFormCnt"), "5");
});

test("totals: the form's TotalAmtGrp sums the submission's records, zero totals left out", () => {
  const { root } = build(five());
  const totals = at(
    childrenNamed(root, "IRSubmission1Grp")[0],
    "IRSubmission1Header",
    "IRSubmission1FormTotals",
    "Form1099NECTotalAmtGrp",
  );
  assert.equal(
    totals?.children.map((c) => [c.name, c.text]),
    [
      ["FederalIncomeTaxWithheldAmt", "100.00"],
      ["NonemployeeCompensationAmt", "3500.75"],
    ],
  );
  assert.is(formatCents(5), "0.05");
  assert.is(formatCents(-123456), "-1234.56");
  assert.is(formatCents(0), "0.00");
});

test("structure follows the IRS sample transmission: root, namespace, manifest, header and detail sequences", () => {
  const samplePath = join(SAMPLES, "XML Sample - 1099-MISC 2 states.xml");
  const { root } = build(five());
  assert.is(root.name, "IRTransmission");
  assert.is(root.namespace, IRIS_NAMESPACE);
  assert.equal(names(root), [
    "IRTransmissionManifest",
    "IRSubmission1Grp",
    "IRSubmission1Grp",
    "IRSubmission1Grp",
    "IRSubmission1Grp",
  ]);
  const manifest = childNamed(root, "IRTransmissionManifest") as XmlElement;
  assert.is(childText(manifest, "SchemaVersionNum"), "2.0.3");
  assert.is(childText(manifest, "UniqueTransmissionId"), `${UUID}:IRIS:BB002::A`);
  assert.is(childText(manifest, "TaxYr"), "2025");
  assert.is(childText(manifest, "PriorYearDataInd"), "0");
  assert.is(childText(manifest, "TransmissionTypeCd"), "O");
  assert.is(childText(manifest, "TestCd"), "T");
  assert.is(childText(manifest, "VendorCd"), "I");
  assert.is(childText(manifest, "PaperSubmissionInd"), "0");
  assert.is(childText(manifest, "MediaSourceCd"), "M");
  assert.is(childText(manifest, "SubmissionChannelCd"), "A2A");
  const sample = parseXml(readFileSync(samplePath, "utf8"));
  assert.is(sample.name, root.name);
  assert.is(sample.namespace, root.namespace);
  const sManifest = childNamed(sample, "IRTransmissionManifest") as XmlElement;
  assert.ok(isSubsequence(names(manifest), names(sManifest)), names(manifest).join(","));
  // The sample names the transmitter with PersonNm; the service uses the other member of that xsd:choice.
  const sTransmitter = names(childNamed(sManifest, "TransmitterGrp")).flatMap((n) =>
    n === "PersonNm" ? ["PersonNm", "BusinessName"] : [n],
  );
  assert.ok(
    isSubsequence(names(childNamed(manifest, "TransmitterGrp")), sTransmitter),
    names(childNamed(manifest, "TransmitterGrp")).join(","),
  );
  const sGrp = childNamed(sample, "IRSubmission1Grp");
  const grp = childrenNamed(root, "IRSubmission1Grp")[1];
  assert.equal(names(grp), names(sGrp));
  const header = childNamed(grp as XmlElement, "IRSubmission1Header");
  const sHeader = childNamed(sGrp as XmlElement, "IRSubmission1Header");
  assert.ok(isSubsequence(names(header), names(sHeader)), names(header).join(","));
  assert.ok(
    isSubsequence(names(childNamed(header as XmlElement, "IssuerDetail")), [
      "ForeignEntityInd",
      "TIN",
      "TINSubmittedTypeCd",
      "BusinessName",
      "MailingAddressGrp",
      "PhoneNum",
    ]),
  );
  const detail = at(grp, "IRSubmission1Detail", "Form1099MISCDetail");
  const sDetail = at(sGrp, "IRSubmission1Detail", "Form1099MISCDetail");
  assert.ok(isSubsequence(names(detail), names(sDetail)), names(detail).join(","));
  // Louisiana takes part in the Combined Federal/State Filing Program: the record elects it.
  assert.equal(names(detail).slice(0, 6), [
    "TaxYr",
    "RecordId",
    "CFSFElectionStateCd",
    "VoidInd",
    "CorrectedInd",
    "RecipientDetail",
  ]);
  assert.equal(names(at(detail, "StateLocalTaxGrp")), names(at(sDetail, "StateLocalTaxGrp")).slice(0, 2));
});

test("recipient TINs are put back from recipientTin; the stored TINLast4 is not written", () => {
  const { root, built } = build(five());
  const rd = at(
    childrenNamed(root, "IRSubmission1Grp")[0],
    "IRSubmission1Detail",
    "Form1099NECDetail",
    "RecipientDetail",
  ) as XmlElement;
  assert.is(childText(rd, "TIN"), "000989867");
  assert.equal(names(rd), ["TIN", "TINSubmittedTypeCd", "PersonName", "MailingAddressGrp"]);
  assert.not.ok(built.xml.includes("TINLast4"));
  assert.ok(built.xml.includes("<TIN>000433899</TIN>"), "payer TIN in IssuerDetail");
});

test("the TIN appears only in the XML: not in the input's JSON, the record map, problems or strings", () => {
  const filings = five();
  const { built } = build(filings);
  const tins = ["000989867", "000111223", "000222334", "000333445", "000444556", "000433899", "000567453"];
  for (const t of tins) assert.ok(built.xml.includes(t), t);
  const elsewhere =
    JSON.stringify({
      filings,
      plans: planTransmissions(filings),
      records: [...built.records],
      built: { ...built, xml: undefined },
    }) + filings.map((f) => `${String(f.recipientTin)} ${String(f.payer.tin)}`).join(" ");
  for (const t of tins) assert.not.ok(elsewhere.includes(t), t);
  // A transmission that cannot be built says why without the TINs.
  const broken = planTransmissions([
    filing("f9", "p9", payer("No Address", "000999888", { address: null }), "1099-NEC", NEC_JANE()),
  ]);
  const b = buildTransmission(withId(broken[0] as TransmissionPlan), TRANSMITTER);
  assert.not.ok(b.ok);
  const text = JSON.stringify(b);
  for (const t of ["000999888", "000989867"]) assert.not.ok(text.includes(t), t);
});

test("XML escaping: & and < in names and free text", () => {
  const odd = payer("Smith & Sons <Holdings>, Inc.", "000555666");
  const f = filing(
    "fx",
    "px",
    odd,
    "1099-MISC",
    business("Rentco & Partners", "000222334", { RentAmt: 5, RecipientAccountNum: "AC<1>&2" }),
  );
  const { built, root } = build([f]);
  assert.ok(built.xml.includes("<BusinessNameLine1Txt>Smith &amp; Sons Holdings Inc</BusinessNameLine1Txt>"));
  assert.ok(built.xml.includes("<BusinessNameLine1Txt>Rentco &amp; Partners</BusinessNameLine1Txt>"));
  assert.ok(built.xml.includes("<RecipientAccountNum>AC&lt;1&gt;&amp;2</RecipientAccountNum>"));
  assert.not.ok(built.xml.includes("<Holdings>"));
  const detail = at(
    childrenNamed(root, "IRSubmission1Grp")[0],
    "IRSubmission1Detail",
    "Form1099MISCDetail",
  ) as XmlElement;
  assert.is(childText(detail, "RecipientAccountNum"), "AC<1>&2");
});

test("payer and transmitter text is brought into the IRS character sets", () => {
  assert.equal(irisBusinessName("Acme, Inc."), { line1: "Acme Inc" });
  assert.equal(irisBusinessName("José's Café / Bar"), { line1: "Jose's Cafe Bar" });
  const long = irisBusinessName(`${"Word ".repeat(20)}End`);
  assert.ok(long.line1.length <= 75 && (long.line2 ?? "").length <= 75);
  assert.is(`${long.line1} ${long.line2 ?? ""}`, `${"Word ".repeat(20)}End`);
  assert.is(irisStreet("#12 Main St., Apt. 4B"), "12 Main St Apt 4B");
  assert.is(irisCity("Winston-Salem"), "Winston Salem");
  assert.is(irisCity("St. Louis"), "St Louis");
});

test("corrections: their own transmission (TransmissionTypeCd C), CorrectedInd 1 and the original's UniqueRecordId", () => {
  const receiptId = "2026-63385508791-4a6c57eda";
  const plans = planTransmissions([
    filing("orig", "p-acme", ACME, "1099-NEC", NEC_BOB()),
    filing("corr", "p-acme", ACME, "1099-NEC", NEC_JANE(), {
      corrected: {
        receiptId,
        submissionId: 2,
        recordId: 7,
        previousRecipient: { personName: { PersonFirstNm: "Janet", PersonLastNm: "Porter" } },
      },
    }),
  ]);
  assert.equal(
    plans.map((p) => [p.kind, p.submissions.length]),
    [
      ["original", 1],
      ["correction", 1],
    ],
  );
  const b = buildTransmission(withId(plans[1] as TransmissionPlan), TRANSMITTER);
  if (!b.ok) throw new Error(JSON.stringify(b.problems));
  assert.is(b.value.transmissionTypeCd, "C");
  const root = parseXml(b.value.xml);
  assert.is(childText(childNamed(root, "IRTransmissionManifest") as XmlElement, "TransmissionTypeCd"), "C");
  const detail = at(
    childNamed(root, "IRSubmission1Grp"),
    "IRSubmission1Detail",
    "Form1099NECDetail",
  ) as XmlElement;
  assert.is(childText(detail, "CorrectedInd"), "1");
  assert.equal(names(detail).slice(0, 6), [
    "TaxYr",
    "RecordId",
    "VoidInd",
    "CorrectedInd",
    "PrevSubmittedRecRecipientGrp",
    "RecipientDetail",
  ]);
  const prev = childNamed(detail, "PrevSubmittedRecRecipientGrp") as XmlElement;
  assert.is(childText(prev, "UniqueRecordId"), `${receiptId}|2|7`);
  assert.equal(names(prev), ["UniqueRecordId", "PersonName"]);
  assert.is(childText(childNamed(prev, "PersonName") as XmlElement, "PersonFirstNm"), "Janet");

  const mixed = buildTransmission(
    {
      transmissionId: UUID,
      taxYear: 2025,
      submissions: [
        ...(plans[0]?.submissions ?? []),
        ...(plans[1]?.submissions ?? []).map((s) => ({ ...s, submissionId: 2 })),
      ],
    },
    TRANSMITTER,
  );
  assert.not.ok(mixed.ok);
  if (!mixed.ok) assert.ok(mixed.problems.some((p) => p.message.includes("FTMFST001_001")));
  const badRef = planTransmissions([
    filing("c2", "p", ACME, "1099-NEC", NEC_JANE(), {
      corrected: { receiptId: "nope", submissionId: 1, recordId: 1 },
    }),
  ]);
  const bad = buildTransmission(withId(badRef[0] as TransmissionPlan), TRANSMITTER);
  assert.not.ok(bad.ok);
});

test("planning: one transmission per tax year and kind, split at maxRecordsPerTransmission", () => {
  const f25 = (id: string) => filing(id, "p", ACME, "1099-NEC", NEC_JANE());
  const f26 = (id: string) => filing(id, "p", ACME, "1099-NEC", NEC_JANE(), { taxYear: 2026 });
  const plans = planTransmissions([f25("a"), f26("b"), f25("c"), f25("d"), f25("e")], {
    maxRecordsPerTransmission: 2,
  });
  assert.equal(
    plans.map((p) => [
      p.taxYear,
      p.submissions.flatMap((s) =>
        s.records.map((r) => `${String(s.submissionId)}.${String(r.recordId)}:${r.filingId}`),
      ),
    ]),
    [
      [2025, ["1.1:a", "1.2:c"]],
      [2026, ["1.1:b"]],
      [2025, ["1.1:d", "1.2:e"]],
    ],
  );
});

test("issue 41: forms breaking a threshold-graded rule go in a submission of their own per payer and form", () => {
  const nec = (id: string, payerId = "p-acme", keptApart = false) =>
    filing(id, payerId, ACME, "1099-NEC", NEC_JANE(), keptApart ? { keptApart } : {});
  const plans = planTransmissions([
    nec("a"),
    nec("w1", "p-acme", true),
    nec("b"),
    nec("w2", "p-acme", true),
    nec("g", "p-globex", true),
  ]);
  assert.is(plans.length, 1);
  assert.equal(
    plans[0]!.submissions.map((s) => [s.submissionId, s.records.map((r) => r.filingId)]),
    [
      [1, ["a", "b"]],
      [2, ["w1", "w2"]],
      [3, ["g"]],
    ],
  );
  // Each is a submission of its own in the XML: the IRS threshold can reject submission 2 and keep 1.
  const built = buildTransmission(withId(plans[0]!), TRANSMITTER);
  assert.ok(built.ok, JSON.stringify(!built.ok && built.problems));
  assert.is(childrenNamed(parseXml(built.ok ? built.value.xml : ""), "IRSubmission1Grp").length, 3);
});

test("problems: unknown form, tax year mismatch, duplicate ids, missing payer address, bad transmission id", () => {
  const base = planTransmissions([filing("f1", "p", ACME, "1099-NEC", NEC_JANE())])[0] as TransmissionPlan;
  const sub = base.submissions[0];
  if (!sub) throw new Error("no submission");
  const cases: [string, TransmissionInput][] = [
    [
      "not in the catalogue",
      { transmissionId: UUID, taxYear: 2025, submissions: [{ ...sub, form: "1099-ZZZ" }] },
    ],
    ["SMF007", { transmissionId: UUID, taxYear: 2026, submissions: [sub] }],
    ["used twice", { transmissionId: UUID, taxYear: 2025, submissions: [sub, sub] }],
    [
      "used twice",
      {
        transmissionId: UUID,
        taxYear: 2025,
        submissions: [{ ...sub, records: [...sub.records, ...sub.records] }],
      },
    ],
    [
      "mailing address",
      {
        transmissionId: UUID,
        taxYear: 2025,
        submissions: [{ ...sub, payer: { ...sub.payer, address: null } }],
      },
    ],
    ["UUID", { transmissionId: "not-a-uuid", taxYear: 2025, submissions: [sub] }],
    ["at least one submission", { transmissionId: UUID, taxYear: 2025, submissions: [] }],
    ["at least one record", { transmissionId: UUID, taxYear: 2025, submissions: [{ ...sub, records: [] }] }],
    [
      "RecipientDetail",
      {
        transmissionId: UUID,
        taxYear: 2025,
        submissions: [
          {
            ...sub,
            records: [{ ...(sub.records[0] as NonNullable<(typeof sub.records)[0]>), jsonForm: {} }],
          },
        ],
      },
    ],
    [
      "state",
      {
        transmissionId: UUID,
        taxYear: 2025,
        submissions: [
          {
            ...sub,
            payer: {
              ...sub.payer,
              address: { line1: "1 A St", city: "X", state: "ZZ", postalCode: "12345" },
            },
          },
        ],
      },
    ],
  ];
  for (const [needle, input] of cases) {
    const b = buildTransmission(input, TRANSMITTER);
    assert.not.ok(b.ok, needle);
    if (!b.ok)
      assert.ok(
        b.problems.some((p) => p.message.includes(needle)),
        `${needle}: ${JSON.stringify(b.problems)}`,
      );
  }
  assert.not.ok(buildTransmission(withId(base), { ...TRANSMITTER, tcc: "TOO-LONG" }).ok);
});

test("other TINs of a form (1099-LTC insured) come from otherTins", () => {
  const def = getFormDefinition("1099-LTC", 2025);
  if (!def) throw new Error("no 1099-LTC");
  const { form } = filledSkeleton(def, formSkeleton("1099-LTC", 2025));
  (form["RecipientDetail"] as Record<string, unknown>)["TIN"] = "000123456"; // TestCd T takes test TINs only (SHAREDIRFORM021)
  const insured = (form["InsuredGrp"] ?? {}) as Record<string, unknown>;
  insured["TIN"] = "000765432";
  form["InsuredGrp"] = insured;
  const f = filing("ltc", "p", ACME, "1099-LTC", form);
  assert.ok(Object.keys(f.otherTins ?? {}).length > 0, "the sample has an insured TIN");
  const ok = buildTransmission(withId(planTransmissions([f])[0] as TransmissionPlan), TRANSMITTER);
  assert.ok(ok.ok);
  if (ok.ok) assert.ok(ok.value.xml.includes("<TIN>000765432</TIN>"));
  const missing = buildTransmission(
    withId(planTransmissions([{ ...f, otherTins: {} }])[0] as TransmissionPlan),
    TRANSMITTER,
  );
  assert.not.ok(missing.ok);
  if (!missing.ok) assert.ok(missing.problems.some((p) => p.message.includes("otherTins")));
});

test("property: every filing lands in exactly one record of one transmission, ids dense from 1", () => {
  const pool = [
    { payerId: "a", payer: ACME, form: "1099-NEC", json: NEC_JANE() },
    { payerId: "b", payer: GLOBEX, form: "1099-NEC", json: NEC_BOB() },
    { payerId: "a", payer: ACME, form: "1099-MISC", json: MISC_RENT() },
    { payerId: "c", payer: payer("Initech", "000777888"), form: "1099-MISC", json: MISC_RENT() },
  ].map((p) => ({ ...p, stored: stored(p.form, p.json) }));
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          i: fc.integer({ min: 0, max: pool.length - 1 }),
          year: fc.constantFrom(2025, 2026),
          corrected: fc.boolean(),
        }),
        { minLength: 1, maxLength: 40 },
      ),
      fc.integer({ min: 1, max: 15 }),
      (picks, max) => {
        const filings: FilingToTransmit[] = picks.map((p, n) => {
          const src = pool[p.i] as (typeof pool)[number];
          return {
            filingId: `f${String(n)}`,
            payerId: src.payerId,
            payer: src.payer,
            form: src.form,
            taxYear: p.year,
            jsonForm: src.stored.jsonForm,
            recipientTin: src.stored.tin,
            ...(p.corrected
              ? { corrected: { receiptId: "2026-00000000001-abcdefghi", submissionId: 1, recordId: n + 1 } }
              : {}),
          };
        });
        const plans = planTransmissions(filings, { maxRecordsPerTransmission: max });
        const seen: string[] = [];
        plans.forEach((plan, k) => {
          assert.ok(plan.submissions.map((s) => s.submissionId).every((id, j) => id === j + 1));
          // The IRS software id starts with the tax year's last two digits (TMFST020): one per year.
          const b = buildTransmission(
            withId(plan, `00000000-0000-0000-0000-${String(k).padStart(12, "0")}`),
            { ...TRANSMITTER, softwareId: `${String(plan.taxYear).slice(-2)}A0000001` },
          );
          if (!b.ok) throw new Error(JSON.stringify(b.problems));
          for (const s of plan.submissions) {
            assert.ok(s.records.every((r, j) => r.recordId === j + 1));
            assert.ok(s.records.every((r) => Boolean(r.corrected) === (plan.kind === "correction")));
            assert.ok(
              s.records.every(
                (r) => b.value.records.get(recordKey(s.submissionId, r.recordId)) === r.filingId,
              ),
            );
          }
          seen.push(...b.value.records.values());
          assert.ok(b.value.recipientFormCount <= max);
        });
        assert.equal(seen.sort(), filings.map((f) => f.filingId).sort());
      },
    ),
    { numRuns: 150 },
  );
});

// ---------------------------------------------------------------------------------------------------------------
// XSD validation with xmllint (apt-get install libxml2-utils); skipped when xmllint is missing.

const haveXmllint = spawnSync("xmllint", ["--version"]).status === 0 && existsSync(XSD);
const xsdTest = haveXmllint ? test : test.skip;

function xmllint(xml: string): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), "iris-"));
  try {
    const file = join(dir, "transmission.xml");
    writeFileSync(file, xml);
    const r = spawnSync("xmllint", ["--noout", "--schema", XSD, file], { encoding: "utf8" });
    return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function validates(filings: readonly FilingToTransmit[], id = UUID): void {
  for (const plan of planTransmissions(filings)) {
    const b = buildTransmission(withId(plan, id), TRANSMITTER);
    if (!b.ok) throw new Error(JSON.stringify(b.problems));
    const r = xmllint(b.value.xml);
    assert.ok(r.ok, r.output);
  }
}

xsdTest("xmllint: the IRS samples validate (the check itself works)", () => {
  for (const name of readdirSync(SAMPLES).filter((n) => n.endsWith(".xml"))) {
    const r = xmllint(readFileSync(join(SAMPLES, name), "utf8"));
    assert.ok(r.ok, `${name}: ${r.output}`);
  }
  assert.not.ok(xmllint('<IRTransmission xmlns="urn:us:gov:treasury:irs:ir"/>').ok);
});

xsdTest("xmllint: a 1099-NEC transmission validates against the IRS XSD", () => {
  validates([
    filing("f1", "p", ACME, "1099-NEC", NEC_JANE()),
    filing("f2", "p", ACME, "1099-NEC", NEC_BOB()),
  ]);
});

xsdTest("xmllint: a 1099-MISC transmission (state group, escaping) validates against the IRS XSD", () => {
  const odd = payer("Smith & Sons <Holdings>, Inc.", "000555666", {
    address: {
      line1: "#5 Elm St., Apt. 2",
      line2: "Bldg. C",
      city: "Winston-Salem",
      state: "nc",
      postalCode: "27101-1234",
    },
  });
  validates([
    filing("m1", "p1", odd, "1099-MISC", MISC_RENT()),
    filing(
      "m2",
      "p1",
      odd,
      "1099-MISC",
      business("O'Brien & Co", "000123123", { RentAmt: 12.3, RecipientAccountNum: "AC<1>&2" }),
    ),
    filing("m3", "p2", GLOBEX, "1099-MISC", person("Eve", "Adams", "000321321", { OtherIncomeAmt: 700 })),
  ]);
});

xsdTest("xmllint: a correction transmission validates against the IRS XSD", () => {
  validates([
    filing("c1", "p", ACME, "1099-NEC", NEC_JANE(), {
      corrected: {
        receiptId: "2026-63385508791-4a6c57eda",
        submissionId: 1,
        recordId: 1,
        previousRecipient: {
          tin: Tin.fromDigits("000989860"),
          businessName: { BusinessNameLine1Txt: "Old Name" },
        },
      },
    }),
  ]);
});

test("CF/SF: participating states are elected per record, CFSFElectionInd 1, a TotalByStateGrp per state over its own records", () => {
  const two = business("Two State Co", "000777888", {
    RentAmt: 100,
    FederalIncomeTaxWithheldAmt: 10,
    StateLocalTaxGrp: [
      { StateAbbreviationCd: "ID", StateTaxGrp: { StateTaxWithheldAmt: 5 } },
      {
        StateAbbreviationCd: "LA",
        StateTaxGrp: { StateTaxWithheldAmt: 7 },
        LocalTaxGrp: { LocalTaxWithheldAmt: 1 },
      },
      { StateAbbreviationCd: "TX" },
    ],
  });
  const one = business("One State Co", "000777889", {
    RentAmt: 50,
    StateLocalTaxGrp: [{ StateAbbreviationCd: "LA", StateTaxGrp: { StateTaxWithheldAmt: 3 } }],
  });
  const none = business("No State Co", "000777880", { RentAmt: 25 });
  const { root } = build([
    filing("c1", "p", ACME, "1099-MISC", two),
    filing("c2", "p", ACME, "1099-MISC", one),
    filing("c3", "p", ACME, "1099-MISC", none),
  ]);
  const grp = childrenNamed(root, "IRSubmission1Grp")[0] as XmlElement;
  const header = childNamed(grp, "IRSubmission1Header") as XmlElement;
  assert.is(childText(header, "CFSFElectionInd"), "1");
  const details = childrenNamed(childNamed(grp, "IRSubmission1Detail") as XmlElement, "Form1099MISCDetail");
  assert.equal(
    details.map((d) => childrenNamed(d, "CFSFElectionStateCd").map((c) => c.text)),
    [["ID", "LA"], ["LA"], []],
  );
  const totals = childNamed(header, "IRSubmission1FormTotals") as XmlElement;
  const byState = childrenNamed(totals, "Form1099MISCTotalByStateGrp").map((g) =>
    Object.fromEntries(g.children.map((c) => [c.name, c.text])),
  );
  assert.equal(byState, [
    {
      StateAbbreviationCd: "ID",
      TotalReportedRcpntFormCnt: "1",
      FederalIncomeTaxWithheldAmt: "10.00",
      StateTaxWithheldAmt: "5.00",
      RentAmt: "100.00",
    },
    {
      StateAbbreviationCd: "LA",
      TotalReportedRcpntFormCnt: "2",
      FederalIncomeTaxWithheldAmt: "10.00",
      StateTaxWithheldAmt: "10.00",
      LocalTaxWithheldAmt: "1.00",
      RentAmt: "150.00",
    },
  ]);
  // A form outside the program (W-2G) and a state outside it (TX) elect nothing.
  const w2g = build([
    filing(
      "g1",
      "p",
      ACME,
      "1099-NEC",
      person("Ann", "Lee", "000444557", {
        NonemployeeCompensationAmt: 5,
        StateLocalTaxGrp: [{ StateAbbreviationCd: "TX" }],
      }),
    ),
  ]);
  assert.is(
    childText(
      at(childrenNamed(w2g.root, "IRSubmission1Grp")[0], "IRSubmission1Header") as XmlElement,
      "CFSFElectionInd",
    ),
    "0",
  );
});

test("an individual payer (SSN) is written as IssuerDetail/PersonName; a name that does not split stays BusinessName", () => {
  const sole = payer("Maria de la Cruz", "000111223", { tinType: "ssn" });
  const { root } = build([filing("s1", "p", sole, "1099-NEC", NEC_JANE())]);
  const issuer = at(
    childrenNamed(root, "IRSubmission1Grp")[0],
    "IRSubmission1Header",
    "IssuerDetail",
  ) as XmlElement;
  assert.equal(
    Object.fromEntries(
      (childNamed(issuer, "PersonName") as XmlElement).children.map((c) => [c.name, c.text]),
    ),
    { PersonFirstNm: "Maria", PersonMiddleNm: "de la", PersonLastNm: "Cruz" },
  );
  assert.is(childText(issuer, "TINSubmittedTypeCd"), "INDIVIDUAL_TIN");
  const mono = build([
    filing("s2", "p", payer("Madonna", "000111224", { tinType: "ssn" }), "1099-NEC", NEC_JANE()),
  ]);
  assert.ok(
    childNamed(
      at(
        childrenNamed(mono.root, "IRSubmission1Grp")[0],
        "IRSubmission1Header",
        "IssuerDetail",
      ) as XmlElement,
      "BusinessName",
    ),
  );
});

test("amounts of up to 15 integer digits are written exactly, and their totals", () => {
  const big = business("Big Co", "000999111", { RentAmt: "400000000000000.25" });
  const { root } = build([
    filing("b1", "p", ACME, "1099-MISC", big),
    filing("b2", "p", ACME, "1099-MISC", business("Big Two", "000999112", { RentAmt: "400000000000000.26" })),
  ]);
  const grp = childrenNamed(root, "IRSubmission1Grp")[0] as XmlElement;
  assert.is(
    childText(at(grp, "IRSubmission1Detail", "Form1099MISCDetail") as XmlElement, "RentAmt"),
    "400000000000000.25",
  );
  assert.is(
    childText(
      at(grp, "IRSubmission1Header", "IRSubmission1FormTotals", "Form1099MISCTotalAmtGrp") as XmlElement,
      "RentAmt",
    ),
    "800000000000000.51",
  );
});

xsdTest(
  "xmllint: CF/SF elections, an individual payer and 15-digit amounts validate against the IRS XSD",
  () => {
    const two = business("Two State Co", "000777888", {
      RentAmt: "123456789012345.67",
      StateLocalTaxGrp: [
        { StateAbbreviationCd: "ID", StateTaxGrp: { StateTaxWithheldAmt: 5 } },
        { StateAbbreviationCd: "LA" },
      ],
    });
    validates([
      filing("v1", "p", payer("Maria de la Cruz", "000111223", { tinType: "ssn" }), "1099-MISC", two),
      filing(
        "v2",
        "p",
        payer("Maria de la Cruz", "000111223", { tinType: "ssn" }),
        "1099-NEC",
        person("Ann", "Lee", "000444557", {
          NonemployeeCompensationAmt: 5,
          StateLocalTaxGrp: [{ StateAbbreviationCd: "CA", StateTaxGrp: { StateTaxWithheldAmt: 1 } }],
        }),
      ),
    ]);
  },
);

// Every element of a form filled: each leaf with a value its XSD type accepts, repeating groups twice, and each
// xsd:choice with its first member (variant 0) or its last (variant 1), so that both runs cover every element.
const CANDIDATES = ["Sample", "A1", "5555550100", "011234567", "1234", "123456789", "12345", "a@b.example"];

function leafValue(el: ElementDefinition): unknown {
  const c = el.constraints;
  switch (el.kind) {
    case "amount":
      return 1234.56;
    case "indicator":
      return true;
    case "date":
      return "2025-06-30";
    case "integer":
      return el.xsdType === "YearType" ? 2024 : Math.min(c.maximum ?? 7, 7);
    case "decimal":
      return el.jsonType === "string" ? "1.5" : 0.5;
    case "code":
      return c.enum?.[0] ?? "1234";
    default: {
      const fits = (v: string) =>
        (c.pattern === undefined || new RegExp(c.pattern, "u").test(v)) &&
        v.length <= (c.maxLength ?? 99) &&
        v.length >= (c.minLength ?? 0);
      const v = CANDIDATES.find(fits);
      if (v === undefined) throw new Error(`no sample value for ${el.path} (${el.xsdType})`);
      return v;
    }
  }
}

function fillAll(
  elements: readonly ElementDefinition[],
  choices: readonly { members: readonly string[] }[],
  variant: number,
): Record<string, unknown> {
  const skip = new Set(
    choices.flatMap((ch) => ch.members.filter((_m, i) => i !== (variant === 0 ? 0 : ch.members.length - 1))),
  );
  const out: Record<string, unknown> = {};
  for (const el of elements) {
    if (skip.has(el.name)) continue;
    const one = () =>
      el.kind === "group" ? fillAll(el.children ?? [], el.choices ?? [], variant) : leafValue(el);
    out[el.name] = el.repeated
      ? [one(), ...(el.maxOccurs === null || el.maxOccurs > 1 ? [one()] : [])]
      : one();
  }
  return out;
}

for (const variant of [0, 1]) {
  xsdTest(
    `xmllint: every catalogue form with every element filled validates (choices: ${variant === 0 ? "first" : "last"} member)`,
    () => {
      const filings: FilingToTransmit[] = listIrisForms().map(({ form }, i) => {
        const def = getFormDefinition(form, 2025);
        if (!def) throw new Error(form);
        const json = fillAll(def.elements, def.choices, variant);
        const rd = json["RecipientDetail"] as Record<string, unknown>;
        rd["TIN"] = `0001112${String(10 + i)}`;
        return filing(`f${String(i)}`, "p", ACME, form, json);
      });
      assert.ok(filings.length >= 35);
      validates(filings);
    },
  );
}

xsdTest("xmllint: every catalogue form validates (one submission each, sample values)", () => {
  const filings: FilingToTransmit[] = listIrisForms().map(({ form }, i) => {
    const def = getFormDefinition(form, 2025);
    if (!def) throw new Error(form);
    const sample = filledSkeleton(def, formSkeleton(form, 2025)).form;
    (sample["RecipientDetail"] as Record<string, unknown>)["TIN"] = "000123456"; // TestCd T takes test TINs only (SHAREDIRFORM021)
    return filing(`f${String(i)}`, "p", ACME, form, sample);
  });
  assert.ok(filings.length >= 35);
  validates(filings);
});

test.run();
