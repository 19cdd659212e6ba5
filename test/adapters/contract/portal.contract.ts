// The recipient portal's storage (core/ports/portal.port.ts, issue 39) against a store adapter: one access code per
// recipient (the first kept) found across accounts, attempts counted before the answer with a lock past the limit
// (and no count while locked), a reset, the activity newest first and scoped, a statement's first view only.
import { randomUUID } from "node:crypto";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { storeRows } from "../../support/rows.ts";
import {
  clock,
  contractSetup,
  run,
  type ContractContext,
  type OpenStore,
  type RoleStore,
} from "./harness.ts";

export type PortalStore = RoleStore<"portal" | "statements", "statementQueue">;

export function portalContract(name: string, open: OpenStore<PortalStore>) {
  const s = suite<ContractContext<PortalStore>>(`Portal contract: ${name}`);
  const at = clock(Date.UTC(2026, 0, 1));
  const { account } = storeRows(at);
  contractSetup(s, open, account);
  const code = () => randomUUID().replaceAll("-", "").slice(0, 12).toUpperCase();

  s(
    "the first access code is kept and found across accounts; another environment's is its own",
    async (c) => {
      const recipient = randomUUID();
      const first = code();
      assert.is(await run(c.store.scoped(c.a).portal.accessCode(recipient, first)), first);
      assert.is(await run(c.store.scoped(c.a).portal.accessCode(recipient, code())), first, "kept");
      assert.equal(await run(c.store.statementQueue.byAccessCode(first)), {
        accountId: c.a.accountId,
        livemode: false,
        recipientId: recipient,
      });
      assert.is(await run(c.store.statementQueue.byAccessCode(code())), undefined);
      const [access] = await run(c.store.scoped(c.a).portal.access([recipient]));
      assert.equal(access, { recipientId: recipient, accessCode: first, attempts: 0, lockedUntil: null });
      const [other] = await run(c.store.scoped(c.live).portal.access([recipient]));
      assert.is(other?.accessCode, null);
    },
  );

  s(
    "attempts: the limit is allowed, the next locks for a window, a locked one is not counted; reset",
    async (c) => {
      const repo = c.store.scoped(c.a).portal;
      const recipient = randomUUID();
      const rule = { limit: 3, windowSeconds: 600 };
      const t0 = Date.UTC(2026, 1, 1);
      const results = [];
      for (let i = 0; i < 4; i++)
        results.push(await run(repo.attempt(recipient, rule, new Date(t0 + i * 1000))));
      assert.equal(
        results.map((r) => [r.allowed, r.attempts]),
        [
          [true, 1],
          [true, 2],
          [true, 3],
          [false, 3],
        ],
      );
      assert.is(results[3]?.lockedUntil, new Date(t0 + 3000 + 600_000).toISOString());
      const locked = await run(repo.attempt(recipient, rule, new Date(t0 + 10_000)));
      assert.equal([locked.allowed, locked.lockedUntil], [false, results[3]?.lockedUntil ?? null]);
      const [seen] = await run(repo.access([recipient]));
      assert.is(seen?.lockedUntil, results[3]?.lockedUntil ?? null, "the payer sees the lock");
      const after = await run(repo.attempt(recipient, rule, new Date(t0 + 3000 + 600_001)));
      assert.equal([after.allowed, after.attempts], [true, 1], "a new window after the lock");
      assert.ok(await run(repo.reset(recipient)));
      assert.not.ok(await run(repo.reset(recipient)), "nothing left to reset");
      await run(repo.lock(recipient, new Date(t0 + 9_999_999).toISOString()));
      assert.not.ok((await run(repo.attempt(recipient, rule, new Date(t0 + 20_000)))).allowed);
      assert.not.ok(
        (await run(c.store.scoped(c.b).portal.attempt(recipient, rule, new Date(t0)))).allowed === false,
      );
    },
  );

  s(
    "activity newest first and by recipient; a statement's first view only; a recipient's statements",
    async (c) => {
      const repo = c.store.scoped(c.a).portal;
      const recipient = randomUUID();
      const ids = ["pac_0001", "pac_0002", "pac_0003"].map((p) => `${p}${randomUUID().slice(0, 8)}`);
      for (const [i, id] of ids.entries())
        await run(
          repo.record({
            id,
            recipientId: recipient,
            action: i === 0 ? "signed_in" : "viewed",
            filingId: null,
            ip: "203.0.113.7",
            userAgent: "test",
            createdAt: at(),
          }),
        );
      await run(
        c.store.scoped(c.b).portal.record({
          id: `pac_b${randomUUID().slice(0, 8)}`,
          recipientId: recipient,
          action: "viewed",
          filingId: null,
          ip: "203.0.113.8",
          userAgent: null,
          createdAt: at(),
        }),
      );
      const page = await run(repo.activity(recipient, { limit: 2, startingAfter: null }));
      assert.equal(
        page.data.map((a) => a.id),
        [ids[2], ids[1]],
      );
      assert.ok(page.hasMore);
      const rest = await run(repo.activity(recipient, { limit: 2, startingAfter: ids[1] ?? null }));
      assert.equal(
        rest.data.map((a) => [a.id, a.action, a.ip]),
        [[ids[0], "signed_in", "203.0.113.7"]],
      );

      const statements = c.store.scoped(c.a).statements;
      const [f1, f2] = [randomUUID(), randomUUID()];
      await run(statements.open([{ filingId: f1, recipientId: recipient }], at()));
      await run(statements.open([{ filingId: f2, recipientId: recipient }], at()));
      assert.equal(
        (await run(statements.byRecipient(recipient))).map((x) => x.filingId),
        [f2, f1],
      );
      assert.equal(await run(c.store.scoped(c.b).statements.byRecipient(recipient)), []);
      assert.ok(await run(statements.markViewed(f1, at())));
      assert.not.ok(await run(statements.markViewed(f1, at())), "the first view only");
      assert.not.ok(await run(statements.markViewed(randomUUID(), at())), "no such statement");
    },
  );

  return s;
}
