// The Lob emulator's wire behaviour on its own (in-process fetch): Lob's error shape for a wrong key, required
// letter fields, the PDF size limit, idempotent replays, GET and DELETE of a letter.
import { createHash } from "node:crypto";
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import * as Redacted from "effect/Redacted";
import { makeLobMailHouse } from "../../../adapters/lob/mail-house.lob.ts";
import { createLobEmulator } from "../../../adapters/lob-emulator/emulator.ts";
import { API_KEY, letter, PDF } from "../../adapters/lob/support.ts";

const auth = (key = API_KEY) => ({ authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` });

function letterForm(
  omit: string[] = [],
  file: Blob = new Blob([PDF], { type: "application/pdf" }),
): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    "to[name]": "Jordan Recipient",
    "to[address_line1]": "185 Berry St",
    "to[address_city]": "San Francisco",
    "to[address_state]": "CA",
    "to[address_zip]": "94107",
    "from[name]": "Filing Service",
    "from[address_line1]": "1 Return Way",
    "from[address_city]": "Austin",
    "from[address_state]": "TX",
    "from[address_zip]": "78701",
    color: "false",
    use_type: "operational",
    "metadata[filing]": "fil_1",
  };
  for (const [k, v] of Object.entries(fields)) if (!omit.includes(k)) form.set(k, v);
  if (!omit.includes("file")) form.set("file", file, "statement.pdf");
  return form;
}

const call = async (lob: ReturnType<typeof createLobEmulator>, path: string, init: RequestInit = {}) => {
  const r = await lob.fetch(`http://lob.test${path}`, {
    ...init,
    headers: { ...auth(), ...(init.headers as Record<string, string>) },
  });
  return { status: r.status, headers: r.headers, body: (await r.json()) as Record<string, any> };
};

test("a wrong or missing key is 401 in Lob's error shape", async () => {
  const lob = createLobEmulator({ apiKey: API_KEY, mailDelayMs: 60_000 });
  for (const headers of [{}, auth("test_other"), { authorization: "Bearer x" }]) {
    const r = await lob.fetch("http://lob.test/v1/letters/ltr_1", { headers });
    assert.is(r.status, 401);
    const body = (await r.json()) as { error: { message: string; status_code: number } };
    assert.is(body.error.status_code, 401);
    assert.type(body.error.message, "string");
  }
  const withPassword = await lob.fetch("http://lob.test/v1/letters/ltr_1", {
    headers: { authorization: `Basic ${Buffer.from(`${API_KEY}:anything`).toString("base64")}` },
  });
  assert.is(withPassword.status, 404, "Lob takes any password");
  lob.close();
});

test("each required letter field missing is 422 naming it; nothing is kept", async () => {
  const lob = createLobEmulator({ apiKey: API_KEY, mailDelayMs: 60_000 });
  for (const [field, message] of [
    ["to[address_line1]", /to\.address_line1 is required/],
    ["to[address_zip]", /to\.address_zip is required/],
    ["from[name]", /from\.name is required/],
    ["file", /file is required/],
    ["color", /color is required/],
    ["use_type", /use_type/],
  ] as const) {
    const r = await call(lob, "/v1/letters", { method: "POST", body: letterForm([field]) });
    assert.is(r.status, 422, field);
    assert.is(r.body["error"].status_code, 422);
    assert.match(r.body["error"].message, message);
  }
  const notPdf = await call(lob, "/v1/letters", {
    method: "POST",
    body: letterForm([], new Blob(["hello"], { type: "application/pdf" })),
  });
  assert.is(notPdf.status, 422);
  assert.is(lob.letters().length, 0);
  lob.close();
});

test("a PDF over the size limit is 422; the adapter takes it as a defect, not an undeliverable address", async () => {
  const lob = createLobEmulator({ apiKey: API_KEY, mailDelayMs: 60_000, maxFileBytes: 1000 });
  const big = new Uint8Array(5000);
  big.set(PDF);
  const r = await call(lob, "/v1/letters", {
    method: "POST",
    body: letterForm([], new Blob([big], { type: "application/pdf" })),
  });
  assert.is(r.status, 422);
  assert.match(r.body["error"].message, /file must be no larger than 1000 bytes/);
  const mail = makeLobMailHouse({
    apiKey: Redacted.make(API_KEY),
    apiBase: "http://lob.test",
    fetch: lob.fetch,
  });
  const exit = await Effect.runPromiseExit(mail.send({ ...letter(), pdf: big }));
  assert.ok(Exit.isFailure(exit) && exit.cause.reasons.some((x) => x._tag === "Die"), String(exit));
  assert.is(lob.letters().length, 0);
  lob.close();
});

