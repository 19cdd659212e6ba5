// Real answers match the OpenAPI document: one scenario calls every route of the route table (successes and a
// few errors); each answer's status must be documented for its operation and its body must validate against the
// documented schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses). Fails when a route got no documented success.
import { submitW9 } from "../../../core/use-cases/parties/w9-portal.ts";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";
import { startApi, type TestApi } from "../../support/api.ts";
import { necRow, payerBody } from "../../support/forms.ts";
import { apiDocument, declaredRoutes } from "../../../hosts/api/openapi/snapshot.ts";
import { openApiPath, operationKey } from "../../../hosts/api/openapi/document.ts";
import { RouteTable } from "../../../hosts/api/routes/route-table.ts";
import { writeFire } from "../../../core/domain/fire/index.ts";
import { fileInput, payer as firePayer, recipient as fireRecipient } from "../../core/domain/fire/helpers.ts";
import { applyAcknowledgement, transmitOrder } from "../../../core/use-cases/lifecycle/transmission.ts";
import { w2Form } from "../../support/w2.ts";
import { newApp, newUser, userTokens } from "../../support/oauth.ts";
import { signInFailed } from "../../../core/use-cases/accounts/throttles.ts";

type Json = Record<string, unknown>;
const doc = apiDocument() as {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
  >;
};
const table = new RouteTable(declaredRoutes());
const ajv = new Ajv2020({ strict: false, validateFormats: false, validateSchema: false, allErrors: true });
ajv.addSchema(
  JSON.parse(JSON.stringify(doc).replaceAll('"#/components/', '"openapi.json#/components/')) as Json,
  "openapi.json",
);
const compiled = new Map<unknown, ValidateFunction>();

function rewrite(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'));
}

const succeeded = new Set<string>();
const problems: string[] = [];

function check(
  method: string,
  path: string,
  res: { status: number; headers: Headers; body: unknown; text: string },
): void {
  const match = table.match(method, path.split("?")[0] as string);
  if (match.kind !== "route") {
    problems.push(`${method} ${path}: no route`);
    return;
  }
  const key = operationKey(match.route);
  const op = doc.paths[openApiPath(match.route.path)]?.[match.route.method];
  const documented = op?.responses[String(res.status)];
  if (!documented) {
    problems.push(`${key}: status ${res.status} is not documented (${res.text.slice(0, 200)})`);
    return;
  }
  if (!res.headers.get("request-id")) problems.push(`${key}: no Request-Id`);
  const content = documented.content;
  if (!content) {
    if (res.text !== "") problems.push(`${key}: ${res.status} documented without a body but got one`);
  } else if (content["application/pdf"]) {
    if (!res.headers.get("content-type")?.startsWith("application/pdf"))
      problems.push(`${key}: expected a PDF`);
  } else {
    const schema = content["application/json"]?.schema;
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(rewrite(schema) as Json);
      compiled.set(schema, validate);
    }
    if (!validate(res.body))
      problems.push(`${key} ${res.status}: ${ajv.errorsText(validate.errors)} in ${res.text.slice(0, 300)}`);
  }
  if (res.status < 300) succeeded.add(key);
}

const s = suite<{ api: TestApi }>("OpenAPI: real answers match the document");
s.before(async (ctx) => {
  ctx.api = await startApi("pglite");
});
s.after(async (ctx) => {
  await ctx.api.close();
});

