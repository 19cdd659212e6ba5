// Pure OAuth rules: PKCE (RFC 7636 Appendix B), scopes, redirect URIs, token request reading (RFC 6749 §2.3.1,
// §3.2), and the IP allowlist (D35).
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { createHash } from "node:crypto";
import {
  checkChallenge,
  constantTimeEqual,
  hexToBase64Url,
  s256Challenge,
  verifierMatches,
} from "../../../../core/domain/oauth/pkce.ts";
import { isSubset, parseScopes, resolveScope } from "../../../../core/domain/oauth/scopes.ts";
import {
  isRegisteredRedirect,
  redirectWith,
  validateRedirectUri,
} from "../../../../core/domain/oauth/redirect.ts";
import { parseBasic, parseTokenRequest } from "../../../../core/domain/oauth/token-request.ts";
import { OAuthError } from "../../../../core/domain/oauth/errors.ts";
import {
  ipAllowed,
  normalizeAllowlist,
  parseCidr,
  parseIp,
} from "../../../../core/domain/parties/ip-allowlist.ts";

const sha256Hex = (t: string) => createHash("sha256").update(t).digest("hex");

test("PKCE S256: the RFC 7636 Appendix B test vector", () => {
  const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
  assert.is(s256Challenge(verifier, sha256Hex), "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
  assert.ok(verifierMatches(verifier, "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", sha256Hex));
  assert.not.ok(
    verifierMatches(`${verifier.slice(0, -1)}Y`, "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", sha256Hex),
  );
  assert.not.ok(
    verifierMatches("too-short", s256Challenge("too-short", sha256Hex), sha256Hex),
    "verifiers are 43 to 128 characters",
  );
});

test("PKCE: base64url of any digest equals Node's; only S256 with a 43-character challenge is accepted", () => {
  fc.assert(
    fc.property(
      fc.uint8Array({ minLength: 0, maxLength: 64 }),
      (bytes) =>
        hexToBase64Url(Buffer.from(bytes).toString("hex")) === Buffer.from(bytes).toString("base64url"),
    ),
  );
  assert.is(checkChallenge("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", "S256"), null);
  assert.match(checkChallenge("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", "plain") ?? "", /S256/);
  assert.ok(
    checkChallenge("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", undefined),
    "plain by default (RFC 7636 §4.3) is refused",
  );
  assert.ok(checkChallenge(undefined, "S256"));
  assert.ok(checkChallenge("abc", "S256"));
  assert.ok(constantTimeEqual("abc", "abc"));
  assert.not.ok(constantTimeEqual("abc", "abd"));
  assert.not.ok(constantTimeEqual("abc", "abcd"));
});

test("scopes: both vocabularies, space-separated, subsets only", () => {
  assert.equal(parseScopes("filings:read  payers:write"), ["filings:read", "payers:write"]);
  assert.is(parseScopes("filings:read admin"), null);
  assert.is(parseScopes(""), null);
  assert.ok(isSubset(["filings:read"], ["filings:read", "filings:write"]));
  assert.not.ok(isSubset(["webhooks:manage"], ["filings:read"]));
  assert.equal(resolveScope(undefined, ["filings:read"]), { ok: true, scopes: ["filings:read"] });
  assert.is(resolveScope("filings:write", ["filings:read"]).ok, false);
});

test("redirect URIs: https, or http on localhost / 127.0.0.1; no fragment; matched exactly", () => {
  assert.ok(validateRedirectUri("https://app.example/cb").ok);
  assert.ok(validateRedirectUri("http://localhost:8080/cb").ok);
  assert.ok(validateRedirectUri("http://127.0.0.1/cb").ok);
  assert.not.ok(validateRedirectUri("http://app.example/cb").ok);
  assert.not.ok(validateRedirectUri("https://app.example/cb#x").ok);
  assert.not.ok(validateRedirectUri("/relative").ok);
  assert.not.ok(validateRedirectUri("http://localhost.evil.example/cb").ok);
  const registered = ["https://app.example/cb"];
  assert.ok(isRegisteredRedirect("https://app.example/cb", registered));
  for (const near of [
    "https://app.example/cb/",
    "https://app.example/cB",
    "https://app.example/cb?x=1",
    "https://APP.example/cb",
    "https://app.example:443/cb",
  ]) {
    assert.not.ok(isRegisteredRedirect(near, registered), near);
  }
  assert.is(
    redirectWith("https://app.example/cb?keep=1", { code: "c d", state: undefined }),
    "https://app.example/cb?keep=1&code=c+d",
  );
});

const fields = (o: Record<string, string | string[]>) =>
  new Map(Object.entries(o).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));

