// The Lob mail house against the Lob emulator on a random port (adapters/lob-emulator): verification first, the
// letter as Lob takes it, idempotent replays, cancel, and every failure the port names (stub servers for 5xx and
// an unreachable Lob).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import * as Redacted from "effect/Redacted";
import { makeLobMailHouse } from "../../../adapters/lob/mail-house.lob.ts";
import { multipart } from "../../../adapters/lob/client.ts";
import type { ServiceUnavailable } from "../../../core/domain/shared/errors.ts";
import type { MailHouse } from "../../../core/ports/mail-house.port.ts";
import { startLobEmulator, type StartedLobEmulator } from "../../../adapters/lob-emulator/server.ts";
import { API_KEY, failure, letter, PDF, startStub } from "./support.ts";

const s = suite<{ lob: StartedLobEmulator; mail: MailHouse["Service"]; logs: string[] }>("Lob mail house");

s.before(async (ctx) => {
  // Nothing is mailed until a test flushes the tracking steps.
  ctx.lob = await startLobEmulator({ apiKey: API_KEY, mailDelayMs: 60_000 });
  ctx.logs = [];
  ctx.mail = makeLobMailHouse({
    apiKey: Redacted.make(API_KEY),
    apiBase: ctx.lob.url,
    log: (l) => ctx.logs.push(l),
  });
});
s.after(async (ctx) => {
  await ctx.lob.close();
});
s.before.each((ctx) => {
  ctx.lob.faults.unavailable = 0;
  ctx.lob.faults.rateLimited = 0;
  ctx.logs.length = 0;
});

s(
  "a deliverable address: verified, then one letter as Lob takes it, with the PDF kept",
  async ({ lob, mail }) => {
    const verified = lob.verifications();
    const request = letter();
    const out = await Effect.runPromise(mail.send(request));
    if (out.kind !== "queued") throw new Error(`expected queued, got ${JSON.stringify(out)}`);
    assert.match(out.vendorId, /^ltr_[0-9a-f]+$/);
    assert.match(out.expectedDeliveryDate ?? "", /^\d{4}-\d{2}-\d{2}$/);
    assert.is(lob.verifications(), verified + 1);

    const kept = lob.letters().find((l) => l.id === out.vendorId);
    if (!kept) throw new Error("the emulator has no such letter");
    assert.equal([...kept.file], [...PDF], "the PDF is the statement, byte for byte");
    assert.is(kept.fileType, "application/pdf");
    assert.is(kept.idempotencyKey, request.idempotencyKey);
    assert.equal(
      {
        color: kept.color,
        mailType: kept.mailType,
        useType: kept.useType,
        addressPlacement: kept.addressPlacement,
      },
      {
        color: false,
        mailType: "usps_first_class",
        useType: "operational",
        addressPlacement: "insert_blank_page",
      },
    );
    assert.equal(kept.metadata, request.metadata);
    assert.equal(
      {
        name: kept.to.name,
        line1: kept.to.address_line1,
        line2: kept.to.address_line2,
        city: kept.to.address_city,
        state: kept.to.address_state,
        zip: kept.to.address_zip,
        country: kept.to.address_country,
      },
      {
        name: "Jordan Recipient",
        line1: "185 Berry St",
        line2: "Ste 6100",
        city: "San Francisco",
        state: "CA",
        zip: "94107",
        country: "US",
      },
    );
    assert.is(kept.from.address_line1, "1 Return Way");
    assert.is(kept.status, "created");
  },
);

s("an undeliverable address: undeliverable with a reason, and no letter made", async ({ lob, mail }) => {
  const before = lob.letters().length;
  const verified = lob.verifications();
  const out = await Effect.runPromise(mail.send(letter({ addressLine1: "1 Undeliverable Rd" })));
  assert.is(out.kind, "undeliverable");
  assert.match(out.kind === "undeliverable" ? out.reason : "", /could not verify/);
  assert.is(lob.verifications(), verified + 1, "Lob was asked");
  assert.is(lob.letters().length, before, "no letter");
});

s("an incomplete address is undeliverable without asking Lob", async ({ lob, mail }) => {
  const verified = lob.verifications();
  const out = await Effect.runPromise(mail.send(letter({ postalCode: null })));
  assert.is(out.kind, "undeliverable");
  assert.is(lob.verifications(), verified);
});

