// The twelve month names, as the IRS spells them in element names (`JanuaryAmt`…) and on the paper forms
// (1099-K box 5a-5l, 1097-BTC, 1098-Q). One list for the FIRE layout, the Copy B boxes and the IRS rules.
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** The monthly amount elements, `JanuaryAmt` to `DecemberAmt`. */
export const MONTH_AMOUNTS: readonly string[] = MONTHS.map((m) => `${m}Amt`);
