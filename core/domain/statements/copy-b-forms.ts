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
import { MONTHS } from "../shared/months.ts";
import type { GridPos } from "./copy-b.ts";
import type { BoxSpec, CellSpec, FieldSpec, FormLayout, NotPrinted, Roles } from "./layout.ts";
import {
  ACCOUNT,
  PAYER_CAPTION,
  STATE_AND_ID,
  ST,
  at,
  box,
  check,
  fixed,
  heading,
  parties,
  stateNotPrinted,
} from "./layout.ts";

export const NOTICE_1099 =
  "This is important tax information and is being furnished to the IRS. If you are required to file a return, a " +
  "negligence penalty or other sanction may be imposed on you if this income is taxable and the IRS determines " +
  "that it has not been reported.";
const FURNISHED = "This information is being furnished to the IRS.";
const REPORT_ON_RETURN = [
  "Copy B",
  "Report this income on your federal tax return. If this form shows federal income tax withheld in box 4, attach this copy to your return.",
];
const FOR_RECIPIENT = ["Copy B", "For Recipient"];
const SECOND_TIN = { el: "SecondTINNoticeInd", reason: '"2nd TIN not." is printed on Copy A only' };
const PAYER: { payer: string; recipient: string } = { payer: "PAYER\u2019S", recipient: "RECIPIENT\u2019S" };

// Columns shared by most 1099s: the party block (TINs split it in two), two box columns, the title column.
const L = 0,
  LW = 42,
  HW = 21,
  B1 = 42,
  B2 = 61.5,
  BW = 19.5,
  R = 81,
  RW = 19;

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
      payer: at(L, LW, 0, 2),
      payerTin: at(L, HW, 2),
      recipientTin: at(HW, HW, 2),
      name: at(L, LW, 3),
      street: at(L, LW, 4),
      city: at(L, LW, 5),
      account: at(L, LW, 6),
    }),
    ...heading({
      formId: at(42, 33, 0, 2),
      title: at(75, 25, 0, 2),
      copy: at(75, 25, 2),
      notice: at(75, 25, 3, 3),
    }),
    box("1", "Nonemployee compensation", at(42, 33, 2), "NonemployeeCompensationAmt"),
    box(
      "2",
      "Payer made direct sales totaling $5,000 or more of consumer products to recipient for resale",
      at(42, 33, 3),
      check("DirectSaleAboveThresholdInd"),
    ),
    box("3", "Excess golden parachute payments", at(42, 33, 4), "ExcessParachutePaymentAmt"),
    box("4", "Federal income tax withheld", at(42, 33, 5), "FederalIncomeTaxWithheldAmt"),
    box("5", "State tax withheld", at(42, 16.5, 6), ST.withheld),
    box("6", "State/Payer\u2019s state no.", at(58.5, 16.5, 6), STATE_AND_ID),
    box("7", "State income", at(75, 25, 6), ST.income),
  ],
  notPrinted: [
    { el: "RecipientAccountNum", reason: "printed in the account number cell" },
    SECOND_TIN,
    ...stateNotPrinted([ST.withheld, ST.state, ST.id, ST.income]),
  ],
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
      payer: at(L, LW, 0, 3),
      payerTin: at(L, HW, 3),
      recipientTin: at(HW, HW, 3),
      name: at(L, LW, 4),
      street: at(L, LW, 5),
      city: at(L, LW, 6, 2),
      account: at(L, LW, 8),
    }),
    ...heading({
      formId: at(B2, BW, 0, 2),
      title: at(R, RW, 0, 2),
      copy: at(R, RW, 2),
      notice: at(R, RW, 3, 5),
    }),
    box("1", "Rents", at(B1, BW, 0), "RentAmt"),
    box("2", "Royalties", at(B1, BW, 1), "RoyaltyAmt"),
    box("3", "Other income", at(B1, BW, 2), "OtherIncomeAmt"),
    box("4", "Federal income tax withheld", at(B2, BW, 2), "FederalIncomeTaxWithheldAmt"),
    box("5", "Fishing boat proceeds", at(B1, BW, 3), "FishingBoatProceedsAmt"),
    box("6", "Medical and health care payments", at(B2, BW, 3), "MedicalHealthCarePaymentsAmt"),
    box(
      "7",
      "Payer made direct sales totaling $5,000 or more of consumer products to recipient for resale",
      at(B1, BW, 4),
      check("DirectSaleAboveThresholdInd"),
    ),
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
  notPrinted: [
    { el: "RecipientAccountNum", reason: "printed in the account number cell" },
    SECOND_TIN,
    ...stateNotPrinted([ST.withheld, ST.state, ST.id, ST.income]),
  ],
};

const F1099R: FormLayout = {
  form: "1099-R",
  title:
    "Distributions From Pensions, Annuities, Retirement or Profit-Sharing Plans, IRAs, Insurance Contracts, etc.",
  omb: "1545-0119",
  copy: REPORT_ON_RETURN,
  notice: FURNISHED,
  revision: "Form 1099-R (2025)",
  rows: 9,
  cells: [
    ...parties(PAYER, {
      payer: at(L, LW, 0, 3),
      payerTin: at(L, HW, 3),
      recipientTin: at(HW, HW, 3),
      name: at(L, LW, 4),
      street: at(L, LW, 5),
      city: at(L, LW, 6),
      account: at(L, 29, 8),
    }),
    ...heading({
      formId: at(B2, BW, 0, 2),
      title: at(R, RW, 0, 3),
      copy: at(R, RW, 3, 3),
      notice: at(R, RW, 6),
    }),
    box("1", "Gross distribution", at(B1, BW, 0), "GrossDistributionAmt"),
    box("2a", "Taxable amount", at(B1, BW, 1), "TaxableAmt"),
    box("2b", "Taxable amount not determined", at(B1, BW, 2), check("TxblAmountNotDeterminedInd")),
    box("", "Total distribution", at(B2, BW, 2), check("TotalDistributionInd")),
    box("3", "Capital gain (included in box 2a)", at(B1, BW, 3), "CapitalGainAmt"),
    box("4", "Federal income tax withheld", at(B2, BW, 3), "FederalIncomeTaxWithheldAmt"),
    box(
      "5",
      "Employee contributions/ Designated Roth contributions or insurance premiums",
      at(B1, BW, 4),
      "EmployeeContributionsAmt",
    ),
    box(
      "6",
      "Net unrealized appreciation in employer\u2019s securities",
      at(B2, BW, 4),
      "NetUnrlzdSecuritiesApprcnAmt",
    ),
    box("7", "Distribution code(s)", at(B1, 10.5, 5), "Form1099RDistributionCd"),
    box("", "IRA/ SEP/ SIMPLE", at(B1 + 10.5, BW - 10.5, 5), check("IRASEPSIMPLEInd")),
    box("8", "Other", at(B2, BW, 5), "OtherDistributionAmt", {
      el: "RcpntOthDistributionPct",
      style: "percent",
    }),
    box("9a", "Your percentage of total distribution", at(B1, BW, 6), {
      el: "RcpntTotalDistributionPct",
      style: "percent",
    }),
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
    ...stateNotPrinted([
      ST.withheld,
      ST.state,
      ST.id,
      ST.distribution,
      ST.localWithheld,
      ST.locality,
      ST.localDistribution,
    ]),
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
    ...parties(
      { payer: "FILER\u2019S", recipient: "PAYEE\u2019S" },
      {
        payer: at(L, LW, 0, 2),
        payerTin: at(B1, BW, 0),
        recipientTin: at(B1, BW, 1),
        name: at(L, LW, 3, 2),
        street: at(L, LW, 5),
        city: at(L, LW, 6, 2),
        account: at(L, LW, 10, 3),
      },
    ),
    ...heading({
      formId: at(B2, BW, 0, 2),
      title: at(R, RW, 0, 2),
      copy: at(R, RW, 2),
      notice: at(R, RW, 3, 10),
    }),
    box(
      "",
      "Check to indicate if FILER is a (an):",
      at(L, LW, 2),
      check("PSEInd", "Payment settlement entity (PSE)"),
      check("EPFOrOtherThirdPartyInd", "Electronic Payment Facilitator (EPF)/Other third party"),
    ),
    box(
      "",
      "Check to indicate transactions reported are:",
      at(B1, 39, 2),
      check("PaymentCardInd", "Payment card"),
      check("ThirdPartyNetworkInd", "Third party network"),
    ),
    box("", "PSE\u2019S name and telephone number", at(L, LW, 8, 2), "PSENm", "PSEPhoneNum"),
    box("1a", "Gross amount of payment card/third party network transactions", at(B1, 39, 3), "GrossAmt"),
    box("1b", "Card Not Present transactions", at(B1, BW, 4), "CardNotPresentTransAmt"),
    box("2", "Merchant category code", at(B2, BW, 4), "MerchantCategoryCd"),
    box("3", "Number of payment transactions", at(B1, BW, 5), "PaymentTransactionCnt"),
    box("4", "Federal income tax withheld", at(B2, BW, 5), "FederalIncomeTaxWithheldAmt"),
    ...MONTHS.map((m, i) =>
      box(`5${"abcdefghijkl".charAt(i)}`, m, at(i % 2 === 0 ? B1 : B2, BW, 6 + Math.floor(i / 2)), `${m}Amt`),
    ),
    box("6", "State", at(B1, 7, 12), ST.state),
    box("7", "State identification no.", at(49, 14, 12), ST.id),
    box("8", "State income tax withheld", at(63, 18, 12), ST.withheld),
  ],
  notPrinted: [
    { el: "RecipientAccountNum", reason: "printed in the account number cell" },
    SECOND_TIN,
    ...stateNotPrinted([ST.state, ST.id, ST.withheld]),
  ],
};

