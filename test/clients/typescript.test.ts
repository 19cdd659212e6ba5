// The typed client (clients/typescript) drives the quick start against the real Koa host: payer with contact
// fields -> forms -> cart -> pay -> accepted -> Copy B. Every log line of the run (API access log and the IRS
// adapters, at debug level) is captured, and none holds a TIN the test sent. Also: the client's types are current.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import {
  createClient,
  listAll,
  paginate,
  unwrap,
  ApiError,
  verifySignature,
} from "../../clients/typescript/src/index.ts";
import { generateSchemaTs } from "../../clients/typescript/generate.ts";
import { apiDocument } from "../../hosts/api/openapi/snapshot.ts";
import { setDefaultLogDestination } from "../../hosts/shared/logger.ts";
import { applyAcknowledgement, transmitOrder } from "../../core/use-cases/lifecycle/transmission.ts";
import { startApi, type TestApi } from "../support/api.ts";
import { necRow, payerBody } from "../support/forms.ts";

const root = join(import.meta.dirname, "..", "..");
const logs: string[] = [];
const PAYER_TIN = "12-3456701";
const RECIPIENT_TINS = ["123-45-6701", "123-45-6702"];

const s = suite<{ api: TestApi }>("typed client");
s.before(async (ctx) => {
  setDefaultLogDestination({
    write: (line: string) => {
      logs.push(line);
    },
  });
  ctx.api = await startApi("pglite", { logLevel: "debug" });
});
s.after(async (ctx) => {
  await ctx.api.close();
  setDefaultLogDestination(undefined);
});

const row = (tin: string, last: string) => necRow({ tin, last, amount: "1500.00" });

s(
  "the quick start, through the typed client: payer -> forms -> cart -> pay -> accepted -> Copy B",
  async ({ api }) => {
    const client = createClient({ baseUrl: api.base, apiKey: api.key });
    const payer = unwrap(
      await client.POST("/v1/payers", {
        body: payerBody("Acme Widgets LLC", PAYER_TIN),
      }),
    );
    assert.is(payer.object, "payer");
    assert.is(payer.tin_last4, "6701");

    const intake = unwrap(
      await client.POST("/v1/payers/{payerId}/forms", {
        params: { path: { payerId: payer.id } },
        body: {
          reference: "jan",
          forms: [row(RECIPIENT_TINS[0] as string, "Roe"), row(RECIPIENT_TINS[1] as string, "Poe")],
        },
      }),
    );
    assert.is(intake.created, 2);
    const ids = intake.forms.map((f) => f.id as string);

    for (const id of ids)
      unwrap(await client.POST("/v1/cart/items", { body: { filing_id: id, service: "efile" } }));
    const cart = unwrap(await client.GET("/v1/cart/details"));
    assert.is(cart.item_count, 2);

    // The same Idempotency-Key replays the first answer: the cart is paid once.
    const key = "quick-start-pay-1";
    const paid = unwrap(
      await client.POST("/v1/cart/pay", { params: { header: { "Idempotency-Key": key } } }),
    );
    const again = unwrap(
      await client.POST("/v1/cart/pay", { params: { header: { "Idempotency-Key": key } } }),
    );
    assert.equal(again, paid);
    assert.is(paid.filed, 2);

    // The worker's part: transmit the order and apply the (sandbox) IRS acknowledgement.
    const scope = { accountId: api.accountId, livemode: false };
    const sent = await api.runtime.runPromise(transmitOrder(scope, paid.order));
    for (const receipt of sent.awaitingAck)
      await api.runtime.runPromise(applyAcknowledgement(scope, receipt));

    const filing = unwrap(
      await client.GET("/v1/filings/{id}", { params: { path: { id: ids[0] as string } } }),
    );
    assert.is(filing.status, "accepted");
    const ack = unwrap(await client.GET("/v1/filings/{id}/ack", { params: { path: { id: filing.id } } }));
    assert.is(ack.status, "accepted");

    const pdf = await client.GET("/v1/filings/{id}/copy-b", {
      params: { path: { id: filing.id } },
      parseAs: "arrayBuffer",
    });
    assert.is(pdf.response.status, 200);
    assert.is(
      Buffer.from(pdf.data as ArrayBuffer)
        .subarray(0, 4)
        .toString(),
      "%PDF",
    );

    // Paging helpers follow next_cursor.
    const all = await listAll((starting_after) =>
      client.GET("/v1/filings", { params: { query: { limit: 1, payer: payer.id, starting_after } } }),
    );
    assert.equal(all.map((f) => f.id).sort(), [...ids].sort());
    let n = 0;
    for await (const f of paginate((starting_after) =>
      client.GET("/v1/filings", {
        params: { query: { limit: 1, status: "accepted", payer: payer.id, starting_after } },
      }),
    )) {
      assert.is(f.status, "accepted");
      n++;
    }
    assert.is(n, 2);
  },
);

s("errors come back as ApiError with type, param and the Request-Id", async ({ api }) => {
  const client = createClient({ baseUrl: api.base, apiKey: api.key });
  try {
    unwrap(await client.POST("/v1/payers", { body: { tin: "not a tin" } }));
    assert.unreachable();
  } catch (e) {
    assert.instance(e, ApiError);
    const err = e as ApiError;
    assert.is(err.status, 422);
    assert.is(err.type, "invalid_request");
    assert.ok(err.requestId);
  }
  assert.type(verifySignature, "function");
});

s("no log line of the run holds a TIN it sent", () => {
  assert.ok(
    logs.some((l) => l.includes('"msg":"request"')),
    "the run was logged",
  );
  const text = logs.join("");
  for (const tin of [PAYER_TIN, ...RECIPIENT_TINS]) {
    assert.not.ok(text.includes(tin), `${tin} in the logs`);
    assert.not.ok(text.includes(tin.replace(/-/g, "")), `${tin} (digits) in the logs`);
  }
});

s("clients/typescript/src/schema.ts is generated from the current document (`npm run openapi`)", () => {
  assert.ok(
    readFileSync(join(root, "clients", "typescript", "src", "schema.ts"), "utf8") ===
      generateSchemaTs(apiDocument()),
    "stale: run `npm run openapi`",
  );
});

s.run();
