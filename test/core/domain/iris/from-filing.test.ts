import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Filing } from "../../../../core/domain/filing/filing.ts";
import {
  buildTransmission,
  filingToTransmit,
  payerInput,
  planTransmissions,
  type TransmissionPlan,
} from "../../../../core/domain/iris/index.ts";
import type { Payer } from "../../../../core/domain/parties/payer.ts";
import { Tin } from "../../../../core/domain/shared/tin.ts";
import { NEC_JANE, TRANSMITTER, stored } from "./fixtures.ts";

const PAYER: Payer = {
  id: "p1",
  accountId: "a1",
  livemode: false,
  legalName: "Acme, Inc.",
  tinType: "ein",
  tinLast4: "3899",
  addressLine1: "200 West Main St",
  addressLine2: null,
  city: "Boston",
  state: "MA",
  postalCode: "02108",
  country: "US",
  contactName: "Mary White",
  contactEmail: "white@acme.example",
  contactPhone: "6175550100",
  isMainCompany: false,
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
};

test("payerInput maps the Payer record; an incomplete address becomes null (a build problem, never a guess)", () => {
  const tin = Tin.fromDigits("000433899");
  const p = payerInput(PAYER, tin);
  assert.is(p.name, "Acme, Inc.");
  assert.is(p.tin, tin);
  assert.equal(p.address, {
    line1: "200 West Main St",
    line2: null,
    city: "Boston",
    state: "MA",
    postalCode: "02108",
    country: "US",
  });
  assert.is(p.phone, "6175550100");
  assert.is(payerInput({ ...PAYER, city: null }, tin).address, null);
});

test("filingToTransmit splits the opened TINs into the recipient's and the others, and builds", () => {
  const s = stored("1099-NEC", NEC_JANE());
  const filing = {
    id: "f1",
    payerId: "p1",
    form: "1099-NEC",
    taxYear: 2025,
    jsonForm: s.jsonForm,
  } satisfies Pick<Filing, "id" | "payerId" | "form" | "taxYear" | "jsonForm">;
  const payer = payerInput(PAYER, Tin.fromDigits("000433899"));
  assert.is(filingToTransmit(filing, payer, {}), undefined);
  const f = filingToTransmit(filing, payer, {
    "RecipientDetail.TIN": s.tin,
    "X.TIN": Tin.fromDigits("000000007"),
  });
  assert.ok(f);
  assert.equal(Object.keys(f?.otherTins ?? {}), ["X.TIN"]);
  assert.is(f?.corrected, undefined);
  const c = filingToTransmit(
    filing,
    payer,
    { "RecipientDetail.TIN": s.tin },
    { receiptId: "2026-00000000001-abcdefghi", submissionId: 1, recordId: 1 },
  );
  assert.is(c?.corrected?.recordId, 1);
  if (!f) return;
  const plan = planTransmissions([f])[0] as TransmissionPlan;
  const b = buildTransmission(
    {
      transmissionId: "550e8400-e29b-41d4-a716-446655440000",
      taxYear: plan.taxYear,
      submissions: plan.submissions,
    },
    TRANSMITTER,
  );
  assert.ok(b.ok);
  if (b.ok) assert.ok(b.value.xml.includes("<TIN>000989867</TIN>"));
});

test.run();