const W2G: FormLayout = {
  form: "W-2G",
  title: "Certain Gambling Winnings",
  omb: "1545-0238",
  copy: [...REPORT_ON_RETURN, "This information is being furnished to the Internal Revenue Service."],
  revision: "Form W-2G (Rev. December 2023)",
  rows: 9,
  cells: [
    fixed(
      "payer",
      at(0, 38, 0, 4),
      "PAYER\u2019S name, street address, city or town, state or province, country, and ZIP or foreign postal code",
    ),
    fixed("payerTin", at(0, 19, 4), "PAYER\u2019S TIN"),
    fixed("payerPhone", at(19, 19, 4), "PAYER\u2019S telephone no."),
    fixed("recipientTin", at(38, 19, 4), "WINNER\u2019S TIN", "9"),
    fixed("recipientName", at(0, 38, 5), "WINNER\u2019S name"),
    fixed("street", at(0, 38, 6), "Street address (including apt. no.)"),
    fixed(
      "city",
      at(0, 38, 7, 2),
      "City or town, state or province, country, and ZIP or foreign postal code",
    ),
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
    ...stateNotPrinted([
      ST.state,
      ST.id,
      ST.income,
      ST.withheld,
      ST.localIncome,
      ST.localWithheld,
      ST.locality,
    ]),
  ],
};

// ---- the usual 1099 grid, for the forms whose boxes run two to a row beside the party column -------------------
type BoxDef = readonly [string, string, ...(string | FieldSpec)[]];

interface Standard {
  readonly form: string;
  readonly title: string;
  readonly omb: string;
  readonly copy?: readonly string[];
  /** The furnishing notice beside the boxes; null for none. */
  readonly notice?: string | null;
  readonly revision: string;
  readonly roles: Roles;
  /** In the form's order: the first two beside the form number, then two to a row. */
  readonly boxes: readonly BoxDef[];
  /** A last row under the boxes (the state boxes), split across the box and title columns. */
  readonly bottom?: readonly BoxDef[];
  /** Boxes beside the account number at the bottom of the party column (an unnumbered FATCA box). */
  readonly besideAccount?: readonly BoxDef[];
  /** Party-column boxes under the recipient's address (the insured of 1099-LTC), each one row. */
  readonly leftBoxes?: readonly BoxDef[];
  readonly notPrinted: readonly NotPrinted[];
}

const def = (d: BoxDef, pos: GridPos): BoxSpec =>
  box(d[0], d[1], pos, ...(d.slice(2) as (string | FieldSpec)[]));

function standard(o: Standard): FormLayout {
  const slots: [number, number][] = [
    [B1, 0],
    [B1, 1],
  ];
  for (let r = 2; slots.length < o.boxes.length; r++) slots.push([B1, r], [B2, r]);
  const used = slots.slice(0, o.boxes.length);
  const lastBoxRow = Math.max(...used.map(([, r]) => r));
  const leftBoxes = o.leftBoxes ?? [];
  const body = Math.max(lastBoxRow + 1, 8 + leftBoxes.length);
  const rows = body + (o.bottom ? 1 : 0);
  const accountRow = rows - 1;
  const cells: CellSpec[] = [];
  // Boxes; the last box of each column reaches down to the bottom of the box area.
  const lastIn = (x: number) => used.reduce((last, [sx], i) => (sx === x ? i : last), -1);
  o.boxes.forEach((d, i) => {
    const [x, r] = used[i] ?? [B1, 0];
    const span = i === lastIn(x) ? body - r : 1;
    cells.push(def(d, at(x, BW, r, span)));
  });
  if (lastIn(B2) === -1) cells.push(fixed("blank", at(B2, BW, 2, body - 2)));
  // Party column.
  const cityRows = body - 6 - leftBoxes.length - (o.bottom ? 0 : 1);
  cells.push(
    ...parties(o.roles, {
      payer: at(L, LW, 0, 3),
      payerTin: at(L, HW, 3),
      recipientTin: at(HW, HW, 3),
      name: at(L, LW, 4),
      street: at(L, LW, 5),
      city: at(L, LW, 6, cityRows),
    }),
  );
  leftBoxes.forEach((d, i) => cells.push(def(d, at(L, LW, 6 + cityRows + i))));
  const beside = o.besideAccount ?? [];
  const besideW = beside.length * 12;
  beside.forEach((d, i) => cells.push(def(d, at(L + i * 12, 12, accountRow))));
  cells.push(fixed("account", at(besideW, LW - besideW, accountRow), o.roles.account ?? ACCOUNT));
  // Number, title, copy, notice.
  const notice = o.notice === undefined ? NOTICE_1099 : o.notice;
  cells.push(fixed("formId", at(B2, BW, 0, 2)), fixed("title", at(R, RW, 0, 2)));
  if (notice === null) cells.push(fixed("copy", at(R, RW, 2, body - 2)));
  else cells.push(fixed("copy", at(R, RW, 2)), fixed("notice", at(R, RW, 3, body - 3)));
  // The bottom row: the state boxes share the box and title columns.
  if (o.bottom) {
    const widths = o.bottom.length === 3 ? [10, 24, 24] : o.bottom.map(() => 58 / (o.bottom?.length ?? 1));
    let x = B1;
    o.bottom.forEach((d, i) => {
      const w = widths[i] ?? 10;
      cells.push(def(d, at(x, w, body)));
      x += w;
    });
  }
  return {
    form: o.form,
    title: o.title,
    omb: o.omb,
    copy: o.copy ?? FOR_RECIPIENT,
    revision: o.revision,
    rows,
    cells,
    notPrinted: o.notPrinted,
    ...(notice === null ? {} : { notice }),
  };
}

