// The IRS business rules at pay (SPEC pay rule 2): every form of the cart against the form rules again (the
// transmitter may have changed mode and the payer its phone since intake; a form stamped at intake is not read
// again while its stamp holds), and the cart as the transmissions it becomes (S1H012,
// TMFST020, corrections). Each broken blocking rule is a `cart_not_payable` problem naming the rule; under `strict`
// (issue 41) so is each Report Error finding of a form read again.
import * as Effect from "effect/Effect";
import type { PayFiling } from "../../domain/cart/cart.ts";
import type { Filing } from "../../domain/filing/filing.ts";
import { getFormDefinition } from "../../domain/forms/index.ts";
import {
  blocks,
  checkCart,
  checkForm,
  checkIssuer,
  keptApart,
  refusals,
  stampHolds,
  type CartEntry,
  type RuleFinding,
} from "../../domain/iris/rules/index.ts";
import type { TransmitterProfile } from "../../domain/iris/rules/model.ts";
import type { Payer } from "../../domain/parties/payer.ts";
import type { Problem } from "../../domain/shared/errors.ts";
import type { Tin } from "../../domain/shared/tin.ts";
import type { CartItem, ScopedStore } from "../../ports/store.port.ts";
import { TinVault } from "../../ports/tin-vault.port.ts";

type InCart = { readonly item: CartItem; readonly f: PayFiling; readonly formTypeCd: string };

/**
 * The rules of the cart as a whole (checkCart): corrections against their originals, S1H012's sums over the
 * 1099-INT forms read again (`stored`), the records kept apart for their warnings.
 */
const cartProblems = Effect.fnUntraced(function* (
  repos: ScopedStore,
  transmitter: TransmitterProfile | undefined,
  inCart: readonly InCart[],
  stored: ReadonlyMap<string, Filing>,
) {
  const problems: Problem[] = [];
  const originalIds = [...new Set(inCart.flatMap((x) => (x.f.corrects ? [x.f.corrects] : [])))];
  const originals = new Map(
    (originalIds.length > 0 ? yield* repos.filings.getMany(originalIds) : []).map((o) => [o.id, o] as const),
  );
  const entries: CartEntry[] = inCart.map(({ item, f, formTypeCd }) => {
    const o = f.corrects ? originals.get(f.corrects) : undefined;
    return {
      // checkCart reads the form only for 1099-INT (S1H012), read above.
      ref: item.id,
      payerId: f.payerId,
      formTypeCd,
      taxYear: f.taxYear,
      efile: item.service !== "print_mail",
      jsonForm: stored.get(f.id)?.jsonForm ?? {},
      ...(keptApart(stored.get(f.id)?.warnings ?? []) ? { keptApart: true } : {}),
      ...(f.corrects
        ? {
            correctionOf: {
              id: f.corrects,
              formTypeCd: o ? (getFormDefinition(o.form, o.taxYear)?.formTypeCd ?? o.form) : undefined,
              taxYear: o?.taxYear,
              status: o?.status,
              receiptId: o?.receiptId ?? null,
              submissionId: o?.submissionId ?? null,
              recordId: o?.recordId ?? null,
            },
          }
        : {}),
    };
  });
  const byItem = new Map(inCart.map((x) => [x.item.id, x.f] as const));
  for (const { ref, finding } of checkCart(entries, transmitter)) {
    if (!blocks(finding.severity)) continue;
    const f = byItem.get(ref);
    problems.push({
      item: ref,
      reference: f?.reference ?? null,
      type: "irs_business_rule",
      code: finding.code,
      path: finding.path,
      message: `Filing ${f?.id ?? ""}: ${finding.message}`,
    });
  }
  return problems;
});

/**
 * `transmitter` is the profile of the environment's IRS transmitter (undefined: the manifest rules about it are
 * checked when the transmission is built). It is passed in by the caller, which knows the environment.
 *
 * A stored form never changes, so a filing stamped at intake with the current `rulesStamp` is not read again:
 * only the rules about its payer (who can be edited since) are checked, once per payer and form type. Every other
 * filing (stamped under other rules or another transmitter mode, any filing under an IRS test-mode transmitter,
 * filings from before the stamp) is read and checked in full, as are 1099-INT forms, whose amounts S1H012 adds up.
 */
export const cartRuleProblems = Effect.fn("cartRuleProblems")(function* (
  repos: ScopedStore,
  transmitter: TransmitterProfile | undefined,
  items: readonly CartItem[],
  filings: ReadonlyMap<string, PayFiling>,
  payers: ReadonlyMap<string, Payer>,
  strict = false,
) {
  const vault = yield* TinVault;
  const problems: Problem[] = [];
  const inCart = items.flatMap((item) => {
    const f = filings.get(item.filingId);
    const def = f ? getFormDefinition(f.form, f.taxYear) : undefined;
    // The W-2 family is not an IRS transmission: the SSA's checks ran at intake (core/domain/forms/ssa-rules.ts).
    if (def?.filedWith === "SSA") return [];
    return f && f.status === "in_cart" ? [{ item, f, formTypeCd: def?.formTypeCd ?? f.form }] : [];
  });
  const readAgain = inCart
    .filter((x) => !stampHolds(x.f.rulesChecked, transmitter) || x.formTypeCd === "1099INT")
    .map((x) => x.f.id);
  const stored = new Map(
    (readAgain.length > 0 ? yield* repos.filings.getMany(readAgain) : []).map((f) => [f.id, f] as const),
  );

  // TestCd "T" rules read TINs: opened only when the transmitter is in IRS test mode.
  const payerTins = new Map<string, Tin | undefined>();
  if (transmitter?.test) {
    for (const id of new Set(inCart.map((x) => x.f.payerId))) {
      const ct = yield* repos.payers.tinCiphertext(id);
      payerTins.set(id, ct ? vault.open(ct) : undefined);
    }
  }
  const issuerChecks = new Map<string, readonly RuleFinding[]>();
  for (const { item, f, formTypeCd } of inCart) {
    const payer = payers.get(f.payerId);
    const payerTin = payerTins.get(f.payerId);
    const issuer = { phone: payer?.contactPhone ?? null, ...(payerTin ? { tin: payerTin } : {}) };
    const full = stored.get(f.id);
    let rejects: readonly RuleFinding[];
    if (full) {
      const sealed = full.sealedTins["RecipientDetail.TIN"];
      const recipientTin = transmitter?.test && sealed ? vault.open(sealed) : undefined;
      rejects = refusals(
        checkForm({
          formTypeCd,
          taxYear: f.taxYear,
          jsonForm: full.jsonForm,
          ...(recipientTin ? { recipientTin } : {}),
          issuer,
          ...(transmitter ? { transmitter } : {}),
        }),
        strict,
      );
    } else {
      const key = `${f.payerId}|${formTypeCd}|${String(f.taxYear)}`;
      let found = issuerChecks.get(key);
      if (!found) {
        found = refusals(
          checkIssuer({
            formTypeCd,
            taxYear: f.taxYear,
            issuer,
            ...(transmitter ? { transmitter } : {}),
          }),
          strict,
        );
        issuerChecks.set(key, found);
      }
      rejects = found;
    }
    for (const r of rejects)
      problems.push({
        item: item.id,
        reference: f.reference,
        type: "irs_business_rule",
        code: r.code,
        path: r.path,
        message: `Filing ${f.id}: ${r.message}`,
      });
  }

  problems.push(...(yield* cartProblems(repos, transmitter, inCart, stored)));
  return problems;
});
