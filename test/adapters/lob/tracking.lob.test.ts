// Lob's tracking webhooks end to end: letters sent through the adapter to the emulator, whose signed events reach a
// real HTTP receiver; the adapter's verification takes them as LetterEvents and refuses unsigned, forged, stale and
// altered ones.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import * as Redacted from "effect/Redacted";
import { makeLobMailHouse } from "../../../adapters/lob/mail-house.lob.ts";
import { lobSignature, makeLobMailTracking, verifyLobWebhook } from "../../../adapters/lob/tracking.lob.ts";
import type { LetterEvent, MailHouse } from "../../../core/ports/mail-house.port.ts";
import type { TrackingNotification } from "../../../core/ports/mail-tracking.port.ts";
import { startLobEmulator, type StartedLobEmulator } from "../../../adapters/lob-emulator/server.ts";
import { API_KEY, failure, letter, type Received, startReceiver, WEBHOOK_SECRET } from "./support.ts";

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const notification = (r: Received): TrackingNotification => ({
  meta: Object.fromEntries(
    Object.entries(r.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : v]),
  ),
  rawBody: r.body,
});

const tracking = (now = () => new Date()) =>
  makeLobMailTracking({ webhookSecret: Redacted.make(WEBHOOK_SECRET), now });

const read = (n: TrackingNotification, now?: () => Date) => Effect.runPromise(tracking(now).read(n));

const ofLetter = async (receiver: Receiver, vendorId: string): Promise<LetterEvent[]> => {
  const out: LetterEvent[] = [];
  for (const r of receiver.received)
    out.push(...(await read(notification(r))).filter((e) => e.vendorId === vendorId));
  return out;
};

const s = suite<{ lob: StartedLobEmulator; receiver: Receiver; mail: MailHouse["Service"] }>(
  "Lob tracking webhooks",
);

s.before(async (ctx) => {
  ctx.receiver = await startReceiver();
  ctx.lob = await startLobEmulator({
    apiKey: API_KEY,
    webhookUrl: `${ctx.receiver.url}/webhooks/lob`,
    webhookSecret: WEBHOOK_SECRET,
    mailDelayMs: 5,
  });
  ctx.mail = makeLobMailHouse({ apiKey: Redacted.make(API_KEY), apiBase: ctx.lob.url });
});
s.after(async (ctx) => {
  await ctx.lob.close();
  await ctx.receiver.close();
});

const send = async (mail: MailHouse["Service"], over: Parameters<typeof letter>[0] = {}) => {
  const out = await Effect.runPromise(mail.send(letter(over)));
  if (out.kind !== "queued") throw new Error(`expected a queued letter, got ${JSON.stringify(out)}`);
  return out.vendorId;
};

s(
  "a letter's signed events arrive on their own timers and read as mailed, in transit, delivered",
  async (ctx) => {
    const from = ctx.receiver.received.length;
    const id = await send(ctx.mail);
    await ctx.receiver.waitFor(from + 3);
    const arrived = ctx.receiver.received.slice(from);
    for (const r of arrived) {
      assert.match(String(r.headers["lob-signature"]), /^[0-9a-f]{64}$/);
      assert.match(String(r.headers["lob-signature-timestamp"]), /^\d{13}$/, "milliseconds since the epoch");
    }
    const events = await ofLetter(ctx.receiver, id);
    assert.equal(
      events.map((e) => e.status),
      ["mailed", "in_transit", "delivered"],
    );
    for (const e of events) assert.ok(Math.abs(Date.parse(e.at) - Date.now()) < 60_000, e.at);
    assert.is(ctx.lob.letters().find((l) => l.id === id)?.status, "delivered");
  },
);

s("an address with 'returned' is mailed, then returned to sender", async (ctx) => {
  const from = ctx.receiver.received.length;
  const id = await send(ctx.mail, { addressLine1: "9 Returned Ln" });
  await ctx.receiver.waitFor(from + 2);
  await ctx.lob.flushEvents();
  const events = await ofLetter(ctx.receiver, id);
  assert.equal(
    events.map((e) => e.status),
    ["mailed", "returned"],
  );
  assert.equal(
    ctx.lob
      .deliveries()
      .filter((d) => d.letterId === id)
      .map((d) => d.eventType),
    ["letter.mailed", "letter.returned_to_sender"],
  );
});

