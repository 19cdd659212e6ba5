import { bodyTargets } from "../../../core/use-cases/oauth/payer-access.ts";
import {
  getTinMatch,
  listTinMatches,
  runView,
  startTinMatch,
} from "../../../core/use-cases/parties/tin-match.ts";
import { runStartedView } from "../../../core/domain/parties/views.ts";
import type { Config } from "../../shared/config.ts";
import { pageQuery, scopeOf, type Api } from "../http.ts";
import { answer, answerList, type RouteDef } from "./route.ts";

const READ = ["filings:read", "tin:match"];
const WRITE = ["filings:write", "tin:match"];

export function tinMatchRoutes(api: Api, config: Config): RouteDef[] {
  return [
    {
      // Payer-scoped grants: the recipients named must be their payer's; entries by name and TIN touch no payer.
      method: "post",
      path: "/v1/tin-match",
      scopes: WRITE,
      payers: (ctx) => bodyTargets.tinMatch(ctx.state.body),
      handler: answer(
        api,
        (ctx) => startTinMatch(scopeOf(ctx), ctx.state.body, Math.ceil(config.sandboxTinMatchDelayMs / 1000)),
        { status: 202, view: runStartedView },
      ),
    },
    {
      method: "get",
      path: "/v1/tin-match",
      scopes: READ,
      handler: answerList(api, (ctx) => listTinMatches(scopeOf(ctx), pageQuery(ctx)), runView),
    },
    {
      method: "get",
      path: "/v1/tin-match/:receiptId",
      scopes: READ,
      payers: (ctx) => [{ tinMatch: String(ctx.params["receiptId"]) }],
      handler: answer(api, (ctx) => getTinMatch(scopeOf(ctx), String(ctx.params["receiptId"])), {
        view: runView,
      }),
    },
  ];
}
