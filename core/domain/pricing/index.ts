export * from "./rate-card.ts";
export * from "./delivery.ts";
export * from "./price-order.ts";
export * from "./quote.ts";
export * from "./views.ts";
