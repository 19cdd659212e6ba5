// The IRS emulator on the wire: what it accepts and refuses at each endpoint, the manifest rules, answers that
// validate against the IRS status XSD (libxml2 in WebAssembly: no xmllint binary needed), the TIN Matching
// lockout, the fault switches and the admin endpoints.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { buildTransmission } from "../../../core/domain/iris/index.ts";
import { RECEIPT_ID_PATTERN } from "../../../core/domain/iris/transmission.ts";
import {
  INTAKE_PATH,
  STATUS_PATH,
  TIN_MATCH_PATH,
  TOKEN_PATH,
  createIrsEmulator,
} from "../../../adapters/irs-emulator/emulator.ts";
import { validateIris } from "../../../adapters/irs-emulator/xsd.ts";
import { serveEmulator } from "../../../adapters/irs-emulator/server.ts";
import { statusRequestXml } from "../../../adapters/iris-a2a/iris-a2a.ts";
import { ACME, NEC_JANE, TRANSMITTER, filing } from "../../core/domain/iris/fixtures.ts";
import { CREDENTIALS, KEYS, transmission } from "../../adapters/iris-a2a/support.ts";

const BASE = "http://irs.emulator.test";

function emulator(over: Parameters<typeof createIrsEmulator>[0] extends infer O ? Partial<O> : never = {}) {
  let now = Date.UTC(2026, 1, 2, 15);
  const e = createIrsEmulator({
    publicKey: KEYS.publicKey,
    ...CREDENTIALS,
    now: () => new Date(now),
    judge: { knownTccs: ["BB002"] },
    ...over,
  });
  return {
    e,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
  };
}

async function jwt(
  claims: { sub: string; aud?: string; iss?: string; kid?: string | null; ttl?: number; jti?: string },
  iat = Math.floor(Date.UTC(2026, 1, 2, 15) / 1000),
) {
  const header: { alg: string; kid?: string } = { alg: "RS256" };
  if (claims.kid !== null) header.kid = claims.kid ?? CREDENTIALS.keyId;
  return new SignJWT({})
    .setProtectedHeader(header)
    .setIssuer(claims.iss ?? CREDENTIALS.clientId)
    .setSubject(claims.sub)
    .setAudience(claims.aud ?? `${BASE}${TOKEN_PATH}`)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (claims.ttl ?? 900))
    .setJti(claims.jti ?? randomUUID())
    .sign(KEYS.privateKey);
}

