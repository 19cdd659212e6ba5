import { InvalidRequest, NotFound } from "../../../core/domain/shared/errors.ts";
import {
  LATEST_TAX_YEAR, SUPPORTED_TAX_YEARS, canonicalFormCode, formElementTypes, formSkeleton, getFormDefinition, listForms,
} from "../../../core/domain/forms/index.ts";
import type { Api } from "../http.ts";
import { SCOPES, type RouteDef } from "./route.ts";

export function formRoutes(_api: Api): RouteDef[] {
  return [
    {
      method: "get", path: "/v1/forms", scopes: SCOPES.filingsRead, payers: "none",
      handler: async (ctx) => {
        ctx.body = { object: "list", data: listForms().map((f) => ({ object: "form", ...f })), has_more: false, next_cursor: null };
      },
    },
    {
      method: "get", path: "/v1/forms/:form", scopes: SCOPES.filingsRead, payers: "none",
      handler: async (ctx) => {
        const requested = String(ctx.params["form"]);
        const form = canonicalFormCode(requested);
        if (!form) throw new NotFound({ message: `Unknown form ${JSON.stringify(requested)}. GET /v1/forms lists the supported forms.` });
        const raw = ctx.query["tax_year"];
        let year = LATEST_TAX_YEAR;
        if (raw !== undefined) {
          const s = String(raw);
          if (!/^\d{4}$/.test(s)) throw new InvalidRequest({ param: "tax_year", message: "tax_year must be a four-digit year." });
          year = Number(s);
        }
        if (!getFormDefinition(form, year)) {
          throw new InvalidRequest({ param: "tax_year", message: `Form ${form} is not supported for tax year ${year}. Supported years: ${SUPPORTED_TAX_YEARS.join(", ")}.` });
        }
        ctx.body = { object: "form_elements", form, tax_year: year, elements: formElementTypes(form, year), formJson: formSkeleton(form, year) };
      },
    },
  ];
}
