// GET /v1/prices and /v1/prices/quote: the rate card and a priced quantity of one form.
import * as Effect from "effect/Effect";
import { canonicalFormCode } from "../../domain/forms/index.ts";
import { quote, rateCardView } from "../../domain/pricing/index.ts";
import { InvalidRequest } from "../../domain/shared/errors.ts";
import { Pricing } from "../../ports/pricing.port.ts";

export const getRateCard = Effect.fnUntraced(function* () {
  return rateCardView((yield* Pricing).rateCard);
});

export const getQuote = Effect.fnUntraced(function* (query: Record<string, unknown>) {
  const formParam = typeof query["form"] === "string" ? query["form"] : undefined;
  if (!formParam)
    return yield* new InvalidRequest({ param: "form", message: "form is required, e.g. form=1099-NEC." });
  const form = canonicalFormCode(formParam);
  if (!form)
    return yield* new InvalidRequest({
      param: "form",
      message: `Unknown form ${JSON.stringify(formParam)}; the form list names the supported forms.`,
      see: { op: "list_forms" },
    });
  if (query["quantity"] === undefined)
    return yield* new InvalidRequest({ param: "quantity", message: "quantity is required." });
  const q = quote((yield* Pricing).rateCard, {
    form,
    quantity: query["quantity"],
    service: query["service"],
  });
  if (!q.ok) return yield* new InvalidRequest({ param: q.param, message: q.message });
  return q.quote;
});
