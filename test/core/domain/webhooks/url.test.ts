import { test } from "uvu";
import * as assert from "uvu/assert";
import { isPrivateAddress, validateWebhookUrl } from "../../../../core/domain/webhooks/index.ts";

const production = { livemode: true, sandboxLoopback: true };
const sandbox = { livemode: false, sandboxLoopback: true };
const sharedSandbox = { livemode: false, sandboxLoopback: false };

test("URL rules (D29): accepted", () => {
  const cases: Array<[string, boolean, string]> = [
    ["https://example.com/webhooks", true, "https://example.com/webhooks"],
    ["https://example.com", true, "https://example.com/"],
    ["https://EXAMPLE.com:8443/a?b=c", true, "https://example.com:8443/a?b=c"],
    ["https://hooks.example.co.uk/x/y", false, "https://hooks.example.co.uk/x/y"],
    ["https://93.184.216.34/hook", true, "https://93.184.216.34/hook"],
    [
      "https://[2606:2800:220:1:248:1893:25c8:1946]/hook",
      true,
      "https://[2606:2800:220:1:248:1893:25c8:1946]/hook",
    ],
    ["http://localhost/hook", false, "http://localhost/hook"],
    ["http://localhost:4000/hook", false, "http://localhost:4000/hook"],
    ["http://127.0.0.1:9/hook", false, "http://127.0.0.1:9/hook"],
    ["https://localhost:3000/hook", false, "https://localhost:3000/hook"],
    // Loopback in any form is the same machine: allowed where the operator allows sandbox loopback.
    ["http://127.0.0.2/hook", false, "http://127.0.0.2/hook"],
    ["http://[::1]/hook", false, "http://[::1]/hook"],
    ["http://2130706433:5432/", false, "http://127.0.0.1:5432/"],
    // Every port a connection can be made to, 1 to 65535; the scheme's own port is left out.
    ["https://example.com:1/hook", true, "https://example.com:1/hook"],
    ["https://example.com:65535/hook", true, "https://example.com:65535/hook"],
    ["https://example.com:443/hook", true, "https://example.com/hook"],
    ["https://example.com:0443/hook", false, "https://example.com/hook"],
  ];
  for (const [input, livemode, url] of cases) {
    assert.equal(
      validateWebhookUrl(input, { livemode, sandboxLoopback: true }),
      { ok: true, url },
      `${input} (${livemode ? "production" : "sandbox"})`,
    );
  }
});

test("URL rules (D29): refused", () => {
  const cases: Array<[unknown, boolean, RegExp]> = [
    ["http://example.com/hook", true, /https/],
    ["http://example.com/hook", false, /https/],
    ["http://localhost/hook", true, /public/],
    ["http://127.0.0.1/hook", true, /public/],
    ["http://localhost.example.com/hook", false, /https/],
    ["https://user:pass@example.com/hook", true, /credentials/],
    ["https://user@example.com/hook", false, /credentials/],
    ["https://:secret@example.com/hook", true, /credentials/],
    ["https://user:@example.com/hook", false, /credentials/],
    ["https://%75ser:pass@example.com/hook", true, /credentials/],
    // Port 0 names no port: nothing can be connected to there (and a client library would pick the default).
    ["https://example.com:0/hook", true, /port/],
    ["https://example.com:0/hook", false, /port/],
    ["https://example.com:000/hook", true, /port/],
    ["https://93.184.216.34:0/hook", true, /port/],
    ["http://localhost:0/hook", false, /port/],
    ["http://127.0.0.1:0/hook", false, /port/],
    ["https://example.com:65536/hook", true, /absolute/],
    ["https://example.com:-1/hook", false, /absolute/],
    ["https://example.com/hook#frag", true, /fragment/],
    ["https://example.com/hook#", true, /fragment/],
    ["ftp://example.com/hook", true, /https/],
    ["javascript:alert(1)", false, /https/],
    ["file:///etc/passwd", false, /https/],
    ["ws://example.com/", false, /https/],
    ["//example.com/hook", true, /absolute/],
    ["/hook", true, /absolute/],
    ["https://", true, /absolute/],
    ["https://exa mple.com/", true, /spaces/],
    [" https://example.com/", true, /spaces/],
    ["https://example.com/\n", true, /spaces/],
    ["", true, /non-empty/],
    [42, true, /non-empty/],
    [null, false, /non-empty/],
    [`https://example.com/${"a".repeat(2100)}`, true, /2048/],
    // Production: targets that can only be private.
    ["https://localhost/hook", true, /public/],
    ["https://127.0.0.1/hook", true, /public/],
    ["https://10.1.2.3/hook", true, /public/],
    ["https://169.254.169.254/latest/meta-data", true, /public/],
    ["https://[::1]/hook", true, /public/],
    ["https://[::ffff:127.0.0.1]/hook", true, /public/],
    ["https://[fd00::1]/hook", true, /public/],
    ["https://0x7f000001/hook", true, /public/],
    ["https://2130706433/hook", true, /public/],
    ["https://intranet/hook", true, /public/],
    ["https://printer.local/hook", true, /public/],
    ["https://api.internal/hook", true, /public/],
    ["https://foo.localhost/hook", true, /public/],
  ];
  for (const [input, livemode, message] of cases) {
    const r = validateWebhookUrl(input, { livemode, sandboxLoopback: true });
    assert.is(r.ok, false, `${String(input)} should be refused (${livemode ? "production" : "sandbox"})`);
    if (!r.ok) assert.match(r.message, message, String(input));
  }
});

