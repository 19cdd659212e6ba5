// Wire views (SPEC field names) of payers, recipients, TIN-match runs and the sandbox reset: the one home of
// these shapes.
import type { Payer } from "./payer.ts";
import type { Recipient } from "./recipient.ts";
import type { TinMatchRun } from "./tin-match-run.ts";
import { backupWithholdingOf, type BackupWithholding } from "../w9/b-notice-record.ts";
import { backupWithholdingView } from "../w9/views.ts";

/** The payer as the API shows it (D5: both `legal_name` and `name`). */
export function payerView(p: Payer, opts: { list?: boolean } = {}): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: p.id,
    object: "payer",
    legal_name: p.legalName,
    name: p.legalName,
    tin_type: p.tinType,
    tin_last4: p.tinLast4,
    address_line1: p.addressLine1,
    address_line2: p.addressLine2,
    city: p.city,
    state: p.state,
    postal_code: p.postalCode,
    country: p.country,
    contact_name: p.contactName,
    contact_email: p.contactEmail,
    livemode: p.livemode,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
  if (opts.list) view["is_main_company"] = p.isMainCompany;
  return view;
}

/** What the portal knows of a recipient (issue 39), read-only for the payer. */
export interface RecipientPortalFacts {
  readonly consent: { readonly status: "none" | "given" | "withdrawn"; readonly at: string | null };
  /** Until when the portal refuses the recipient's sign-in after five wrong answers. */
  readonly portalLockedUntil: string | null;
  /** Issue 40: the recipient's latest signed W-9 and the TIN match it started (null before one). */
  readonly w9?: {
    readonly request: string;
    readonly signedAt: string | null;
    readonly tinMatch: string | null;
  } | null;
  /** Issue 40 item 4: read from the recipient's B-notices. */
  readonly backupWithholding?: BackupWithholding;
}

export function recipientView(r: Recipient & Partial<RecipientPortalFacts>): Record<string, unknown> {
  return {
    id: r.id,
    object: "recipient",
    short_id: r.shortId,
    payer: r.payerId,
    name: r.name,
    tin_type: r.tinType,
    tin_last4: r.tinLast4,
    address_line1: r.addressLine1,
    address_line2: r.addressLine2,
    city: r.city,
    state: r.state,
    postal_code: r.postalCode,
    country: r.country,
    email: r.email,
    delivery_method: r.deliveryMethod,
    account_number: r.accountNumber,
    consent: { status: r.consent?.status ?? "none", at: r.consent?.at ?? null },
    portal: { locked_until: r.portalLockedUntil ?? null },
    w9:
      r.w9 === undefined || r.w9 === null
        ? null
        : { request: r.w9.request, signed_at: r.w9.signedAt, tin_match: r.w9.tinMatch },
    backup_withholding: backupWithholdingView(r.backupWithholding ?? backupWithholdingOf([])),
    livemode: r.livemode,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

/** The wire view (SPEC "TIN match run"): results only once the run is completed. */
export function runView(r: TinMatchRun) {
  return {
    object: "tin_match_run",
    id: r.id,
    status: r.status,
    count: r.count,
    results: r.status === "completed" ? r.results : undefined,
    created_at: r.createdAt,
    completed_at: r.completedAt,
  };
}

/** The answer to starting a run (202): the run without its results, which come with tin_match.completed. */
export function runStartedView(r: Pick<TinMatchRun, "id" | "status" | "count" | "createdAt">) {
  return { object: "tin_match_run", id: r.id, status: r.status, count: r.count, created_at: r.createdAt };
}

/** POST /v1/sandbox/reset: how many filings the reset cleared. */
export function sandboxResetView(cleared: number) {
  return { object: "sandbox_reset", status: "reset", cleared };
}
