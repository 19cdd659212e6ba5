import { Effect } from "effect";
import { Jobs } from "../../../core/ports/jobs.port.ts";
import { TIN_MATCH_QUEUE } from "../../../core/use-cases/queues.ts";
import { createTinMatch, getTinMatch, listTinMatches, runView } from "../../../core/use-cases/tin-match.use-case.ts";
import type { Config } from "../../shared/config.ts";
import { listBody, pageQuery, scopeOf, type Api } from "../http.ts";
import { fieldOf, type RouteDef } from "./route.ts";

const READ = ["filings:read", "tin:match"];
const WRITE = ["filings:write", "tin:match"];

export function tinMatchRoutes(api: Api, config: Config): RouteDef[] {
  return [
    {
      // Payer-scoped grants: the recipients named must be their payer's; entries by name and TIN touch no payer.
      method: "post", path: "/v1/tin-match", scopes: WRITE,
      payers: (ctx) => {
        const ids = fieldOf(ctx.state.body, "recipients");
        return [{ recipients: Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [] }];
      },
      handler: async (ctx) => {
        const scope = scopeOf(ctx);
        const run = await api.run(Effect.tap(createTinMatch(scope, ctx.state.body), (r) => Effect.ignore(Effect.flatMap(Effect.service(Jobs), (j) =>
          j.send(TIN_MATCH_QUEUE, { ...scope, runId: r.id }, { key: r.id, startAfterSeconds: Math.ceil(config.sandboxTinMatchDelayMs / 1000) })))));
        ctx.status = 202;
        ctx.body = { object: "tin_match_run", id: run.id, status: run.status, count: run.count, created_at: run.createdAt };
      },
    },
    {
      method: "get", path: "/v1/tin-match", scopes: READ,
      handler: async (ctx) => {
        const page = pageQuery(ctx);
        ctx.body = listBody(await api.run(listTinMatches(scopeOf(ctx), page)), runView);
      },
    },
    { method: "get", path: "/v1/tin-match/:receiptId", scopes: READ, payers: (ctx) => [{ tinMatch: String(ctx.params["receiptId"]) }], handler: async (ctx) => { ctx.body = runView(await api.run(getTinMatch(scopeOf(ctx), String(ctx.params["receiptId"])))); } },
  ];
}
