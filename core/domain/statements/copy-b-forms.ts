// The recipient copy of every catalogue form as the IRS prints it: box numbers and box titles word for word,
// and where each box sits on the form's grid (x and width in hundredths of the form's width, rows from the top).
//
// Substitute statements follow IRS Pub. 1179 (General Rules and Specifications for Substitute Forms 1096, 1098,
// 1099, 5498, and Certain Other Information Returns): the same box numbers and titles as the official form, the
// recipient's TIN may be truncated, the filer's TIN may not.
//
// Sources (box numbers and titles, the copy's name, the grid), read in the text of the IRS forms:
// - Form 1099-NEC (Rev. April 2025 / January 2025 draft text), Form 1099-MISC (Rev. April 2025; box 14 "Reserved for
//   future use" since excess golden parachute payments moved to 1099-NEC box 3, per the 2025 Instructions for Forms
//   1099-MISC and 1099-NEC), Form 1099-R (2025), Form 1099-K (Rev. March 2024 / January 2022 text), Form W-2G
//   (Rev. December 2023 text): IRS form PDFs as published at irs.gov/Form1099NEC, irs.gov/Form1099MISC,
//   irs.gov/Form1099R, irs.gov/Form1099K and irs.gov/FormW2G (text copies at omb.report for OMB 1545-0116,
//   1545-0115, 1545-0119, 1545-2205, 1545-0238).
// - Every other form: the current revision of its IRS form PDF (irs.gov/Form<number>) and the box list in the 2025
//   Instructions for Forms 1099, 1098, 5498, W-2G, 1097-BTC, 3921/3922; see each layout's `revision`.
// The catalogue's own element descriptions (IRIS schema text such as "An amount of rent") are never printed.
import type { FormLayout } from "./layout.ts";
import { STATE_AND_ID, ST, at, box, check, fixed, heading, parties, stateNotPrinted } from "./layout.ts";

export const NOTICE_1099 =
  "This is important tax information and is being furnished to the IRS. If you are required to file a return, a " +
  "negligence penalty or other sanction may be imposed on you if this income is taxable and the IRS determines " +
  "that it has not been reported.";
const FURNISHED = "This information is being furnished to the IRS.";
const REPORT_ON_RETURN = ["Copy B", "Report this income on your federal tax return. If this form shows federal income tax withheld in box 4, attach this copy to your return."];
const FOR_RECIPIENT = ["Copy B", "For Recipient"];
const SECOND_TIN = { el: "SecondTINNoticeInd", reason: "\"2nd TIN not.\" is printed on Copy A only" };
const PAYER: { payer: string; recipient: string } = { payer: "PAYER\u2019S", recipient: "RECIPIENT\u2019S" };

// Columns shared by most 1099s: the party block (TINs split it in two), two box columns, the title column.
const L = 0, LW = 42, HW = 21, B1 = 42, B2 = 61.5, BW = 19.5, R = 81, RW = 19;

const F1099NEC: FormLayout = {
  form: "1099-NEC",
  title: "Nonemployee Compensation",
  omb: "1545-0116",
  copy: FOR_RECIPIENT,
  notice: NOTICE_1099,
  revision: "Form 1099-NEC (Rev. April 2025)",
  rows: 7,
  cells: [
    ...parties(PAYER, {
      payer: at(L, LW, 0, 2), payerTin: at(L, HW, 2), recipientTin: at(HW, HW, 2), name: at(L, LW, 3),
      street: at(L, LW, 4), city: at(L, LW, 5), account: at(L, LW, 6),
    }),
    ...heading({ formId: at(42, 33, 0, 2), title: at(75, 25, 0, 2), copy: at(75, 25, 2), notice: at(75, 25, 3, 3) }),
    box("1", "Nonemployee compensation", at(42, 33, 2), "NonemployeeCompensationAmt"),
    box("2", "Payer made direct sales totaling $5,000 or more of consumer products to recipient for resale", at(42, 33, 3), check("DirectSaleAboveThresholdInd")),
    box("3", "Excess golden parachute payments", at(42, 33, 4), "ExcessParachutePaymentAmt"),
    box("4", "Federal income tax withheld", at(42, 33, 5), "FederalIncomeTaxWithheldAmt"),
    box("5", "State tax withheld", at(42, 16.5, 6), ST.withheld),
    box("6", "State/Payer\u2019s state no.", at(58.5, 16.5, 6), STATE_AND_ID),
    box("7", "State income", at(75, 25, 6), ST.income),
  ],
  notPrinted: [{ el: "RecipientAccountNum", reason: "printed in the account number cell" }, SECOND_TIN, ...stateNotPrinted([ST.withheld, ST.state, ST.id, ST.income])],
};

