// The environment's e-mail outbox (issue 39) in memory, with the SQL adapter's rule: one message per key.
import * as Effect from "effect/Effect";
import type { EmailOutboxRepo, OutboxMessage } from "../../../core/ports/email-outbox.port.ts";
import { type FakeScope, pageFrom } from "./shared.ts";

export function fakeEmailOutbox(c: FakeScope): EmailOutboxRepo {
  const { ref, scope } = c;
  const key = (k: string) => JSON.stringify([scope.accountId, scope.livemode, k]);
  const strip = ({
    accountId: _a,
    livemode: _l,
    ...m
  }: OutboxMessage & { accountId: string; livemode: boolean }) => m;
  return {
    append: (m) =>
      Effect.sync(() => {
        const found = ref.t.emails.get(key(m.idempotencyKey));
        if (found) return strip(found);
        ref.t.emails.set(key(m.idempotencyKey), { ...m, ...scope });
        return m;
      }),
    list: (page) =>
      Effect.sync(() =>
        pageFrom(
          [...ref.t.emails.values()]
            .filter((m) => m.accountId === scope.accountId && m.livemode === scope.livemode)
            .map(strip),
          page,
        ),
      ),
  };
}
