import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import {
  SUBMISSION_STATUSES,
  TRANSMISSION_STATUSES,
  maskTins,
  parseStatusResponse,
  recordKey,
  recordOutcomes,
  resultFor,
  transmissionStatusOf,
  writeStatusResponse,
  type AckResult,
  type ErrorInformation,
  type StatusResponse,
  type SubmissionResult,
  type SubmissionStatus,
} from "../../../../core/domain/iris/index.ts";
import { STATUS_SAMPLES } from "./fixtures.ts";
import { STATUS_XSD } from "../../../support/iris-package.ts";

const RECEIPT = "2026-63385508791-4a6c57eda";
const err = (code: string, extra: Partial<ErrorInformation> = {}): ErrorInformation => ({
  code,
  message: null,
  value: null,
  path: null,
  ...extra,
});
const result = (
  status: AckResult["transmission"]["status"],
  submissions: SubmissionResult[],
  errors: ErrorInformation[] = [],
): AckResult => ({
  searchId: RECEIPT,
  transmission: { uniqueTransmissionId: null, receiptId: RECEIPT, status, errors },
  submissions,
});
const sub = (
  submissionId: string,
  status: SubmissionStatus,
  records: { recordId: string; errors: ErrorInformation[] }[] = [],
  errors: ErrorInformation[] = [],
): SubmissionResult => ({ submissionId, status, errors, records });
const MAP = new Map([
  [recordKey(1, 1), "f1"],
  [recordKey(1, 2), "f2"],
  [recordKey(2, 1), "f3"],
]);

test("status strings are exactly the XSD's (with spaces); submissions have no Partially Accepted", () => {
  assert.equal(
    [...TRANSMISSION_STATUSES],
    ["Accepted", "Accepted with Errors", "Partially Accepted", "Rejected", "Processing", "Not Found"],
  );
  assert.equal(
    [...SUBMISSION_STATUSES],
    ["Accepted", "Accepted with Errors", "Rejected", "Processing", "Not Found"],
  );
  const xsd = readFileSync(STATUS_XSD, "utf8");
  const enums = (type: string) => {
    const block = xsd.slice(
      xsd.indexOf(`name="${type}"`),
      xsd.indexOf("</xsd:simpleType>", xsd.indexOf(`name="${type}"`)),
    );
    return [...block.matchAll(/enumeration value="([^"]+)"/g)].map((m) => m[1]);
  };
  assert.equal(enums("TransmissionStatusCodeType"), [...TRANSMISSION_STATUSES]);
  assert.equal(enums("SubmissionStatusCodeType"), [...SUBMISSION_STATUSES]);
});

test("the IRS sample responses parse (n1: prefix, every group)", () => {
  const files = readdirSync(STATUS_SAMPLES).filter((n) => n.includes("Response") && n.endsWith(".xml"));
  assert.ok(files.length >= 4);
  for (const name of files) {
    const r = parseStatusResponse(readFileSync(join(STATUS_SAMPLES, name), "utf8"));
    assert.ok(r.ok, `${name}: ${r.ok ? "" : r.message}`);
  }
  const ack = parseStatusResponse(
    readFileSync(join(STATUS_SAMPLES, "SampleAck_1_IRS-IR-StatusOrAckResponse_For_RID.xml"), "utf8"),
  );
  if (!ack.ok) throw new Error(ack.message);
  assert.is(ack.value.results.length, 2);
  const first = ack.value.results[0] as AckResult;
  assert.is(first.searchId, "2020-63385508791-4a6c57eda");
  assert.is(first.transmission.uniqueTransmissionId, "550e8400-e29b-41d4-a716-446655440000:IRIS:BB002::A");
  assert.is(first.transmission.status, "Accepted");
  assert.equal(first.submissions, [
    {
      submissionId: "1",
      status: "Accepted with Errors",
      errors: [],
      records: [
        { recordId: "1", errors: [{ code: "String", message: "String", value: "String", path: "String" }] },
      ],
    },
  ]);
  assert.is(ack.value.results[1]?.transmission.status, "Not Found");
  assert.is(resultFor(ack.value, "2020-63385508791-4a6c57edb")?.transmission.status, "Not Found");
  assert.is(
    resultFor(ack.value, "550e8400-e29b-41d4-a716-446655440000:IRIS:BB002::A")?.searchId,
    "2020-63385508791-4a6c57eda",
  );
});