const F1099MISC: FormLayout = {
  form: "1099-MISC",
  title: "Miscellaneous Information",
  omb: "1545-0115",
  copy: FOR_RECIPIENT,
  notice: NOTICE_1099,
  revision: "Form 1099-MISC (Rev. April 2025)",
  rows: 9,
  cells: [
    ...parties(PAYER, {
      payer: at(L, LW, 0, 3), payerTin: at(L, HW, 3), recipientTin: at(HW, HW, 3), name: at(L, LW, 4),
      street: at(L, LW, 5), city: at(L, LW, 6, 2), account: at(L, LW, 8),
    }),
    ...heading({ formId: at(B2, BW, 0, 2), title: at(R, RW, 0, 2), copy: at(R, RW, 2), notice: at(R, RW, 3, 5) }),
    box("1", "Rents", at(B1, BW, 0), "RentAmt"),
    box("2", "Royalties", at(B1, BW, 1), "RoyaltyAmt"),
    box("3", "Other income", at(B1, BW, 2), "OtherIncomeAmt"),
    box("4", "Federal income tax withheld", at(B2, BW, 2), "FederalIncomeTaxWithheldAmt"),
    box("5", "Fishing boat proceeds", at(B1, BW, 3), "FishingBoatProceedsAmt"),
    box("6", "Medical and health care payments", at(B2, BW, 3), "MedicalHealthCarePaymentsAmt"),
    box("7", "Payer made direct sales totaling $5,000 or more of consumer products to recipient for resale", at(B1, BW, 4), check("DirectSaleAboveThresholdInd")),
    box("8", "Substitute payments in lieu of dividends or interest", at(B2, BW, 4), "SubstitutePaymentsAmt"),
    box("9", "Crop insurance proceeds", at(B1, BW, 5), "CropInsuranceProceedsAmt"),
    box("10", "Gross proceeds paid to an attorney", at(B2, BW, 5), "AttorneyGrossProceedsPaidAmt"),
    box("11", "Fish purchased for resale", at(B1, BW, 6), "FishPurchasedForResaleAmt"),
    box("12", "Section 409A deferrals", at(B2, BW, 6), "Section409ADeferralsAmt"),
    box("13", "FATCA filing requirement", at(B1, 9, 7), check("FATCAFilingRequirementInd")),
    box("14", "Reserved for future use", at(B1 + 9, BW - 9, 7)),
    box("15", "Nonqualified deferred compensation", at(B2, BW, 7), "NonqlfyDeferredCompensationAmt"),
    box("16", "State tax withheld", at(B1, BW, 8), ST.withheld),
    box("17", "State/Payer\u2019s state no.", at(B2, BW, 8), STATE_AND_ID),
    box("18", "State income", at(R, RW, 8), ST.income),
  ],
  notPrinted: [{ el: "RecipientAccountNum", reason: "printed in the account number cell" }, SECOND_TIN, ...stateNotPrinted([ST.withheld, ST.state, ST.id, ST.income])],
};

