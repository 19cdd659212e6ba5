// Sample values for filling form skeletons in tests.
import type { ElementDefinition, FormDefinition } from "../../../../core/domain/forms/index.ts";

export function sampleValue(el: ElementDefinition): unknown {
  const c = el.constraints;
  switch (el.kind) {
    case "amount":
      return 125.5;
    case "decimal":
      return el.jsonType === "string" ? "1.5" : 0.5;
    case "indicator":
      return true;
    case "integer":
      return el.xsdType === "YearType" ? 2025 : Math.max(c.minimum ?? 0, 1);
    case "date":
      return "2025-06-30";
    case "code":
      return c.enum?.[0] ?? "1234".slice(0, 4);
    case "group":
      return fillRequired({}, el.children ?? [], el.choices ?? []);
    default:
      if (el.name === "TIN" || el.xsdType === "EINType") return "123456789";
      if (el.xsdType === "ZIPCodeType") return "12345";
      return "Sample";
  }
}

/** Sets every required element (and the first member of each required choice) that is not filled yet. */
export function fillRequired(
  target: Record<string, unknown>,
  elements: readonly ElementDefinition[],
  choices: readonly { required: boolean; members: readonly string[] }[],
): Record<string, unknown> {
  const chosen = new Set(choices.filter((c) => c.required).map((c) => c.members[0]));
  for (const el of elements) {
    if (!el.required && !chosen.has(el.name)) continue;
    const current = target[el.name];
    if (
      el.kind === "group" &&
      !el.repeated &&
      typeof current === "object" &&
      current !== null &&
      !Array.isArray(current)
    ) {
      fillRequired(current as Record<string, unknown>, el.children ?? [], el.choices ?? []);
      continue;
    }
    if (current === undefined || current === "" || current === 0 || current === false) {
      target[el.name] = el.repeated ? [sampleValue(el)] : sampleValue(el);
    }
  }
  return target;
}

export const RECIPIENT = {
  TIN: "123456789",
  PersonName: { PersonFirstNm: "Jane", PersonLastNm: "Doe" },
  MailingAddressGrp: {
    USAddress: {
      AddressLine1Txt: "100 Main St",
      CityNm: "Springfield",
      StateAbbreviationCd: "IL",
      ZIPCd: "62701",
    },
  },
};

/** The skeleton of a form filled the way a user would: TIN, name, address, one non-zero amount. */
export function filledSkeleton(
  def: FormDefinition,
  skeleton: Record<string, unknown>,
): { form: Record<string, unknown>; amount?: string } {
  const rd = skeleton["RecipientDetail"] as Record<string, unknown>;
  rd["TIN"] = RECIPIENT.TIN;
  Object.assign(rd["PersonName"] as object, RECIPIENT.PersonName);
  const mail = rd["MailingAddressGrp"] as Record<string, unknown>;
  Object.assign(mail["USAddress"] as object, RECIPIENT.MailingAddressGrp.USAddress);
  const amount = def.elements.find((e) => e.kind === "amount" && !e.repeated && !e.required);
  if (amount) skeleton[amount.name] = 1234.56;
  fillRequired(skeleton, def.elements, def.choices);
  return amount ? { form: skeleton, amount: amount.name } : { form: skeleton };
}