async function tokenRequest(e: ReturnType<typeof createIrsEmulator>, user: string, client: string) {
  const body = new URLSearchParams({
    grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
    assertion: user,
    client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
    client_assertion: client,
  });
  return e.fetch(`${BASE}${TOKEN_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });
}

async function token(e: ReturnType<typeof createIrsEmulator>): Promise<string> {
  const r = await tokenRequest(
    e,
    await jwt({ sub: CREDENTIALS.userId }),
    await jwt({ sub: CREDENTIALS.clientId }),
  );
  const j = (await r.json()) as { access_token: string; expires_in: number; token_type: string };
  assert.is(r.status, 200);
  assert.ok(j.expires_in > 0);
  assert.is(j.token_type, "Bearer");
  return j.access_token;
}

const intake = (e: ReturnType<typeof createIrsEmulator>, bearer: string, xml: string | Uint8Array) => {
  const form = new FormData();
  form.append("file", new Blob([xml], { type: "text/xml" }), "transmission.xml");
  return e.fetch(`${BASE}${INTAKE_PATH}`, {
    method: "POST",
    headers: { authorization: `Bearer ${bearer}` },
    body: form,
  });
};
const status = (e: ReturnType<typeof createIrsEmulator>, bearer: string, xml: string) =>
  e.fetch(`${BASE}${STATUS_PATH}`, {
    method: "POST",
    headers: { authorization: `Bearer ${bearer}`, "content-type": "application/xml" },
    body: xml,
  });

function builtXml(): { xml: string; utid: string } {
  const t = transmission([filing("f1", "p1", ACME, "1099-NEC", NEC_JANE())]);
  const b = buildTransmission(t.input, TRANSMITTER);
  if (!b.ok) throw new Error(JSON.stringify(b.problems));
  return { xml: b.value.xml, utid: b.value.uniqueTransmissionId };
}

test("token: both JWTs must verify with the uploaded key, name the right parties and audience, carry a kid, and never replay a jti", async () => {
  const { e } = emulator();
  const user = () => jwt({ sub: CREDENTIALS.userId });
  const client = () => jwt({ sub: CREDENTIALS.clientId });
  assert.ok(await token(e));
  const refused = async (u: Promise<string>, c: Promise<string>, why: RegExp) => {
    const r = await tokenRequest(e, await u, await c);
    assert.is(r.status, 401);
    assert.match(((await r.json()) as { error_description: string }).error_description, why);
  };
  await refused(jwt({ sub: "someone-else" }), client(), /user JWT.*sub/);
  await refused(
    user(),
    jwt({ sub: CREDENTIALS.clientId, aud: "https://elsewhere/token" }),
    /client JWT.*aud/,
  );
  await refused(user(), jwt({ sub: CREDENTIALS.clientId, kid: null }), /kid/);
  await refused(user(), jwt({ sub: CREDENTIALS.clientId, ttl: 3600 }), /15 minutes/);
  const jti = randomUUID();
  assert.is((await tokenRequest(e, await jwt({ sub: CREDENTIALS.userId, jti }), await client())).status, 200);
  await refused(jwt({ sub: CREDENTIALS.userId, jti }), client(), /jti/);
  const form = await e.fetch(`${BASE}${TOKEN_PATH}`, {
    method: "POST",
    body: "grant_type=client_credentials",
  });
  assert.is(form.status, 400);
  assert.is(e.stats.jwtRefused, 5);
});

test("intake: a token is required; not multipart, a BOM, or a schema-invalid document is refused with reasons and no receipt", async () => {
  const { e } = emulator();
  assert.is((await intake(e, "nope", "<x/>")).status, 401);
  const t = await token(e);
  const plain = await e.fetch(`${BASE}${INTAKE_PATH}`, {
    method: "POST",
    headers: { authorization: `Bearer ${t}`, "content-type": "application/xml" },
    body: "<x/>",
  });
  assert.is(plain.status, 400);
  const { xml } = builtXml();
  const bom = await intake(e, t, new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(xml)]));
  assert.is(bom.status, 400);
  assert.match(await bom.text(), /byte order mark/);
  const invalid = await intake(e, t, xml.replace("<TaxYr>2025</TaxYr>", "<TaxYr>twenty</TaxYr>"));
  assert.is(invalid.status, 400);
  assert.match(await invalid.text(), /<ErrorMessageCd>XSD<\/ErrorMessageCd><ErrorMessageTxt>[^<]*TaxYr/);
  assert.is(e.stats.intakeXsdFailures, 1);
  assert.is(e.stats.transmissions, 0);
});

test("intake -> receipt; the same UTID again is refused; status: Processing, then an answer valid under the IRS XSD", async () => {
  const { e, advance } = emulator({ ackDelayMs: 5_000 });
  const t = await token(e);
  const { xml, utid } = builtXml();
  const r = await intake(e, t, xml);
  assert.is(r.status, 200);
  const receipt = /<receiptId>([^<]+)<\/receiptId>/.exec(await r.text())?.[1] ?? "";
  assert.match(receipt, RECEIPT_ID_PATTERN);
  const again = await intake(e, t, xml);
  assert.is(again.status, 400);
  assert.match(await again.text(), /already received/);
  assert.is(e.stats.duplicateIntakes, 1);

  const processing = await (await status(e, t, statusRequestXml("BB002", "A", "RID", [receipt]))).text();
  assert.match(processing, /<TransmissionStatusCd>Processing<\/TransmissionStatusCd>/);
  advance(5_000);
  const done = await (
    await status(e, t, statusRequestXml("BB002", "A", "UTID", [utid, `${randomUUID()}:IRIS:BB002::A`]))
  ).text();
  assert.match(done, /<TransmissionStatusCd>Accepted<\/TransmissionStatusCd>/);
  assert.match(done, new RegExp(`<ReceiptId>${receipt}</ReceiptId>`));
  assert.match(done, /<TransmissionStatusCd>Not Found<\/TransmissionStatusCd>/);
  const other = await (await status(e, t, statusRequestXml("ZZ999", "A", "RID", [receipt]))).text();
  assert.match(other, /Not Found/, "another TCC does not see this transmitter's receipts");
  for (const doc of [processing, done]) {
    const v = await validateIris("status-response", doc);
    assert.ok(v.valid, v.errors.join("\n"));
  }
  const bad = await status(
    e,
    t,
    `<TransStatusOrAckRequest xmlns="urn:us:gov:treasury:irs:ir"><TransmitterControlCd>BB002</TransmitterControlCd></TransStatusOrAckRequest>`,
  );
  assert.is(bad.status, 400);
  assert.is(e.stats.statusXsdFailures, 1);
});

test("manifest rules: a software id of another year, a UTID whose TCC is not the transmitter's, wrong counts: the transmission is rejected", async () => {
  const { e } = emulator({ validateXsd: false });
  const t = await token(e);
  const { xml, utid } = builtXml();
  // The UTID names another TCC than the manifest: the IRS files it under the manifest's TransmitterControlCd.
  const changed = xml
    .replace("<SoftwareId>25A0000001</SoftwareId>", "<SoftwareId>24A0000001</SoftwareId>")
    .replace(utid, utid.replace(":IRIS:BB002::A", ":IRIS:CC003::A"))
    .replace(
      "<TotalRecipientFormCnt>1</TotalRecipientFormCnt>",
      "<TotalRecipientFormCnt>2</TotalRecipientFormCnt>",
    );
  const receipt = /<receiptId>([^<]+)</.exec(await (await intake(e, t, changed)).text())?.[1] ?? "";
  const answer = await (await status(e, t, statusRequestXml("BB002", "A", "RID", [receipt]))).text();
  assert.match(answer, /<TransmissionStatusCd>Rejected<\/TransmissionStatusCd>/);
  const codes = [...answer.matchAll(/<ErrorMessageCd>([^<]+)</g)].map((m) => m[1]);
  assert.equal(codes, ["TMFST039", "TMFST020", "FTMFST009"]);
  const statusOnly = await (await status(e, t, statusRequestXml("BB002", "S", "RID", [receipt]))).text();
  assert.not.match(statusOnly, /ErrorInformationGrp/, "SearchTypeCd S answers the status without the errors");
});

test("TIN Matching: sandbox rules, invalid input refused, and a fourth request for one TIN and name in 24 h locks the caller out", async () => {
  const { e, advance } = emulator({ tokenTtlSeconds: 10 * 24 * 3600 });
  const t = await token(e);
  const ask = (body: unknown) =>
    e.fetch(`${BASE}${TIN_MATCH_PATH}`, {
      method: "POST",
      headers: { authorization: `Bearer ${t}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const code = async (tin: string, name = "Jane Doe") =>
    ((await (await ask({ tin, name, tinType: "SSN" })).json()) as { responseCode: number }).responseCode;
  assert.equal([await code("123456780"), await code("123456781"), await code("000000000")], [0, 3, 2]);
  assert.is((await ask({ tin: "12345", name: "X" })).status, 400);
  assert.is((await ask({ tin: "123456780", name: "Bad <name>" })).status, 400);
  await code("123456782", "Pat Roe");
  await code("123456782", "pat roe");
  advance(25 * 3600 * 1000);
  await code("123456782", "Pat Roe");
  await code("123456782", "Pat Roe");
  assert.is(await code("123456782", "Pat Roe"), 0, "three in the last 24 h: still allowed");
  const fourth = await ask({ tin: "123456782", name: "Pat Roe", tinType: "SSN" });
  assert.is(fourth.status, 403);
  assert.is((await ask({ tin: "123456780", name: "Jane Doe" })).status, 403, "locked out for 96 hours");
  assert.is(e.stats.tinMatchLockouts, 2);
});

