import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  FILING_STATUSES,
  SERVICES,
  TRANSITIONS,
  isTerminal,
  nextStatus,
  type FilingStatus,
  type FilingTrigger,
  type Service,
} from "../../../../core/domain/filing/status.ts";

// The table of SPEC "States and transitions" (+ D18 void set, D19 supersede, cart removal), written out
// independently of the implementation: [from, trigger, services or null for all, to].
const ALLOWED: Array<[FilingStatus, FilingTrigger, Service[] | null, FilingStatus]> = [
  ["ready_to_file", "add_to_cart", null, "in_cart"],
  ["in_cart", "remove_from_cart", null, "ready_to_file"],
  ["in_cart", "pay", null, "queued"],
  ["queued", "transmit", ["efile", "efile_print_mail"], "submitted"],
  ["queued", "furnish", ["print_mail"], "furnishing"],
  ["submitted", "ack_accepted", null, "accepted"],
  ["submitted", "ack_accepted_with_errors", null, "accepted_with_errors"],
  ["submitted", "ack_rejected", null, "rejected"],
  ["ready_to_file", "void", null, "voided"],
  ["in_cart", "void", null, "voided"],
  ["queued", "void", null, "voided"],
  ["submitted", "untransmittable", null, "voided"], // SPEC: a charged form that cannot be transmitted returns its money
  ["accepted", "supersede", null, "superseded"],
  ["accepted_with_errors", "supersede", null, "superseded"],
];

const TRIGGERS = Object.keys(TRANSITIONS) as FilingTrigger[];

test("every allowed transition moves to its target, for exactly the listed services", () => {
  let checked = 0;
  for (const [from, trigger, services, to] of ALLOWED) {
    for (const service of SERVICES) {
      const r = nextStatus(from, trigger, service);
      if (services === null || services.includes(service)) {
        assert.is(r.refused, false, `${from} --${trigger}/${service}--> should move`);
        if (!r.refused) assert.is(r.to, to);
      } else {
        assert.is(r.refused, true, `${from} --${trigger}/${service}--> should be refused`);
      }
      checked++;
    }
  }
  assert.is(checked, ALLOWED.length * SERVICES.length);
});

test("every other (status, trigger, service) combination is refused with a reason", () => {
  let refused = 0;
  for (const from of FILING_STATUSES)
    for (const trigger of TRIGGERS)
      for (const service of SERVICES) {
        const listed = ALLOWED.some(
          ([f, t, s]) => f === from && t === trigger && (s === null || s.includes(service)),
        );
        const r = nextStatus(from, trigger, service);
        assert.is(r.refused, !listed, `${from} ${trigger} ${service}`);
        if (r.refused) {
          assert.ok(r.reason.length > 10);
          refused++;
        }
      }
  assert.is(
    refused,
    FILING_STATUSES.length * TRIGGERS.length * SERVICES.length -
      ALLOWED.reduce((n, [, , s]) => n + (s ? s.length : SERVICES.length), 0),
  );
});

test("acknowledgements emit the webhook events; accepted_with_errors is sent as filing.accepted (D28)", () => {
  const ev = (t: FilingTrigger) => {
    const r = nextStatus("submitted", t, "efile");
    return r.refused ? "refused" : r.event;
  };
  assert.is(ev("ack_accepted"), "filing.accepted");
  assert.is(ev("ack_accepted_with_errors"), "filing.accepted");
  assert.is(ev("ack_rejected"), "filing.rejected");
  const pay = nextStatus("in_cart", "pay", "efile");
  assert.is(pay.refused ? "refused" : pay.event, null);
});

test("terminal statuses: rejected, voided, superseded and furnishing accept no trigger", () => {
  assert.equal(FILING_STATUSES.filter(isTerminal).sort(), ["furnishing", "rejected", "superseded", "voided"]);
});

test.run();