const F1099R: FormLayout = {
  form: "1099-R",
  title: "Distributions From Pensions, Annuities, Retirement or Profit-Sharing Plans, IRAs, Insurance Contracts, etc.",
  omb: "1545-0119",
  copy: REPORT_ON_RETURN,
  notice: FURNISHED,
  revision: "Form 1099-R (2025)",
  rows: 9,
  cells: [
    ...parties(PAYER, {
      payer: at(L, LW, 0, 3), payerTin: at(L, HW, 3), recipientTin: at(HW, HW, 3), name: at(L, LW, 4),
      street: at(L, LW, 5), city: at(L, LW, 6), account: at(L, 29, 8),
    }),
    ...heading({ formId: at(B2, BW, 0, 2), title: at(R, RW, 0, 3), copy: at(R, RW, 3, 3), notice: at(R, RW, 6) }),
    box("1", "Gross distribution", at(B1, BW, 0), "GrossDistributionAmt"),
    box("2a", "Taxable amount", at(B1, BW, 1), "TaxableAmt"),
    box("2b", "Taxable amount not determined", at(B1, BW, 2), check("TxblAmountNotDeterminedInd")),
    box("", "Total distribution", at(B2, BW, 2), check("TotalDistributionInd")),
    box("3", "Capital gain (included in box 2a)", at(B1, BW, 3), "CapitalGainAmt"),
    box("4", "Federal income tax withheld", at(B2, BW, 3), "FederalIncomeTaxWithheldAmt"),
    box("5", "Employee contributions/ Designated Roth contributions or insurance premiums", at(B1, BW, 4), "EmployeeContributionsAmt"),
    box("6", "Net unrealized appreciation in employer\u2019s securities", at(B2, BW, 4), "NetUnrlzdSecuritiesApprcnAmt"),
    box("7", "Distribution code(s)", at(B1, 10.5, 5), "Form1099RDistributionCd"),
    box("", "IRA/ SEP/ SIMPLE", at(B1 + 10.5, BW - 10.5, 5), check("IRASEPSIMPLEInd")),
    box("8", "Other", at(B2, BW, 5), "OtherDistributionAmt", { el: "RcpntOthDistributionPct", style: "percent" }),
    box("9a", "Your percentage of total distribution", at(B1, BW, 6), { el: "RcpntTotalDistributionPct", style: "percent" }),
    box("9b", "Total employee contributions", at(B2, BW, 6), "TotalEmployeeContributionsAmt"),
    box("10", "Amount allocable to IRR within 5 years", at(L, 15, 7), "IRRAllocatedAmt"),
    box("11", "1st year of desig. Roth contrib.", at(15, 14, 7), "DesignatedROTHAcctFirstYr"),
    box("12", "FATCA filing requirement", at(29, 13, 7), check("FATCAFilingRequirementInd")),
    box("13", "Date of payment", at(29, 13, 8), "PaymentDt"),
    box("14", "State tax withheld", at(B1, BW, 7), ST.withheld),
    box("15", "State/Payer\u2019s state no.", at(B2, BW, 7), STATE_AND_ID),
    box("16", "State distribution", at(R, RW, 7), ST.distribution),
    box("17", "Local tax withheld", at(B1, BW, 8), ST.localWithheld),
    box("18", "Name of locality", at(B2, BW, 8), ST.locality),
    box("19", "Local distribution", at(R, RW, 8), ST.localDistribution),
  ],
  notPrinted: [
    { el: "RecipientAccountNum", reason: "printed in the account number cell" },
    ...stateNotPrinted([ST.withheld, ST.state, ST.id, ST.distribution, ST.localWithheld, ST.locality, ST.localDistribution]),
  ],
};

