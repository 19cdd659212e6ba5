// The API's one route match per request: route and parameters, 405 with the allowed methods, or 404.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { RouteTable } from "../../../hosts/api/routes/route-table.ts";
import type { RouteDef } from "../../../hosts/api/routes/route.ts";

const route = (method: RouteDef["method"], path: string): RouteDef => ({
  method,
  path,
  scopes: [],
  handler: async () => {},
});
const list = route("get", "/v1/payers");
const create = route("post", "/v1/payers");
const get = route("get", "/v1/payers/:id");
const patch = route("patch", "/v1/payers/:id");
const batch = route("get", "/v1/filings/batch");
const filing = route("get", "/v1/filings/:id");
const nested = route("get", "/v1/payers/:payer/recipients/:id");
const table = new RouteTable([list, create, get, patch, batch, filing, nested]);

test("a path and method find their route with decoded parameters", () => {
  assert.equal(table.match("GET", "/v1/payers/p%201"), { kind: "route", route: get, params: { id: "p 1" } });
  assert.equal(table.match("PATCH", "/v1/payers/abc"), {
    kind: "route",
    route: patch,
    params: { id: "abc" },
  });
  assert.equal(table.match("GET", "/v1/payers/a/recipients/b"), {
    kind: "route",
    route: nested,
    params: { payer: "a", id: "b" },
  });
  assert.equal(table.match("POST", "/v1/payers"), { kind: "route", route: create, params: {} });
});

test("as @koa/router: static segments ignore case, one trailing slash is ignored, HEAD is served by GET", () => {
  assert.equal(table.match("GET", "/V1/Payers"), { kind: "route", route: list, params: {} });
  assert.equal(table.match("GET", "/v1/payers/"), { kind: "route", route: list, params: {} });
  assert.equal(table.match("HEAD", "/v1/payers/x"), { kind: "route", route: get, params: { id: "x" } });
  assert.equal(table.match("GET", "/v1/payers/%E0%A4%A"), {
    kind: "route",
    route: get,
    params: { id: "%E0%A4%A" },
  });
});

test("the first declared route wins where two match", () => {
  assert.equal(table.match("GET", "/v1/filings/batch"), { kind: "route", route: batch, params: {} });
  assert.equal(table.match("GET", "/v1/filings/f_1"), {
    kind: "route",
    route: filing,
    params: { id: "f_1" },
  });
});

test("a known path with another method is 405 with the allowed methods; anything else is 404", () => {
  assert.equal(table.match("DELETE", "/v1/payers/x"), {
    kind: "method_not_allowed",
    allowed: ["GET", "PATCH"],
  });
  assert.equal(table.match("PUT", "/v1/payers"), { kind: "method_not_allowed", allowed: ["GET", "POST"] });
  for (const path of [
    "/v1/nope",
    "/v1/payers//recipients/b",
    "/v1/payers/a/b",
    "",
    "v1/payers",
    "/v1/payers/x/" + "recipients",
  ]) {
    assert.equal(table.match("GET", path), { kind: "not_found" }, path);
  }
});

test.run();