test("token requests: Basic is form-decoded; one authentication method; repeated parameters refused; empty ones absent", () => {
  const basic = `Basic ${Buffer.from("my%20id:s%3Acret").toString("base64")}`;
  assert.equal(parseBasic(basic), { clientId: "my id", clientSecret: "s:cret" });
  assert.is(parseBasic(undefined), null);
  assert.is(parseBasic("Bearer x"), null);
  assert.instance(parseBasic("Basic ***"), OAuthError);
  const ok = parseTokenRequest(
    fields({ grant_type: "client_credentials", client_id: "a", client_secret: "b", scope: "" }),
    undefined,
  );
  assert.ok(!(ok instanceof OAuthError) && ok.client?.clientId === "a" && ok.scope === undefined);
  const code = (r: unknown) => (r instanceof OAuthError ? r.code : "ok");
  assert.is(
    code(parseTokenRequest(fields({ grant_type: ["client_credentials", "client_credentials"] }), undefined)),
    "invalid_request",
  );
  assert.is(code(parseTokenRequest(fields({}), undefined)), "invalid_request");
  assert.is(code(parseTokenRequest(fields({ grant_type: "implicit" }), undefined)), "unsupported_grant_type");
  assert.is(
    code(parseTokenRequest(fields({ grant_type: "client_credentials", client_secret: "b" }), basic)),
    "invalid_request",
  );
  assert.is(
    code(parseTokenRequest(fields({ grant_type: "client_credentials", client_id: "other" }), basic)),
    "invalid_request",
  );
  assert.is(
    code(parseTokenRequest(fields({ grant_type: "client_credentials", client_id: "my id" }), basic)),
    "ok",
  );
});

test("IP allowlist: IPv4 and IPv6 ranges, IPv4-mapped addresses, bad ranges refused", () => {
  const list = ["10.0.0.0/8", "192.168.1.7", "2001:db8::/32"];
  assert.ok(ipAllowed("10.200.3.4", list));
  assert.ok(ipAllowed("::ffff:10.1.1.1", list));
  assert.ok(ipAllowed("192.168.1.7", list));
  assert.not.ok(ipAllowed("192.168.1.8", list));
  assert.ok(ipAllowed("2001:db8:1::5", list));
  assert.not.ok(ipAllowed("2001:db9::1", list));
  assert.not.ok(ipAllowed("not-an-ip", list));
  assert.not.ok(ipAllowed("11.0.0.1", list));
  assert.ok(ipAllowed("8.8.8.8", ["0.0.0.0/0"]));
  assert.ok(ipAllowed("::1", ["::1/128"]));
  for (const bad of [
    "10.0.0.0/33",
    "300.1.1.1",
    "10.0.0/8",
    "1.2.3.4/8/1",
    "2001:db8::/129",
    "::g",
    "01.2.3.4",
  ])
    assert.is(parseCidr(bad), null, bad);
  assert.equal(normalizeAllowlist([" 10.0.0.0/8", "10.0.0.0/8"]), { ok: true, value: ["10.0.0.0/8"] });
  assert.equal(normalizeAllowlist(["10.0.0.0/8", "nope"]), { ok: false, invalid: "nope" });
  fc.assert(
    fc.property(fc.ipV4(), fc.integer({ min: 0, max: 32 }), (ip, bits) => ipAllowed(ip, [`${ip}/${bits}`])),
  );
  // Every IPv6 address parses; a mapped IPv4 one counts as IPv4, any other is inside its /128 and ::/0 only.
  fc.assert(
    fc.property(fc.ipV6(), (ip) => {
      const parsed = parseIp(ip);
      return (
        parsed !== null &&
        (!parsed.v6 ||
          (ipAllowed(ip, [`${ip}/128`]) && ipAllowed(ip, ["::/0"]) && !ipAllowed(ip, ["0.0.0.0/0"])))
      );
    }),
    { numRuns: 2000 },
  );
});

test.run();
