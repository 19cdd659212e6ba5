// Sample Copy B statements shared by the pdfkit renderer tests (and handy for looking at pages by hand):
// `filledForm` fills every element of a catalogue form with a distinct, readable value (two state rows).
import { getFormDefinition } from "../../../core/domain/forms/index.ts";
import type { ElementDefinition } from "../../../core/domain/forms/model.ts";
import { composeCopyB, type CopyBInput } from "../../../core/domain/statements/build.ts";
import { maskTin, type CopyBStatement } from "../../../core/domain/statements/copy-b.ts";

const STATES = [
  { StateAbbreviationCd: "IL", id: "1234-5678", locality: "Chicago" },
  { StateAbbreviationCd: "CA", id: "998-7766-1", locality: "San Francisco" },
];

/** A value for every leaf of a form: amounts $1,001.11, $1,002.22, ... in element order; two state rows. */
export function filledForm(form: string, taxYear = 2025, stateRows = 2): Record<string, unknown> {
  const def = getFormDefinition(form, taxYear);
  if (!def) throw new RangeError(form);
  let n = 0;
  const leaf = (el: ElementDefinition, state: number): unknown => {
    n++;
    const c = el.constraints;
    switch (el.kind) {
      case "amount":
        return (1000 + n * 1.11 + state * 100).toFixed(2);
      case "indicator":
        return true;
      case "code":
        return el.name === "StateAbbreviationCd"
          ? (STATES[state]?.StateAbbreviationCd ?? "IL")
          : (c.enum?.[0] ?? "A");
      case "integer":
        return el.name.endsWith("Yr") ? 2021 : 7 + n;
      case "date":
        return `2025-03-${String(10 + (n % 18)).padStart(2, "0")}`;
      case "decimal":
        return 12.5;
      default:
        if (el.name === "StateIdNum") return STATES[state]?.id ?? "ID";
        if (el.name === "LocalityNm") return STATES[state]?.locality ?? "Town";
        return `${el.name.replace(/(Txt|Nm|Num|Desc|Cd|Id)$/, "")} ${n}`.slice(
          0,
          Math.min(c.maxLength ?? 40, 40),
        );
    }
  };
  const group = (els: readonly ElementDefinition[], state: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    const chosen = new Set<string>();
    for (const el of els) {
      if (el.choice !== undefined) {
        if (chosen.has(el.choice)) continue;
        chosen.add(el.choice);
      }
      if (el.name === "RecipientDetail") continue;
      if (el.name === "TIN") {
        out["TINLast4"] = "4321";
        continue;
      }
      if (el.children) {
        out[el.name] =
          el.name === "StateLocalTaxGrp"
            ? Array.from({ length: stateRows }, (_, i) => group(el.children ?? [], i))
            : group(el.children, state);
      } else {
        out[el.name] = leaf(el, state);
      }
    }
    return out;
  };
  return group(def.elements, 0);
}

export function input(form: string, overrides: Partial<CopyBInput> = {}): CopyBInput {
  return {
    form,
    taxYear: 2025,
    jsonForm: filledForm(form),
    corrected: false,
    accountNumber: "CONTRACTOR-00042",
    filingId: "fil_3kT9xQ2mWb7LpA0ZcV5nR8sD",
    receiptId: "2025-00000123-ABC",
    payer: {
      name: "Acme Widgets LLC",
      name2: "DBA Acme Consulting",
      addressLines: ["1200 Industrial Parkway, Suite 400", "Springfield, IL 62704"],
      phone: "(217) 555-0142",
      tin: "98-7654321",
    },
    recipient: {
      name: "Jordan A. Rivera",
      addressLines: ["77 Maple Street, Apt. 3B", "Oak Park, IL 60302"],
      tinMasked: maskTin("1234", "ssn"),
    },
    ...overrides,
  };
}

export function statement(form: string, overrides: Partial<CopyBInput> = {}): CopyBStatement {
  return composeCopyB(input(form, overrides));
}

export function necStatement(overrides: Partial<CopyBInput> = {}): CopyBStatement {
  return statement("1099-NEC", {
    jsonForm: {
      NonemployeeCompensationAmt: 12345.67,
      FederalIncomeTaxWithheldAmt: 1234,
      StateLocalTaxGrp: [
        {
          StateAbbreviationCd: "IL",
          StateTaxGrp: { StateIdNum: "1234-5678", StateTaxWithheldAmt: 456, StateIncomeAmt: 12345.67 },
        },
      ],
    },
    ...overrides,
  });
}

export function miscStatement(overrides: Partial<CopyBInput> = {}): CopyBStatement {
  return statement("1099-MISC", {
    jsonForm: {
      RentAmt: 24000,
      RoyaltyAmt: 1530.25,
      FederalIncomeTaxWithheldAmt: 2400,
      MedicalHealthCarePaymentsAmt: 8800,
      FATCAFilingRequirementInd: true,
      StateLocalTaxGrp: [
        {
          StateAbbreviationCd: "IL",
          StateTaxGrp: { StateIdNum: "1234-5678", StateTaxWithheldAmt: 600, StateIncomeAmt: 14000 },
        },
        {
          StateAbbreviationCd: "WI",
          StateTaxGrp: { StateIdNum: "036-0001234567-02", StateTaxWithheldAmt: 410.5, StateIncomeAmt: 10000 },
        },
      ],
    },
    ...overrides,
  });
}