const role = (payer: string, recipient: string, extra: Partial<Roles> = {}): Roles => ({
  payer,
  recipient,
  ...extra,
});
const ACCT: NotPrinted = { el: "RecipientAccountNum", reason: "printed in the account number cell" };
const STATE3 = (state: string, id: string, withheld: string, title = "State"): BoxDef[] => [
  [state, title, ST.state],
  [id, "State identification no.", ST.id],
  [withheld, "State tax withheld", ST.withheld],
];
const NO_STATE_BOXES = (form: string): NotPrinted[] =>
  Object.values(ST).map((el) => ({
    el,
    reason: `Form ${form} has no state boxes on the recipient's copy; the state data goes to the state (combined federal/state filing)`,
  }));
const SAME = "\u2019S";

const F1099INT = standard({
  form: "1099-INT",
  title: "Interest Income",
  omb: "1545-0112",
  revision: "Form 1099-INT (Rev. January 2024)",
  roles: PAYER,
  boxes: [
    ["", "Payer\u2019s RTN (optional)", "PayerRoutingTransitNum"],
    ["1", "Interest income", "InterestIncomeAmt"],
    ["2", "Early withdrawal penalty", "EarlyWithdrawalPenaltyAmt"],
    ["3", "Interest on U.S. Savings Bonds and Treasury obligations", "USSavingsBondsTreasObligIntAmt"],
    ["4", "Federal income tax withheld", "FederalIncomeTaxWithheldAmt"],
    ["5", "Investment expenses", "InvestmentExpenseAmt"],
    ["6", "Foreign tax paid", "ForeignTaxesPaidAmt"],
    ["7", "Foreign country or U.S. possession", "ForeignCountryOrUSPossessionCd"],
    ["8", "Tax-exempt interest", "TaxExemptInterestAmt"],
    ["9", "Specified private activity bond interest", "SpcfdPrvtActyBondInterestAmt"],
    ["10", "Market discount", "MarketDiscountAmt"],
    ["11", "Bond premium", "BondPremiumAmt"],
    ["12", "Bond premium on Treasury obligations", "TreasuryObligBondPremiumAmt"],
    ["13", "Bond premium on tax-exempt bond", "TaxExemptBondPremiumAmt"],
    ["14", "Tax-exempt and tax credit bond CUSIP no.", "TaxExemptTaxCreditBondCUSIPNum"],
  ],
  besideAccount: [["", "FATCA filing requirement", check("FATCAFilingRequirementInd")]],
  bottom: STATE3("15", "16", "17"),
  notPrinted: [ACCT, SECOND_TIN, ...stateNotPrinted([ST.state, ST.id, ST.withheld])],
});

const F1099DIV = standard({
  form: "1099-DIV",
  title: "Dividends and Distributions",
  omb: "1545-0110",
  revision: "Form 1099-DIV (Rev. January 2024)",
  roles: PAYER,
  boxes: [
    ["1a", "Total ordinary dividends", "TotalOrdinaryDividendsAmt"],
    ["1b", "Qualified dividends", "QualifiedDividendsAmt"],
    ["2a", "Total capital gain distr.", "TotalCapitalDistributionsAmt"],
    ["2b", "Unrecap. Sec. 1250 gain", "UnrecapturedSection1250GainAmt"],
    ["2c", "Section 1202 gain", "CapitalGainSect1202Amt"],
    ["2d", "Collectibles (28%) gain", "Collectibles28PercentGainAmt"],
    ["2e", "Section 897 ordinary dividends", "Section897OrdinaryDividendsAmt"],
    ["2f", "Section 897 capital gain", "Section897CapitalGainAmt"],
    ["3", "Nondividend distributions", "NondividendDistributionsAmt"],
    ["4", "Federal income tax withheld", "FederalIncomeTaxWithheldAmt"],
    ["5", "Section 199A dividends", "Section199ADividendsAmt"],
    ["6", "Investment expenses", "InvestmentExpenseAmt"],
    ["7", "Foreign tax paid", "ForeignTaxesPaidAmt"],
    ["8", "Foreign country or U.S. possession", "ForeignCountryOrUSPossessionCd"],
    ["9", "Cash liquidation distributions", "CashLiquidationDistriAmt"],
    ["10", "Noncash liquidation distributions", "NoncashLiquidationDistriAmt"],
    ["11", "FATCA filing requirement", check("FATCAFilingRequirementInd")],
    ["12", "Exempt-interest dividends", "ExemptInterestDividendsAmt"],
    ["13", "Specified private activity bond interest dividends", "PrivateActivityBondIntDivAmt"],
  ],
  bottom: STATE3("14", "15", "16"),
  notPrinted: [ACCT, SECOND_TIN, ...stateNotPrinted([ST.state, ST.id, ST.withheld])],
});

const F1099B = standard({
  form: "1099-B",
  title: "Proceeds From Broker and Barter Exchange Transactions",
  omb: "1545-0715",
  revision: "Form 1099-B (2025)",
  roles: PAYER,
  boxes: [
    ["", "Applicable checkbox on Form 8949", "Form8949ApplicableCheckboxCd"],
    ["1a", "Description of property (Example: 100 sh. XYZ Co.)", "PropertyDesc"],
    ["1b", "Date acquired", "AcquiredDt"],
    ["1c", "Date sold or disposed", "SoldOrDisposedDt"],
    ["1d", "Proceeds", "ProceedsAmt"],
    ["1e", "Cost or other basis", "CostOrOtherBasisAmt"],
    ["1f", "Accrued market discount", "AccruedMarketDiscountAmt"],
    ["1g", "Wash sale loss disallowed", "NondeductibleWashSaleLossAmt"],
    [
      "2",
      "",
      check("ShortTermGainLossInd", "Short-term gain or loss"),
      check("LongTermGainLossInd", "Long-term gain or loss"),
      check("OrdinaryInd", "Ordinary"),
    ],
    ["3", "If checked, proceeds from:", check("CollectiblesInd", "Collectibles"), check("QOFInd", "QOF")],
    ["4", "Federal income tax withheld", "FederalIncomeTaxWithheldAmt"],
    ["5", "If checked, noncovered security", check("NoncoveredSecurityInd")],
    [
      "6",
      "Reported to IRS:",
      check("GrossProceedsInd", "Gross proceeds"),
      check("NetProceedsInd", "Net proceeds"),
    ],
    ["7", "If checked, loss is not allowed based on amount in 1d", check("LossNotAllowedInd")],
    ["8", "Profit or (loss) realized in {year} on closed contracts", "TYClosedContractProfitLossAmt"],
    [
      "9",
      "Unrealized profit or (loss) on open contracts\u201412/31/{prev}",
      "PriorYrOpenCntrctProfitLossAmt",
    ],
    ["10", "Unrealized profit or (loss) on open contracts\u201412/31/{year}", "CYOpenCntrctProfitLossAmt"],
    ["11", "Aggregate profit or (loss) on contracts", "CntrctAggregateProfitLossAmt"],
    ["12", "If checked, basis reported to IRS", check("BasisReportedInd")],
    ["13", "Bartering", "BarterAmt"],
  ],
  leftBoxes: [["", "CUSIP number", "CUSIPNum"]],
  besideAccount: [["", "FATCA filing requirement", check("FATCAFilingRequirementInd")]],
  bottom: STATE3("14", "15", "16", "State name"),
  notPrinted: [ACCT, SECOND_TIN, ...stateNotPrinted([ST.state, ST.id, ST.withheld])],
});

