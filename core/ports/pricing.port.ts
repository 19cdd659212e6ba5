import * as Context from "effect/Context";
import type { RateCard } from "../domain/pricing/index.ts";

/** The rate card in force (D12, configurable by the operator). */
export class Pricing extends Context.Service<Pricing, { readonly rateCard: RateCard }>()("core/Pricing") {}
