// A FIRE import larger than one intake chunk (INTAKE_CHUNK rows) on the in-memory adapters: the rows are validated
// and saved a chunk at a time inside one transaction (INTAKE_FIRST_CHUNK rows first, then twice as many each time,
// up to INTAKE_CHUNK; a chunk is converted and validated while the one before is saved), and the result is the one
// a single pass gives: every form saved, or nothing saved and every failing row reported.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import {
  FORM_SPECS,
  parseFire,
  writeFire,
  type FireFormInput,
  type FormSpec,
} from "../../../core/domain/fire/index.ts";
import * as Effect from "effect/Effect";
import { InvalidRequest } from "../../../core/domain/shared/errors.ts";
import type { ScopedStore, Store } from "../../../core/ports/store.port.ts";
import { importFire } from "../../../core/use-cases/filing/fire-import.ts";
import { INTAKE_CHUNK, INTAKE_FIRST_CHUNK } from "../../../core/use-cases/filing/intake.ts";
import { createPayer } from "../../../core/use-cases/parties/payers.ts";
import { coreTest, wrapRepos, type CoreTest } from "../../support/core.ts";
import {
  alpha,
  fileInput,
  fullForm,
  irsValidInput,
  necFireForm,
  payer as firePayer,
  recipient,
} from "../domain/fire/helpers.ts";

const PAYER_TIN = "123456789";
/** Form `i` of a file: recipient TIN 5xxxxxxxx unique per `tinOf(i)`, account number unique per `i`. */
const necForm = (i: number, over: Partial<FireFormInput> = {}, tinOf = (n: number) => n): FireFormInput =>
  necFireForm(i, String(500_000_000 + tinOf(i)), over);

/**
 * A 1099-MISC that passes the layout and the catalogue but breaks IRS rule SHAREDIRFORM018 (the FATCA box checked
 * without the payee's account number). Its TIN is 4xxxxxxxx, told apart from the good forms'.
 */
function badForm(i: number): FireFormInput {
  const spec = FORM_SPECS.find((x) => x.form === "1099-MISC") as FormSpec;
  const misc = irsValidInput(spec, firePayer({ tin: PAYER_TIN }));
  return {
    ...misc,
    recipient: recipient({ tin: String(400_000_000 + i), name: `ALEX SAMPLE${alpha(i)}` }),
    indicators: { ...misc.indicators, FATCAFilingRequirementInd: true },
    accountNumber: "",
  };
}

const file = (forms: FireFormInput[]) => writeFire(fileInput(forms), { lineEnding: "crlf" });
/** The B record numbers in `bytes` of the forms whose recipient TIN `tin` picks. */
function recordsWhere(bytes: Uint8Array, tin: (t: string) => boolean): number[] {
  const parsed = parseFire(bytes);
  if (!parsed.ok) throw new Error("the test file does not parse");
  return parsed.forms.filter((f) => tin(f.recipient.tin)).map((f) => f.record);
}

const s = suite<{ t: CoreTest; payerId: string }>("FIRE import in chunks (in-memory adapters)");
s.before(async (ctx) => {
  ctx.t = await coreTest();
  ctx.payerId = (await ctx.t.run(createPayer(ctx.t.scope, { name: "Chunk Payer LLC", tin: PAYER_TIN }))).id;
});
s.after(async ({ t }) => {
  await t.dispose();
});

const n = 2 * INTAKE_CHUNK + 3;
const savedCount = async (t: CoreTest) => (await t.run(t.store.scoped(t.scope).filings.listAll({}))).length;
const recipientCount = async (t: CoreTest) =>
  (
    await t.run(
      t.store.scoped(t.scope).recipients.list({ limit: 10 * INTAKE_CHUNK, startingAfter: null }, {}),
    )
  ).data.length;
const failure = async (p: Promise<unknown>): Promise<InvalidRequest> =>
  p.then(
    () => assert.unreachable("expected the import to fail"),
    (e: unknown) => {
      assert.instance(e, InvalidRequest);
      return e as InvalidRequest;
    },
  ) as Promise<InvalidRequest>;
const problemCodes = (e: InvalidRequest) =>
  ((e.extra?.["problems"] ?? []) as Array<{ code?: string }>).map((p) => p.code);
