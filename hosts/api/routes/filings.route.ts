import { InvalidRequest, NotFound } from "../../../core/domain/shared/errors.ts";
import { isUuid } from "../../../core/domain/shared/validation.ts";
import { filingView } from "../../../core/domain/filing/filing.ts";
import { parseBatchBody, parsePayerFormsBody, parseSingleBody } from "../../../core/domain/filing/intake.ts";
import { allFailed, batchCreatedView, batchView, parseFilingFilter, payerFormsView } from "../../../core/domain/filing/views.ts";
import { intake } from "../../../core/use-cases/intake.use-case.ts";
import { fileOne, getBatch, getFiling, listFilings } from "../../../core/use-cases/filings.use-case.ts";
import { getPayer } from "../../../core/use-cases/payers.use-case.ts";
import { importFire } from "../../../core/use-cases/fire-import.use-case.ts";
import { listBody, orThrow, pageQuery, scopeOf, type Api, type ApiContext } from "../http.ts";
import { confinedPayerFilter, fieldOf, PAYERS, SCOPES, type RouteDef } from "./route.ts";
import type { PayerTarget } from "../../../core/use-cases/oauth-payer-access.use-case.ts";


/** The batch body's payer and every row's (D23). */
function batchPayers(ctx: ApiContext): readonly PayerTarget[] {
  const forms = fieldOf(ctx.state.body, "forms");
  const rows = Array.isArray(forms) ? forms.map((f) => fieldOf(f, "payer")) : [];
  return [fieldOf(ctx.state.body, "payer"), ...rows].flatMap((p) => (typeof p === "string" ? [{ payer: p }] : []));
}

export function filingRoutes(api: Api): RouteDef[] {
  return [
    {
      method: "post", path: "/v1/payers/:payerId/forms", scopes: SCOPES.filingsWrite, payers: PAYERS.param("payerId"),
      handler: async (ctx) => {
        const scope = scopeOf(ctx);
        const payerId = String(ctx.params["payerId"]);
        const payer = await api.run(getPayer(scope, payerId)); // 404 for an unknown (or malformed) id
        const parsed = orThrow(parsePayerFormsBody(ctx.state.body));
        const { batch } = await api.run(intake(scope, "payer_forms", parsed, payerId, { knownPayer: payer }));
        const body = payerFormsView(batch);
        const failed = allFailed(batch, body);
        if (failed) throw failed;
        ctx.status = 201;
        ctx.body = body;
      },
    },
    {
      method: "post", path: "/v1/filings", scopes: SCOPES.filingsWrite, payers: PAYERS.bodyPayer,
      handler: async (ctx) => {
        const parsed = orThrow(parseSingleBody(ctx.state.body));
        const { filing, cartItemId } = await api.run(fileOne(scopeOf(ctx), parsed));
        ctx.status = 201;
        ctx.body = { ...filingView(filing), added_to_cart: cartItemId !== null, cart_item_id: cartItemId };
      },
    },
    {
      method: "post", path: "/v1/filings/batch", scopes: SCOPES.filingsWrite, payers: batchPayers,
      handler: async (ctx) => {
        const parsed = orThrow(parseBatchBody(ctx.state.body));
        const { batch } = await api.run(intake(scopeOf(ctx), "filings_batch", parsed, null));
        const body = batchCreatedView(batch);
        const failed = allFailed(batch, body);
        if (failed) throw failed;
        ctx.status = 201;
        ctx.body = body;
      },
    },
    {
      method: "get", path: "/v1/filings", scopes: SCOPES.filingsRead, payers: "confined",
      handler: async (ctx) => {
        const page = pageQuery(ctx);
        const filter = orThrow(parseFilingFilter(ctx.query));
        const payerId = confinedPayerFilter(ctx, filter.payerId);
        ctx.body = listBody(await api.run(listFilings(scopeOf(ctx), page, payerId === undefined ? filter : { ...filter, payerId })), filingView);
      },
    },
    {
      method: "get", path: "/v1/filings/:id", scopes: SCOPES.filingsRead, payers: PAYERS.filing,
      handler: async (ctx) => {
        ctx.body = filingView(await api.run(getFiling(scopeOf(ctx), String(ctx.params["id"]))));
      },
    },
    {
      method: "get", path: "/v1/batches/:id", scopes: SCOPES.filingsRead, payers: PAYERS.batch,
      handler: async (ctx) => {
        ctx.body = batchView(await api.run(getBatch(scopeOf(ctx), String(ctx.params["id"]))));
      },
    },
  ];
}

export function fireRoutes(api: Api): RouteDef[] {
  return [{
    method: "post", path: "/v1/payers/:payerId/fire", scopes: SCOPES.filingsWrite, payers: PAYERS.param("payerId"),
    handler: async (ctx) => {
      const payerId = String(ctx.params["payerId"]);
      if (!isUuid(payerId)) throw new NotFound({ message: `No payer ${payerId} in this environment.` });
      const flag = ctx.query["addToCart"];
      if (flag !== undefined && !["true", "false", "1", "0"].includes(String(flag))) {
        throw new InvalidRequest({ param: "addToCart", message: "addToCart must be true or false." });
      }
      const bytes = ctx.state.rawBody ?? Buffer.alloc(0);
      const result = await api.run(importFire(scopeOf(ctx), payerId, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), flag === "true" || flag === "1"));
      ctx.status = 200;
      ctx.body = result;
    },
  }];
}
