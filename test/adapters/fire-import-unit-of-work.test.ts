// A FIRE import validates its forms inside its transaction (core/use-cases/filing/intake.ts, intakeInChunks), and
// the reads it makes there go through that transaction. On the embedded database (one connection) a read outside it
// waited for the transaction to end: an import under the IRS test-mode rules (TestCd T, which read the payer's
// stored TIN) hung until Knex gave up on the connection. Run on every Store adapter: the in-memory fake, PGlite, and
// Postgres when DATABASE_URL is set.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import * as ManagedRuntime from "effect/ManagedRuntime";
import { makeTinVault, sha256Hasher, systemIds } from "../../adapters/system/system.ts";
import { writeFire } from "../../core/domain/fire/index.ts";
import { InvalidRequest } from "../../core/domain/shared/errors.ts";
import { Clock } from "../../core/ports/clock.port.ts";
import { Hasher } from "../../core/ports/hasher.port.ts";
import { Ids } from "../../core/ports/ids.port.ts";
import { IrsTransmitter } from "../../core/ports/irs-transmitter.port.ts";
import { Store } from "../../core/ports/store.port.ts";
import { TinVault } from "../../core/ports/tin-vault.port.ts";
import { seedSandbox } from "../../core/use-cases/accounts/accounts.ts";
import { importFire } from "../../core/use-cases/filing/fire-import.ts";
import { createPayer } from "../../core/use-cases/parties/payers.ts";
import { fileInput, necFireForm, payer as firePayer } from "../core/domain/fire/helpers.ts";
import { eachStoreAdapter } from "./contract/adapters.ts";

/** An IRS transmitter in test mode (TestCd T): the rules then want test TINs, the payer's read from the store. */
const testModeIrs = IrsTransmitter.of({
  transmit: () => Effect.die(new Error("not transmitted in this test")),
  acknowledgements: () => Effect.die(new Error("not transmitted in this test")),
  missingConfiguration: () => null,
  profile: () => ({ test: true, softwareIdFor: () => "25000001" }),
});

/** A file of `count` 1099-NEC forms of the payer with `payerTin`, recipients' TINs 000000001 and up. */
const file = (payerTin: string, count: number) =>
  writeFire(
    fileInput(
      Array.from({ length: count }, (_, i) =>
        necFireForm(i, String(i + 1).padStart(9, "0"), { payer: firePayer({ tin: payerTin }) }),
      ),
    ),
    { lineEnding: "crlf" },
  );

/** `p`, or a failure naming `what` once `ms` have passed (a hung read would otherwise hold the run for a minute). */
function within<A>(ms: number, what: string, p: Promise<A>): Promise<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

eachStoreAdapter((name, open) => {
  const s = suite(`FIRE import under the IRS test-mode rules (${name})`);
  s(
    "reads the payer's TIN inside its transaction: the import finishes, and the rule on that TIN applies",
    async () => {
      const { store, close } = await open();
      const runtime = ManagedRuntime.make(
        Layer.mergeAll(
          Layer.succeed(Store, store),
          Layer.succeed(Clock, { now: () => new Date(Date.UTC(2026, 1, 2, 12)) }),
          Layer.succeed(Ids, systemIds),
          Layer.succeed(TinVault, makeTinVault("unit-of-work-test")),
          Layer.succeed(Hasher, sha256Hasher),
          Layer.succeed(IrsTransmitter, testModeIrs),
        ),
      );
      try {
        const seeded = await runtime.runPromise(seedSandbox(undefined));
        assert.ok(seeded, "the store was empty");
        const scope = { accountId: seeded.account.id, livemode: false };
        const testPayer = await runtime.runPromise(
          createPayer(scope, { name: "Test TIN LLC", tin: "000123456" }),
        );
        const imported = await within(
          20_000,
          "the import",
          runtime.runPromise(importFire(scope, testPayer.id, file("000123456", 3), false)),
        );
        assert.is(imported.forms_imported, 3);
        assert.is((await runtime.runPromise(store.scoped(scope).filings.listAll({}))).length, 3);

        // A payer whose stored TIN is not a test TIN: the rule read it, and nothing is saved.
        const realPayer = await runtime.runPromise(
          createPayer(scope, { name: "Real TIN LLC", tin: "123456789" }),
        );
        const refused = await within(
          20_000,
          "the refused import",
          runtime.runPromise(importFire(scope, realPayer.id, file("123456789", 2), false)).then(
            () => assert.unreachable("expected the import to be refused"),
            (e: unknown) => e,
          ),
        );
        assert.instance(refused, InvalidRequest);
        assert.match((refused as InvalidRequest).message, /SMF027/);
        assert.is((await runtime.runPromise(store.scoped(scope).filings.listAll({}))).length, 3);
      } finally {
        await runtime.dispose();
        await close();
      }
    },
  );
  s.run();
});
