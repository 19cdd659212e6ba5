// `balance credit`: the arguments of an operator credit, checked before the database is opened.
import type { CreditInput } from "../../core/use-cases/money/credit-balance.ts";

export interface CreditArgs {
  account?: string;
  env?: string;
  "amount-cents"?: string;
  reference?: string;
}

export function parseCreditArgs(
  opts: CreditArgs,
): { ok: true; input: CreditInput } | { ok: false; message: string } {
  if (!opts.account) return { ok: false, message: "--account is required" };
  if (opts.env !== "sandbox" && opts.env !== "live")
    return { ok: false, message: "--env must be sandbox or live" };
  const amount = opts["amount-cents"];
  if (amount === undefined)
    return {
      ok: false,
      message: "--amount-cents is required: a whole number of cents, e.g. 250000 for $2,500.00",
    };
  if (!/^[1-9][0-9]*$/.test(amount) || !Number.isSafeInteger(Number(amount))) {
    return {
      ok: false,
      message: `--amount-cents must be a whole number of cents greater than 0, e.g. 250000 for $2,500.00 (got "${amount}")`,
    };
  }
  if (!opts.reference?.trim())
    return {
      ok: false,
      message: "--reference is required: the wire or invoice number the payment came with",
    };
  return {
    ok: true,
    input: {
      accountId: opts.account,
      livemode: opts.env === "live",
      amountCents: Number(amount),
      reference: opts.reference,
    },
  };
}

/** 250000 → "$2,500.00". */
export function dollars(cents: number): string {
  return `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