const F1099K: FormLayout = {
  form: "1099-K",
  title: "Payment Card and Third Party Network Transactions",
  omb: "1545-2205",
  copy: ["Copy B", "For Payee"],
  notice: NOTICE_1099,
  revision: "Form 1099-K (Rev. March 2024)",
  rows: 13,
  cells: [
    ...parties({ payer: "FILER\u2019S", recipient: "PAYEE\u2019S" }, {
      payer: at(L, LW, 0, 2), payerTin: at(B1, BW, 0), recipientTin: at(B1, BW, 1), name: at(L, LW, 3, 2),
      street: at(L, LW, 5), city: at(L, LW, 6, 2), account: at(L, LW, 10, 3),
    }),
    ...heading({ formId: at(B2, BW, 0, 2), title: at(R, RW, 0, 2), copy: at(R, RW, 2), notice: at(R, RW, 3, 10) }),
    box("", "Check to indicate if FILER is a (an):", at(L, LW, 2),
      check("PSEInd", "Payment settlement entity (PSE)"), check("EPFOrOtherThirdPartyInd", "Electronic Payment Facilitator (EPF)/Other third party")),
    box("", "Check to indicate transactions reported are:", at(B1, 39, 2),
      check("PaymentCardInd", "Payment card"), check("ThirdPartyNetworkInd", "Third party network")),
    box("", "PSE\u2019S name and telephone number", at(L, LW, 8, 2), "PSENm", "PSEPhoneNum"),
    box("1a", "Gross amount of payment card/third party network transactions", at(B1, 39, 3), "GrossAmt"),
    box("1b", "Card Not Present transactions", at(B1, BW, 4), "CardNotPresentTransAmt"),
    box("2", "Merchant category code", at(B2, BW, 4), "MerchantCategoryCd"),
    box("3", "Number of payment transactions", at(B1, BW, 5), "PaymentTransactionCnt"),
    box("4", "Federal income tax withheld", at(B2, BW, 5), "FederalIncomeTaxWithheldAmt"),
    ...(["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const)
      .map((m, i) => box(`5${"abcdefghijkl".charAt(i)}`, m, at(i % 2 === 0 ? B1 : B2, BW, 6 + Math.floor(i / 2)), `${m}Amt`)),
    box("6", "State", at(B1, 7, 12), ST.state),
    box("7", "State identification no.", at(49, 14, 12), ST.id),
    box("8", "State income tax withheld", at(63, 18, 12), ST.withheld),
  ],
  notPrinted: [{ el: "RecipientAccountNum", reason: "printed in the account number cell" }, SECOND_TIN, ...stateNotPrinted([ST.state, ST.id, ST.withheld])],
};

const W2G: FormLayout = {
  form: "W-2G",
  title: "Certain Gambling Winnings",
  omb: "1545-0238",
  copy: [...REPORT_ON_RETURN, "This information is being furnished to the Internal Revenue Service."],
  revision: "Form W-2G (Rev. December 2023)",
  rows: 9,
  cells: [
    fixed("payer", at(0, 38, 0, 4), "PAYER\u2019S name, street address, city or town, state or province, country, and ZIP or foreign postal code"),
    fixed("payerTin", at(0, 19, 4), "PAYER\u2019S TIN"),
    fixed("payerPhone", at(19, 19, 4), "PAYER\u2019S telephone no."),
    fixed("recipientTin", at(38, 19, 4), "WINNER\u2019S TIN", "9"),
    fixed("recipientName", at(0, 38, 5), "WINNER\u2019S name"),
    fixed("street", at(0, 38, 6), "Street address (including apt. no.)"),
    fixed("city", at(0, 38, 7, 2), "City or town, state or province, country, and ZIP or foreign postal code"),
    fixed("formId", at(76, 12, 0, 3)),
    fixed("title", at(88, 12, 0, 3)),
    fixed("copy", at(76, 24, 3, 6)),
    box("1", "Reportable winnings", at(38, 19, 0), "GamblingReportableWinningAmt"),
    box("2", "Date won", at(57, 19, 0), "GamblingWinningDt"),
    box("3", "Type of wager", at(38, 19, 1), "GamblingWinWagerTypeCd"),
    box("4", "Federal income tax withheld", at(57, 19, 1), "FederalIncomeTaxWithheldAmt"),
    box("5", "Transaction", at(38, 19, 2), "GamblingWinningTransactionDesc"),
    box("6", "Race", at(57, 19, 2), "GamblingWinningEventDesc"),
    box("7", "Winnings from identical wagers", at(38, 19, 3), "GamblingWinFromIdntclWagersAmt"),
    box("8", "Cashier", at(57, 19, 3), "GamblingWinCashierId"),
    box("10", "Window", at(57, 19, 4), "GamblingWinWindowNum"),
    box("11", "First identification no.", at(38, 19, 5), "RecipientFirstAdditionalIdNum"),
    box("12", "Second identification no.", at(57, 19, 5), "RecipientSecondAdditionalIdNum"),
    box("13", "State/Payer\u2019s state identification no.", at(38, 19, 6), STATE_AND_ID),
    box("14", "State winnings", at(57, 19, 6), ST.income),
    box("15", "State income tax withheld", at(38, 19, 7), ST.withheld),
    box("16", "Local winnings", at(57, 19, 7), ST.localIncome),
    box("17", "Local income tax withheld", at(38, 19, 8), ST.localWithheld),
    box("18", "Name of locality", at(57, 19, 8), ST.locality),
  ],
  notPrinted: [
    { el: "RecipientAccountNum", reason: "Form W-2G has no account number cell" },
    ...stateNotPrinted([ST.state, ST.id, ST.income, ST.withheld, ST.localIncome, ST.localWithheld, ST.locality]),
  ],
};

/** Every form's recipient copy, by catalogue form code. */
export const COPY_B_LAYOUTS: Readonly<Record<string, FormLayout>> = Object.freeze(
  Object.fromEntries([F1099NEC, F1099MISC, F1099R, F1099K, W2G].map((l) => [l.form, l])),
);

/** Where a form's recipient copy is not called Copy B, or is furnished under another name. */
export function copyBLayout(form: string): FormLayout | undefined {
  return COPY_B_LAYOUTS[form];
}
