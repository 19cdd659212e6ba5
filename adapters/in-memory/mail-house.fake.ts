// In-memory MailHouse and Mailer for domain tests: they keep what was sent by idempotency key (the same key answers
// the same letter or message, as Lob and the outbox do), refuse an address line containing "undeliverable" and a
// recipient address containing "bounce", and can be made unavailable to drive retries.
import * as Effect from "effect/Effect";
import { ServiceUnavailable } from "../../core/domain/shared/errors.ts";
import { MailHouse, type LetterRequest, type LetterOutcome } from "../../core/ports/mail-house.port.ts";
import { Mailer, type EmailMessage, type EmailOutcome } from "../../core/ports/mailer.port.ts";

export interface FakeMailHouse {
  readonly service: MailHouse["Service"];
  /** Letters created, by idempotency key. */
  readonly letters: Map<string, LetterRequest & { readonly id: string; canceled: boolean }>;
  /** Calls of `send`, replays included. */
  sends: number;
  /** While true, `send` fails with ServiceUnavailable (the vendor is down). */
  unavailable: boolean;
}

export function makeFakeMailHouse(): FakeMailHouse {
  const fake: FakeMailHouse = {
    letters: new Map(),
    sends: 0,
    unavailable: false,
    service: MailHouse.of({
      send: (letter) =>
        Effect.suspend((): Effect.Effect<LetterOutcome, ServiceUnavailable> => {
          fake.sends++;
          if (fake.unavailable)
            return Effect.fail(new ServiceUnavailable({ message: "the mail house is down (fake)" }));
          if ((letter.to.addressLine1 ?? "").toLowerCase().includes("undeliverable"))
            return Effect.succeed({ kind: "undeliverable", reason: "the address could not be verified" });
          const known = fake.letters.get(letter.idempotencyKey);
          const id = known?.id ?? `ltr_fake${String(fake.letters.size + 1).padStart(6, "0")}`;
          if (!known) fake.letters.set(letter.idempotencyKey, { ...letter, id, canceled: false });
          return Effect.succeed({ kind: "queued", vendorId: id, expectedDeliveryDate: "2027-01-20" });
        }),
      cancel: ({ vendorId }) =>
        Effect.sync(() => {
          for (const l of fake.letters.values())
            if (l.id === vendorId) {
              l.canceled = true;
              return true;
            }
          return false;
        }),
    }),
  };
  return fake;
}

export interface FakeMailer {
  readonly service: Mailer["Service"];
  /** Messages sent, by idempotency key. */
  readonly messages: Map<string, EmailMessage & { readonly id: string }>;
  unavailable: boolean;
}

export function makeFakeMailer(): FakeMailer {
  const fake: FakeMailer = {
    messages: new Map(),
    unavailable: false,
    service: Mailer.of({
      send: (message) =>
        Effect.suspend((): Effect.Effect<EmailOutcome, ServiceUnavailable> => {
          if (fake.unavailable)
            return Effect.fail(new ServiceUnavailable({ message: "the mail server is down (fake)" }));
          if (message.to.toLowerCase().includes("bounce"))
            return Effect.succeed({ kind: "rejected", reason: "550 mailbox unavailable" });
          const known = fake.messages.get(message.idempotencyKey);
          const id = known?.id ?? `<msg${String(fake.messages.size + 1)}@fake>`;
          if (!known) fake.messages.set(message.idempotencyKey, { ...message, id });
          return Effect.succeed({ kind: "sent", messageId: id });
        }),
    }),
  };
  return fake;
}
