// The environment's e-mail outbox (core/ports/email-outbox.port.ts, issue 39) against a store adapter: one message
// per idempotency key (a retry gets the first message back, unchanged), newest-first paging, and scoping.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { OutboxMessage } from "../../../core/ports/email-outbox.port.ts";
import { storeRows } from "../../support/rows.ts";
import {
  clock,
  contractSetup,
  run,
  type ContractContext,
  type OpenStore,
  type RoleStore,
} from "./harness.ts";

export type EmailOutboxStore = RoleStore<"emails" | "sandbox">;

export function emailOutboxContract(name: string, open: OpenStore<EmailOutboxStore>) {
  const s = suite<ContractContext<EmailOutboxStore>>(`E-mail outbox contract: ${name}`);
  const at = clock(Date.UTC(2026, 0, 1));
  const { account } = storeRows(at);
  contractSetup(s, open, account);
  let n = 0;
  const message = (over: Partial<OutboxMessage> = {}): OutboxMessage => ({
    id: `msg_${String(++n).padStart(6, "0")}${Math.random().toString(36).slice(2, 10)}`,
    idempotencyKey: `notice:${n}`,
    to: "pat@example.com",
    subject: "IMPORTANT TAX RETURN DOCUMENT AVAILABLE",
    text: "See https://portal.example/statements/sdl_1",
    html: '<a href="https://portal.example/statements/sdl_1">Open</a>',
    links: ["https://portal.example/statements/sdl_1"],
    createdAt: at(),
    ...over,
  });

  s("a message is kept once per key: a retry answers the first message", async (c) => {
    const repo = c.store.scoped(c.a).emails;
    const first = message({ idempotencyKey: "notice:k1" });
    assert.equal(await run(repo.append(first)), first);
    const again = await run(repo.append(message({ idempotencyKey: "notice:k1", subject: "other" })));
    assert.equal(again.id, first.id, "the first message's id");
    assert.equal(again.subject, first.subject, "unchanged");
    const page = await run(repo.list({ limit: 10, startingAfter: null }));
    assert.equal(
      page.data.map((m) => m.id),
      [first.id],
    );
  });

  s("newest first, paged by the last id; another account's and the live outbox are apart", async (c) => {
    const repo = c.store.scoped(c.a).emails;
    const kept = [message(), message(), message()];
    for (const m of kept) await run(repo.append(m));
    await run(c.store.scoped(c.b).emails.append(message()));
    await run(c.store.scoped(c.live).emails.append(message()));
    const first = await run(repo.list({ limit: 2, startingAfter: null }));
    assert.equal(
      first.data.map((m) => m.id),
      [kept[2]?.id, kept[1]?.id],
    );
    assert.ok(first.hasMore);
    const second = await run(repo.list({ limit: 2, startingAfter: kept[1]?.id ?? null }));
    assert.equal(
      second.data.map((m) => m.id),
      [kept[0]?.id],
    );
    assert.not.ok(second.hasMore);
    assert.equal(second.data[0]?.links, ["https://portal.example/statements/sdl_1"]);
    assert.equal(
      (await run(c.store.scoped(c.b).emails.list({ limit: 10, startingAfter: null }))).data.length,
      1,
    );
    const unknown = await run(repo.list({ limit: 2, startingAfter: "msg_nope" }));
    assert.equal(unknown.data, []);
    assert.ok(unknown.cursorNotFound, "a cursor naming no message is reported");
  });

  s("a sandbox reset empties that environment's outbox only", async (c) => {
    await run(c.store.scoped(c.a).emails.append(message()));
    await run(c.store.scoped(c.live).emails.append(message()));
    await run(c.store.scoped(c.a).sandbox.reset(at(), 100_000, `led_${String(++n).padStart(10, "0")}reset`));
    const none = { limit: 10, startingAfter: null };
    assert.equal((await run(c.store.scoped(c.a).emails.list(none))).data, []);
    assert.is((await run(c.store.scoped(c.live).emails.list(none))).data.length, 1);
  });

  return s;
}
