// The rule of recipient copies (core/domain/statements/delivery.ts, issue 39): channel by service, delivery method
// and consent; never twice for a statement version; failures fall back to paper or tell the payer.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  addressVersionOfKey,
  emailKey,
  inviteKey,
  mailKey,
  planStatement,
  type StatementDelivery,
  type StatementFacts,
} from "../../../../core/domain/statements/delivery.ts";

const base: StatementFacts = {
  filingId: "f1",
  version: 1,
  copyBAvailable: true,
  mailIncluded: true,
  deliveryMethod: "paper",
  email: null,
  consent: "none",
  addressVersion: 1,
  deliveries: [],
};
const facts = (o: Partial<StatementFacts>): StatementFacts => ({ ...base, ...o });
const kinds = (f: StatementFacts) => planStatement(f).actions.map((a) => a.kind);
const mail = (key: string, status: Extract<StatementDelivery, { channel: "mail" }>["status"]) =>
  ({ channel: "mail", key, status }) as const;
const email = (key: string, status: Extract<StatementDelivery, { channel: "email" }>["status"]) =>
  ({ channel: "email", key, status }) as const;

test("nothing goes out before Copy B is available", () => {
  assert.equal(planStatement(facts({ copyBAvailable: false })), {
    actions: [],
    furnished: false,
    notFurnished: null,
  });
});

test("paper with mail: one letter per statement version, furnished once mailed", () => {
  const first = planStatement(base);
  assert.equal(first.actions, [{ kind: "mail", key: "stmt_f1_v1_mail_a1" }]);
  assert.is(first.furnished, false);
  assert.equal(kinds(facts({ deliveries: [mail(mailKey(base), "queued")] })), [], "never twice");
  const mailed = planStatement(facts({ deliveries: [mail(mailKey(base), "mailed")] }));
  assert.equal([mailed.actions, mailed.furnished], [[], true]);
  // The CORRECTED copy of an accepted correction is a new version: mailed again.
  const corrected = facts({ version: 2, deliveries: [mail(mailKey(base), "delivered")] });
  assert.equal(planStatement(corrected).actions, [{ kind: "mail", key: "stmt_f1_v2_mail_a1" }]);
  assert.is(planStatement(corrected).furnished, false, "the corrected version is not furnished yet");
});

test("paper without mail in the service: not furnished by the service, the payer is told", () => {
  const plan = planStatement(facts({ mailIncluded: false }));
  assert.equal(plan, { actions: [], furnished: false, notFurnished: "mail_not_included" });
});

test("undeliverable or returned: not furnished until a new address, which re-mails once; a queued letter blocks", () => {
  const bad = facts({ deliveries: [mail(mailKey(base), "undeliverable")] });
  assert.equal(planStatement(bad), { actions: [], furnished: false, notFurnished: "undeliverable" });
  const returned = planStatement(facts({ deliveries: [mail(mailKey(base), "returned")] }));
  assert.equal([returned.furnished, returned.notFurnished], [false, "undeliverable"]);
  const moved = facts({ addressVersion: 2, deliveries: [mail(mailKey(base), "returned")] });
  assert.equal(planStatement(moved).actions, [{ kind: "mail", key: "stmt_f1_v1_mail_a2" }]);
  // An address change while the first letter is still queued waits for it to be canceled, then mails.
  assert.equal(kinds(facts({ addressVersion: 2, deliveries: [mail(mailKey(base), "queued")] })), []);
  assert.equal(kinds(facts({ addressVersion: 2, deliveries: [mail(mailKey(base), "canceled")] })), ["mail"]);
  // A letter already on its way is not sent again to the new address.
  assert.equal(kinds(facts({ addressVersion: 2, deliveries: [mail(mailKey(base), "in_transit")] })), []);
});

test("electronic with consent: a notice only, furnished once sent; no paper", () => {
  const e = facts({ deliveryMethod: "electronic", email: "r@example.com", consent: "given" });
  assert.equal(planStatement(e).actions, [{ kind: "email_notice", key: "stmt_f1_v1_email" }]);
  const sent = planStatement(facts({ ...e, deliveries: [email(emailKey(e), "sent")] }));
  assert.equal(sent, { actions: [], furnished: true, notFurnished: null });
  assert.equal(kinds(facts({ ...e, deliveries: [email(emailKey(e), "queued")] })), [], "never twice");
});