test("sandbox refuses private targets other than loopback, as production does", () => {
  for (const url of [
    "https://10.1.2.3/hook",
    "https://169.254.169.254/",
    "https://[fd00::1]/",
    "http://192.168.1.1/",
  ]) {
    assert.not.ok(validateWebhookUrl(url, sandbox).ok, url);
    assert.not.ok(validateWebhookUrl(url, production).ok, url);
  }
});

test("with sandbox loopback off (shared deployments), every form of a loopback address is refused", () => {
  const forms = [
    "http://localhost/",
    "http://LOCALHOST.:80/",
    "https://localhost/",
    "http://127.0.0.1:5432/",
    "https://127.0.0.1/",
    "http://127.1/",
    "http://127.0.1/",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://0x7f.0x0.0x0.0x1/",
    "http://0177.0.0.1/",
    "http://017700000001/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[0:0:0:0:0:ffff:7f00:1]/",
    "http://foo.localhost/",
    "http://127.255.255.254:22/",
  ];
  for (const url of forms) {
    const r = validateWebhookUrl(url, sharedSandbox);
    assert.not.ok(r.ok, `${url} must be refused`);
    if (!r.ok) assert.match(r.message, /public|https/, url);
    assert.ok(validateWebhookUrl(url, sandbox).ok, `${url} allowed with loopback on`);
  }
  assert.ok(validateWebhookUrl("https://example.com/hook", sharedSandbox).ok);
});

test("private address table (IPv4)", () => {
  const priv = [
    "0.0.0.0",
    "0.1.2.3",
    "10.0.0.1",
    "10.255.255.255",
    "100.64.0.1",
    "100.127.255.254",
    "127.0.0.1",
    "127.255.0.9",
    "169.254.169.254",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "192.0.0.8",
    "192.0.2.5",
    "198.18.0.1",
    "198.19.255.255",
    "198.51.100.7",
    "203.0.113.9",
    "224.0.0.1",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
  ];
  const pub = [
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "100.63.255.255",
    "100.128.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "192.167.255.255",
    "192.169.0.0",
    "169.253.255.255",
    "198.17.255.255",
    "198.20.0.0",
    "223.255.255.255",
    "11.0.0.0",
  ];
  for (const ip of priv) assert.ok(isPrivateAddress(ip), ip);
  for (const ip of pub) assert.not.ok(isPrivateAddress(ip), ip);
});

test("private address table (IPv6, mapped, embedded, malformed)", () => {
  const priv = [
    "::",
    "::1",
    "[::1]",
    "0:0:0:0:0:0:0:1",
    "fe80::1",
    "fe80::1%eth0",
    "febf::1",
    "fc00::1",
    "fd12:3456:789a::1",
    "fec0::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "::127.0.0.1",
    "::ffff:0:10.0.0.1",
    "64:ff9b::10.0.0.1",
    "64:ff9b:1::1",
    "2002:0a00:0001::1",
    "2002:7f00:1::",
    "2001:db8::1",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    "100::1",
    // Not IP addresses at all: refused (fail closed).
    "",
    "localhost",
    "example.com",
    "1.2.3",
    "1.2.3.4.5",
    "256.1.1.1",
    "01.2.3.4",
    "1::2::3",
    "1:2:3:4:5:6:7:8:9",
    "12345::1",
    "::ffff:1.2.3.256",
    "g::1",
    "1:2:3:4:5:6:7::8:9",
  ];
  const pub = [
    "2606:4700:4700::1111",
    "2001:4860:4860::8888",
    "::ffff:8.8.8.8",
    "::ffff:808:808",
    "64:ff9b::8.8.8.8",
    "2002:0808:0808::1",
    "2a00:1450:4001:81b::200e",
    "[2606:4700:4700::1111]",
    "2001:4860:4860:0:0:0:0:8888",
  ];
  for (const ip of priv) assert.ok(isPrivateAddress(ip), ip);
  for (const ip of pub) assert.not.ok(isPrivateAddress(ip), ip);
});

test("WEBHOOK_PRIVATE_TARGETS: an operator inside its own network allows private targets in live mode too", () => {
  const internal = { livemode: true, sandboxLoopback: false, privateTargets: true };
  for (const url of ["http://127.0.0.1:8080/hooks", "http://10.0.0.5/hooks", "https://hooks.internal/x"]) {
    assert.equal(validateWebhookUrl(url, internal), { ok: true, url }, url);
  }
  // The URL's own rules still hold.
  assert.not.ok(validateWebhookUrl("ftp://10.0.0.5/hooks", internal).ok);
  assert.not.ok(validateWebhookUrl("http://user:pw@10.0.0.5/hooks", internal).ok);
  assert.not.ok(validateWebhookUrl("http://127.0.0.1:8080/hooks", production).ok, "off by default");
});

test.run();