const problemRecords = (e: InvalidRequest) =>
  ((e.extra?.["problems"] ?? []) as Array<{ record: number; code?: string }>).map((p) => p.record);

s(
  "a bad form in the last chunk and one in the first: nothing saved, both reported",
  async ({ t, payerId }) => {
    const forms = Array.from({ length: n }, (_, i) => (i === 5 || i === n - 1 ? badForm(i) : necForm(i)));
    const bytes = file(forms);
    const e = await failure(t.run(importFire(t.scope, payerId, bytes, true)));
    const bad = recordsWhere(bytes, (tin) => tin.startsWith("4"));
    assert.is(bad.length, 2);
    assert.equal(problemRecords(e), bad);
    assert.equal(problemCodes(e), ["SHAREDIRFORM018", "SHAREDIRFORM018"]);
    assert.match(e.message, /^Nothing was imported: 2 form\(s\) failed/);
    assert.is(await savedCount(t), 0);
    assert.is(await recipientCount(t), 0);
  },
);

s(
  "a form of the last chunk duplicating one of the first: nothing saved, the duplicate reported (D11)",
  async ({ t, payerId }) => {
    const forms = Array.from({ length: n }, (_, i) => necForm(i));
    forms[n - 2] = necForm(7, { amounts: { NonemployeeCompensationAmt: 5_00 } });
    const bytes = file(forms);
    const e = await failure(t.run(importFire(t.scope, payerId, bytes, false)));
    // The second of payee 7's two forms: the first is saved, the second conflicts with it.
    const twins = recordsWhere(bytes, (tin) => tin === String(500_000_007));
    assert.is(twins.length, 2);
    assert.equal(problemRecords(e), twins.slice(1));
    assert.match(e.message, /already exists/);
    assert.is(await savedCount(t), 0);
  },
);

s(
  "a duplicate in the first chunk and a bad form in a later one: only the bad form is reported",
  async ({ t, payerId }) => {
    const forms = Array.from({ length: n }, (_, i) => necForm(i));
    forms[3] = necForm(1);
    forms[INTAKE_CHUNK + 4] = badForm(INTAKE_CHUNK + 4);
    const bytes = file(forms);
    const e = await failure(t.run(importFire(t.scope, payerId, bytes, false)));
    assert.equal(
      problemRecords(e),
      recordsWhere(bytes, (tin) => tin.startsWith("4")),
    );
    assert.is(await savedCount(t), 0);
  },
);

s(
  "every form saved across the chunks, a recipient of the first chunk matched in the last",
  async ({ t, payerId }) => {
    // Forms i and i + 2 * INTAKE_CHUNK (i < 3) share a recipient TIN, with their own account numbers.
    const forms = Array.from({ length: n }, (_, i) => necForm(i, {}, (k) => k % (2 * INTAKE_CHUNK)));
    const r = await t.run(importFire(t.scope, payerId, file(forms), true));
    assert.is(r.forms_imported, n);
    assert.is(r.forms_added_to_cart, n);
    assert.is(new Set(r.cart_item_ids).size, n);
    assert.is(new Set(r.form_ids).size, n);
    assert.is(await savedCount(t), n);
    assert.is(await recipientCount(t), 2 * INTAKE_CHUNK);
    const first = r.forms[1];
    const last = r.forms[2 * INTAKE_CHUNK + 1];
    assert.ok(first?.recipient);
    assert.is(last?.recipient, first?.recipient);
    // One cart holds them all.
    const cart = await t.run(t.store.scoped(t.scope).carts.current());
    assert.is((await t.run(t.store.scoped(t.scope).carts.items(cart?.id ?? ""))).length, n);
  },
);

