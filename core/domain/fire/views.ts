// Wire view (SPEC "FIRE import result") of a FIRE file imported through intake: the one home of this shape.
import type { Filing } from "../filing/filing.ts";
import type { IntakeRowResult } from "../filing/intake.ts";
import type { Operation } from "../shared/operations.ts";
import type { RuleFinding } from "../iris/rules/model.ts";

/** The import's result: the forms saved from the file's rows, and what to do next (the host words `next.see`). */
export function fireFileView(p: {
  readonly batchId: string;
  readonly bytes: number;
  readonly rowsParsed: number;
  readonly rows: readonly IntakeRowResult[];
  readonly filings: ReadonlyMap<string, Pick<Filing, "form" | "recipientId" | "corrects">>;
  readonly payerId: string;
  readonly addToCart: boolean;
  readonly notes: readonly string[];
  /** Issue 41: the IRS findings the forms were saved with, located in the file. */
  readonly warnings: readonly (RuleFinding & { readonly filing: string | null })[];
}) {
  const saved = p.rows.filter((r) => r.id !== null);
  return {
    object: "fire_file",
    batch: p.batchId,
    bytes: p.bytes,
    rows_parsed: p.rowsParsed,
    forms_imported: saved.length,
    forms_added_to_cart: saved.filter((r) => r.added_to_cart).length,
    form_ids: saved.map((r) => r.id as string),
    currency: "usd",
    ...(p.addToCart ? { service: "efile_print_mail" } : {}),
    cart_item_ids: saved.map((r) => r.cart_item_id).filter((x): x is string => x !== null),
    forms: saved.map((r) => {
      const f = p.filings.get(r.id as string);
      return {
        id: r.id,
        form: f?.form ?? r.form,
        payer: p.payerId,
        recipient: f?.recipientId ?? null,
        status: r.status,
        corrects: f?.corrects ?? null,
      };
    }),
    notes: p.notes,
    forms_with_warnings: new Set(p.warnings.map((w) => w.filing)).size,
    warnings: p.warnings,
    // What to do next, as text and the calls it names (the host words them).
    next:
      saved.length === 0
        ? { message: "Nothing to file.", see: [] as Operation[] }
        : p.addToCart
          ? {
              message: "The forms are in the cart: review it, then pay the cart to file them.",
              see: [{ op: "cart_details" }, { op: "pay_cart" }] as Operation[],
            }
          : {
              message: "The forms are ready to file: add them to the cart, or import again with addToCart.",
              see: [{ op: "add_cart_items" }] as Operation[],
            },
  };
}