s(
  "the same idempotency key twice is one letter (a retried send answers the same letter)",
  async ({ lob, mail }) => {
    const before = lob.letters().length;
    const request = letter();
    const first = await Effect.runPromise(mail.send(request));
    const again = await Effect.runPromise(mail.send({ ...request }));
    assert.is(first.kind, "queued");
    assert.equal(again, first);
    assert.is(lob.letters().length, before + 1);
    const other = await Effect.runPromise(mail.send(letter()));
    assert.is.not(other.kind === "queued" && other.vendorId, first.kind === "queued" && first.vendorId);
    assert.is(lob.letters().length, before + 2, "another key is another letter");
  },
);

s("Lob refusing the letter (422) is undeliverable with Lob's message", async ({ lob, mail }) => {
  const before = lob.letters().length;
  const out = await Effect.runPromise(
    mail.send(
      letter({
        addressLine1: "Undeliverable Strasse 1",
        city: "Berlin",
        state: null,
        postalCode: "10115",
        country: "DE",
      }),
    ),
  );
  assert.equal(out, { kind: "undeliverable", reason: "Lob: to address is undeliverable" });
  assert.is(lob.letters().length, before);
});

s("a value that reads as a TIN is not sent as metadata", async ({ lob, mail, logs }) => {
  const request = letter();
  const out = await Effect.runPromise(
    mail.send({ ...request, metadata: { ...request.metadata, note: "tin 123-45-6789" } }),
  );
  const kept = lob.letters().find((l) => out.kind === "queued" && l.id === out.vendorId);
  assert.equal(kept?.metadata, request.metadata);
  assert.ok(logs.some((l) => l.includes("metadata note")));
  assert.not.ok(logs.some((l) => l.includes("6789")));
});

s(
  "the service's own ids are sent as metadata even where nine digits run in them",
  async ({ lob, mail, logs }) => {
    const request = letter();
    // A filing id (a UUID) and a delivery id (a short id) with nine digits in a row: not TINs.
    const metadata = {
      filing: "0f3c1a2b-1234-4cde-8f00-123456789abc",
      delivery: "sdl_Ab123456789Cd0EfGhIj",
    };
    const out = await Effect.runPromise(mail.send({ ...request, metadata }));
    const kept = lob.letters().find((l) => out.kind === "queued" && l.id === out.vendorId);
    assert.equal(kept?.metadata, metadata);
    assert.not.ok(logs.some((l) => l.includes("looks like a TIN")));
    // A TIN with a prefix is not an id.
    const tin = await Effect.runPromise(mail.send({ ...letter(), metadata: { note: "ssn_123456789" } }));
    const sent = lob.letters().find((l) => tin.kind === "queued" && l.id === tin.vendorId);
    assert.equal(sent?.metadata, {});
  },
);

s("the letter's multipart body reads back as FormData would have sent it", async () => {
  const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x0d, 0x0a, 0x00, 0xff]);
  const form = multipart(
    [
      ["to[name]", 'José "Pepe" Núñez'],
      ["to[address_line2]", "line one\nline two"],
      ['metadata[odd"name]', "x"],
    ],
    { name: "file", filename: "statement.pdf", type: "application/pdf", bytes },
  );
  const read = await new Response(form.body, { headers: { "content-type": form.contentType } }).formData();
  assert.is(read.get("to[name]"), 'José "Pepe" Núñez');
  assert.is(read.get("to[address_line2]"), "line one\r\nline two");
  assert.is(read.get('metadata[odd"name]'), "x", "a quote in a name, encoded as FormData encodes it");
  const file = read.get("file") as File;
  assert.is(file.name, "statement.pdf");
  assert.is(file.type, "application/pdf");
  assert.equal([...new Uint8Array(await file.arrayBuffer())], [...bytes]);
});

s(
  "Lob rate limiting (429) is ServiceUnavailable carrying Retry-After; the retry works",
  async ({ lob, mail }) => {
    lob.faults.rateLimited = 1;
    lob.faults.retryAfterSeconds = 7;
    const before = lob.letters().length;
    const e = (await failure(mail.send(letter()))) as ServiceUnavailable;
    assert.is(e._tag, "ServiceUnavailable");
    assert.is(e.retryAfterSeconds, 7);
    assert.is(lob.letters().length, before);
    const out = await Effect.runPromise(mail.send(letter()));
    assert.is(out.kind, "queued");
  },
);