test("electronic without consent: an invitation once, and paper when the service mails, else not furnished", () => {
  const e = facts({ deliveryMethod: "electronic", email: "r@example.com" });
  assert.equal(kinds(e), ["consent_invitation", "mail"]);
  assert.equal(kinds(facts({ ...e, deliveries: [email(inviteKey(e), "sent")] })), ["mail"]);
  const noMail = planStatement(facts({ ...e, mailIncluded: false }));
  assert.equal(noMail, {
    actions: [{ kind: "consent_invitation", key: "stmt_f1_v1_invite" }],
    furnished: false,
    notFurnished: "no_consent",
  });
});

test("a bounced notice or a withdrawn consent falls back to paper where mail is included", () => {
  const e = facts({ deliveryMethod: "electronic", email: "r@example.com", consent: "given" });
  const bounced = facts({ ...e, deliveries: [email(emailKey(e), "bounced")] });
  assert.equal(kinds(bounced), ["mail"]);
  assert.equal(planStatement(facts({ ...bounced, mailIncluded: false })).notFurnished, "email_failed");
  const withdrawn = facts({ ...e, consent: "withdrawn" });
  assert.equal(kinds(withdrawn), ["mail"]);
  assert.equal(planStatement(facts({ ...withdrawn, mailIncluded: false })).notFurnished, "consent_withdrawn");
  // Furnished by the notice before the consent was withdrawn: nothing more for this version.
  const already = facts({ ...withdrawn, mailIncluded: false, deliveries: [email(emailKey(e), "sent")] });
  assert.is(planStatement(already).notFurnished, null);
});

test("the same facts always give the same keys (a worker that died between send and record sends the same)", () => {
  const e = facts({ deliveryMethod: "electronic", email: "r@example.com" });
  assert.equal(planStatement(e), planStatement(e));
});

test("a new address while a letter is at the mail house: cancel it first, then mail the new address, once", () => {
  const old = mailKey(base);
  const moved = { addressVersion: 2 };
  const atVendor = { ...mail(old, "queued"), atVendor: true };
  // Held by the mail house, not mailed: canceled there, and no second letter until it is.
  assert.equal(planStatement(facts({ ...moved, deliveries: [atVendor] })).actions, [
    { kind: "cancel_mail", key: old },
  ]);
  // Not at the mail house yet: its send finds the address changed and cancels it unsent; nothing to do here.
  assert.equal(kinds(facts({ ...moved, deliveries: [mail(old, "queued")] })), []);
  // Canceled: the new address gets its letter, under its own key.
  const next = planStatement(facts({ ...moved, deliveries: [mail(old, "canceled")] }));
  assert.equal(next.actions, [{ kind: "mail", key: mailKey({ ...base, ...moved }) }]);
  // Already mailed (too late to cancel): no cancel, no second letter.
  assert.equal(kinds(facts({ ...moved, deliveries: [{ ...mail(old, "mailed"), atVendor: true }] })), []);
  // At the address the letter is for: nothing to cancel.
  assert.equal(kinds(facts({ deliveries: [atVendor] })), []);
  // Moved away and back before the letter was mailed: the canceled one is followed by a new one, key _r1.
  const back = planStatement(facts({ deliveries: [mail(old, "canceled")] }));
  assert.equal(back.actions, [{ kind: "mail", key: `${old}_r1` }]);
  assert.equal(
    kinds(facts({ deliveries: [mail(old, "canceled"), mail(`${old}_r1`, "queued")] })),
    [],
    "never twice",
  );
  assert.is(addressVersionOfKey(`${old}_r1`), 1);
  assert.is(addressVersionOfKey(mailKey({ ...base, addressVersion: 77 })), 77);
  assert.is(addressVersionOfKey(emailKey(base)), null);
});

test.run();
