// The sandbox's e-mail outbox (issue 39): every e-mail the sandbox would have sent, newest first, so an integrator
// sees exactly what the recipient gets. A live key is refused: live e-mail goes through SMTP and is read by its
// recipient, not through the API.
import * as Effect from "effect/Effect";
import { Forbidden } from "../../domain/shared/errors.ts";
import type { PageQuery } from "../../domain/shared/paging.ts";
import { Store, type Scope } from "../../ports/store.port.ts";

export const listOutbox = Effect.fnUntraced(function* (scope: Scope, page: PageQuery) {
  if (scope.livemode)
    return yield* new Forbidden({
      message:
        "The outbox holds the sandbox's e-mail and takes a sandbox key; live e-mail is sent through SMTP_URL.",
    });
  return yield* (yield* Store).scoped(scope).emails.list(page);
});
