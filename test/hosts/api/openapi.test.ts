// The OpenAPI document: one operation per route of the route table and no other, the committed snapshot is
// current (`npm run openapi` rewrites it), it is a valid OpenAPI 3.1 document, and the API serves it without
// a credential.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Validator } from "@seriousme/openapi-schema-validator";
import { apiDocument, declaredRoutes } from "../../../hosts/api/openapi/snapshot.ts";
import { OPERATIONS } from "../../../hosts/api/openapi/operations.ts";
import { ERROR_TYPES } from "../../../hosts/api/openapi/schemas.ts";
import { openApiPath, operationKey } from "../../../hosts/api/openapi/document.ts";
import { ERROR_TABLE } from "../../../hosts/api/error-table.ts";
import { startApi, type TestApi } from "../../support/api.ts";
import { checkCreate as payerCreate } from "../../../core/domain/parties/payer.ts";
import { createBody as webhookCreate } from "../../../core/use-cases/webhooks/webhooks.ts";
import { topUpBody } from "../../../core/use-cases/money/balance.ts";
import { correctionBody } from "../../../core/use-cases/lifecycle/lifecycle.ts";

const root = join(import.meta.dirname, "..", "..", "..");
const s = suite<{ api: TestApi }>("openapi");
s.before(async (ctx) => {
  ctx.api = await startApi("pglite");
});
s.after(async (ctx) => {
  await ctx.api.close();
});

type Doc = {
  paths: Record<
    string,
    Record<string, { security?: unknown[]; requestBody?: unknown; "x-scopes"?: string[] }>
  >;
  components: Record<string, unknown>;
};

s(
  "every route of the route table has an operation, with its scopes, and every entry of operations.ts a route",
  () => {
    const routes = declaredRoutes();
    const doc = apiDocument() as unknown as Doc;
    const keys = new Set(routes.map(operationKey));
    assert.equal(
      Object.keys(OPERATIONS).filter((k) => !keys.has(k)),
      [],
      "entries without a route",
    );
    for (const route of routes) {
      const op = doc.paths[openApiPath(route.path)]?.[route.method];
      assert.ok(op, `${operationKey(route)} is documented`);
      assert.equal(op["x-scopes"], [...route.scopes]);
      if (route.scopes.length > 0)
        assert.equal(op.security, [{ apiKey: [] }, ...route.scopes.map((sc) => ({ oauth2: [sc] }))]);
    }
  },
);

s("request bodies are the very JSON Schemas the routes validate with", () => {
  const doc = apiDocument() as unknown as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
  };
  const body = (path: string, method: string) =>
    doc.paths[path]?.[method]?.requestBody?.content["application/json"]?.schema;
  assert.equal(body("/v1/payers", "post"), payerCreate.schema);
  assert.equal(body("/v1/webhooks", "post"), webhookCreate.schema);
  assert.equal(body("/v1/balance/top-ups", "post"), topUpBody.schema);
  assert.equal(body("/v1/filings/{id}/corrections", "post"), correctionBody.schema);
});

s("docs/openapi.json is the document the code builds (run `npm run openapi` after changing a route)", () => {
  const committed = readFileSync(join(root, "docs", "openapi.json"), "utf8");
  assert.ok(
    committed === JSON.stringify(apiDocument(), null, 2) + "\n",
    "docs/openapi.json is out of date: run `npm run openapi`",
  );
});

s("the document is valid OpenAPI 3.1 (@seriousme/openapi-schema-validator)", async () => {
  const validator = new Validator();
  const result = await validator.validate(apiDocument());
  assert.ok(result.valid, JSON.stringify(result.errors, null, 1)?.slice(0, 2000));
  assert.is(validator.version, "3.1");
});

s("every error type of the error table is documented", () => {
  for (const { type } of Object.values(ERROR_TABLE)) assert.ok(ERROR_TYPES.includes(type), type);
});

s("GET /v1/openapi.json needs no credential and is the committed document", async ({ api }) => {
  const res = await api.request("GET", "/v1/openapi.json", { key: null });
  assert.is(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  assert.ok(res.headers.get("request-id"));
  assert.equal(res.body, JSON.parse(readFileSync(join(root, "docs", "openapi.json"), "utf8")));
});

s.run();
