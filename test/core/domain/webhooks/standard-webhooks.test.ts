// Deliveries carry the Standard Webhooks headers beside Service-Signature: the `standardwebhooks` package (an
// off-the-shelf verifier) accepts them with the endpoint's `whsec_…` secret, and refuses a changed body.
import { randomBytes } from "node:crypto";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Webhook } from "standardwebhooks";
import { newSigningSecret, standardWebhookHeaders } from "../../../../core/domain/webhooks/index.ts";

const secret = newSigningSecret(new Uint8Array(randomBytes(32)));
const body = JSON.stringify({
  id: "evt_123",
  type: "filing.accepted",
  created: 1_760_000_000,
  data: { id: "f1" },
});

test("the standardwebhooks package verifies our headers with the same secret", () => {
  const t = Math.floor(Date.now() / 1000);
  const headers = standardWebhookHeaders([secret], "evt_123", t, body);
  assert.equal(Object.keys(headers).sort(), ["webhook-id", "webhook-signature", "webhook-timestamp"]);
  assert.equal(new Webhook(secret).verify(body, headers), JSON.parse(body));
  // Its own signature is the one we send.
  assert.is(headers["webhook-signature"], new Webhook(secret).sign("evt_123", new Date(t * 1000), body));
});

test("a changed body, another secret or a stale timestamp is refused", () => {
  const t = Math.floor(Date.now() / 1000);
  const headers = standardWebhookHeaders([secret], "evt_123", t, body);
  assert.throws(() => new Webhook(secret).verify(body.replace("f1", "f2"), headers));
  assert.throws(() => new Webhook(newSigningSecret(new Uint8Array(randomBytes(32)))).verify(body, headers));
  const stale = standardWebhookHeaders([secret], "evt_123", t - 3600, body);
  assert.throws(() => new Webhook(secret).verify(body, stale));
});

test("during a rotation both secrets sign, and a receiver with either one verifies", () => {
  const previous = newSigningSecret(new Uint8Array(randomBytes(32)));
  const headers = standardWebhookHeaders([secret, previous], "evt_9", Math.floor(Date.now() / 1000), body);
  assert.is(headers["webhook-signature"]?.split(" ").length, 2);
  assert.ok(new Webhook(secret).verify(body, headers));
  assert.ok(new Webhook(previous).verify(body, headers));
});

test.run();