s(
  "a recipient of one chunk matched in the next, and what a form of the last chunk drops noted",
  async ({ t, payerId }) => {
    // Forms i and i + INTAKE_FIRST_CHUNK share a recipient TIN (the first chunk's recipients, found by the second).
    // TINs 6xxxxxxxx and account numbers of their own: the suite's earlier imports saved 5xxxxxxxx.
    const forms = Array.from({ length: n }, (_, i) =>
      necForm(i, { accountNumber: `C-${i}` }, (k) => 100_000_000 + (k % INTAKE_FIRST_CHUNK)),
    );
    const before = await recipientCount(t);
    // The last form, converted in the last chunk: IRIS has no state group for a 1099-S, so its state tax is dropped.
    const spec = FORM_SPECS.find((x) => x.form === "1099-S") as FormSpec;
    forms[n - 1] = { ...fullForm(spec, 1, firePayer({ tin: PAYER_TIN })), corrected: null };
    const bytes = file(forms);
    const r = await t.run(importFire(t.scope, payerId, bytes, false));
    assert.is(r.forms_imported, n);
    assert.is((await recipientCount(t)) - before, INTAKE_FIRST_CHUNK + 1);
    assert.ok(r.forms[0]?.recipient);
    assert.is(r.forms[INTAKE_FIRST_CHUNK]?.recipient, r.forms[0]?.recipient);
    assert.is(r.forms[2 * INTAKE_FIRST_CHUNK + 1]?.recipient, r.forms[1]?.recipient);
    const last = recordsWhere(bytes, (tin) => !tin.startsWith("6"));
    assert.is(last.length, 1);
    const note = r.notes.find((x) => /StateIncomeTaxWithheld/.test(x));
    assert.ok(note, `a note on the dropped state tax in ${JSON.stringify(r.notes)}`);
    assert.match(note ?? "", String(last[0]));
  },
);

s.run();

/**
 * The store as a concurrent intake leaves it: a recipient whose TIN hash is in `hidden` is missing from the first
 * `misses` reads that ask for it (another transaction commits it meanwhile), and found by every later one.
 */
function committedMeanwhile(store: Store["Service"], hidden: Set<string>, misses: number): Store["Service"] {
  let missed = 0;
  const repos = (inner: ScopedStore): ScopedStore => ({
    ...inner,
    recipients: {
      ...inner.recipients,
      findManyByTin: (payerId, hashes) =>
        Effect.map(inner.recipients.findManyByTin(payerId, hashes), (found) =>
          hashes.some((h) => hidden.has(h)) && missed++ < misses
            ? found.filter((r) => !hidden.has(r.tinHash))
            : found,
        ),
    },
  });
  return wrapRepos(store, repos);
}

const late = suite<{ t: CoreTest; payerId: string; hidden: Set<string> }>(
  "FIRE import in chunks: a recipient a concurrent intake creates first",
);
late.before(async (ctx) => {
  ctx.hidden = new Set();
  // The reads of the first two chunks (planned before the first is saved) miss it; the read after the lost insert finds it.
  ctx.t = await coreTest({ wrapStore: (store) => committedMeanwhile(store, ctx.hidden, 2) });
  ctx.payerId = (await ctx.t.run(createPayer(ctx.t.scope, { name: "Late Payer LLC", tin: PAYER_TIN }))).id;
});
late.after(async ({ t }) => {
  await t.dispose();
});

late(
  "the forms of every chunk with that TIN take the recipient that won, none a lost one",
  async ({ t, payerId, hidden }) => {
    const tin = (k: number) => (k % INTAKE_FIRST_CHUNK === 0 ? 99_999 : k);
    // The recipient the concurrent intake made: TIN 500099999, by an import of its own.
    const won = await t.run(importFire(t.scope, payerId, file([necForm(0, {}, () => 99_999)]), false));
    const winner = won.forms[0]?.recipient;
    assert.ok(winner);
    for (const r of t.store.tables().recipients.values()) if (r.tinLast4 === "9999") hidden.add(r.tinHash);
    assert.is(hidden.size, 1);
    // Forms 0, 500 (chunks 0 and 1), 1500, 2500 ... have TIN 500099999, each with its own account number.
    const forms = Array.from({ length: n }, (_, i) => necForm(i, { accountNumber: `L-${i}` }, tin));
    const r = await t.run(importFire(t.scope, payerId, file(forms), false));
    assert.is(r.forms_imported, n);
    const shared = r.forms.filter((_, i) => tin(i) === 99_999);
    assert.ok(shared.length >= 4, `${shared.length} forms with the shared TIN`);
    for (const f of shared) assert.is(f?.recipient, winner);
    const withTin = [...t.store.tables().recipients.values()].filter((x) => hidden.has(x.tinHash));
    assert.is(withTin.length, 1);
  },
);

late.run();
