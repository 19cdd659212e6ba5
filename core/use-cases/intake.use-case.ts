// Intake (SPEC "Forms and intake", D8, D10, D11, D23): validate every row, match or create recipients,
// save the good rows as ready_to_file (or in_cart with addToCart) in one transaction, record a batch.
// Intake never charges and never files.
import * as Effect from "effect/Effect";
import * as Option from "effect/Option";
import { validateForm, canonicalFormCode } from "../domain/forms/index.ts";
import type { NormalizedForm } from "../domain/forms/index.ts";
import { filingShortPrefix, sealTins, type Filing } from "../domain/filing/filing.ts";
import {
  parseRow,
  ruleRowError,
  rowReference,
  type IntakeOptions,
  type IntakeRowResult,
  type ParsedIntake,
  type RowError,
} from "../domain/filing/intake.ts";
import { checkFiledForm, rulesStamp, type RuleFinding } from "../domain/iris/rules/index.ts";
import { DEFAULT_SERVICE } from "../domain/filing/status.ts";
import { deliveryOf, resolveDelivery, type Delivery } from "../domain/pricing/index.ts";
import { InvalidRequest } from "../domain/shared/errors.ts";
import { Tin } from "../domain/shared/tin.ts";
import { isUuid } from "../domain/shared/validation.ts";
import type { Payer } from "../domain/parties/payer.ts";
import { Clock } from "../ports/clock.port.ts";
import { Ids } from "../ports/ids.port.ts";
import { IrsTransmitter } from "../ports/irs-transmitter.port.ts";
import {
  Store,
  type Batch,
  type BatchKind,
  type CartItem,
  type RecipientRow,
  type Scope,
} from "../ports/store.port.ts";
import { TinVault } from "../ports/tin-vault.port.ts";
import { recipientShortPrefix } from "./recipients.use-case.ts";
import { Repos, withTransaction } from "../ports/unit-of-work.port.ts";

export interface IntakeResult {
  readonly batch: Batch;
  readonly rows: readonly IntakeRowResult[];
  readonly filings: ReadonlyMap<string, Filing>;
}

interface GoodRow {
  readonly index: number;
  readonly payer: Payer;
  readonly form: string;
  readonly taxYear: number;
  readonly normalized: NormalizedForm;
  readonly tin: Tin;
  readonly tinHash: string;
  readonly reference: string | null;
  readonly warnings: readonly RuleFinding[];
  /** rulesStamp when the IRS form rules ran (not for the W-2 family, checked by the SSA's rules). */
  readonly rulesChecked: string | undefined;
}

/** D13 applied once per request: service and add-ons are honoured only with addToCart. */
export function intakeDelivery(options: IntakeOptions): Delivery | InvalidRequest {
  if (!options.addToCart) return deliveryOf(DEFAULT_SERVICE);
  const r = resolveDelivery(options.service, options.physicalMail, options.portalAccess);
  return r.ok ? r.delivery : new InvalidRequest({ param: r.param, message: r.message });
}

const failedRow = (reference: string | null, error: RowError): IntakeRowResult => ({
  reference,
  id: null,
  status: "failed",
  added_to_cart: false,
  cart_item_id: null,
  service: DEFAULT_SERVICE,
  error,
});

export interface IntakeExtras {
  /** All or nothing (FIRE import): any failed row fails the call and saves nothing. */
  readonly atomic?: boolean;
  /** Row index -> the original filing a correction row corrects. */
  readonly corrects?: ReadonlyMap<number, string>;
  /** Row index -> the rejected filing a re-file replaces (D20). */
  readonly refileOf?: ReadonlyMap<number, string>;
  /** The payer of the path, when the caller already read it (saves reading it again). */
  readonly knownPayer?: Payer;
}

/** Raised inside the transaction of an atomic intake so it rolls back; carries every row's result. */
export class AtomicIntakeFailed {
  readonly _tag = "AtomicIntakeFailed";
  /** `rows` holds the rows decided so far (a row not reached yet is a hole); `total` counts every row. */
  constructor(
    readonly rows: ReadonlyArray<IntakeRowResult | undefined>,
    readonly total: number,
  ) {}
}

