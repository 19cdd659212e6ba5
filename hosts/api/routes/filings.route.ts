import { InvalidRequest } from "../../../core/domain/shared/errors.ts";
import { parseSingleBody } from "../../../core/domain/filing/intake.ts";
import { batchView, filingView, parseFilingFilter } from "../../../core/domain/filing/views.ts";
import {
  fileBatch,
  fileOne,
  filePayerForms,
  getBatch,
  getFiling,
  listFilings,
} from "../../../core/use-cases/filing/filings.ts";
import { importFire } from "../../../core/use-cases/filing/fire-import.ts";
import { bodyTargets } from "../../../core/use-cases/oauth/payer-access.ts";
import { httpOperation } from "../operations.ts";
import { orThrow, pageQuery, scopeOf, type Api } from "../http.ts";
import {
  answer,
  answerList,
  confinedPayer,
  idParam,
  PAYERS,
  rawBytes,
  SCOPES,
  type RouteDef,
} from "./route.ts";

export function filingRoutes(api: Api): RouteDef[] {
  return [
    {
      method: "post",
      path: "/v1/payers/:payerId/forms",
      scopes: SCOPES.filingsWrite,
      payers: PAYERS.param("payerId"),
      handler: answer(
        api,
        (ctx) => filePayerForms(scopeOf(ctx), String(ctx.params["payerId"]), ctx.state.body),
        {
          status: 201,
          view: (r) => r.view,
        },
      ),
    },
    {
      method: "post",
      path: "/v1/filings",
      scopes: SCOPES.filingsWrite,
      payers: PAYERS.bodyPayer,
      handler: answer(api, (ctx) => fileOne(scopeOf(ctx), orThrow(parseSingleBody(ctx.state.body))), {
        status: 201,
        view: (r) => r.view,
      }),
    },
    {
      method: "post",
      path: "/v1/filings/batch",
      scopes: SCOPES.filingsWrite,
      payers: (ctx) => bodyTargets.batch(ctx.state.body),
      handler: answer(api, (ctx) => fileBatch(scopeOf(ctx), ctx.state.body), {
        status: 201,
        view: (r) => r.view,
      }),
    },
    {
      method: "get",
      path: "/v1/filings",
      scopes: SCOPES.filingsRead,
      payers: "confined",
      handler: answerList(
        api,
        (ctx) => {
          const page = pageQuery(ctx);
          const filter = orThrow(parseFilingFilter(ctx.query));
          return listFilings(scopeOf(ctx), page, filter, confinedPayer(ctx));
        },
        filingView,
      ),
    },
    {
      method: "get",
      path: "/v1/filings/:id",
      scopes: SCOPES.filingsRead,
      payers: PAYERS.filing,
      handler: answer(api, (ctx) => getFiling(scopeOf(ctx), idParam(ctx)), { view: filingView }),
    },
    {
      method: "get",
      path: "/v1/batches/:id",
      scopes: SCOPES.filingsRead,
      payers: PAYERS.batch,
      handler: answer(api, (ctx) => getBatch(scopeOf(ctx), idParam(ctx)), { view: batchView }),
    },
  ];
}

export function fireRoutes(api: Api): RouteDef[] {
  return [
    {
      method: "post",
      path: "/v1/payers/:payerId/fire",
      scopes: SCOPES.filingsWrite,
      payers: PAYERS.param("payerId"),
      handler: async (ctx) => {
        const payerId = String(ctx.params["payerId"]); // an unknown or malformed id is 404 in importFire
        const flag = ctx.query["addToCart"];
        if (flag !== undefined && !["true", "false", "1", "0"].includes(String(flag))) {
          throw new InvalidRequest({ param: "addToCart", message: "addToCart must be true or false." });
        }
        const strict = ctx.query["strict"];
        if (strict !== undefined && !["true", "false", "1", "0"].includes(String(strict))) {
          throw new InvalidRequest({ param: "strict", message: "strict must be true or false." });
        }
        const result = await api.run(
          importFire(
            scopeOf(ctx),
            payerId,
            rawBytes(ctx),
            flag === "true" || flag === "1",
            strict === undefined ? undefined : strict === "true" || strict === "1",
          ),
        );
        ctx.status = 200;
        const { next, ...rest } = result;
        ctx.body = {
          ...rest,
          next:
            next.see.length === 0
              ? next.message
              : `${next.message} (${next.see.map(httpOperation).join(", then ")})`,
        };
      },
    },
  ];
}
