// Lob as the mail house (issue 39): a US address is verified first (POST /v1/us_verifications) and an
// undeliverable one is answered as such with no letter made; then the letter (POST /v1/letters), the statement
// PDF printed black and white, first class, as operational mail, with a blank address page in front for the
// window envelope, under the statement delivery's key as Lob's Idempotency-Key (a retried send answers the same
// letter). A foreign address goes to Lob unverified (US verification does not apply; Lob checks it on the letter).
// Lob down, rate limited or refusing the key is ServiceUnavailable (the job retries; Retry-After carried); Lob
// refusing the letter (422) is undeliverable with Lob's message. Nothing sent to Lob or logged carries a TIN.
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import type * as Redacted from "effect/Redacted";
import { ServiceUnavailable } from "../../core/domain/shared/errors.ts";
import {
  type LetterOutcome,
  type LetterRequest,
  MailHouse,
  type MailAddress,
} from "../../core/ports/mail-house.port.ts";
import {
  type LobAddress,
  LobClient,
  type LobLetter,
  LobRefused,
  LobUnavailable,
  type UsVerification,
} from "./client.ts";

export interface LobMailHouseOptions {
  /** LOB_API_KEY: a test_… or live_… secret key. */
  readonly apiKey: Redacted.Redacted<string>;
  /** LOB_API_BASE (default https://api.lob.com). */
  readonly apiBase?: string | undefined;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
  /** Operator-facing lines (never a key, a TIN or an address): refused keys, outages, refused letters. */
  readonly log?: (line: string) => void;
}

const UNAVAILABLE =
  "The mail house (Lob) is unavailable; retry later (the same key answers the same letter).";

/** A value that reads as a TIN (nine digits, dashed or not) never goes to Lob, whatever the caller put there. */
const TIN_LIKE = /(^|\D)\d{3}-?\d{2}-?\d{4}(\D|$)|(^|\D)\d{2}-?\d{7}(\D|$)/;
/**
 * The service's own ids, which are not TINs even where their hex or base62 holds nine digits in a row (one UUID in
 * forty does, so the filing id of one letter in forty was dropped from its metadata): a whole UUID, or a prefixed
 * short id (`sdl_…`).
 */
const OWN_ID =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$|^[a-z]{2,6}_[A-Za-z0-9]{16,40}$/;
const tinLike = (v: string) => !OWN_ID.test(v) && TIN_LIKE.test(v);

const text = (v: string | null | undefined) => (v ?? "").trim();

function lobAddress(a: MailAddress): LobAddress {
  const us = a.country === "US";
  return {
    name: a.name.slice(0, 40),
    address_line1: text(a.addressLine1),
    ...(text(a.addressLine2) ? { address_line2: text(a.addressLine2) } : {}),
    ...(text(a.city) ? { address_city: text(a.city) } : {}),
    ...(text(a.state) ? { address_state: text(a.state) } : {}),
    ...(text(a.postalCode) ? { address_zip: text(a.postalCode) } : {}),
    address_country: us ? "US" : a.country,
  };
}

