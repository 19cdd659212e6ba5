// Malformed IRS replies (issue 14, "Bad input and faults"): a local HTTP server speaks the IRS's wire format in
// front of the emulator and garbles its 200 replies to intake and to status/ack requests: text that is not XML,
// XML of the wrong shape, a body cut short, a connection closed mid-body. The adapter fails each time with
// IrsUnavailable (the typed, retryable error: the job tries again later and the filings stay where they are),
// never with a crash, a TransmissionRefused (which would hand the filings back) or an outcome; and a transmission
// the IRS took behind a garbled reply is found by UTID on the next attempt, never sent twice.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import { INTAKE_PATH, STATUS_PATH } from "../../../adapters/iris-a2a/iris-a2a.ts";
import { RECEIPT_ID_PATTERN } from "../../../core/domain/iris/index.ts";
import { ACME, NEC_JANE, filing } from "../../core/domain/iris/fixtures.ts";
import { BASE, harness, transmission, type Harness } from "./support.ts";

/** What the fake IRS does with the emulator's reply to one kind of request. */
type Garble = { readonly body: (real: string) => string } | { readonly cutOffAfter: number };

interface FakeIrs {
  readonly h: Harness;
  /** Garbling per path (INTAKE_PATH, STATUS_PATH); absent: the emulator's reply as it is. */
  readonly garble: Map<string, Garble>;
  readonly close: () => Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A node:http server in front of the harness's emulator; the adapter reaches it over a real socket. */
async function fakeIrs(): Promise<FakeIrs> {
  const garble = new Map<string, Garble>();
  let url = "";
  const h = harness(
    {},
    {
      fetch: ((input: string | URL | Request, init?: RequestInit) =>
        fetch(String(input).replace(BASE, url), init)) as typeof fetch,
    },
  );
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const path = req.url ?? "/";
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === "string" && k !== "host" && k !== "content-length") headers.set(k, v);
      const body = await bodyOf(req);
      // The emulator (the IRS) takes the request: an intake behind a garbled reply has been received.
      const real = await h.emulator.fetch(`${BASE}${path}`, {
        method: req.method ?? "POST",
        headers,
        ...(body.length > 0 ? { body } : {}),
      });
      const text = await real.text();
      const g = real.status === 200 ? garble.get(path) : undefined;
      if (!g) {
        res.writeHead(real.status, { "content-type": real.headers.get("content-type") ?? "text/plain" });
        res.end(text);
        return;
      }
      if ("body" in g) {
        res.writeHead(200, { "content-type": "application/xml" });
        res.end(g.body(text));
        return;
      }
      // Announce the whole reply, send the start of it, and close the connection.
      const bytes = Buffer.from(text);
      res.writeHead(200, { "content-type": "application/xml", "content-length": String(bytes.length) });
      res.write(bytes.subarray(0, g.cutOffAfter));
      setTimeout(() => req.socket.destroy(), 10);
    })().catch(() => req.socket.destroy());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return {
    h,
    garble,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** The typed failure of `e`; a defect (a crash) or a success fails the test. */
async function failureOf<A, E>(e: Effect.Effect<A, E>): Promise<E> {
  const exit = await Effect.runPromiseExit(e);
  if (Exit.isSuccess(exit)) throw new Error(`expected a failure, got ${JSON.stringify(exit.value)}`);
  const reason = exit.cause.reasons.find((r) => r._tag === "Fail");
  if (!reason || reason._tag !== "Fail")
    throw new Error(`expected a typed failure, got ${String(exit.cause)}`);
  return reason.error;
}

const RECEIPT = "2026-00000000001-abcdefghi";

/** The garbled replies, each by name; `real` is the emulator's reply. */
const MALFORMED: Record<string, Garble> = {
  "not XML": { body: () => "OK, received" },
  "an HTML error page": { body: () => "<html><body><h1>Service Temporarily Unavailable</body></html>" },
  "JSON with a receipt id": { body: () => JSON.stringify({ receiptId: RECEIPT }) },
  empty: { body: () => "" },
  "XML of the wrong root holding a receipt id": {
    body: () => `<Acknowledgement><receiptId>${RECEIPT}</receiptId></Acknowledgement>`,
  },
  "the right root without its content": {
    body: (real) => {
      const root = /<([A-Za-z][\w.:-]*)/.exec(real.replace(/^<\?xml[^>]*\?>/, ""))?.[1] ?? "Missing";
      return `<${root}></${root}>`;
    },
  },
  "the right root with a malformed id and status": {
    body: (real) =>
      real
        .replace(/<(receiptId|ReceiptId)>[^<]*</g, "<$1>not-a-receipt<")
        .replace(/<TransmissionStatusCd>[^<]*</g, "<TransmissionStatusCd>Maybe<"),
  },
  "truncated body": { body: (real) => real.slice(0, Math.floor(real.length / 2)) },
  "connection closed mid-body": { cutOffAfter: 40 },
};

for (const [name, garble] of Object.entries(MALFORMED)) {
  test(`intake answered with ${name}: IrsUnavailable; the next attempt finds the transmission by UTID, sent once`, async () => {
    const f = await fakeIrs();
    try {
      const { h } = f;
      f.garble.set(INTAKE_PATH, garble);
      const t = transmission([filing("f1", "p1", ACME, "1099-NEC", NEC_JANE())]);
      const e = await failureOf(f.h.iris.transmit(t.input, new Date(h.clock.now), false));
      assert.is(e._tag, "IrsUnavailable", e.message);
      assert.is(h.emulator.stats.intakeRequests, 1, "the intake was not resent behind the garbled reply");
      assert.is(h.emulator.stats.transmissions, 1, "the IRS has it");
      const logged = h.logs.find(
        (l) => l.msg === "IRIS intake reply not understood" || l.msg === "IRS request failed",
      );
      assert.ok(logged, JSON.stringify(h.logs));
      assert.type(logged.fields["request_id"], "string", "the log line carries the request id");
      // The worker's next attempt resumes: the IRS is asked by UTID and its receipt taken, nothing sent again.
      f.garble.clear();
      const receipt = await Effect.runPromise(h.iris.transmit(t.input, new Date(h.clock.now), true));
      assert.match(receipt.receiptId, RECEIPT_ID_PATTERN);
      assert.is(h.emulator.stats.intakeRequests, 1);
      assert.is(h.emulator.stats.transmissions, 1);
      assert.is(h.emulator.stats.duplicateIntakes, 0);
    } finally {
      await f.close();
    }
  });

  test(`status/ack answered with ${name}: IrsUnavailable, no outcome; the next poll reads the real one`, async () => {
    const f = await fakeIrs();
    try {
      const { h } = f;
      const t = transmission([filing("f1", "p1", ACME, "1099-NEC", NEC_JANE())]);
      const receipt = await Effect.runPromise(h.iris.transmit(t.input, new Date(h.clock.now), false));
      f.garble.set(STATUS_PATH, garble);
      const ask = () => h.iris.acknowledgements([{ receiptId: receipt.receiptId, records: t.records }]);
      const e = await failureOf(ask());
      assert.is(e._tag, "IrsUnavailable", e.message);
      assert.ok(
        h.logs.some(
          (l) =>
            (l.msg === "IRIS status reply not understood" || l.msg === "IRS request failed") &&
            typeof l.fields["request_id"] === "string",
        ),
        JSON.stringify(h.logs),
      );
      f.garble.clear();
      const [ack] = await Effect.runPromise(ask());
      assert.is(ack?.status, "done");
      if (ack?.status === "done")
        assert.equal(
          ack.records.map((r) => [r.filingId, r.status]),
          [["f1", "accepted"]],
        );
    } finally {
      await f.close();
    }
  });

  test(`a resumed transmission whose UTID lookup is answered with ${name}: IrsUnavailable, nothing sent`, async () => {
    const f = await fakeIrs();
    try {
      const { h } = f;
      f.garble.set(STATUS_PATH, garble);
      const t = transmission([filing("f1", "p1", ACME, "1099-NEC", NEC_JANE())]);
      const e = await failureOf(h.iris.transmit(t.input, new Date(h.clock.now), true));
      assert.is(e._tag, "IrsUnavailable", e.message);
      assert.is(h.emulator.stats.intakeRequests, 0, "a garbled lookup is not read as Not Found");
    } finally {
      await f.close();
    }
  });
}

test("a UTID lookup answered about other ids only is not read as Not Found: nothing sent twice", async () => {
  const f = await fakeIrs();
  try {
    const { h } = f;
    f.garble.set(INTAKE_PATH, { body: () => "OK" });
    const t = transmission([filing("f1", "p1", ACME, "1099-NEC", NEC_JANE())]);
    assert.is(
      (await failureOf(h.iris.transmit(t.input, new Date(h.clock.now), false)))._tag,
      "IrsUnavailable",
    );
    f.garble.clear();
    const other = "00000000-0000-4000-8000-000000000000:IRIS:BB002::A";
    f.garble.set(STATUS_PATH, {
      body: (real) =>
        real
          .replace(/<SearchId>[^<]*</g, `<SearchId>${other}<`)
          .replace(/<UniqueTransmissionId>[^<]*</g, `<UniqueTransmissionId>${other}<`)
          .replace(/<ReceiptId>[^<]*</g, "<ReceiptId>2026-00000000009-zzzzzzzzz<"),
    });
    const e = await failureOf(h.iris.transmit(t.input, new Date(h.clock.now), true));
    assert.is(e._tag, "IrsUnavailable", e.message);
    assert.is(h.emulator.stats.intakeRequests, 1, "the transmission the IRS has is not sent again");
    assert.is(h.emulator.stats.duplicateIntakes, 0);
  } finally {
    await f.close();
  }
});

test.run();
