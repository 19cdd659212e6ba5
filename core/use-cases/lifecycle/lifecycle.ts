// After intake: void (D18), corrections (D19), re-file (D20) and acknowledgements (D21).
import * as Effect from "effect/Effect";
import { unsealTins, type Filing } from "../../domain/filing/filing.ts";
import { ackListView, ackView, correctionIntakeView } from "../../domain/filing/views.ts";
import {
  intakeOptions,
  OPTION_PROPS,
  type OptionFields,
  type ParsedIntake,
  type RowError,
} from "../../domain/filing/intake.ts";
import { DEFAULT_SERVICE } from "../../domain/pricing/delivery.ts";
import { ledgerRows } from "../shared.ts";
import {
  Conflict,
  InvalidRequest,
  NotCancellable,
  NotCorrectable,
  NotFound,
  NotReady,
} from "../../domain/shared/errors.ts";
import { compileBody } from "../../domain/shared/validation.ts";
import { Clock } from "../../ports/clock.port.ts";
import { Ids } from "../../ports/ids.port.ts";
import { Store, type Scope } from "../../ports/store.port.ts";
import { TinVault } from "../../ports/tin-vault.port.ts";
import { getFiling, groupFilings, type FilingGroup } from "../filing/filings.ts";
import { intake } from "../filing/intake.ts";
import { nextStatus } from "../../domain/filing/status.ts";
import { Repos, withTransaction } from "../../ports/unit-of-work.port.ts";

/** D18: before transmission only; a charged form's money goes back to the prepaid balance. */
export const voidFiling = Effect.fn("voidFiling")(function* (scope: Scope, id: string) {
  const original = yield* getFiling(scope, id);
  const ids = yield* Ids;
  const now = (yield* Clock).now().toISOString();
  return yield* withTransaction(
    Effect.gen(function* () {
      const tx = yield* Repos(scope);
      // A form in a cart: hold that cart first, so a pay in flight finishes and the status read next is final
      // (queued and charged after that pay, so refunded below; still in_cart otherwise).
      const item =
        original.status === "in_cart" || original.status === "ready_to_file"
          ? yield* tx.carts.itemByFiling(original.id)
          : undefined;
      if (item) yield* tx.carts.hold(item.cartId);
      const current = yield* tx.filings.get(original.id);
      if (!current) return yield* new NotFound({ message: `No filing ${id} in this environment.` });
      const voiding = nextStatus(current.status, "void", current.service);
      if (voiding.refused) {
        return yield* new NotCancellable({
          message: `Filing ${current.id} is ${current.status}: it was already transmitted (or finished), so it cannot be voided. File a correction instead.`,
        });
      }
      const refund = current.status === "queued" ? current.amountChargedCents : 0;
      if (current.status === "in_cart") {
        const inCart = item ?? (yield* tx.carts.itemByFiling(current.id));
        if (inCart) yield* tx.carts.removeItem(inCart.id);
      }
      const voided = yield* tx.filings.update(current.id, [current.status], {
        status: voiding.to,
        voidedAt: now,
        updatedAt: now,
        amountRefundedCents: refund,
      });
      if (!voided)
        return yield* new Conflict({
          message: `Filing ${current.id} changed while it was being voided; retry.`,
        });
      if (refund > 0) {
        const balance = yield* tx.balance.lock();
        const next = ledgerRows(
          balance,
          [
            {
              kind: "refund",
              amount_cents: refund,
              reference: current.id,
              description: `Refund for voided filing ${current.shortId}`,
            },
          ],
          () => ids.short("", 10),
          now,
        );
        if (!next.ok) return yield* new Conflict({ message: next.message });
        yield* tx.balance.append(next.rows);
      }
      return voided;
    }),
  );
});

export const correctionBody = compileBody<
  { boxes?: Record<string, unknown>; jsonForm?: Record<string, unknown> } & OptionFields
>({
  type: "object",
  additionalProperties: false,
  properties: { boxes: { type: "object" }, jsonForm: { type: "object" }, ...OPTION_PROPS },
});

function intakeOf(original: Filing, jsonForm: Record<string, unknown>, b: OptionFields): ParsedIntake {
  return {
    rows: [
      {
        raw: {
          form: original.form,
          tax_year: original.taxYear,
          jsonForm,
          reference: original.reference ?? undefined,
        },
        index: 0,
      },
    ],
    reference: null,
    defaultPayer: original.payerId,
    options: intakeOptions({ ...b, service: b.service ?? DEFAULT_SERVICE }),
  };
}

/** The 422 of the one intake row a correction or re-file saves, when intake refused it. */
const rowInvalid = (e: RowError) =>
  new InvalidRequest({ param: e.param, message: e.message, ...(e.code ? { code: e.code } : {}) });