s("the emulator's rate limit answers 429 with the rest of the window as Retry-After", async () => {
  const lob = await startLobEmulator({
    apiKey: API_KEY,
    mailDelayMs: 60_000,
    rateLimit: { requests: 2, windowMs: 60_000 },
  });
  try {
    const mail = makeLobMailHouse({ apiKey: Redacted.make(API_KEY), apiBase: lob.url });
    assert.is(
      (await Effect.runPromise(mail.send(letter()))).kind,
      "queued",
      "two requests: verify and letter",
    );
    const e = (await failure(mail.send(letter()))) as ServiceUnavailable;
    assert.is(e._tag, "ServiceUnavailable");
    assert.ok((e.retryAfterSeconds ?? 0) >= 59, String(e.retryAfterSeconds));
  } finally {
    await lob.close();
  }
});

s("5xx from Lob is ServiceUnavailable with Retry-After; so is an unreachable Lob", async () => {
  const stub = await startStub(
    500,
    { error: { message: "Internal server error", status_code: 500 } },
    { "retry-after": "30" },
  );
  const logs: string[] = [];
  try {
    const mail = makeLobMailHouse({
      apiKey: Redacted.make(API_KEY),
      apiBase: stub.url,
      log: (l) => logs.push(l),
    });
    const e = (await failure(mail.send(letter()))) as ServiceUnavailable;
    assert.is(e._tag, "ServiceUnavailable");
    assert.is(e.retryAfterSeconds, 30);
    assert.is(stub.hits(), 1);
    assert.ok(logs.some((l) => l.includes("500")));
  } finally {
    await stub.close();
  }
  const gone = makeLobMailHouse({ apiKey: Redacted.make(API_KEY), apiBase: stub.url, timeoutMs: 2000 });
  assert.is((await failure(gone.send(letter())))._tag, "ServiceUnavailable");
  assert.is(
    (await failure(gone.cancel({ scope: letter().scope, vendorId: "ltr_1" })))._tag,
    "ServiceUnavailable",
  );
});

s("a wrong key is ServiceUnavailable naming LOB_API_KEY (never the key), logged", async ({ lob }) => {
  const logs: string[] = [];
  const wrong = "test_wrongwrongwrongwrong";
  const mail = makeLobMailHouse({ apiKey: Redacted.make(wrong), apiBase: lob.url, log: (l) => logs.push(l) });
  const before = lob.letters().length;
  const e = await failure(mail.send(letter()));
  assert.is(e._tag, "ServiceUnavailable");
  assert.match(e.message, /LOB_API_KEY/);
  assert.match(e.message, /401/);
  assert.not.match(e.message, wrong);
  assert.ok(logs.some((l) => l.includes("LOB_API_KEY")));
  assert.not.ok(logs.some((l) => l.includes(wrong)));
  assert.is(lob.letters().length, before);
});

s("cancel: true before the letter is mailed (and again), false once it is", async ({ lob, mail }) => {
  const scope = letter().scope;
  const a = await Effect.runPromise(mail.send(letter()));
  const b = await Effect.runPromise(mail.send(letter()));
  if (a.kind !== "queued" || b.kind !== "queued") throw new Error("expected two letters");
  assert.is(await Effect.runPromise(mail.cancel({ scope, vendorId: a.vendorId })), true);
  assert.is(await Effect.runPromise(mail.cancel({ scope, vendorId: a.vendorId })), true, "canceling twice");
  assert.is(lob.letters().find((l) => l.id === a.vendorId)?.deleted, true);

  await lob.flushEvents();
  assert.is(lob.letters().find((l) => l.id === b.vendorId)?.status, "delivered");
  assert.is(
    lob.letters().find((l) => l.id === a.vendorId)?.status,
    "created",
    "a canceled letter is never mailed",
  );
  assert.is(await Effect.runPromise(mail.cancel({ scope, vendorId: b.vendorId })), false);
  assert.is(lob.letters().find((l) => l.id === b.vendorId)?.deleted, false);
});

s.run();