test("parsing refuses what is not an acknowledgement", () => {
  const wrap = (status: string) =>
    `<TransStatusOrAckResponse xmlns="urn:us:gov:treasury:irs:ir"><ResultGrp><SearchId>x</SearchId><TransmissionResultGrp><TransmissionStatusCd>${status}</TransmissionStatusCd></TransmissionResultGrp></ResultGrp></TransStatusOrAckResponse>`;
  assert.ok(parseStatusResponse(wrap("Accepted with Errors")).ok);
  for (const bad of [
    wrap("AcceptedWithErrors"),
    wrap("PartiallyAccepted"),
    wrap(""),
    "<Other/>",
    "not xml",
    "<TransStatusOrAckResponse/>",
    `<!DOCTYPE a><TransStatusOrAckResponse/>`,
    wrap("Accepted").replace(
      "</TransmissionResultGrp>",
      "<ErrorInformationGrp><ErrorMessageTxt>no code</ErrorMessageTxt></ErrorInformationGrp></TransmissionResultGrp>",
    ),
  ]) {
    assert.not.ok(parseStatusResponse(bad).ok, bad);
  }
});

test("accepted: every filing accepted without errors", () => {
  const out = recordOutcomes(result("Accepted", [sub("1", "Accepted"), sub("2", "Accepted")]), MAP);
  assert.equal(out, {
    status: "done",
    transmissionStatus: "Accepted",
    records: [
      { filingId: "f1", status: "accepted", errors: [] },
      { filingId: "f2", status: "accepted", errors: [] },
      { filingId: "f3", status: "accepted", errors: [] },
    ],
  });
  // An accepted transmission that lists no submissions accepts them all.
  const bare = recordOutcomes(result("Accepted", []), MAP);
  assert.ok(bare.status === "done" && bare.records.every((r) => r.status === "accepted"));
});

test("accepted with errors: the record's errors, with the IRS severity and rule text when the message is missing", () => {
  const out = recordOutcomes(
    result("Accepted with Errors", [
      sub("1", "Accepted with Errors", [
        {
          recordId: "2",
          errors: [
            err("SHAREDIRFORM014", {
              path: "/IRTransmission/IRSubmission1Grp/IRSubmission1Detail/Form1099NECDetail[2]/RecipientDetail/PersonName",
              value: "000989867",
            }),
          ],
        },
      ]),
      sub("2", "Accepted"),
    ]),
    MAP,
  );
  if (out.status !== "done") throw new Error(out.status);
  assert.equal(
    out.records.map((r) => r.status),
    ["accepted", "accepted_with_errors", "accepted"],
  );
  assert.equal(out.records[1]?.errors, [
    {
      code: "SHAREDIRFORM014",
      severity: "Report Error",
      xpath:
        "/IRTransmission/IRSubmission1Grp/IRSubmission1Detail/Form1099NECDetail[2]/RecipientDetail/PersonName",
      message:
        "If 'PersonName' and 'TIN' in 'RecipientDetail' have a value, they must match the IRS database.",
    },
  ]);
  assert.not.ok(JSON.stringify(out).includes("000989867"), "ErrorValueTxt is never copied");
});

test("a rejected submission rejects all its records; the others keep their own outcome (Partially Accepted)", () => {
  const out = recordOutcomes(
    result("Partially Accepted", [
      sub(
        "1",
        "Rejected",
        [{ recordId: "1", errors: [err("F1099NEC001", { message: "excessive" })] }],
        [
          err("SMF018", {
            path: "/IRTransmission/IRSubmission1Grp[1]/IRSubmission1Header/IssuerDetail/BusinessName",
          }),
        ],
      ),
      sub("2", "Accepted"),
    ]),
    MAP,
  );
  if (out.status !== "done") throw new Error(out.status);
  assert.is(out.transmissionStatus, "Partially Accepted");
  assert.equal(
    out.records.map((r) => [r.filingId, r.status, r.errors.map((e) => `${e.code}/${e.severity}`)]),
    [
      ["f1", "rejected", ["SMF018/Reject", "F1099NEC001/Report Error and Reject if over Threshold"]],
      ["f2", "rejected", ["SMF018/Reject"]],
      ["f3", "accepted", []],
    ],
  );
});