/** D19: `boxes` merged over the original, or a whole `jsonForm`; one pending correction per original. */
export const correctFiling = Effect.fn("correctFiling")(function* (scope: Scope, id: string, body: unknown) {
  const c = correctionBody(body ?? {});
  if (!c.ok) return yield* c.error;
  const b = c.value;
  if ((b.boxes === undefined) === (b.jsonForm === undefined)) {
    return yield* new InvalidRequest({
      param: "boxes",
      message: "Send either boxes (the changed elements) or jsonForm (the whole corrected form).",
    });
  }
  const original = yield* getFiling(scope, id);
  if (original.status === "rejected")
    return yield* new NotCorrectable({
      message: `Filing ${original.id} was rejected: re-file it instead of correcting it.`,
      see: { op: "refile_filing", id: original.id },
    });
  if (
    original.corrects !== null &&
    original.status !== "accepted" &&
    original.status !== "accepted_with_errors"
  ) {
    return yield* new NotCorrectable({ message: `Filing ${original.id} is itself a pending correction.` });
  }
  if (original.status !== "accepted" && original.status !== "accepted_with_errors") {
    return yield* new NotCorrectable({
      message: `Filing ${original.id} is ${original.status}; only a filing the IRS accepted can be corrected.`,
    });
  }
  if (!original.receiptId)
    return yield* new NotCorrectable({
      message: `Filing ${original.id} was not filed through this service.`,
    });
  // The SSA takes corrections as Forms W-2c (EFW2C), with the previously reported and the correct amounts.
  if (original.form === "W-2" || original.form === "W-2c") {
    return yield* new NotCorrectable({
      message: `Filing ${original.id} is a Form ${original.form}: correct it by filing a Form W-2c (PreviouslyReportedGrp and CorrectInformationGrp) for its payer.`,
      see: { op: "file_payer_forms", id: original.payerId },
    });
  }
  const store = yield* Store;
  const pending = yield* store
    .scoped(scope)
    .filings.list({ limit: 50, startingAfter: null }, { corrects: original.id });
  if (
    pending.data.some(
      (f) => !["voided", "rejected", "accepted", "accepted_with_errors", "superseded"].includes(f.status),
    )
  ) {
    return yield* new Conflict({ message: `Filing ${original.id} already has a correction in progress.` });
  }
  const vault = yield* TinVault;
  const whole = unsealTins(original.jsonForm, original.sealedTins, (ct) => vault.open(ct).reveal());
  const jsonForm = b.jsonForm ?? { ...whole, ...b.boxes };
  const result = yield* intake(scope, "filing", intakeOf(original, jsonForm, b), original.payerId, {
    corrects: new Map([[0, original.id]]),
  });
  const row = result.rows[0];
  if (row?.error) return yield* rowInvalid(row.error);
  const f = result.filings.get(row?.id ?? "");
  if (!f) return yield* Effect.die(new Error("correction saved no filing"));
  return correctionIntakeView(f, original.id, row);
});

export const refileBody = compileBody<{ jsonForm?: Record<string, unknown> } & OptionFields>({
  type: "object",
  additionalProperties: false,
  properties: { jsonForm: { type: "object" }, ...OPTION_PROPS },
});

/** D20: a rejected filing is filed again as a new filing linked by refile_of; its e-file fee is waived at pay. */
export const refileFiling = Effect.fn("refileFiling")(function* (scope: Scope, id: string, body: unknown) {
  const c = refileBody(body ?? {});
  if (!c.ok) return yield* c.error;
  const original = yield* getFiling(scope, id);
  if (original.status !== "rejected")
    return yield* new Conflict({
      message: `Filing ${original.id} is ${original.status}; only a rejected filing can be re-filed.`,
    });
  const vault = yield* TinVault;
  const jsonForm =
    c.value.jsonForm ?? unsealTins(original.jsonForm, original.sealedTins, (ct) => vault.open(ct).reveal());
  const result = yield* intake(scope, "filing", intakeOf(original, jsonForm, c.value), original.payerId, {
    refileOf: new Map([[0, original.id]]),
  });
  const row = result.rows[0];
  if (row?.error) {
    if (row.error.type === "conflict") return yield* new Conflict({ message: row.error.message });
    return yield* rowInvalid(row.error);
  }
  const f = result.filings.get(row?.id ?? "");
  if (!f) return yield* Effect.die(new Error("re-file saved no filing"));
  return f;
});

/** D21: the acknowledgement exists from submission on. */
export const filingAck = Effect.fn("filingAck")(function* (scope: Scope, id: string) {
  const f = yield* getFiling(scope, id);
  if (!f.submittedAt)
    return yield* new NotReady({
      message: `Filing ${f.id} is ${f.status}; it has not been transmitted yet, so there is no acknowledgement.`,
    });
  return ackView(f);
});

/** Every filing of an order or batch, each with its acknowledgement (or its status until it has one). */
export const groupAck = Effect.fn("groupAck")(function* (scope: Scope, group: FilingGroup) {
  const all = yield* groupFilings(scope, group);
  return ackListView(all);
});