const F1099G = standard({
  form: "1099-G",
  title: "Certain Government Payments",
  omb: "1545-0120",
  revision: "Form 1099-G (Rev. March 2024)",
  roles: PAYER,
  boxes: [
    ["1", "Unemployment compensation", "UnemploymentCompAmt"],
    ["2", "State or local income tax refunds, credits, or offsets", "StateLclRefundCreditOffsetAmt"],
    ["3", "Box 2 amount is for tax year", "RefundCreditOffsetTaxYr"],
    ["4", "Federal income tax withheld", "FederalIncomeTaxWithheldAmt"],
    ["5", "RTAA payments", "RTAAPaymentsAmt"],
    ["6", "Taxable grants", "TaxableGrantsAmt"],
    ["7", "Agriculture payments", "AgriculturePaymentsAmt"],
    ["8", "If checked, box 2 is trade or business income", check("TradeOrBusinessIncomeInd")],
    ["9", "Market gain", "MarketGainAmt"],
  ],
  bottom: [
    ["10a", "State", ST.state],
    ["10b", "State identification no.", ST.id],
    ["11", "State income tax withheld", ST.withheld],
  ],
  notPrinted: [ACCT, SECOND_TIN, ...stateNotPrinted([ST.state, ST.id, ST.withheld])],
});

const F1099S = standard({
  form: "1099-S",
  title: "Proceeds From Real Estate Transactions",
  omb: "1545-0997",
  revision: "Form 1099-S (Rev. January 2022)",
  copy: ["Copy B", "For Transferor"],
  roles: role(`FILER${SAME}`, `TRANSFEROR${SAME}`, {
    account: "Account or escrow number (see instructions)",
  }),
  boxes: [
    ["1", "Date of closing", "ClosingDt"],
    ["2", "Gross proceeds", "GrossProceedsAmt"],
    ["3", "Address (including city, state, and ZIP code) or legal description", "AddressOrLegalDesc"],
    [
      "4",
      "Check here if the transferor received or will receive property or services as part of the consideration",
      check("TransferorRcvdConsiderationInd"),
    ],
    [
      "5",
      "If checked, transferor is a foreign person (nonresident alien, foreign partnership, foreign estate, or foreign trust)",
      check("TransferorForeignPersonInd"),
    ],
    ["6", "Buyer\u2019s part of real estate tax", "BuyerRealEstateTaxAmt"],
  ],
  notPrinted: [ACCT],
});

const F1099C = standard({
  form: "1099-C",
  title: "Cancellation of Debt",
  omb: "1545-1424",
  revision: "Form 1099-C (Rev. January 2022)",
  copy: ["Copy B", "For Debtor"],
  roles: role(`CREDITOR${SAME}`, `DEBTOR${SAME}`),
  boxes: [
    ["1", "Date of identifiable event", "IdentifiableEventDt"],
    ["2", "Amount of debt discharged", "DebtDischargeAmt"],
    ["3", "Interest, if included in box 2", "InterestAmt"],
    ["4", "Debt description", "DebtDesc"],
    [
      "5",
      "If checked, the debtor was personally liable for repayment of the debt",
      check("DebtorLiableDebtRepaymentInd"),
    ],
    ["6", "Identifiable event code", "IdentifiableEventCd"],
    ["7", "Fair market value of property", "FairMarketValueAmt"],
  ],
  notPrinted: [ACCT],
});

const F1099A = standard({
  form: "1099-A",
  title: "Acquisition or Abandonment of Secured Property",
  omb: "1545-0877",
  revision: "Form 1099-A (Rev. January 2022)",
  copy: ["Copy B", "For Borrower"],
  roles: role(`LENDER${SAME}`, `BORROWER${SAME}`),
  boxes: [
    ["1", "Date of lender\u2019s acquisition or knowledge of abandonment", "AbandonmentOrAcquisitionDt"],
    ["2", "Balance of principal outstanding", "PrincipalBalanceDueAmt"],
    ["4", "Fair market value of property", "FairMarketValueAmt"],
    [
      "5",
      "If checked, the borrower was personally liable for repayment of the debt",
      check("PersonallyLiableInd"),
    ],
    ["6", "Description of property", "PropertyDesc"],
  ],
  notPrinted: [ACCT],
});

const F1099OID = standard({
  form: "1099-OID",
  title: "Original Issue Discount",
  omb: "1545-0117",
  revision: "Form 1099-OID (Rev. January 2024)",
  roles: PAYER,
  boxes: [
    ["1", "Original issue discount for the year", "OriginalIssueDiscountAmt"],
    ["2", "Other periodic interest", "OtherPeriodicInterestAmt"],
    ["3", "Early withdrawal penalty", "EarlyWithdrawalPenaltyAmt"],
    ["4", "Federal income tax withheld", "FederalIncomeTaxWithheldAmt"],
    ["5", "Market discount", "MarketDiscountAmt"],
    ["6", "Acquisition premium", "AcquisitionPremiumAmt"],
    ["7", "Description", "CUSIPNumberOrObligationDesc"],
    ["8", "Original issue discount on U.S. Treasury obligations", "TreasuryObligationOIDAmt"],
    ["9", "Investment expenses", "InvestmentExpenseAmt"],
    ["10", "Bond premium", "BondPremiumAmt"],
    ["11", "Tax-exempt OID", "TaxExemptOIDAmt"],
  ],
  besideAccount: [["", "FATCA filing requirement", check("FATCAFilingRequirementInd")]],
  bottom: STATE3("12", "13", "14"),
  notPrinted: [ACCT, SECOND_TIN, ...stateNotPrinted([ST.state, ST.id, ST.withheld])],
});

const F1099PATR = standard({
  form: "1099-PATR",
  title: "Taxable Distributions Received From Cooperatives",
  omb: "1545-0118",
  revision: "Form 1099-PATR (Rev. January 2024)",
  roles: PAYER,
  boxes: [
    ["1", "Patronage dividends", "PatronageDividendsAmt"],
    ["2", "Nonpatronage distributions", "NonpatronageDistributionsAmt"],
    ["3", "Per-unit retain allocations", "PerUnitRetainAllocationsAmt"],
    ["4", "Federal income tax withheld", "FederalIncomeTaxWithheldAmt"],
    ["5", "Redeemed nonqualified notices", "RedeemedNonqualifiedNoticesAmt"],
    ["6", "Section 199A(g) deduction", "Section199AgDeductionAmt"],
    ["7", "Qualified payments (Section 199A(b)(7))", "Section199Ab7QualifiedPymtAmt"],
    ["8", "Section 199A(a) qual. items", "Section199AaQualifiedItemsAmt"],
    ["9", "Section 199A(a) SSTB items", "Section199AaSSTBItemsAmt"],
    ["10", "Investment credit", "InvestmentCreditAmt"],
    ["11", "Work opportunity credit", "WorkOpportunityCreditAmt"],
    [
      "12",
      "Other credits and deductions",
      { el: "Form8844CreditAmt", caption: "Form 8844" },
      { el: "Form8896CreditAmt", caption: "Form 8896" },
      { el: "Form8941CreditAmt", caption: "Form 8941" },
      { el: "Form8932CreditAmt", caption: "Form 8932" },
      { el: "EPASulfurRegDeductionAmt", caption: "EPA sulfur" },
      { el: "Form8864CreditAmt", caption: "Form 8864" },
    ],
    ["13", "Specified Coop", check("SpecifiedCooperativeInd")],
  ],
  notPrinted: [ACCT, SECOND_TIN, ...NO_STATE_BOXES("1099-PATR")],
});

