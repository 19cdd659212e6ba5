// Issue 41, on the in-memory adapters: for each form the issue names, a FIRE record that breaks only an IRS rule the
// IRS accepts the form with (Report Error, or Report Error and Reject if over Threshold) is imported with the
// finding as a warning, located in the file and kept on the filing; `strict` refuses the file and saves nothing; and
// a Reject rule (SHAREDIRFORM021: a TIN that is not a test TIN under an IRS test-mode transmitter) refuses the file
// with or without strict.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import { writeFire } from "../../../core/domain/fire/index.ts";
import type { TransmitterProfile } from "../../../core/domain/iris/rules/index.ts";
import { InvalidRequest } from "../../../core/domain/shared/errors.ts";
import { IrsTransmitter } from "../../../core/ports/irs-transmitter.port.ts";
import { importFire } from "../../../core/use-cases/filing/fire-import.ts";
import { createPayer } from "../../../core/use-cases/parties/payers.ts";
import { coreTest, type CoreTest } from "../../support/core.ts";
import { fileInput, payer as firePayer } from "../domain/fire/helpers.ts";
import { SEVERITY_CASES, severityForm, type SeverityCase } from "../domain/fire/severity-cases.ts";

const PAYER_TIN = "123456789";
const TEST_MODE: TransmitterProfile = { test: true, softwareIdFor: (y) => `${String(y).slice(-2)}A0000001` };

const s = suite<{ t: CoreTest; payerId: string }>("IRS rule severities per form (FIRE import, in-memory)");
s.before(async (ctx) => {
  ctx.t = await coreTest();
  ctx.payerId = (
    await ctx.t.run(createPayer(ctx.t.scope, { name: "Severity Payer LLC", tin: PAYER_TIN }))
  ).id;
});
s.after(async ({ t }) => {
  await t.dispose();
});

let tins = 0;
/** A one-record file of the case's form for a recipient of its own (no duplicate across the tests). */
const fileOf = (c: SeverityCase, broken = true) =>
  writeFire(
    fileInput([severityForm(c, firePayer({ tin: PAYER_TIN }), String(555_100_000 + tins++), broken)], {
      test: false,
    }),
    { lineEnding: "crlf" },
  );
const failure = (p: Promise<unknown>): Promise<InvalidRequest> =>
  p.then(
    () => assert.unreachable("expected the import to be refused"),
    (e: unknown) => {
      assert.instance(e, InvalidRequest);
      return e as InvalidRequest;
    },
  ) as Promise<InvalidRequest>;
const saved = async (t: CoreTest) => (await t.run(t.store.scoped(t.scope).filings.listAll({}))).length;
const underTestMode = <A, E, R>(e: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const irs = yield* IrsTransmitter;
    return yield* Effect.provideService(e, IrsTransmitter, { ...irs, profile: () => TEST_MODE });
  });
const IRS = ["Report Error", "Report Error and Reject if over Threshold"];

for (const c of SEVERITY_CASES) {
  s(`${c.form}: ${c.code} alone is imported with a warning; strict refuses it`, async ({ t, payerId }) => {
    const clean = await t.run(importFire(t.scope, payerId, fileOf(c, false), false));
    assert.equal(
      clean.warnings.filter((w) => IRS.includes(w.severity)),
      [],
      `the valid ${c.form} breaks no rule`,
    );

    const before = await saved(t);
    const r = await t.run(importFire(t.scope, payerId, fileOf(c), false));
    assert.is(r.forms_imported, 1);
    assert.is(r.forms_with_warnings, 1);
    const found = r.warnings.filter((w) => IRS.includes(w.severity));
    assert.equal(
      found.map((w) => [w.code, w.path, w.record, w.filing]),
      [[c.code, c.path, 3, r.form_ids[0]]],
    );
    const w = found[0]!;
    assert.ok(w.field !== undefined && w.field !== "", JSON.stringify(w));
    assert.match(w.message, new RegExp(`^IRS rule ${c.code} \\(`));
    const filing = await t.run(t.store.scoped(t.scope).filings.get(r.form_ids[0] ?? ""));
    assert.equal(
      filing?.warnings.filter((x) => IRS.includes(x.severity)),
      found.map(({ filing: _f, ...rest }) => rest),
    );
    assert.is(await saved(t), before + 1);

    const refused = await failure(t.run(importFire(t.scope, payerId, fileOf(c), false, true)));
    const problems = (refused.extra?.["problems"] ?? []) as Array<{ code?: string; record: number }>;
    assert.equal(
      problems.map((p) => [p.code, p.record]),
      [[c.code, 3]],
    );
    assert.match(refused.message, /refused under strict/);
    assert.is(await saved(t), before + 1, "nothing stored for a refused file");
  });

  s(`${c.form}: a Reject rule refuses the file with or without strict`, async ({ t, payerId }) => {
    const before = await saved(t);
    for (const strict of [false, true]) {
      const refused = await failure(
        t.run(underTestMode(importFire(t.scope, payerId, fileOf(c, false), false, strict))),
      );
      const problems = (refused.extra?.["problems"] ?? []) as Array<{ code?: string }>;
      assert.equal(
        problems.map((p) => p.code),
        ["SHAREDIRFORM021"],
        `strict ${String(strict)}`,
      );
    }
    // With its Report Error rule too: refused for the Reject finding, the other listed beside it.
    const both = await failure(t.run(underTestMode(importFire(t.scope, payerId, fileOf(c), false))));
    assert.equal(
      ((both.extra?.["problems"] ?? []) as Array<{ code?: string }>).map((p) => p.code),
      ["SHAREDIRFORM021"],
    );
    assert.ok(
      ((both.extra?.["warnings"] ?? []) as Array<{ code: string }>).some((w) => w.code === c.code),
      JSON.stringify(both.extra?.["warnings"]),
    );
    assert.is(await saved(t), before);
  });
}

s(
  "the account's strict_rules makes strict the default; an explicit strict false still imports",
  async ({ t, payerId }) => {
    const c = SEVERITY_CASES[0] as SeverityCase;
    await t.run(t.store.accounts.update(t.scope.accountId, { strictRules: true }));
    try {
      await failure(t.run(importFire(t.scope, payerId, fileOf(c), false)));
      const r = await t.run(importFire(t.scope, payerId, fileOf(c), false, false));
      assert.is(r.forms_imported, 1);
    } finally {
      await t.run(t.store.accounts.update(t.scope.accountId, { strictRules: false }));
    }
  },
);

s.run();
