// Form 8809 extensions of time (SPEC "Extension (Form 8809)", D24): free, one per payer, year and form families.
import { InvalidRequest } from "../shared/errors.ts";
import { compileBody } from "../shared/validation.ts";

export const EXTENSION_FORMS = ["1099", "5498", "1042S", "1099QA", "5498QA", "5498ESA", "5498SA"] as const;
export const EXTENSION_REASONS = [
  "catastrophic_event",
  "fire_casualty_natural_disaster",
  "death_illness_absence",
  "first_year_of_establishment",
  "data_not_received",
] as const;

export interface Extension {
  readonly id: string;
  readonly payerId: string;
  readonly taxYear: number;
  readonly forms: readonly string[];
  readonly reasons: Readonly<Record<string, boolean>>;
  readonly status: "accepted";
  readonly receiptId: string;
  readonly livemode: boolean;
  readonly createdAt: string;
}

export const check = compileBody<{
  payer: string;
  tax_year: number;
  forms: string[];
  reasons?: Record<string, boolean>;
}>({
  type: "object",
  additionalProperties: false,
  required: ["payer", "tax_year", "forms"],
  properties: {
    payer: { type: "string", maxLength: 64 },
    tax_year: { type: "integer", minimum: 2000, maximum: 2100 },
    forms: { type: "array", minItems: 1, maxItems: 7, items: { enum: [...EXTENSION_FORMS] } },
    reasons: {
      type: "object",
      additionalProperties: false,
      properties: Object.fromEntries(EXTENSION_REASONS.map((r) => [r, { type: "boolean" }])),
    },
  },
});

export function parseExtension(
  body: unknown,
):
  | { payerId: string; taxYear: number; forms: string[]; reasons: Record<string, boolean>; formsKey: string }
  | InvalidRequest {
  const c = check(body);
  if (!c.ok) return c.error;
  const reasons = c.value.reasons ?? {};
  if (c.value.tax_year >= 2026 && !Object.values(reasons).some(Boolean)) {
    return new InvalidRequest({
      param: "reasons",
      message: `From tax year 2026 the IRS requires a reason (rule F8809016): set one of ${EXTENSION_REASONS.join(", ")} to true.`,
    });
  }
  const forms = [...new Set(c.value.forms)].sort();
  return { payerId: c.value.payer, taxYear: c.value.tax_year, forms, reasons, formsKey: forms.join(",") };
}