const F1099SA = standard({
  form: "1099-SA",
  title: "Distributions From an HSA, Archer MSA, or Medicare Advantage MSA",
  omb: "1545-1517",
  revision: "Form 1099-SA (Rev. March 2024)",
  roles: role(`PAYER${SAME}`, `RECIPIENT${SAME}`, {
    payerCaption: PAYER_CAPTION(`TRUSTEE${SAME}/PAYER${SAME}`),
  }),
  notice: FURNISHED,
  boxes: [
    ["1", "Gross distribution", "GrossDistributionAmt"],
    ["2", "Earnings on excess cont.", "ExcessContributionsEarningsAmt"],
    ["3", "Distribution code", "Form1099SADistributionCd"],
    ["4", "FMV on date of death", "FMVOnDateOfDeathAmt"],
    ["5", "", check("HSAInd", "HSA"), check("ArcherMSAInd", "Archer MSA"), check("MAMSAInd", "MA MSA")],
  ],
  notPrinted: [ACCT],
});

const F1099Q = standard({
  form: "1099-Q",
  title: "Payments From Qualified Education Programs (Under Sections 529 and 530)",
  omb: "1545-1760",
  revision: "Form 1099-Q (Rev. November 2019; box 4 split into 4a/4b as the TY2025 IRIS schema numbers it)",
  roles: role(`PAYER${SAME}/TRUSTEE${SAME}`, `RECIPIENT${SAME}`),
  boxes: [
    ["1", "Gross distribution", "GrossDistributionAmt"],
    ["2", "Earnings", "EarningsAmt"],
    ["3", "Basis", "BasisAmt"],
    ["4a", "Trustee-to-trustee transfer", check("TrusteeToTrusteeTransferInd")],
    ["4b", "QTP to Roth IRA transfer", check("QTPToRothIRATransferInd")],
    [
      "5",
      "Distribution is from:",
      check("DistriFromPrivateQTPInd", "Qualified tuition program\u2014Private"),
      check("DistriFromStateQTPInd", "State"),
      check("DistriFromCoverdellESAInd", "Coverdell ESA"),
    ],
    [
      "6",
      "If this box is checked, the recipient is not the designated beneficiary",
      check("NotDesignatedBeneficiaryInd"),
    ],
  ],
  notPrinted: [
    ACCT,
    {
      el: "Form1099QDistributionCd",
      reason: "the distribution code is filed with the IRS; the recipient's copy has no box for it",
    },
  ],
});

const F1099LTC = standard({
  form: "1099-LTC",
  title: "Long-Term Care and Accelerated Death Benefits",
  omb: "1545-1519",
  revision: "Form 1099-LTC (Rev. October 2023)",
  copy: ["Copy B", "For Policyholder"],
  roles: role(`PAYER${SAME}`, `POLICYHOLDER${SAME}`),
  notice: FURNISHED,
  boxes: [
    ["1", "Gross long-term care benefits paid", "GrossLTCBenefitPaidAmt"],
    ["2", "Accelerated death benefits paid", "AcceleratedDeathBenefitPaidAmt"],
    ["3", "", check("PerDiemInd", "Per diem"), check("ReimbursedAmountInd", "Reimbursed amount")],
    ["", "INSURED\u2019S taxpayer identification no.", { el: "InsuredGrp.TIN", format: "tin" }],
    ["", "INSURED\u2019S name", { el: "InsuredGrp.PersonName", format: "name" }],
    [
      "",
      "Street address, city or town, state or province, country, and ZIP or foreign postal code",
      { el: "InsuredGrp.MailingAddressGrp", format: "address" },
    ],
    ["4", "Qualified contract (if checked)", check("QualifiedContractInd")],
    [
      "5",
      "If checked, benefits are from:",
      check("LTCInsuredChronicallyIllInd", "Chronically ill"),
      check("LTCInsuredTerminallyIllInd", "Terminally ill"),
    ],
    ["", "Date certified", "CertifiedDt"],
  ],
  notPrinted: [ACCT],
});

const F1098 = standard({
  form: "1098",
  title: "Mortgage Interest Statement",
  omb: "1545-1380",
  revision: "Form 1098 (Rev. April 2025)",
  copy: ["Copy B", "For Payer/Borrower"],
  notice: FURNISHED,
  roles: role(`RECIPIENT${SAME}/LENDER${SAME}`, `PAYER${SAME}/BORROWER${SAME}`),
  boxes: [
    ["1", "Mortgage interest received from payer(s)/borrower(s)", "MortgageInterestReceivedAmt"],
    ["2", "Outstanding mortgage principal", "OutstandingMortgPrincipalAmt"],
    ["3", "Mortgage origination date", "MortgageOriginationDt"],
    ["4", "Refund of overpaid interest", "OverpaidInterestRefundAmt"],
    ["5", "Mortgage insurance premiums", "MortgageInsurancePremiumsAmt"],
    ["6", "Points paid on purchase of principal residence", "PrinResPurchasePointsPaidAmt"],
    [
      "7",
      "If address of property securing mortgage is the same as PAYER\u2019S/BORROWER\u2019S address, the box is checked, or the address or description is entered in box 8.",
      check("PropAddrSameBorrowerAddrInd"),
    ],
    [
      "8",
      "Address or description of property securing mortgage",
      { el: "PropertyAddressGrp", format: "address" },
      "PropertyDesc",
    ],
    ["9", "Number of properties securing the mortgage", "PropertiesSecuringMortgageCnt"],
    ["10", "Other", "OtherTxt"],
    ["11", "Mortgage acquisition date", "MortgageAcquisitionDt"],
  ],
  notPrinted: [ACCT],
});

const F1098T = standard({
  form: "1098-T",
  title: "Tuition Statement",
  omb: "1545-1574",
  revision: "Form 1098-T (Rev. January 2024)",
  copy: ["Copy B", "For Student"],
  notice: FURNISHED,
  roles: role(`FILER${SAME}`, `STUDENT${SAME}`, { payerTin: `FILER${SAME} employer identification no.` }),
  boxes: [
    ["1", "Payments received for qualified tuition and related expenses", "PaymentsReceivedQlfyExpnssAmt"],
    ["4", "Adjustments made for a prior year", "PriorYearAdjustmentsAmt"],
    ["5", "Scholarships or grants", "GrantsOrScholarshipsAmt"],
    ["6", "Adjustments to scholarships or grants for a prior year", "PYAdjGrantsOrScholarshipsAmt"],
    [
      "7",
      "Checked if the amount in box 1 includes amounts for an academic period beginning January\u2013March {next}",
      check("PymtRcvdIncldAmtSpcfdPeriodInd"),
    ],
    ["8", "Checked if at least half-time student", check("HalfTimeStudentInd")],
    ["9", "Checked if a graduate student", check("GraduateStudentInd")],
    ["10", "Ins. contract reimb./refund", "InsReimbursementOrRefundAmt"],
  ],
  notPrinted: [
    ACCT,
    {
      el: "StudentTINSolicitationInd",
      reason:
        "the TIN solicitation indicator is for the IRS (a penalty waiver); the student's copy has no box for it",
    },
  ],
});