s("flushEvents runs every pending step now, in order, when the delay is long", async () => {
  const receiver = await startReceiver();
  const lob = await startLobEmulator({
    apiKey: API_KEY,
    webhookUrl: receiver.url,
    webhookSecret: WEBHOOK_SECRET,
    mailDelayMs: 3_600_000,
  });
  try {
    const mail = makeLobMailHouse({ apiKey: Redacted.make(API_KEY), apiBase: lob.url });
    const a = await send(mail);
    const b = await send(mail, { addressLine1: "1 Returned Ct" });
    assert.is(receiver.received.length, 0, "nothing before the delay");
    await lob.flushEvents();
    assert.equal(
      (await ofLetter(receiver, a)).map((e) => e.status),
      ["mailed", "in_transit", "delivered"],
    );
    assert.equal(
      (await ofLetter(receiver, b)).map((e) => e.status),
      ["mailed", "returned"],
    );
    assert.ok(lob.deliveries().every((d) => d.status === 200));
  } finally {
    await lob.close();
    await receiver.close();
  }
});

s("unsigned, forged, stale and altered notifications are Unauthorized", async (ctx) => {
  const id = await send(ctx.mail);
  await ctx.lob.flushEvents();
  const genuine = ctx.receiver.received.find((r) => r.body.includes(id) && r.body.includes("letter.mailed"));
  if (!genuine) throw new Error("no mailed event arrived");
  const good = notification(genuine);
  const at = Number(good.meta["lob-signature-timestamp"]);
  assert.equal(await read(good, () => new Date(at + 4 * 60_000)), [
    { vendorId: id, status: "mailed", at: JSON.parse(good.rawBody).date_created },
  ]);

  const refused = async (n: TrackingNotification, now = () => new Date(at + 1000)) => {
    const e = await failure(tracking(now).read(n));
    assert.is(e._tag, "Unauthorized");
    return e.message;
  };
  const unsigned = { ...good.meta, "lob-signature": undefined, "lob-signature-timestamp": undefined };
  assert.match(await refused({ ...good, meta: unsigned }), /no Lob-Signature/);
  assert.match(
    await refused({ ...good, meta: { ...good.meta, "lob-signature": undefined } }),
    /no Lob-Signature/,
  );

  const forgedSig = lobSignature("not-the-secret", String(at), good.rawBody);
  assert.match(
    await refused({ ...good, meta: { ...good.meta, "lob-signature": forgedSig } }),
    /does not match/,
  );

  assert.match(await refused(good, () => new Date(at + 6 * 60_000)), /five minutes/, "replayed later");
  assert.match(await refused(good, () => new Date(at - 6 * 60_000)), /five minutes/, "from the future");

  // A captured signature over a changed body: a forger turning "mailed" into "delivered".
  const altered = good.rawBody.replace("letter.mailed", "letter.delivered");
  assert.is.not(altered, good.rawBody);
  assert.match(await refused({ ...good, rawBody: altered }), /does not match/);
  // Nor a fresh timestamp under the old signature.
  assert.match(
    await refused({ ...good, meta: { ...good.meta, "lob-signature-timestamp": String(at + 1000) } }),
    /does not match/,
  );
});

s("verifyLobWebhook: a signed event that is not about a letter's travel reads as no event", () => {
  const now = new Date("2026-02-01T12:00:00.000Z");
  const timestamp = String(now.getTime());
  const body = JSON.stringify({
    id: "evt_1",
    event_type: { id: "letter.created" },
    body: { id: "ltr_abc" },
    date_created: now.toISOString(),
  });
  const headers = {
    "Lob-Signature": lobSignature(WEBHOOK_SECRET, timestamp, body),
    "Lob-Signature-Timestamp": timestamp,
  };
  assert.equal(verifyLobWebhook({ secret: WEBHOOK_SECRET, headers, rawBody: body, now }), {
    ok: true,
    events: [],
    eventId: "evt_1",
  });
  const delivered = body.replace("letter.created", "letter.delivered");
  const signed = {
    ...headers,
    "Lob-Signature": lobSignature(WEBHOOK_SECRET, timestamp, delivered).toUpperCase(),
  };
  assert.equal(verifyLobWebhook({ secret: WEBHOOK_SECRET, headers: signed, rawBody: delivered, now }), {
    ok: true,
    events: [{ vendorId: "ltr_abc", status: "delivered", at: now.toISOString() }],
    eventId: "evt_1",
  });
});

s.run();