test("faults over a real socket: 503 with Retry-After, a dropped reply resets the connection after the transmission was kept; admin endpoints", async () => {
  const { e } = emulator({ validateXsd: false });
  const served = await serveEmulator(e);
  try {
    const set = await fetch(`${served.url}/__emulator/faults`, {
      method: "POST",
      body: JSON.stringify({ unavailable: 1, retryAfterSeconds: 7, dropIntakeReplies: 1 }),
    });
    assert.is(set.status, 200);
    const r503 = await fetch(`${served.url}${TOKEN_PATH}`, { method: "POST", body: "" });
    assert.is(r503.status, 503);
    assert.is(r503.headers.get("retry-after"), "7");
    const body = new URLSearchParams({
      grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
      assertion: await jwt({ sub: CREDENTIALS.userId, aud: `${served.url}${TOKEN_PATH}` }),
      client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
      client_assertion: await jwt({ sub: CREDENTIALS.clientId, aud: `${served.url}${TOKEN_PATH}` }),
    });
    const tok = (await (
      await fetch(`${served.url}${TOKEN_PATH}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      })
    ).json()) as { access_token: string };
    const form = new FormData();
    form.append("file", new Blob([builtXml().xml], { type: "text/xml" }), "transmission.xml");
    const lost = await fetch(`${served.url}${INTAKE_PATH}`, {
      method: "POST",
      headers: { authorization: `Bearer ${tok.access_token}` },
      body: form,
    }).then(
      () => "answered",
      (err: unknown) => (err instanceof TypeError ? "lost" : "other"),
    );
    assert.is(lost, "lost");
    const stats = (await (await fetch(`${served.url}/__emulator/stats`)).json()) as {
      stats: { transmissions: number; repliesDropped: number; unavailableAnswers: number };
    };
    assert.equal(
      [stats.stats.transmissions, stats.stats.repliesDropped, stats.stats.unavailableAnswers],
      [1, 1, 1],
    );
  } finally {
    await served.close();
  }
});

test.run();