const F1098E = standard({
  form: "1098-E",
  title: "Student Loan Interest Statement",
  omb: "1545-1576",
  revision: "Form 1098-E (Rev. January 2024)",
  copy: ["Copy B", "For Borrower"],
  notice: FURNISHED,
  roles: role(`RECIPIENT${SAME}/LENDER${SAME}`, `BORROWER${SAME}`, { payerTin: `RECIPIENT${SAME} TIN` }),
  boxes: [
    ["1", "Student loan interest received by lender", "StudentLoanIntRcvdByLenderAmt"],
    [
      "2",
      "If checked, box 1 does not include loan origination fees and/or capitalized interest for loans made before September 1, 2004",
      check("NotLoanOrigFeeOrCapInterestInd"),
    ],
  ],
  notPrinted: [ACCT],
});

const F5498 = standard({
  form: "5498",
  title: "IRA Contribution Information",
  omb: "1545-0747",
  revision: "Form 5498 (Rev. January 2024)",
  copy: ["Copy B", "For Participant"],
  notice: FURNISHED,
  roles: role(`TRUSTEE${SAME} or ISSUER${SAME}`, `PARTICIPANT${SAME}`),
  boxes: [
    [
      "1",
      "IRA contributions (other than amounts in boxes 2\u20134, 8\u201310, 13a, and 14a)",
      "IRAContributionsAmt",
    ],
    ["2", "Rollover contributions", "RolloverContributionAmt"],
    ["3", "Roth IRA conversion amount", "ConversionToRothIRATaxbleAmt"],
    ["4", "Recharacterized contributions", "RecharacterizedContributionAmt"],
    ["5", "FMV of account", "EOYFMVAmt"],
    ["6", "Life insurance cost included in box 1", "LifeInsIncludedInIRAContriAmt"],
    [
      "7",
      "",
      check("IRAInd", "IRA"),
      check("SEPInd", "SEP"),
      check("SIMPLEInd", "SIMPLE"),
      check("RothIRAInd", "Roth IRA"),
    ],
    ["8", "SEP contributions", "SEPContributionsAmt"],
    ["9", "SIMPLE contributions", "SIMPLEContributionsAmt"],
    ["10", "Roth IRA contributions", "RothIRAContributionsAmt"],
    ["11", "If checked, required minimum distribution for {next}", check("RMDInd")],
    ["12a", "RMD date", "RMDDt"],
    ["12b", "RMD amount", "RMDAmt"],
    ["13a", "Postponed/late contrib.", "PostponedOrLateContributionGrp.ContributionAmt"],
    ["13b", "Year", "PostponedOrLateContributionGrp.ContributionYr"],
    [
      "13c",
      "Code",
      "PostponedOrLateContributionGrp.PostponedOrLateContributionCd",
      "PostponedOrLateContributionGrp.PostponedOrLateContriReasonTxt",
    ],
    ["14a", "Repayments", "DistributionRepaymentAmt"],
    ["14b", "Code", "DistributionRepaymentCd"],
    ["15a", "FMV of certain specified assets", "FairMarketValueAmt"],
    ["15b", "Code(s)", "FMVInvestmentTypeCd"],
  ],
  notPrinted: [ACCT, ...NO_STATE_BOXES("5498")],
});

const F1099CAP = standard({
  form: "1099-CAP",
  title: "Changes in Corporate Control and Capital Structure",
  omb: "1545-1814",
  revision: "Form 1099-CAP (Rev. January 2024)",
  copy: ["Copy B", "For Shareholder"],
  roles: role(`CORPORATION${SAME}`, `SHAREHOLDER${SAME}`),
  boxes: [
    ["1", "Date of sale or exchange", "SaleOrExchangeDt"],
    ["2", "Aggregate amount received", "AggregateReceivedAmt"],
    ["3", "Number of shares exchanged", "SharesExchangedCnt"],
    ["4", "Classes of stock exchanged", "StockClassDesc"],
  ],
  notPrinted: [ACCT],
});

const F1099DA = standard({
  form: "1099-DA",
  title: "Digital Asset Proceeds From Broker Transactions",
  omb: "1545-2298",
  revision: "Form 1099-DA (2025)",
  roles: role(`BROKER${SAME}`, `RECIPIENT${SAME}`),
  boxes: [
    ["", "Applicable checkbox on Form 8949", "Form8949ApplicableCheckboxCd"],
    ["1a", "Code for digital asset", "DATypeCd"],
    ["1b", "Name of digital asset", "DANm"],
    ["1c", "Number of units", "DAUnitQty"],
    ["1d", "Date acquired", "AcquiredDt"],
    ["1e", "Date sold or disposed", "SoldOrDisposedDt"],
    ["1f", "Proceeds", "ProceedsAmt"],
    ["1g", "Cost or other basis", "CostOrOtherBasisAmt"],
    ["1h", "Accrued market discount", "AccruedMarketDiscountAmt"],
    ["1i", "Wash sale loss disallowed", "NondeductibleWashSaleLossAmt"],
    ["2", "Check if basis reported to IRS", check("BasisReportedInd")],
    [
      "3a",
      "Reported to IRS:",
      check("GrossProceedsInd", "Gross proceeds"),
      check("NetProceedsInd", "Net proceeds"),
    ],
    ["3b", "Check if proceeds from:", check("QOFInd", "QOF")],
    ["4", "Federal income tax withheld", "FederalIncomeTaxWithheldAmt"],
    ["5", "Check if loss is not allowed based on amount in 1f", check("LossNotAllowedInd")],
    [
      "6",
      "Gain or loss:",
      check("ShortTermGainLossInd", "Short-term"),
      check("LongTermGainLossInd", "Long-term"),
      check("OrdinaryInd", "Ordinary"),
    ],
    ["7", "Check if 1f is only cash", check("CashOnlyProceedsInd")],
    [
      "8",
      "Check if broker relied on customer-provided acquisition information",
      check("BrokerReliedCustAcquisInfoInd"),
    ],
    ["9", "Check if digital asset is a noncovered security", check("NoncoveredSecurityDAInd")],
    [
      "11a",
      "Check if gross proceeds reported in 1f is an aggregate amount for:",
      check("QlfyStablecoinsProceedsInd", "Qualifying stablecoins"),
      check("SpecifiedNFTProceedsInd", "Specified NFTs"),
    ],
    ["11b", "If 11a checked, number of transactions", "TransactionCnt"],
    [
      "11c",
      "Proceeds attributable to first sales of NFTs by creator or minter",
      "NFTAttributableFirstSalesAmt",
    ],
    ["12a", "Number of units transferred in", "DATransferredInUnitQty"],
    ["12b", "Date transferred in", "DATransferredInUnitDt"],
  ],
  leftBoxes: [["", "CUSIP number", "CUSIPNum"]],
  bottom: STATE3("14", "15", "16", "State name"),
  notPrinted: [ACCT, ...stateNotPrinted([ST.state, ST.id, ST.withheld])],
});