export const intake = Effect.fnUntraced(
  function* (
    scope: Scope,
    kind: BatchKind,
    parsed: ParsedIntake,
    pathPayerId: string | null,
    extras: IntakeExtras = {},
  ) {
    const delivery = intakeDelivery(parsed.options);
    if (delivery instanceof InvalidRequest) return yield* delivery;
    const store = yield* Store;
    const vault = yield* TinVault;
    const ids = yield* Ids;
    const now = (yield* Clock).now().toISOString();
    const repos = store.scoped(scope);
    // The IRS business rules (core/domain/iris/rules); the TestCd rules need the payer's TIN in test mode only.
    const transmitter = Option.getOrUndefined(yield* Effect.serviceOption(IrsTransmitter))?.profile(
      scope.livemode,
    );
    const stamp = rulesStamp(transmitter);
    const payerTins = new Map<string, Tin | undefined>();

    const results: IntakeRowResult[] = Array.from({ length: parsed.rows.length });
    const payers = new Map<string, Payer | null>(
      extras.knownPayer ? [[extras.knownPayer.id, extras.knownPayer]] : [],
    );
    const good: GoodRow[] = [];
    for (const { raw, index } of parsed.rows) {
      const row = parseRow(raw, pathPayerId ?? parsed.defaultPayer);
      const rowRef =
        typeof raw === "object" &&
        raw !== null &&
        typeof (raw as Record<string, unknown>)["reference"] === "string"
          ? ((raw as Record<string, string>)["reference"] ?? null)
          : null;
      const reference = rowReference(parsed.reference, rowRef, index);
      if ("type" in row) {
        results[index] = failedRow(reference, row);
        continue;
      }
      if (pathPayerId !== null && row.payerId !== pathPayerId) {
        results[index] = failedRow(reference, {
          type: "invalid_request",
          param: "payer",
          rule: "payer_mismatch",
          message: `This row names payer ${row.payerId}, but the request files under payer ${pathPayerId}; leave payer out of the rows.`,
        });
        continue;
      }
      const payerId = pathPayerId ?? row.payerId;
      if (!payers.has(payerId))
        payers.set(payerId, isUuid(payerId) ? ((yield* repos.payers.get(payerId)) ?? null) : null);
      const payer = payers.get(payerId);
      if (!payer) {
        results[index] = failedRow(reference, {
          type: "not_found",
          param: "payer",
          message: `No payer ${payerId} in this environment.`,
        });
        continue;
      }
      const form = canonicalFormCode(row.form) ?? row.form;
      const v = validateForm(form, row.taxYear, row.jsonForm);
      if (!v.ok) {
        const issue = v.issues[0];
        results[index] = failedRow(reference, {
          type: "invalid_request",
          param: issue?.param ?? "jsonForm",
          rule: issue?.rule ?? "invalid",
          message: v.issues.map((i) => `${i.param}: ${i.message}`).join("; "),
        });
        continue;
      }
      const tin = Tin.fromDigits(v.value.recipient.tin);
      if (transmitter?.test && !payerTins.has(payer.id)) {
        const ct = yield* repos.payers.tinCiphertext(payer.id);
        payerTins.set(payer.id, ct ? vault.open(ct) : undefined);
      }
      const payerTin = payerTins.get(payer.id);
      const checked = checkFiledForm(form, {
        taxYear: row.taxYear,
        jsonForm: v.value.jsonForm,
        recipientTin: tin,
        issuer: { phone: payer.contactPhone, ...(payerTin ? { tin: payerTin } : {}) },
        ...(transmitter ? { transmitter } : {}),
      });
      const toSsa = checked === undefined;
      const rules = checked ?? { rejects: [], warnings: [] };
      if (rules.rejects.length > 0) {
        results[index] = failedRow(reference, ruleRowError(rules.rejects));
        continue;
      }
      good.push({
        index,
        payer,
        form,
        taxYear: row.taxYear,
        normalized: v.value,
        tin,
        tinHash: vault.hash(tin),
        reference,
        warnings: rules.warnings,
        rulesChecked: toSsa ? undefined : stamp,
      });
    }

    if (extras.atomic && good.length < parsed.rows.length)
      return yield* Effect.fail(new AtomicIntakeFailed(results, parsed.rows.length));
    const saved = yield* withTransaction(
      Effect.gen(function* () {
        const tx = yield* Repos(scope);
        // D8: match each row's recipient by TIN under its payer (restricted to the TIN type when the row gives one).
        const recipientFor = new Map<number, string>();
        // A TIN sealed for a new recipient is not sealed again for its form (one AES-GCM per TIN, not two).
        const sealedDigits = new Map<string, string>();
        const newRecipients: RecipientRow[] = [];
        const byPayer = new Map<string, GoodRow[]>();
        for (const g of good) {
          const list = byPayer.get(g.payer.id);
          if (list) list.push(g);
          else byPayer.set(g.payer.id, [g]);
        }
        for (const [payerId, rows] of byPayer) {
          // Index the payer's recipients by TIN hash (oldest first), then match each row in constant time.
          const byHash = new Map<string, Array<{ id: string; tinType: string | null }>>();
          const add = (hash: string, r: { id: string; tinType: string | null }) => {
            const list = byHash.get(hash);
            if (list) list.push(r);
            else byHash.set(hash, [r]);
          };
          for (const r of yield* tx.recipients.findManyByTin(payerId, [
            ...new Set(rows.map((r) => r.tinHash)),
          ]))
            add(r.tinHash, r);
          for (const g of rows) {
            const type = g.normalized.recipient.tinType;
            let match = byHash.get(g.tinHash)?.find((r) => type === null || r.tinType === type);
            if (!match) {
              const sealed = vault.seal(g.tin);
              sealedDigits.set(g.tin.reveal(), sealed.ciphertext);
              const rec = newRecipient(
                scope,
                payerId,
                g,
                { ciphertext: sealed.ciphertext, last4: sealed.last4, hash: g.tinHash },
                ids.uuid(),
                ids.short(recipientShortPrefix()),
                now,
              );
              newRecipients.push(rec);
              add(g.tinHash, rec);
              match = rec;
            }
            recipientFor.set(g.index, match.id);
          }
        }
        // A concurrent intake may have created the same recipient first: use the one that won.
        const insertedRecipients = yield* tx.recipients.insertMany(newRecipients);
        const lost = newRecipients.filter((r) => !insertedRecipients.has(r.id));
        if (lost.length > 0) {
          const lostIds = new Set(lost.map((r) => r.id));
          for (const [payerId, rows] of byPayer) {
            const winners = yield* tx.recipients.findManyByTin(payerId, [
              ...new Set(lost.filter((r) => r.payerId === payerId).map((r) => r.tinHash)),
            ]);
            for (const g of rows) {
              if (!lostIds.has(recipientFor.get(g.index) as string)) continue;
              const type = g.normalized.recipient.tinType;
              const winner =
                winners.find((w) => w.tinHash === g.tinHash && (w.tinType ?? null) === type) ??
                winners.find((w) => w.tinHash === g.tinHash);
              if (winner) recipientFor.set(g.index, winner.id);
            }
          }
        }

        const batchId = ids.short("bat_");
        const status = parsed.options.addToCart ? ("in_cart" as const) : ("ready_to_file" as const);
        const filings: Filing[] = good.map((g) => {
          const { jsonForm, sealed } = sealTins(
            g.normalized.jsonForm,
            (digits) => sealedDigits.get(digits) ?? vault.seal(Tin.fromDigits(digits)).ciphertext,
          );
          return {
            id: ids.uuid(),
            shortId: ids.short(filingShortPrefix(scope.livemode)),
            accountId: scope.accountId,
            livemode: scope.livemode,
            payerId: g.payer.id,
            recipientId: recipientFor.get(g.index) as string,
            form: g.form,
            taxYear: g.taxYear,
            status,
            service: delivery.service,
            physicalMail: parsed.options.addToCart ? (parsed.options.physicalMail ?? null) : null,
            portalAccess: parsed.options.addToCart ? (parsed.options.portalAccess ?? null) : null,
            reference: g.reference,
            batchId,
            orderId: null,
            corrects: extras.corrects?.get(g.index) ?? null,
            supersededBy: null,
            receiptId: null,
            amountChargedCents: 0,
            jsonForm,
            sealedTins: sealed,
            accountNumber: g.normalized.accountNumber,
            submittedAt: null,
            acknowledgedAt: null,
            voidedAt: null,
            ackErrors: null,
            warnings: g.warnings,
            amountRefundedCents: 0,
            transmissionId: null,
            submissionId: null,
            recordId: null,
            refileOf: extras.refileOf?.get(g.index) ?? null,
            recipientTinHash: g.tinHash,
            ...(g.rulesChecked ? { rulesChecked: g.rulesChecked } : {}),
            createdAt: now,
            updatedAt: now,
          };
        });
        const inserted = yield* tx.filings.insertMany(filings);

        let cartId: string | null = null;
        const items: CartItem[] = [];
        if (parsed.options.addToCart && inserted.size > 0) {
          cartId = (yield* tx.carts.openCart(ids.short("crt_"), now)).id;
          for (const f of filings) {
            if (!inserted.has(f.id)) continue;
            items.push({
              id: ids.short("cit_"),
              cartId,
              filingId: f.id,
              service: delivery.service,
              physicalMail: f.physicalMail,
              portalAccess: f.portalAccess,
              createdAt: now,
            });
          }
          yield* tx.carts.insertItems(items);
        }
        const itemFor = new Map(items.map((i) => [i.filingId, i.id]));
        const kept = new Map<string, Filing>();
        good.forEach((g, i) => {
          const f = filings[i] as Filing;
          if (!inserted.has(f.id)) {
            results[g.index] = failedRow(g.reference, {
              type: "conflict",
              param: "jsonForm.RecipientDetail.TIN",
              message: `A ${g.form} for tax year ${g.taxYear} already exists for this payer, recipient TIN and account number (D11). Void it or file a correction instead.`,
            });
            return;
          }
          kept.set(f.id, f);
          results[g.index] = {
            reference: g.reference,
            id: f.id,
            status,
            added_to_cart: parsed.options.addToCart,
            cart_item_id: itemFor.get(f.id) ?? null,
            service: delivery.service,
            form: g.form,
            warnings: g.warnings,
          };
        });
        if (extras.atomic && kept.size < results.length)
          return yield* Effect.fail(new AtomicIntakeFailed(results, results.length));
        const batch: Batch = {
          id: batchId,
          accountId: scope.accountId,
          livemode: scope.livemode,
          kind,
          payerId:
            pathPayerId ??
            (parsed.defaultPayer !== null && payers.get(parsed.defaultPayer) ? parsed.defaultPayer : null),
          reference: parsed.reference,
          created: kept.size,
          failed: results.length - kept.size,
          rows: results,
          createdAt: now,
        };
        yield* tx.batches.insert(batch);
        return { batch, rows: results, filings: kept } satisfies IntakeResult;
      }),
    );
    return saved;
  },
  Effect.catchTag("AtomicIntakeFailed", (e: AtomicIntakeFailed) => {
    const failed = e.rows.filter((r): r is IntakeRowResult => r !== undefined && r.status === "failed");
    return Effect.fail(
      new InvalidRequest({
        param: failed[0]?.error?.param,
        message: `Nothing was saved: ${failed.length} of ${e.total} forms failed. ${failed
          .slice(0, 3)
          .map((r) => `${r.reference ?? ""}: ${r.error?.message ?? ""}`)
          .join(" | ")}`,
        extra: { failed_rows: failed },
      }),
    );
  }),
);

function newRecipient(
  scope: Scope,
  payerId: string,
  g: GoodRow,
  sealed: { ciphertext: string; hash: string; last4: string },
  id: string,
  shortId: string,
  now: string,
): RecipientRow {
  const r = g.normalized.recipient;
  return {
    id,
    shortId,
    accountId: scope.accountId,
    livemode: scope.livemode,
    payerId,
    name: r.name,
    tinType: r.tinType,
    tinLast4: sealed.last4,
    addressLine1: r.address?.line1 ?? null,
    addressLine2: r.address?.line2 ?? null,
    city: r.address?.city ?? null,
    state: r.address?.state ?? null,
    postalCode: r.address?.postalCode ?? null,
    country: r.address?.country ?? "US",
    email: null,
    deliveryMethod: "paper",
    accountNumber: g.normalized.accountNumber,
    createdAt: now,
    updatedAt: now,
    tinCiphertext: sealed.ciphertext,
    tinHash: sealed.hash,
  };
}
