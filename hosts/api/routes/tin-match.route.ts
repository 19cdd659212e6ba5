import { bodyTargets } from "../../../core/use-cases/oauth-payer-access.use-case.ts";
import {
  getTinMatch,
  listTinMatches,
  runView,
  startTinMatch,
} from "../../../core/use-cases/tin-match.use-case.ts";
import { runStartedView } from "../../../core/domain/parties/tin-match-run.ts";
import type { Config } from "../../shared/config.ts";
import { listBody, pageQuery, scopeOf, type Api } from "../http.ts";
import type { RouteDef } from "./route.ts";

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
      handler: async (ctx) => {
        const run = await api.run(
          startTinMatch(scopeOf(ctx), ctx.state.body, Math.ceil(config.sandboxTinMatchDelayMs / 1000)),
        );
        ctx.status = 202;
        ctx.body = runStartedView(run);
      },
    },
    {
      method: "get",
      path: "/v1/tin-match",
      scopes: READ,
      handler: async (ctx) => {
        const page = pageQuery(ctx);
        ctx.body = listBody(await api.run(listTinMatches(scopeOf(ctx), page)), runView);
      },
    },
    {
      method: "get",
      path: "/v1/tin-match/:receiptId",
      scopes: READ,
      payers: (ctx) => [{ tinMatch: String(ctx.params["receiptId"]) }],
      handler: async (ctx) => {
        ctx.body = runView(await api.run(getTinMatch(scopeOf(ctx), String(ctx.params["receiptId"]))));
      },
    },
  ];
}
