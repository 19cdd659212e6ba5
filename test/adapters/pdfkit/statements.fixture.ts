// Sample Copy B statements shared by the pdfkit renderer tests (and handy for looking at pages by hand).
import { formatAmount, maskTin, type CopyBStatement } from "../../../core/domain/statements/copy-b.ts";

export function necStatement(overrides: Partial<CopyBStatement> = {}): CopyBStatement {
  return {
    form: "1099-NEC",
    formTitle: "Nonemployee Compensation",
    taxYear: 2025,
    corrected: false,
    payer: {
      name: "Acme Widgets LLC",
      name2: "DBA Acme Consulting",
      addressLines: ["1200 Industrial Parkway, Suite 400", "Springfield, IL 62704"],
      phone: "(217) 555-0142",
      tinMasked: maskTin("6789", "ein"),
    },
    recipient: {
      name: "Jordan A. Rivera",
      addressLines: ["77 Maple Street, Apt. 3B", "Oak Park, IL 60302"],
      tinMasked: maskTin("1234", "ssn"),
    },
    accountNumber: "CONTRACTOR-00042",
    boxes: [
      { box: "1", label: "Nonemployee compensation", value: formatAmount(1_234_567) },
      { box: "2", label: "Payer made direct sales totaling $5,000 or more of consumer products to recipient for resale", value: "" },
      { box: "3", label: "Excess golden parachute payments", value: formatAmount(0) },
      { box: "4", label: "Federal income tax withheld", value: formatAmount(123_400) },
      { box: "5", label: "State tax withheld", value: formatAmount(45_600) },
      { box: "6", label: "State/Payer\u2019s state no.", value: "IL 1234-5678" },
      { box: "7", label: "State income", value: formatAmount(1_234_567) },
    ],
    filingId: "fil_3kT9xQ2mWb7LpA0ZcV5nR8sD",
    receiptId: "2025-00000123-ABC",
    ...overrides,
  };
}

export function divStatement(overrides: Partial<CopyBStatement> = {}): CopyBStatement {
  const amounts: [string, string, number][] = [
    ["1a", "Total ordinary dividends", 987_654],
    ["1b", "Qualified dividends", 876_543],
    ["2a", "Total capital gain distr.", 123_456],
    ["2b", "Unrecap. Sec. 1250 gain", 2_345],
    ["2c", "Section 1202 gain", 0],
    ["2d", "Collectibles (28%) gain", 1_000],
    ["2e", "Section 897 ordinary dividends", 0],
    ["2f", "Section 897 capital gain", 0],
    ["3", "Nondividend distributions", 50_000],
    ["4", "Federal income tax withheld", 98_765],
    ["5", "Section 199A dividends", 12_345],
    ["6", "Investment expenses", 0],
    ["7", "Foreign tax paid", 4_321],
  ];
  return necStatement({
    form: "1099-DIV",
    formTitle: "Dividends and Distributions",
    corrected: true,
    accountNumber: "BRK-7781-22",
    boxes: [
      ...amounts.map(([box, label, c]) => ({ box, label, value: formatAmount(c) })),
      { box: "8", label: "Foreign country or U.S. possession", value: "CA" },
      { box: "9", label: "Cash liquidation distributions", value: formatAmount(0) },
      { box: "10", label: "Noncash liquidation distributions", value: formatAmount(0) },
      { box: "11", label: "Indicates the FATCA (Foreign Account Tax Compliance Act) filing requirement.", value: "X" },
      { box: "12", label: "Exempt-interest dividends", value: formatAmount(7_700) },
      { box: "13", label: "Specified private activity bond interest dividends", value: formatAmount(0) },
      { box: "14", label: "State", value: "NY" },
      { box: "15", label: "State identification no.", value: "NY-99887766" },
      { box: "16", label: "State tax withheld", value: formatAmount(-1_200) },
    ],
    ...overrides,
  });
}
