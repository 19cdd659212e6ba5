// Copy B recipient statements (D21) through the StatementRenderer port: one filing, or every ready filing of
// an order or batch in one PDF.
import { Effect } from "effect";
import { COPY_B_STATUSES, type Filing } from "../domain/filing/filing.ts";
import { buildCopyB } from "../domain/statements/build.ts";
import { NotFound, NotReady } from "../domain/shared/errors.ts";
import { allFilings } from "./shared.ts";
import { StatementRenderer } from "../ports/statement-renderer.port.ts";
import { TinVault } from "../ports/tin-vault.port.ts";
import type { Tin } from "../domain/shared/tin.ts";
import { Store, type Scope, type ScopedStore } from "../ports/store.port.ts";
import { getBatch, getFiling } from "./filings.use-case.ts";

const render = Effect.fnUntraced(function* (repos: ScopedStore, filings: readonly Filing[]) {
  const payers = new Map((yield* repos.payers.getMany([...new Set(filings.map((f) => f.payerId))])).map((p) => [p.id, p] as const));
  const recipients = new Map((yield* repos.recipients.getMany([...new Set(filings.map((f) => f.recipientId))])).map((r) => [r.id, r] as const));
  // Pub 1179: the payer's own TIN is printed whole on the recipient's copy (only the recipient's may be truncated).
  const vault = yield* TinVault;
  const payerTins = new Map<string, Tin>();
  for (const id of payers.keys()) {
    const ct = yield* repos.payers.tinCiphertext(id);
    if (ct) payerTins.set(id, vault.open(ct));
  }
  const statements = filings.flatMap((f) => {
    const payer = payers.get(f.payerId);
    const recipient = recipients.get(f.recipientId);
    return payer && recipient ? [buildCopyB(f, payer, recipient, payerTins.get(f.payerId))] : [];
  });
  return yield* (yield* StatementRenderer).render(statements);
});

export const filingCopyB = Effect.fnUntraced(function* (scope: Scope, id: string) {
  const f = yield* getFiling(scope, id);
  if (!COPY_B_STATUSES.includes(f.status)) {
    return yield* new NotReady({ message: `Copy B of filing ${f.id} is available once the IRS accepts it (or a print-only form is furnished); it is ${f.status}.` });
  }
  const pdf = yield* render((yield* Store).scoped(scope), [f]);
  return { pdf, filename: `copy-b-${f.form}-${f.taxYear}-${f.shortId}.pdf` };
});

export const groupCopyB = Effect.fnUntraced(function* (scope: Scope, group: { orderId?: string; batchId?: string }) {
  const repos = (yield* Store).scoped(scope);
  if (group.orderId && !(yield* repos.orders.get(group.orderId))) return yield* new NotFound({ message: `No order ${group.orderId} in this environment.` });
  if (group.batchId) yield* getBatch(scope, group.batchId);
  const ready = (yield* allFilings(repos, group)).filter((f) => COPY_B_STATUSES.includes(f.status));
  if (ready.length === 0) return yield* new NotReady({ message: "No filing of this group has been accepted yet; Copy B is available after acceptance." });
  const pdf = yield* render(repos, ready);
  return { pdf, filename: `copy-b-${group.orderId ?? group.batchId}.pdf`, count: ready.length };
});