test("a rejected transmission rejects every filing with the transmission's errors; unknown rule numbers fall back", () => {
  const out = recordOutcomes(
    result("Rejected", [], [err("TMFST026"), err("X-UNKNOWN", { message: "Something about 123-45-6789" })]),
    MAP,
  );
  if (out.status !== "done") throw new Error(out.status);
  for (const r of out.records) {
    assert.is(r.status, "rejected");
    assert.equal(
      r.errors.map((e) => [e.code, e.severity]),
      [
        ["TMFST026", "Reject"],
        ["X-UNKNOWN", "Reject"],
      ],
    );
    assert.is(
      r.errors[0]?.message,
      "'TotalIssuerFormCnt' must equal the total count of Issuers in the Transmission.",
    );
    assert.is(r.errors[1]?.message, "Something about ***-**-6789");
  }
});

test("a record error whose rule severity is Reject rejects that record even in an accepted submission", () => {
  const out = recordOutcomes(
    result("Accepted with Errors", [
      sub("1", "Accepted with Errors", [{ recordId: "1", errors: [err("SHAREDIRFORM021")] }]),
      sub("2", "Accepted"),
    ]),
    MAP,
  );
  if (out.status !== "done") throw new Error(out.status);
  assert.equal(
    out.records.map((r) => r.status),
    ["rejected", "accepted", "accepted"],
  );
});

test("per-form rule texts (SMD001) are picked by FormTypeCd", () => {
  const out = recordOutcomes(result("Rejected", [sub("2", "Rejected", [], [err("SMD001")])]), MAP, {
    formTypeCdOf: (id) => (id === "2" ? "1099NEC" : undefined),
  });
  if (out.status !== "done") throw new Error(out.status);
  assert.is(
    out.records[2]?.errors[0]?.message,
    "If 'FormTypeCd' is \"1099NEC\", then 'Form1099NECDetail' must be present.",
  );
});

test("processing anywhere is processing; Not Found is not_found", () => {
  assert.equal(recordOutcomes(result("Processing", []), MAP), { status: "processing" });
  assert.equal(recordOutcomes(result("Accepted", [sub("1", "Processing")]), MAP), { status: "processing" });
  assert.equal(recordOutcomes(result("Not Found", [], [err("X")]), MAP), { status: "not_found" });
});

test("maskTins: 9-digit, SSN and EIN shapes keep only the last four", () => {
  assert.is(
    maskTins("TIN 123456789 / 123-45-6789 / 12-3456789 ok"),
    "TIN ***-**-6789 / ***-**-6789 / ***-**-6789 ok",
  );
  assert.is(maskTins("RecordId 12345678 and amount 1234567890"), "RecordId 12345678 and amount 1234567890");
});

test("transmissionStatusOf", () => {
  assert.is(transmissionStatusOf(["Accepted", "Accepted"]), "Accepted");
  assert.is(transmissionStatusOf(["Accepted", "Accepted with Errors"]), "Accepted with Errors");
  assert.is(transmissionStatusOf(["Accepted", "Rejected"]), "Partially Accepted");
  assert.is(transmissionStatusOf(["Rejected"]), "Rejected");
});