const F1099LS = standard({
  form: "1099-LS",
  title: "Reportable Life Insurance Sale",
  omb: "1545-2265",
  revision: "Form 1099-LS (Rev. December 2019)",
  copy: ["Copy B", "For Payment Recipient"],
  notice: FURNISHED,
  roles: role(`ACQUIRER${SAME}`, `PAYMENT RECIPIENT${SAME}`),
  boxes: [
    ["1", "Amount paid to payment recipient", "PaidToRecipientAmt"],
    ["2", "Date of sale", "SaleDt"],
    ["", "Policy number", "PolicyNum"],
    ["", "ISSUER\u2019S name", { el: "InsurancePolicyIssuerName", format: "name" }],
    [
      "",
      "Acquirer\u2019s information contact name, if different from acquirer",
      "AcquirerContactDetail.ContactNm",
      "AcquirerContactDetail.ContactPhoneNum",
    ],
    [
      "",
      "Contact\u2019s street address, city or town, state or province, country, and ZIP or foreign postal code",
      { el: "AcquirerContactDetail.ContactAddressGrp", format: "address" },
    ],
  ],
  notPrinted: [ACCT],
});

const F1099QA = standard({
  form: "1099-QA",
  title: "Distributions From ABLE Accounts",
  omb: "1545-2262",
  revision: "Form 1099-QA (Rev. November 2019)",
  notice: FURNISHED,
  roles: PAYER,
  boxes: [
    ["1", "Gross distribution", "GrossDistributionAmt"],
    ["2", "Earnings", "EarningsAmt"],
    ["3", "Basis", "BasisAmt"],
    ["4", "Program-to-program transfer", check("ProgramToProgramTransferInd")],
    ["5", "Check if the ABLE account has been terminated", check("FinalReturnInd")],
    ["6", "Check if the recipient is not the designated beneficiary", check("NotDesignatedBeneficiaryInd")],
  ],
  notPrinted: [ACCT],
});

const F1099SB = standard({
  form: "1099-SB",
  title: "Seller\u2019s Investment in Life Insurance Contract",
  omb: "1545-2265",
  revision: "Form 1099-SB (Rev. December 2019)",
  copy: ["Copy B", "For Seller"],
  notice: FURNISHED,
  roles: role(`ISSUER${SAME}`, `SELLER${SAME}`),
  boxes: [
    ["1", "Investment in contract", "InvestmentInContractAmt"],
    ["2", "Surrender amount", "SurrenderAmt"],
    ["", "Policy number", "PolicyNum"],
    [
      "",
      "Issuer\u2019s information contact name, if different from issuer",
      "IssuerContactDetail.ContactNm",
      "IssuerContactDetail.ContactPhoneNum",
    ],
    [
      "",
      "Contact\u2019s street address, city or town, state or province, country, and ZIP or foreign postal code",
      { el: "IssuerContactDetail.ContactAddressGrp", format: "address" },
    ],
  ],
  notPrinted: [ACCT],
});

const F1097BTC = standard({
  form: "1097-BTC",
  title: "Bond Tax Credit",
  omb: "1545-2197",
  revision: "Form 1097-BTC (Rev. December 2019)",
  notice: FURNISHED,
  roles: role("FORM 1097-BTC ISSUER\u2019S", `RECIPIENT${SAME}`),
  boxes: [
    ["1", "Total", "TotalCreditsAmt"],
    ["2a", "Code", "IssuerAssignedUniqueIdCd"],
    ["2b", "Unique identifier", "IssuerAssignedUniqueId"],
    ["3", "Bond type", "BondTypeCd"],
    ["4", ""],
    ...MONTHS.map((m, i): BoxDef => [`5${"abcdefghijkl".charAt(i)}`, m, `${m}Amt`]),
    ["6", "Comments", "AdditionalInformationTxt"],
  ],
  leftBoxes: [
    [
      "",
      "Form 1097-BTC issuer is:",
      check(
        "BondIssuerInd",
        "Issuer of bond or its agent filing current year Form 1097-BTC for credit being reported",
      ),
      check(
        "EntityRcvdBondDistriCreditInd",
        "An entity or a person that received or should have received a current year Form 1097-BTC and is distributing part or all of that credit to others",
      ),
    ],
  ],
  notPrinted: [ACCT],
});

const F1098C = standard({
  form: "1098-C",
  title: "Contributions of Motor Vehicles, Boats, and Airplanes",
  omb: "1545-1959",
  revision: "Form 1098-C (Rev. December 2023)",
  copy: ["Copy B", "For Donor"],
  notice: FURNISHED,
  roles: role(`DONEE${SAME}`, `DONOR${SAME}`),
  boxes: [
    ["1", "Date of contribution", "ContributionDt"],
    ["2a", "Odometer mileage", "OdometerMileageQty"],
    ["2b", "Year", "VehicleModelYr"],
    ["2c", "Make", "VehicleMakeNameTxt"],
    ["2d", "Model", "VehicleModelNameTxt"],
    ["3", "Vehicle or other identification number", "VINOrOtherIdNum"],
    [
      "4a",
      "Donee certifies that vehicle was sold in arm\u2019s length transaction to unrelated party",
      check("CertifiesVehSoldToUnrltPrtyInd"),
    ],
    ["4b", "Date of sale", "SaleDt"],
    ["4c", "Gross proceeds from sale (see instructions)", "GrossProceedsFromSaleOfVehAmt"],
    [
      "5a",
      "Donee certifies that vehicle will not be transferred for money, other property, or services before completion of material improvements or significant intervening use",
      check("CertifiesVehicleNotTrnsfrInd"),
    ],
    [
      "5b",
      "Donee certifies that vehicle is to be transferred to a needy individual for significantly below fair market value in furtherance of donee\u2019s charitable purpose",
      check("CertifiesVehTrnsfrToNeedyInd"),
    ],
    [
      "5c",
      "Donee certifies the following detailed description of material improvements or significant intervening use and duration of use",
      "CertifiesDetailedImprvDesc",
    ],
    [
      "6a",
      "Did you provide goods or services in exchange for the vehicle?",
      check("GoodsAndServicesYesInd", "Yes"),
      check("GoodsAndServicesNoInd", "No"),
    ],
    [
      "6b",
      "Value of goods and services provided in exchange for the vehicle",
      "ValueOfGoodsAndSrvcForVehAmt",
    ],
    [
      "6c",
      "Describe the goods and services, if any, that were provided. If this box is checked, donee certifies that the goods and services consisted solely of intangible religious benefits",
      "GoodsAndServicesDesc",
      check("IntangibleReligiousBenefitsInd"),
    ],
    [
      "7",
      "Under the law, the donor may not claim a deduction of more than $500 for this vehicle if this box is checked",
      check("VehClaimDedUnderSpcfdAmtInd"),
    ],
  ],
  notPrinted: [ACCT],
});

const F1098F = standard({
  form: "1098-F",
  title: "Fines, Penalties, and Other Amounts",
  omb: "1545-2265",
  revision: "Form 1098-F (Rev. December 2019)",
  copy: ["Copy B", "For Payer"],
  notice: FURNISHED,
  roles: role(`FILER${SAME}`, `PAYER${SAME}`),
  boxes: [
    ["1", "Total amount required to be paid", "TotalAmt"],
    ["2", "Amount to be paid for violation or potential violation", "ViolationOrPotViolationAmt"],
    ["3", "Restitution/remediation amount", "RestitutionOrRemediationAmt"],
    ["4", "Compliance amount", "ComplianceAmt"],
    ["5", "Date of order/agreement", "SuitOrderOrAgreementDt"],
    ["6", "Court or entity", "CourtOrEntityNm"],
    ["7", "Case number", "CaseNum"],
    ["8", "Case name or names of parties to suit, order, or agreement", "CaseNameOrPartiesNamesSOATxt"],
    ["9", "Code", "Form1098FCd"],
  ],
  notPrinted: [ACCT],
});

