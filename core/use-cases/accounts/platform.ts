// Form 8809 extensions (D24) and the sandbox reset (SPEC "Sandbox", D3).
import * as Effect from "effect/Effect";
import { parseExtension, type Extension } from "../../domain/extensions/extension.ts";
import { extensionView } from "../../domain/extensions/views.ts";
import { checkExtension } from "../../domain/iris/rules/index.ts";
import { Forbidden, InvalidRequest, NotFound } from "../../domain/shared/errors.ts";
import type { PageQuery } from "../../domain/shared/paging.ts";
import { isUuid } from "../../domain/shared/validation.ts";
import { sandboxResetView } from "../../domain/parties/views.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { Store, type Scope } from "../../ports/store.port.ts";
import { SEED_BALANCE_CENTS } from "./accounts.ts";
import { Repos, withTransaction } from "../../ports/unit-of-work.port.ts";

/** An IRS-format receipt id ([1-9][0-9]{3}-[0-9]{11}-[0-9a-zA-Z]{9}) for free, immediately accepted requests. */
export function sandboxReceiptId(now: Date, random: string): string {
  const digits = [...random]
    .map((c) => String(c.charCodeAt(0) % 10))
    .join("")
    .padEnd(11, "0")
    .slice(0, 11);
  return `${String(now.getUTCFullYear()).replace(/^0/, "1")}-${digits}-${random.slice(0, 9).padEnd(9, "0")}`;
}

export const requestExtension = Effect.fn("requestExtension")(function* (scope: Scope, body: unknown) {
  const input = parseExtension(body);
  if (input instanceof InvalidRequest) return yield* input;
  const repos = (yield* Store).scoped(scope);
  if (!isUuid(input.payerId) || !(yield* repos.payers.get(input.payerId))) {
    return yield* new InvalidRequest({
      param: "payer",
      message: `No payer ${input.payerId} in this environment.`,
    });
  }
  const existing = yield* repos.extensions.find(input.payerId, input.taxYear, input.formsKey);
  if (existing) return { created: false, body: extensionView(existing, true) };
  const ids = yield* Ids;
  const now = (yield* Clock).now();
  // IRS rules S2H001/S2H002: asked for after the tax year and by the returns' due date. Production only: the
  // sandbox accepts any date so that integrations can be exercised all year.
  const late = scope.livemode
    ? checkExtension({ taxYear: input.taxYear, forms: input.forms, now })[0]
    : undefined;
  if (late)
    return yield* new InvalidRequest({
      param: late.path.startsWith("forms") ? "forms" : late.path,
      code: late.code,
      message: late.message,
    });
  const ext: Extension = {
    id: ids.short("ext_"),
    payerId: input.payerId,
    taxYear: input.taxYear,
    forms: input.forms,
    reasons: input.reasons,
    status: "accepted",
    receiptId: sandboxReceiptId(now, ids.short("", 20)),
    livemode: scope.livemode,
    createdAt: now.toISOString(),
  };
  if (!(yield* repos.extensions.insert(ext, input.formsKey))) {
    const winner = yield* repos.extensions.find(input.payerId, input.taxYear, input.formsKey);
    if (winner) return { created: false, body: extensionView(winner, true) };
  }
  return { created: true, body: extensionView(ext, false) };
});

export const getExtension = Effect.fnUntraced(function* (scope: Scope, id: string) {
  const e = /^ext_[A-Za-z0-9]{6,40}$/.test(id)
    ? yield* (yield* Store).scoped(scope).extensions.get(id)
    : undefined;
  if (!e) return yield* new NotFound({ message: `No extension ${id} in this environment.` });
  return extensionView(e, false);
});

/** `confinedTo`: the payer a payer-scoped grant acts for (D32); filtered in the query, so pages stay full. */
export const listExtensions = Effect.fnUntraced(function* (
  scope: Scope,
  page: PageQuery,
  confinedTo: string | null = null,
) {
  return yield* (yield* Store).scoped(scope).extensions.list(page, confinedTo ?? undefined);
});

export const resetSandbox = Effect.fn("resetSandbox")(function* (scope: Scope) {
  if (scope.livemode)
    return yield* new Forbidden({
      message: "The sandbox reset takes a sandbox key; production data is never reset.",
    });
  const ids = yield* Ids;
  const now = (yield* Clock).now().toISOString();
  const cleared = yield* withTransaction(
    Effect.gen(function* () {
      const tx = yield* Repos(scope);
      yield* tx.balance.lock();
      return yield* tx.sandbox.reset(
        now,
        SEED_BALANCE_CENTS,
        `led_${"1".padStart(10, "0")}${ids.short("", 10)}`,
      );
    }),
  );
  return sandboxResetView(cleared);
});
