// Recipient statements (issue 39): a filing's statement with its deliveries, and every delivery of the environment
// by status (a season's returned mail in one query).
import { deliveryView, outboxMessageView } from "../../../core/domain/statements/views.ts";
import { listOutbox } from "../../../core/use-cases/statements/outbox.ts";
import {
  getFilingStatement,
  listStatementDeliveries,
} from "../../../core/use-cases/statements/statements.ts";
import { pageQuery, scopeOf, type Api } from "../http.ts";
import { answer, answerList, idParam, PAYERS, SCOPES, type RouteDef } from "./route.ts";

export function statementRoutes(api: Api): RouteDef[] {
  return [
    {
      method: "get",
      path: "/v1/filings/:id/statement",
      scopes: SCOPES.filingsRead,
      payers: PAYERS.filing,
      handler: answer(api, (ctx) => getFilingStatement(scopeOf(ctx), idParam(ctx))),
    },
    {
      method: "get",
      path: "/v1/statement-deliveries",
      scopes: SCOPES.filingsRead,
      handler: answerList(
        api,
        (ctx) =>
          listStatementDeliveries(scopeOf(ctx), pageQuery(ctx), {
            status: ctx.query["status"],
            filing: ctx.query["filing"],
          }),
        deliveryView,
      ),
    },
    {
      method: "get",
      path: "/v1/sandbox/outbox",
      scopes: SCOPES.filingsRead,
      handler: answerList(api, (ctx) => listOutbox(scopeOf(ctx), pageQuery(ctx)), outboxMessageView),
    },
  ];
}