export function makeLobMailHouse(options: LobMailHouseOptions): MailHouse["Service"] {
  const client = new LobClient(options);
  const log = options.log ?? (() => {});

  const call = <A>(what: string, f: () => Promise<A>): Effect.Effect<A, ServiceUnavailable | LobRefused> =>
    Effect.tryPromise({ try: f, catch: (e) => e }).pipe(
      Effect.catch((e): Effect.Effect<never, ServiceUnavailable | LobRefused> => {
        if (e instanceof LobUnavailable) {
          log(`lob: ${what}: ${e.message}`);
          const auth = e.status === 401 || e.status === 403;
          return Effect.fail(
            new ServiceUnavailable({
              message: auth ? e.message : UNAVAILABLE,
              ...(e.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: e.retryAfterSeconds }),
            }),
          );
        }
        return e instanceof LobRefused ? Effect.fail(e) : Effect.die(e);
      }),
    );

  const onRefused = <A>(
    self: Effect.Effect<A, ServiceUnavailable | LobRefused>,
    f: (e: LobRefused) => Effect.Effect<A>,
  ): Effect.Effect<A, ServiceUnavailable> =>
    Effect.catch(self, (e) => (e instanceof LobRefused ? f(e) : Effect.fail(e)));

  /** Lob refusing what it was given (422: an address it cannot mail to) is the letter's outcome, not an outage. */
  const undeliverable =
    (what: string) =>
    (e: LobRefused): Effect.Effect<LetterOutcome> => {
      // A refused file (too large, not a PDF) is this service's statement, not the recipient's address: a defect.
      if ((e.status !== 422 && e.status !== 400) || /\bfile\b/i.test(e.message))
        return Effect.die(new Error(`lob: ${what}: ${String(e.status)} ${e.message}`));
      log(`lob: ${what} refused (${String(e.status)} ${e.code ?? ""}): ${e.message}`);
      return Effect.succeed({ kind: "undeliverable", reason: `Lob: ${e.message}` });
    };

  const send = (letter: LetterRequest): Effect.Effect<LetterOutcome, ServiceUnavailable> =>
    Effect.gen(function* () {
      const to = letter.to;
      if (
        !text(to.addressLine1) ||
        (to.country === "US" && (!text(to.city) || !text(to.state) || !text(to.postalCode)))
      )
        return {
          kind: "undeliverable",
          reason: "The address is incomplete (street, city, state and ZIP).",
        } as const;
      if (to.country === "US") {
        const verified = yield* onRefused<UsVerification | LetterOutcome>(
          call("address verification", () =>
            client.verifyUs({
              primary_line: text(to.addressLine1),
              ...(text(to.addressLine2) ? { secondary_line: text(to.addressLine2) } : {}),
              city: text(to.city),
              state: text(to.state),
              zip_code: text(to.postalCode),
            }),
          ),
          undeliverable("address verification"),
        );
        if ("kind" in verified) return verified;
        if (verified.deliverability === "undeliverable") {
          const notes = verified.deliverability_analysis?.dpv_footnotes ?? [];
          return {
            kind: "undeliverable",
            reason: `Lob could not verify the address as deliverable${notes.length ? ` (USPS DPV ${notes.join(", ")})` : ""}.`,
          } as const;
        }
      }
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(letter.metadata)) {
        if (tinLike(v)) log(`lob: metadata ${k} looks like a TIN and is not sent`);
        else metadata[k] = v;
      }
      const created = yield* onRefused<LobLetter | LetterOutcome>(
        call("letter", () =>
          client.createLetter({
            to: lobAddress(to),
            from: lobAddress(letter.from),
            file: letter.pdf,
            color: false,
            mail_type: "usps_first_class",
            use_type: "operational",
            address_placement: "insert_blank_page",
            metadata,
            idempotencyKey: letter.idempotencyKey,
          }),
        ),
        undeliverable("letter"),
      );
      if ("kind" in created) return created;
      return {
        kind: "queued",
        vendorId: created.id,
        expectedDeliveryDate: created.expected_delivery_date ?? null,
      } as const;
    }).pipe(Effect.withSpan("LobMailHouse.send"));

  const cancel = ({ vendorId }: { vendorId: string }): Effect.Effect<boolean, ServiceUnavailable> =>
    onRefused(call("cancel", () => client.cancelLetter(vendorId)).pipe(Effect.map((r) => r.deleted)), (e) => {
      // Lob refuses to cancel a letter past its cancellation window (already in production).
      if (e.status === 422 || e.status === 409 || e.status === 400) return Effect.succeed(false);
      // No such letter for this key: nothing of it will be mailed from this account.
      if (e.status === 404) {
        log(`lob: cancel ${vendorId}: Lob knows no such letter (${e.message}); taken as canceled`);
        return Effect.succeed(true);
      }
      return Effect.die(new Error(`lob: cancel ${vendorId}: ${String(e.status)} ${e.message}`));
    }).pipe(Effect.withSpan("LobMailHouse.cancel"));

  return MailHouse.of({ send, cancel });
}

export const layer = (options: LobMailHouseOptions) => Layer.succeed(MailHouse, makeLobMailHouse(options));
