// Random JSON at the payer and recipient endpoints never produces a 5xx.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { startApi, type TestApi } from "../../support/api.ts";
import { backends } from "../../support/db.ts";
import { PARTY_FIELDS } from "../../support/forms.ts";

const fields = [...PARTY_FIELDS, "id", "object", "__proto__", "constructor"];
const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom("123456789", "12-3456789", "ca", "electronic", "ssn", ""),
  fc.string({ maxLength: 40 }),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 8 }),
  fc.jsonValue({ maxDepth: 3 }),
);

for (const backend of backends) {
  const s = suite<{ api: TestApi }>(`fuzz: no 5xx from malformed requests (${backend})`);
  s.before(async (ctx) => {
    ctx.api = await startApi(backend);
  });
  s.after(async (ctx) => {
    await ctx.api.close();
  });

  s("POST/PATCH payers and recipients with random bodies: always < 500", async ({ api }) => {
    const target = (
      await api.request("POST", "/v1/recipients", {
        body: { payer: api.mainPayerId, name: "Fuzz", tin: "123456789" },
      })
    ).body.id;
    const paths: Array<[string, string]> = [
      ["POST", "/v1/payers"],
      ["PATCH", `/v1/payers/${api.mainPayerId}`],
      ["POST", "/v1/recipients"],
      ["PATCH", `/v1/recipients/${target}`],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), body, async ([method, path], b) => {
        const r = await api.request(method, path, { body: b });
        assert.ok(r.status < 500, `${method} ${path} ${JSON.stringify(b)} -> ${r.status} ${r.text}`);
        assert.ok(r.body && (r.status < 400 || typeof r.body.error?.type === "string"));
      }),
      { numRuns: 150 },
    );
  });

  s("random raw bytes and query strings: always < 500", async ({ api }) => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), fc.string({ maxLength: 30 }), async (raw, q) => {
        const r1 = await api.request("POST", "/v1/payers", {
          raw,
          headers: { "content-type": "application/json" },
        });
        assert.ok(r1.status < 500, `${JSON.stringify(raw)} -> ${r1.status}`);
        const r2 = await api.request(
          "GET",
          `/v1/recipients?limit=${encodeURIComponent(q)}&payer=${encodeURIComponent(q)}&starting_after=${encodeURIComponent(q)}`,
        );
        assert.ok(r2.status < 500, `${JSON.stringify(q)} -> ${r2.status} ${r2.text}`);
        const r3 = await api.request("GET", `/v1/payers/${encodeURIComponent(q) || "x"}`);
        assert.ok(r3.status < 500, `${JSON.stringify(q)} -> ${r3.status}`);
      }),
      { numRuns: 100 },
    );
  });

  s.run();
}