const status = <T extends string>(values: readonly T[]) => fc.constantFrom(...values);
const errorInfo = fc.record({
  code: fc.constantFrom("SMF018", "SHAREDIRFORM014", "SHAREDIRFORM021", "F1099NEC001", "NOPE"),
  message: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
  value: fc.option(fc.string({ maxLength: 10 }), { nil: null }),
  path: fc.option(fc.constant("/IRTransmission/X"), { nil: null }),
});
const response: fc.Arbitrary<AckResult> = fc.record({
  searchId: fc.constant(RECEIPT),
  transmission: fc.record({
    uniqueTransmissionId: fc.constant(null),
    receiptId: fc.constant(RECEIPT),
    status: status(TRANSMISSION_STATUSES),
    errors: fc.array(errorInfo, { maxLength: 2 }),
  }),
  submissions: fc.array(
    fc.record({
      submissionId: fc.option(fc.integer({ min: 1, max: 4 }).map(String), { nil: null }),
      status: status(SUBMISSION_STATUSES),
      errors: fc.array(errorInfo, { maxLength: 2 }),
      records: fc.array(
        fc.record({
          recordId: fc.option(fc.integer({ min: 1, max: 5 }).map(String), { nil: null }),
          errors: fc.array(errorInfo, { maxLength: 2 }),
        }),
        { maxLength: 4 },
      ),
    }),
    { maxLength: 4 },
  ),
});

test("property: every filing gets exactly one outcome (when done), whatever the IRS answers", () => {
  fc.assert(
    fc.property(
      response,
      fc.array(fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 5 })), {
        minLength: 1,
        maxLength: 12,
      }),
      (r, ids) => {
        const map = new Map<string, string>();
        for (const [s, rec] of ids) map.set(recordKey(s, rec), `f-${String(s)}-${String(rec)}`);
        const out = recordOutcomes(r, map);
        if (out.status !== "done") return;
        assert.equal(
          out.records.map((o) => o.filingId),
          [...map.values()],
        );
        for (const o of out.records) {
          if (r.transmission.status === "Rejected") assert.is(o.status, "rejected");
          if (o.status === "accepted") assert.is(o.errors.length, 0);
        }
      },
    ),
    { numRuns: 1000 },
  );
});

test("property: writeStatusResponse and parseStatusResponse round-trip", () => {
  fc.assert(
    fc.property(fc.array(response, { minLength: 1, maxLength: 3 }), (results) => {
      const clean = (s: string | null) => (s === null ? null : s.trim() === "" ? null : s.trim());
      const normal: StatusResponse = {
        results: results.map((r) => ({
          ...r,
          transmission: {
            ...r.transmission,
            errors: r.transmission.errors.map((e) => ({
              ...e,
              message: clean(e.message),
              value: clean(e.value),
            })),
          },
          submissions: r.submissions.map((s) => ({
            ...s,
            errors: s.errors.map((e) => ({ ...e, message: clean(e.message), value: clean(e.value) })),
            records: s.records.map((x) => ({
              ...x,
              errors: x.errors.map((e) => ({ ...e, message: clean(e.message), value: clean(e.value) })),
            })),
          })),
        })),
      };
      const parsed = parseStatusResponse(writeStatusResponse(normal));
      if (!parsed.ok) throw new Error(parsed.message);
      // The reader trims; empty optional texts come back absent.
      const again = parseStatusResponse(writeStatusResponse(parsed.value));
      assert.ok(again.ok);
      if (again.ok) assert.equal(again.value, parsed.value);
      assert.equal(
        parsed.value.results.map((x) => [x.transmission.status, x.submissions.map((s) => s.status)]),
        normal.results.map((x) => [x.transmission.status, x.submissions.map((s) => s.status)]),
      );
    }),
    { numRuns: 300 },
  );
});

const xsdTest = spawnSync("xmllint", ["--version"]).status === 0 ? test : test.skip;

xsdTest("xmllint: a written status response validates against the IRS status XSD", () => {
  const doc = writeStatusResponse({
    results: [
      result("Partially Accepted", [
        sub(
          "1",
          "Rejected",
          [{ recordId: "1", errors: [err("SMF018", { message: "x & y < z", path: "/IRTransmission" })] }],
          [err("SMF018")],
        ),
        sub("2", "Accepted"),
      ]),
    ],
  });
  const dir = mkdtempSync(join(tmpdir(), "iris-ack-"));
  try {
    writeFileSync(join(dir, "ack.xml"), doc);
    const r = spawnSync("xmllint", ["--noout", "--schema", STATUS_XSD, join(dir, "ack.xml")], {
      encoding: "utf8",
    });
    assert.is(r.status, 0, `${r.stdout}${r.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