const F1098Q = standard({
  form: "1098-Q",
  title: "Qualifying Longevity Annuity Contract Information",
  omb: "1545-2265",
  revision: "Form 1098-Q (Rev. December 2019)",
  copy: ["Copy B", "For Recipient"],
  notice: FURNISHED,
  roles: role(`ISSUER${SAME}`, `RECIPIENT${SAME}`),
  boxes: [
    ["1a", "Annuity amount on start date", "AnnuityStartDtAmt"],
    ["1b", "Annuity start date", "AnnuityStartDt"],
    ["2", "Check if start date may be accelerated", check("AcceleratedStartDtInd")],
    ["3", "Total premiums", "TotalPremiumsAmt"],
    ["4", "Fair market value of QLAC", "QLACFMVAmt"],
    ...MONTHS.map(
      (m, i): BoxDef => [
        `5${"abcdefghijkl".charAt(i)}`,
        `${m} (day, amount)`,
        { el: `${m}DayNum`, caption: "Day" },
        `${m}Amt`,
      ],
    ),
  ],
  leftBoxes: [
    [
      "",
      "Plan number, name of plan, and plan sponsor\u2019s EIN",
      "PlanNum",
      "PlanNameTxt",
      "PlanSponsorEIN",
    ],
  ],
  notPrinted: [ACCT],
});

const F3921 = standard({
  form: "3921",
  title: "Exercise of an Incentive Stock Option Under Section 422(b)",
  omb: "1545-2129",
  revision: "Form 3921 (Rev. October 2017)",
  copy: ["Copy B", "For Employee"],
  notice: FURNISHED,
  roles: role(`TRANSFEROR${SAME}`, `EMPLOYEE${SAME}`),
  boxes: [
    ["1", "Date option granted", "StockOptionGrantedDt"],
    ["2", "Date option exercised", "StockOptionExercisedDt"],
    ["3", "Exercise price per share", "ExercisePricePerShareAmt"],
    ["4", "Fair market value per share on exercise date", "FMVPerShareOnExerciseDtAmt"],
    ["5", "No. of shares transferred", "SharesTransferredCnt"],
    [
      "6",
      "If other than TRANSFEROR, name, address, and EIN of corporation whose stock is being transferred",
      { el: "OtherThanTransferorGrp.BusinessName", format: "name" },
      { el: "OtherThanTransferorGrp.MailingAddressGrp", format: "address" },
      { el: "OtherThanTransferorGrp.TIN", format: "tin" },
    ],
  ],
  notPrinted: [ACCT],
});

const F3922 = standard({
  form: "3922",
  title: "Transfer of Stock Acquired Through an Employee Stock Purchase Plan Under Section 423(c)",
  omb: "1545-2129",
  revision: "Form 3922 (Rev. October 2017)",
  copy: ["Copy B", "For Employee"],
  notice: FURNISHED,
  roles: role(`CORPORATION${SAME}`, `EMPLOYEE${SAME}`),
  boxes: [
    ["1", "Date option granted", "StockOptionGrantedDt"],
    ["2", "Date option exercised", "StockOptionExercisedDt"],
    ["3", "Fair market value per share on grant date", "FMVPerShareOnGrantDtAmt"],
    ["4", "Fair market value per share on exercise date", "FMVPerShareOnExerciseDtAmt"],
    ["5", "Exercise price paid per share", "ExercisePricePerShareAmt"],
    ["6", "No. of shares transferred", "SharesTransferredCnt"],
    ["7", "Date legal title transferred", "LegalTitleTransferDt"],
    [
      "8",
      "Exercise price per share determined as if the option was exercised on the date shown in box 1",
      "ExercisePricePerShrGrantDtAmt",
    ],
  ],
  notPrinted: [ACCT],
});

const F5498ESA = standard({
  form: "5498-ESA",
  title: "Coverdell ESA Contribution Information",
  omb: "1545-1815",
  revision: "Form 5498-ESA (Rev. April 2017)",
  copy: ["Copy B", "For Beneficiary"],
  notice: FURNISHED,
  roles: role(`TRUSTEE${SAME}`, `BENEFICIARY${SAME}`),
  boxes: [
    ["1", "Coverdell ESA contributions", "CoverdellESAContributionAmt"],
    ["2", "Rollover contributions", "RolloverContributionAmt"],
  ],
  notPrinted: [ACCT],
});

const F5498QA = standard({
  form: "5498-QA",
  title: "ABLE Account Contribution Information",
  omb: "1545-2262",
  revision: "Form 5498-QA (Rev. November 2019)",
  copy: ["Copy B", "For Beneficiary"],
  notice: FURNISHED,
  roles: role(`TRUSTEE${SAME}`, `BENEFICIARY${SAME}`),
  boxes: [
    ["1", "ABLE contributions", "ContributionsAmt"],
    ["2", "ABLE to ABLE rollovers", "ABLEtoABLERolloverAmt"],
    ["3", "Cumulative contributions", "CumulativeContributionAmt"],
    ["4", "Fair market value of ABLE account", "EOYFairMarketValueAmt"],
    ["5", "Check if account opened in {year}", check("AccountOpenedDuringTaxYearInd")],
    ["6", "Basis of eligibility", "ABLEBasisEligibilityCd"],
    ["7", "Code", "ABLEDisabilityCd"],
  ],
  notPrinted: [ACCT],
});

const F5498SA = standard({
  form: "5498-SA",
  title: "HSA, Archer MSA, or Medicare Advantage MSA Information",
  omb: "1545-1518",
  revision: "Form 5498-SA (Rev. November 2019)",
  copy: ["Copy B", "For Participant"],
  notice: FURNISHED,
  roles: role(`TRUSTEE${SAME}`, `PARTICIPANT${SAME}`),
  boxes: [
    [
      "1",
      "Employee or self-employed person\u2019s Archer MSA contributions made in {year} and {next} for {year}",
      "ArcherMSAContributionAmt",
    ],
    ["2", "Total contributions made in {year}", "TotalContributionsAmt"],
    ["3", "Total HSA or Archer MSA contributions made in {next} for {year}", "PriorYearContributionAmt"],
    ["4", "Rollover contributions", "RolloverContributionAmt"],
    ["5", "Fair market value of HSA, Archer MSA, or MA MSA", "EOYFairMarketValueAmt"],
    ["6", "", check("HSAInd", "HSA"), check("ArcherMSAInd", "Archer MSA"), check("MAMSAInd", "MA MSA")],
  ],
  notPrinted: [ACCT],
});

/** Every form's recipient copy, by catalogue form code. */
export const COPY_B_LAYOUTS: Readonly<Record<string, FormLayout>> = Object.freeze(
  Object.fromEntries(
    [
      F1099NEC,
      F1099MISC,
      F1099R,
      F1099K,
      W2G,
      F1099INT,
      F1099DIV,
      F1099B,
      F1099G,
      F1099S,
      F1099C,
      F1099A,
      F1099OID,
      F1099PATR,
      F1099SA,
      F1099Q,
      F1099LTC,
      F1098,
      F1098T,
      F1098E,
      F5498,
      F1099CAP,
      F1099DA,
      F1099LS,
      F1099QA,
      F1099SB,
      F1097BTC,
      F1098C,
      F1098F,
      F1098Q,
      F3921,
      F3922,
      F5498ESA,
      F5498QA,
      F5498SA,
    ].map((l) => [l.form, l]),
  ),
);

export function copyBLayout(form: string): FormLayout | undefined {
  return COPY_B_LAYOUTS[form];
}