s("every route answers as documented", async ({ api }) => {
  const call = async (method: string, path: string, opts: Parameters<TestApi["request"]>[2] = {}) => {
    const res = await api.request(method, path, opts);
    check(method, path, res);
    return res;
  };
  const scope = { accountId: api.accountId, livemode: false };
  const work = async (orderId: string) => {
    const sent = await api.runtime.runPromise(transmitOrder(scope, orderId));
    for (const receipt of sent.awaitingAck)
      await api.runtime.runPromise(applyAcknowledgement(scope, receipt));
  };

  await call("GET", "/v1/forms");
  await call("GET", "/v1/forms/1099-NEC");
  await call("GET", "/v1/forms/1099-NEC?tax_year=1999");
  await call("GET", "/v1/forms/NOPE");
  await call("GET", "/v1/prices");
  await call("GET", "/v1/prices/quote?form=1099-NEC&quantity=10");

  const payer = (
    await call("POST", "/v1/payers", {
      body: payerBody("Spec Payer LLC", "12-3450077"),
    })
  ).body.id as string;
  await call("POST", "/v1/payers", { body: { tin: "x" } });
  await call("GET", "/v1/payers?limit=2");
  await call("GET", `/v1/payers/${payer}`);
  await call("PATCH", `/v1/payers/${payer}`, { body: { contact_phone: "5125550199" } });
  await call("GET", "/v1/payers/00000000-0000-4000-8000-000000000000");
  await call("GET", "/v1/payers", { key: null });

  const recipient = (
    await call("POST", "/v1/recipients", {
      body: {
        payer,
        name: "Rae Recipient",
        tin: "123-45-0077",
        address_line1: "2 Oak Ave",
        city: "Reno",
        state: "NV",
        postal_code: "89501",
      },
    })
  ).body.id as string;
  await call("GET", "/v1/recipients");
  await call("GET", `/v1/recipients/${recipient}`);
  await call("PATCH", `/v1/recipients/${recipient}`, { body: { email: "rae@example.com" } });

  const intake = (
    await call("POST", `/v1/payers/${payer}/forms`, {
      body: {
        reference: "spec",
        forms: [
          necRow({ tin: "123450078" }),
          necRow({ tin: "123450079", first: "Reject", last: "Person" }),
          necRow({ tin: "123450080" }),
          necRow({ tin: "123450081" }),
        ],
      },
    })
  ).body;
  const [a, rejectMe, toVoid, toCart] = (intake.forms as Array<{ id: string }>).map((f) => f.id) as [
    string,
    string,
    string,
    string,
  ];
  await call("POST", `/v1/payers/${payer}/forms`, {
    body: { forms: [{ form: "1099-NEC", tax_year: 2025, jsonForm: {} }] },
  });
  const single = (await call("POST", "/v1/filings", { body: { payer, ...necRow({ tin: "123450082" }) } }))
    .body.id as string;
  const batch = (
    await call("POST", "/v1/filings/batch", { body: { payer, forms: [necRow({ tin: "123450083" })] } })
  ).body.id as string;
  await call("GET", "/v1/filings?limit=3&status=ready_to_file");
  await call("GET", `/v1/filings/${a}`);
  await call("GET", `/v1/batches/${batch}`);
  const fire = writeFire(
    fileInput([
      {
        form: "1099-NEC",
        corrected: null,
        payer: firePayer(),
        accountNumber: "A-1",
        recipient: fireRecipient({ tin: "555001001", name: "ALEX SAMPLEB", nameControl: "SAMP" }),
        amounts: { NonemployeeCompensationAmt: 10_000 },
        indicators: {},
        codes: {},
        extra: {},
        state: null,
      },
    ]),
    { lineEnding: "crlf" },
  );
  const firePayerId = (
    await call("POST", "/v1/payers", { body: { name: "Example Payer LLC", tin: firePayer().tin } })
  ).body.id as string;
  await call("POST", `/v1/payers/${firePayerId}/fire`, {
    raw: fire,
    headers: { "content-type": "application/octet-stream" },
  });

  await call("DELETE", `/v1/filings/${toVoid}`);
  const item = (await call("POST", "/v1/cart/items", { body: { filing_id: toCart, service: "efile" } })).body
    .id as string;
  await call("DELETE", `/v1/cart/items/${item}`);
  for (const id of [a, rejectMe, single])
    await call("POST", "/v1/cart/items", { body: { filing_id: id, service: "efile" } });
  const cart = (await call("GET", "/v1/cart/details")).body.id as string;
  await call("POST", `/v1/carts/${cart}/items`, { body: { forms: [{ form_id: toCart, service: "efile" }] } });
  await call("GET", "/v1/cart/value");

  await call("PUT", "/v1/payment-method", { body: { token: "tok_visa" } });
  await call("POST", "/v1/balance/top-ups", { body: { amount_cents: 50_000 } });
  await call("PATCH", "/v1/balance", { body: { auto_replenish: { enabled: false } } });
  await call("GET", "/v1/balance");
  await call("GET", "/v1/balance/entries?limit=5");
  const order = (await call("POST", "/v1/cart/pay")).body.order as string;
  await call("POST", "/v1/cart/pay");
  await call("GET", "/v1/orders");
  await call("GET", `/v1/orders/${order}`);
  await work(order);
  await call("GET", `/v1/filings/${a}/ack`);
  await call("GET", `/v1/orders/${order}/ack`);
  await call("GET", `/v1/batches/${intake.batch as string}/ack`);
  await call("GET", `/v1/filings/${a}/copy-b`);
  await call("GET", `/v1/filings/${toVoid}/copy-b`);
  await call("GET", `/v1/filings/${a}/statement`);
  await call("GET", "/v1/filings/fil_unknown/statement");
  await call("GET", "/v1/statement-deliveries?status=returned");
  await call("GET", "/v1/statement-deliveries?status=lost");
  await call("GET", "/v1/sandbox/outbox");
  await call("POST", `/v1/recipients/${recipient}/consent-requests`);
  await call("POST", "/v1/recipients/rcp_unknown000/consent-requests");
  await call("GET", `/v1/recipients/${recipient}/portal-activity`);
  await call("DELETE", `/v1/recipients/${recipient}/portal-lockout`);
  // W-9 requests (issue 40): one signed through the hosted W-9's use case (its token from the sandbox outbox).
  const w9 = (
    await call("POST", "/v1/w9-requests", {
      body: { payer, name: "Wanda Payee", email: "wanda@spec.test", reference: "v-1" },
    })
  ).body.id as string;
  await call("POST", "/v1/w9-requests", { body: { payer } });
  await call("GET", "/v1/w9-requests?status=sent");
  await call("GET", `/v1/w9-requests/${w9}`);
  await call("POST", `/v1/w9-requests/${w9}/resend`);
  await call("GET", `/v1/w9-requests/${w9}/pdf`);
  const outbox = (await call("GET", "/v1/sandbox/outbox")).body.data as { to: string; links: string[] }[];
  const w9Link = outbox.find((m) => m.to === "wanda@spec.test")?.links[0] ?? "";
  const w9Token = w9Link.slice(w9Link.lastIndexOf("/") + 1);
  await api.runtime.runPromise(
    submitW9(
      w9Token,
      {
        request: w9,
        name: "Wanda Payee",
        tax_classification: "individual",
        address_line1: "1 Main St",
        city: "Austin",
        state: "TX",
        postal_code: "78701",
        tin_type: "ssn",
        tin: "900001234",
        signature: "Wanda Payee",
        affirm: "on",
      },
      { ip: "192.0.2.1", userAgent: null },
    ),
  );
  await call("GET", `/v1/w9-requests/${w9}/pdf`);
  await call("POST", `/v1/w9-requests/${w9}/cancel`);
  // B-notices (issue 40 item 4): a CP2100 naming Wanda (the W-9's recipient), one refused file.
  const cp2100 = "name,tin,account_number,tax_year\nWanda Payee,900001234,W-1,2025\nNo One,900001299,,2025\n";
  const firstUpload = await call("POST", `/v1/payers/${payer}/cp2100?notice_date=2025-10-06`, {
    raw: "name,tin,account_number,tax_year\nWanda Payee,900001234,W-1,2024\n",
    headers: { "content-type": "text/csv" },
  });
  const firstNotice = (firstUpload.body.rows as { b_notice: string | null }[])[0]?.b_notice ?? "";
  await call("POST", `/v1/b-notices/${firstNotice}/validation`, { body: { kind: "ssa_validation" } });
  const upload = await call("POST", `/v1/payers/${payer}/cp2100?notice_date=2026-10-05`, {
    raw: cp2100,
    headers: { "content-type": "text/csv" },
  });
  await call("POST", `/v1/payers/${payer}/cp2100?notice_date=2026-10-05`, {
    raw: "name,tin,tax_year\nA,12,2025\n",
    headers: { "content-type": "text/csv" },
  });
  const notice = (upload.body.rows as { b_notice: string | null }[])[0]?.b_notice ?? "";
  await call(
    "GET",
    `/v1/b-notices?recipient=${String((upload.body.rows as { recipient: string }[])[0]?.recipient)}`,
  );
  await call("GET", `/v1/b-notices/${notice}`);
  await call("GET", "/v1/b-notices/bn_unknown0000");
  await call("POST", `/v1/b-notices/${notice}/validation`, { body: { kind: "ssa_validation" } });
  await call("GET", `/v1/recipients/${String((upload.body.rows as { recipient: string }[])[0]?.recipient)}`);
  const w9b = (
    await call("POST", "/v1/w9-requests", { body: { payer, name: "Cy Payee", email: "cy@spec.test" } })
  ).body.id as string;
  await call("POST", `/v1/w9-requests/${w9b}/cancel`);
  await call("GET", `/v1/orders/${order}/copy-b`);
  await call("GET", `/v1/batches/${intake.batch as string}/copy-b`);
  // A W-2 order: its W-3 (an order without W-2s has none: 409).
  await call("GET", `/v1/orders/${order}/w3`);
  await call("POST", `/v1/payers/${payer}/forms`, {
    body: { addToCart: true, service: "efile", forms: [{ form: "W-2", tax_year: 2025, jsonForm: w2Form() }] },
  });
  const w2Order = (await call("POST", "/v1/cart/pay")).body.order as string;
  await work(w2Order);
  await call("GET", `/v1/orders/${w2Order}/w3`);
  await call("POST", `/v1/filings/${a}/corrections`, {
    body: { boxes: { NonemployeeCompensationAmt: "1600.00" } },
  });
  await call("POST", `/v1/filings/${rejectMe}/refile`, {
    body: { jsonForm: necRow({ tin: "123450079", first: "Fixed", last: "Person" }).jsonForm },
  });
  await call("POST", `/v1/filings/${a}/refile`, { body: {} });

  const ext = (await call("POST", "/v1/extensions", { body: { payer, tax_year: 2025, forms: ["1099"] } }))
    .body.id as string;
  await call("POST", "/v1/extensions", { body: { payer, tax_year: 2025, forms: ["1099"] } });
  await call("GET", "/v1/extensions");
  await call("GET", `/v1/extensions/${ext}`);

  const hook = (
    await call("POST", "/v1/webhooks", {
      body: { url: "https://example.com/hooks", events: ["filing.accepted"] },
    })
  ).body.id as string;
  await call("GET", "/v1/webhooks");
  await call("GET", `/v1/webhooks/${hook}`);
  await call("PATCH", `/v1/webhooks/${hook}`, { body: { status: "disabled" } });
  await call("POST", `/v1/webhooks/${hook}/rotate-secret`);
  await call("GET", `/v1/webhooks/${hook}/deliveries`);
  await call("DELETE", `/v1/webhooks/${hook}`);
  const event = (await call("GET", "/v1/events?limit=2")).body.data[0].id as string;
  await call("GET", `/v1/events/${event}`);

  const run = (
    await call("POST", "/v1/tin-match", {
      body: { entries: [{ name: "Jane Roe", tin: "123450084" }], recipients: [recipient] },
    })
  ).body.id as string;
  await call("GET", "/v1/tin-match");
  await call("GET", `/v1/tin-match/${run}`);

  const owner = await newUser(api, "owner@spec.test", "owner", null);
  // A lock-out, as ten failed sign-ins on the production page leave one.
  for (let i = 0; i < 10; i++)
    await api.runtime.runPromise(
      signInFailed("192.0.2.10", { key: owner.id, user: { id: owner.id, accountId: owner.accountId } }),
    );
  const lockout = (await call("GET", "/v1/security/lockouts")).body.data[0].id as string;
  await call("DELETE", `/v1/security/lockouts/${lockout}`);
  await call("DELETE", `/v1/security/lockouts/${lockout}`);
  const app = await newApp(api, { scopes: "filings:read" });
  await userTokens(api, { app, email: "owner@spec.test", payer: api.mainPayerId, scope: "filings:read" });
  const grant = (await call("GET", "/v1/authorizations")).body.data[0].id as string;
  await call("DELETE", `/v1/authorizations/${grant}`);
  await call("DELETE", "/v1/authorizations/00000000-0000-4000-8000-000000000000");
  await call("POST", "/v1/sandbox/reset");

  assert.equal(problems, []);
  const missing = declaredRoutes()
    .map(operationKey)
    .filter((k) => !succeeded.has(k));
  assert.equal(missing, [], "routes without a documented success in this scenario");
});

s("the document's examples validate against their schemas", () => {
  const components = (doc as unknown as { components: { schemas: Record<string, { examples?: unknown[] }> } })
    .components.schemas;
  let n = 0;
  for (const [name, schema] of Object.entries(components)) {
    for (const example of schema.examples ?? []) {
      const validate = ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` });
      assert.ok(validate(example), `${name}: ${ajv.errorsText(validate.errors)}`);
      n++;
    }
  }
  assert.ok(n > 0);
});

s.run();
