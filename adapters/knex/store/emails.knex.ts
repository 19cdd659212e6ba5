// The environment's e-mail outbox (issue 39): one message per idempotency key, newest first.
import type { EmailOutboxRepo } from "../../../core/ports/email-outbox.port.ts";
import type { Scope } from "../../../core/ports/store.port.ts";
import { toOutboxMessage } from "../rows.ts";
import { type Db, pageMap, pageOf, run, scopedTable } from "./shared.ts";

export function emailOutboxRepo(db: Db, scope: Scope): EmailOutboxRepo {
  return {
    append: (m) =>
      run(async () => {
        await db("email_outbox")
          .insert({
            id: m.id,
            account_id: scope.accountId,
            livemode: scope.livemode,
            idempotency_key: m.idempotencyKey,
            to_email: m.to,
            subject: m.subject,
            text_body: m.text,
            html_body: m.html,
            links: JSON.stringify(m.links),
            created_at: m.createdAt,
          })
          .onConflict(["account_id", "livemode", "idempotency_key"])
          .ignore();
        return toOutboxMessage(
          await scopedTable(db, "email_outbox", scope).where("idempotency_key", m.idempotencyKey).first(),
        );
      }),
    list: (page) =>
      run(async () => pageMap(await pageOf(db, "email_outbox", scope, page), page.limit, toOutboxMessage)),
  };
}