test("the same Idempotency-Key answers the same letter; GET reads it; DELETE cancels it until mailed", async () => {
  const lob = createLobEmulator({ apiKey: API_KEY, mailDelayMs: 60_000 });
  const first = await call(lob, "/v1/letters", {
    method: "POST",
    body: letterForm(),
    headers: { "idempotency-key": "k1" },
  });
  assert.is(first.status, 200);
  assert.match(first.body["id"], /^ltr_/);
  const replay = await call(lob, "/v1/letters", {
    method: "POST",
    body: letterForm(["metadata[filing]"]),
    headers: { "idempotency-key": "k1" },
  });
  assert.is(replay.body["id"], first.body["id"]);
  const noKey = await call(lob, "/v1/letters", { method: "POST", body: letterForm() });
  assert.is.not(noKey.body["id"], first.body["id"]);
  assert.is(lob.letters().length, 2);

  const got = await call(lob, `/v1/letters/${first.body["id"]}`);
  assert.equal(
    [got.body["object"], got.body["metadata"], got.body["to"].address_line1, got.body["use_type"]],
    ["letter", { filing: "fil_1" }, "185 Berry St", "operational"],
  );
  assert.equal((await call(lob, `/v1/letters/${first.body["id"]}`, { method: "DELETE" })).body, {
    id: first.body["id"],
    deleted: true,
  });
  await lob.flushEvents();
  const late = await call(lob, `/v1/letters/${noKey.body["id"]}`, { method: "DELETE" });
  assert.is(late.status, 422);
  assert.is((await call(lob, "/v1/letters/ltr_unknown", { method: "DELETE" })).status, 404);
  assert.equal(
    lob.letters().map((l) => [l.deleted, l.status]),
    [
      [true, "created"],
      [false, "delivered"],
    ],
  );
  lob.close();
});

test("faults: 503 and 429 with Retry-After for the next requests, then normal", async () => {
  const lob = createLobEmulator({ apiKey: API_KEY, mailDelayMs: 60_000 });
  lob.faults.unavailable = 1;
  lob.faults.rateLimited = 1;
  lob.faults.retryAfterSeconds = 3;
  const verify = () =>
    call(lob, "/v1/us_verifications", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ primary_line: "185 Berry St", zip_code: "94107" }),
    });
  const a = await verify();
  const b = await verify();
  const c = await verify();
  assert.equal(
    [a.status, a.headers.get("retry-after"), b.status, b.headers.get("retry-after"), c.status],
    [503, "3", 429, "3", 200],
  );
  assert.is(c.body["deliverability"], "deliverable");
  lob.close();
});

test.run();

test("keepFiles: the latest letters keep their PDF, older ones its SHA-256 and size; replays still answer", async () => {
  const lob = createLobEmulator({ apiKey: API_KEY, mailDelayMs: 60_000, keepFiles: 2 });
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await call(lob, "/v1/letters", {
      method: "POST",
      body: letterForm(),
      headers: { "idempotency-key": `keep-${i}` },
    });
    ids.push(r.body["id"]);
  }
  const sha = createHash("sha256").update(PDF).digest("hex");
  assert.equal(
    lob.letters().map((l) => [l.file.byteLength, l.fileBytes, l.fileSha256]),
    [0, 0, 0, PDF.byteLength, PDF.byteLength].map((n) => [n, PDF.byteLength, sha]),
  );
  const file = (id: string | undefined) => lob.fetch(`http://lob.test/__emulator/letters/${String(id)}/file`);
  assert.is((await file(ids[0])).status, 410);
  const kept = await file(ids[4]);
  assert.is(kept.status, 200);
  assert.equal([...new Uint8Array(await kept.arrayBuffer())], [...PDF]);
  const replay = await call(lob, "/v1/letters", {
    method: "POST",
    body: letterForm(),
    headers: { "idempotency-key": "keep-0" },
  });
  assert.is(replay.body["id"], ids[0], "an evicted file's letter still answers its key");
  assert.is(lob.letters().length, 5);
  lob.close();
});
