// W-2 samples for tests: made-up SSNs, amounts that pass the SSA's checks.
import { buildEfw2, writeEfw2, type Efw2Employee, type Efw2Submitter } from "../../core/domain/efw2/index.ts";

/** The EFW2 text of one employer's W-2s (Wire Employer LLC, EIN 12-3450092, at the submitter's address), TY2025. */
export function oneEmployerEfw2(submitter: Efw2Submitter, employees: readonly Efw2Employee[]): string {
  return writeEfw2(
    "efw2",
    buildEfw2({
      taxYear: 2025,
      submitter,
      employers: [
        { employer: { ein: "123450092", name: "Wire Employer LLC", address: submitter.address }, employees },
      ],
    }),
  );
}
export function w2Form(
  over: { ssn?: string; first?: string; last?: string; wages?: number; state?: string } = {},
): Record<string, unknown> {
  const wages = over.wages ?? 50_000;
  const ss = Math.min(wages, 176_100);
  return {
    EmployeeSSN: over.ssn ?? "123-45-6789",
    EmployeeName: {
      PersonFirstNm: over.first ?? "Jane",
      PersonMiddleNm: "Q",
      PersonLastNm: over.last ?? "Roe",
    },
    EmployeeUSAddress: {
      AddressLine1Txt: "2 Oak Ave",
      CityNm: "Reno",
      StateAbbreviationCd: "NV",
      ZIPCd: "89501",
    },
    ControlNum: "A-1",
    WagesAmt: wages - 3000,
    WithholdingAmt: Math.round(wages * 0.1 * 100) / 100,
    SocialSecurityWagesAmt: ss,
    SocialSecurityTaxAmt: Math.round(ss * 6.2) / 100,
    MedicareWagesAndTipsAmt: wages,
    MedicareTaxWithheldAmt:
      Math.round(wages * 1.45) / 100 + (wages > 200_000 ? Math.round((wages - 200_000) * 0.9) / 100 : 0),
    DependentCareBenefitsAmt: 1000,
    EmployersUseGrp: [
      { EmployersUseCd: "D", EmployersUseAmt: 3000 },
      { EmployersUseCd: "DD", EmployersUseAmt: 6400.5 },
    ],
    RetirementPlanInd: true,
    OtherDeductsBenefitsGrp: [{ Desc: "UNION DUES", Amt: 240 }],
    W2StateLocalTaxGrp: [
      {
        W2StateTaxGrp: {
          StateAbbreviationCd: over.state ?? "CA",
          EmployerStateIdNum: "123-4567-8",
          StateWagesAmt: wages - 3000,
          StateIncomeTaxAmt: 1200,
          W2LocalTaxGrp: { LocalWagesAndTipsAmt: 1000, LocalIncomeTaxAmt: 10, LocalityNm: "SF" },
        },
      },
    ],
  };
}

export function w2cForm(): Record<string, unknown> {
  const { EmployeeSSN, EmployeeName, EmployeeUSAddress } = w2Form() as Record<string, unknown>;
  return {
    EmployeeSSN,
    EmployeeName,
    EmployeeUSAddress,
    PreviouslyReportedGrp: {
      WagesAmt: 40000,
      SocialSecurityWagesAmt: 40000,
      SocialSecurityTaxAmt: 2480,
      MedicareWagesAndTipsAmt: 40000,
      MedicareTaxWithheldAmt: 580,
    },
    CorrectInformationGrp: {
      WagesAmt: 45000,
      SocialSecurityWagesAmt: 45000,
      SocialSecurityTaxAmt: 2790,
      MedicareWagesAndTipsAmt: 45000,
      MedicareTaxWithheldAmt: 652.5,
    },
  };
}

/**
 * A W-2c that corrects, beyond w2cForm's wages, box 8 (allocated tips: $100 -> $150), box 12 code EE ($200 ->
 * $250.50) and the California row (wages $40,000 -> $45,000, tax $1,000 -> $1,100): an EFW2C RCO, RCS and RCU.
 */
export function w2cOptionalForm(): Record<string, unknown> {
  const base = w2cForm();
  const amounts = (tips: number, ee: number, wages: number, tax: number) => ({
    AllocatedTipsAmt: tips,
    EmployersUseGrp: [{ EmployersUseCd: "EE", EmployersUseAmt: ee }],
    W2StateLocalTaxGrp: [
      { W2StateTaxGrp: { StateAbbreviationCd: "CA", StateWagesAmt: wages, StateIncomeTaxAmt: tax } },
    ],
  });
  return {
    ...base,
    PreviouslyReportedGrp: {
      ...(base["PreviouslyReportedGrp"] as object),
      ...amounts(100, 200, 40_000, 1000),
    },
    CorrectInformationGrp: {
      ...(base["CorrectInformationGrp"] as object),
      ...amounts(150, 250.5, 45_000, 1100),
    },
  };
}
