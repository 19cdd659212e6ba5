// FIRE import (SPEC "FIRE import result", intake rule 4): parse a Pub 1220 file, then file its forms through
// the same intake as JSON, all or nothing. The file's payer (A record TIN) must be the payer in the path.
import * as Effect from "effect/Effect";
import {
  droppedNotes,
  fireFormToIris,
  locateIssue,
  parseFire,
  type FireDropped,
  type FireForm,
  type FireLocatedProblem,
  type FireSource,
} from "../../domain/fire/index.ts";
import { locateFinding } from "../../domain/fire/convert.ts";
import type { RuleFinding } from "../../domain/iris/rules/index.ts";
import { fireFileView } from "../../domain/fire/views.ts";
import type { IntakeRowResult, RawRow } from "../../domain/filing/intake.ts";
import { InvalidRequest } from "../../domain/shared/errors.ts";
import { Tin } from "../../domain/shared/tin.ts";
import { Store, type Scope } from "../../ports/store.port.ts";
import { TinVault } from "../../ports/tin-vault.port.ts";
import type { Payer } from "../../domain/parties/payer.ts";
import { getPayer } from "../parties/payers.ts";
import { intakeInChunks } from "./intake.ts";

export type { FireLocatedProblem };

const recordOf = (reference: string | null) => Number(/B record (\d+)/.exec(reference ?? "")?.[1] ?? 0);

/** A warning of the import's answer: the filing it is on (null when its form was refused), and where it is in the file. */
export type FireWarning = RuleFinding & { readonly filing: string | null };

/**
 * The warnings of the rows, each located in the file; a payer rule (the A record's phone) once per A record and rule,
 * not once per form of the payer.
 */
export function fireWarnings(
  rows: readonly (Pick<IntakeRowResult, "id" | "warnings"> | undefined)[],
): FireWarning[] {
  const out: FireWarning[] = [];
  const payerSeen = new Set<string>();
  for (const r of rows) {
    for (const w of r?.warnings ?? []) {
      if (w.path.startsWith("payer.")) {
        const key = `${String(w.record)}\u0000${w.code}`;
        if (payerSeen.has(key)) continue;
        payerSeen.add(key);
      }
      out.push({ filing: r?.id ?? null, ...w });
    }
  }
  return out;
}

/**
 * Parses the file and checks its forms' payer and corrections; returns the intake rows and `prepare`, which converts
 * a row to IRIS JSON when intake validates it (while the chunk before is saved), noting what each form drops.
 * Kept apart from `importFire` so the parsed file (every B record as an object) can be collected while intake runs:
 * a failing form is located by parsing the file again.
 */
const prepareRows = Effect.fnUntraced(function* (scope: Scope, payer: Payer, bytes: Uint8Array) {
  const parsed = parseFire(bytes);
  if (!parsed.ok) {
    const first = parsed.problems[0];
    return yield* new InvalidRequest({
      message: `Not a valid Publication 1220 file: ${parsed.problems.length} problem(s).${first ? ` First: record ${first.record} (${first.recordType}), ${first.field} at position ${first.position}: ${first.message}` : ""}`,
      extra: { problems: parsed.problems },
    });
  }
  const store = yield* Store;
  const vault = yield* TinVault;
  const repos = store.scoped(scope);
  const payerHash = yield* repos.payers.tinHash(payer.id);
  const notes = [...parsed.notes];
  const problems: FireLocatedProblem[] = [];
  const rows: RawRow[] = [];
  /** Each row's B record, by row index, until `prepare` converts it. */
  const forms: Array<FireForm | undefined> = [];
  const corrects = new Map<number, string>();
  const dropped: Array<{ form: FireForm; items: FireDropped[] }> = [];
  const payerTinMatches = new Map<string, boolean>();
  for (const f of parsed.forms) {
    if (!f.supported) {
      notes.push(`B record ${f.record}: form type ${f.form} is not supported by this service; skipped.`);
      continue;
    }
    // Every B record of a payer group repeats the A record's TIN: its keyed hash is computed once per TIN.
    let payerMatches = payerTinMatches.get(f.payer.tin);
    if (payerMatches === undefined) {
      const payerTin = Tin.parse(f.payer.tin);
      payerMatches = payerTin !== undefined && vault.hash(payerTin) === payerHash;
      payerTinMatches.set(f.payer.tin, payerMatches);
    }
    if (!payerMatches) {
      problems.push({
        record: f.record,
        recordType: "A",
        field: "Payer's TIN",
        position: 12,
        message: `The file's payer TIN (ending ${f.payer.tin.slice(-4)}) is not the TIN of payer ${payer.id} (ending ${payer.tinLast4}). Import each payer's forms under that payer.`,
      });
      continue;
    }
    if (f.corrected) {
      const recipientTin = Tin.parse(f.recipient.tin);
      const original = recipientTin
        ? yield* repos.filings.findFiledOriginal({
            payerId: payer.id,
            recipientTinHash: vault.hash(recipientTin),
            form: f.form,
            taxYear: f.taxYear,
            accountNumber: f.accountNumber,
          })
        : undefined;
      if (!original) {
        notes.push(
          `B record ${f.record}: correction (${f.corrected}) for payee ${f.recipient.name} (TIN ending ${f.recipient.tin.slice(-4)}) skipped: its original ${f.form} for ${f.taxYear} was not filed through this service.`,
        );
        continue;
      }
      corrects.set(rows.length, original.id);
    }
    forms.push(f);
    rows.push({ raw: null, index: rows.length });
  }
  if (problems.length > 0) {
    return yield* new InvalidRequest({
      message: `Nothing was imported: ${problems[0]?.message ?? ""}`,
      extra: { problems },
    });
  }
  /** The row intake converted last: intake checks each row right after converting it (see `locateFindings`). */
  let current: { index: number; form: FireForm; sources: Readonly<Record<string, FireSource>> } | undefined;
  const prepare = ({ index }: RawRow): RawRow => {
    const f = forms[index] as FireForm;
    forms[index] = undefined;
    const iris = fireFormToIris(f);
    current = { index, form: f, sources: iris.sources };
    if (iris.dropped.length > 0) dropped.push({ form: f, items: iris.dropped });
    return {
      raw: {
        form: f.form,
        tax_year: f.taxYear,
        jsonForm: iris.jsonForm,
        reference: `B record ${f.record}`,
      },
      index,
    };
  };
  /** A row's findings with the record, Pub 1220 field and position they are about (issue 41). */
  const locateFindings = (index: number, findings: readonly RuleFinding[]): readonly RuleFinding[] => {
    const at = current?.index === index ? current : undefined;
    if (!at) return findings;
    return findings.map((finding) => {
      const p = locateFinding(at.form, finding, () => at.sources);
      return {
        ...finding,
        record: p.record,
        field: p.field,
        ...(p.position !== undefined ? { position: p.position } : {}),
      };
    });
  };
  /** The notes, with what each converted form dropped (complete once intake has converted every row). */
  const allNotes = () => [...notes, ...droppedNotes(dropped)];
  return { rows, corrects, prepare, locateFindings, allNotes, rowsParsed: parsed.rows };
});

export const importFire = Effect.fn("importFire")(function* (
  scope: Scope,
  payerId: string,
  bytes: Uint8Array,
  addToCart: boolean,
  strict?: boolean,
) {
  const payer = yield* getPayer(scope, payerId);
  const { rows, corrects, prepare, locateFindings, allNotes, rowsParsed } = yield* prepareRows(
    scope,
    payer,
    bytes,
  );
  const result = yield* intakeInChunks(
    scope,
    "fire",
    {
      rows,
      reference: null,
      defaultPayer: payer.id,
      options: {
        addToCart,
        service: "efile_print_mail",
        physicalMail: undefined,
        portalAccess: undefined,
        strict,
      },
    },
    payer.id,
    { corrects, knownPayer: payer, locateFindings },
    prepare,
  ).pipe(
    Effect.catchTag("InvalidRequest", (e) => {
      const failed = (e.extra?.["failed_rows"] ?? []) as IntakeRowResult[];
      if (failed.length === 0) return Effect.fail(e);
      const warnings = fireWarnings([{ id: null, warnings: (e.extra?.["warnings"] ?? []) as RuleFinding[] }]);
      // B record number -> its form, for the failing forms only: the file is parsed again (it parsed the first time).
      const wanted = new Set(failed.map((r) => recordOf(r.reference)));
      const again = parseFire(bytes);
      const located = new Map<number, FireForm>(
        again.ok ? again.forms.filter((f) => wanted.has(f.record)).map((f) => [f.record, f] as const) : [],
      );
      const problems: FireLocatedProblem[] = failed.map((r) => {
        const record = recordOf(r.reference);
        const form = located.get(record);
        const at = form ? { form, sources: fireFormToIris(form).sources } : undefined;
        const message = r.error?.message ?? "invalid";
        // A row that breaks an IRS business rule names it (the row error's code, e.g. "SHAREDIRFORM018").
        const code = r.error?.code !== undefined ? { code: r.error.code } : {};
        return at
          ? { ...locateIssue(at.form, r.error?.param ?? "", message, at.sources), ...code }
          : { record, recordType: "B", field: r.error?.param ?? "", message, ...code };
      });
      const first = problems[0];
      const where = first
        ? `record ${first.record}${first.position !== undefined ? `, ${first.field} at position ${first.position}` : ""}`
        : "";
      return Effect.fail(
        new InvalidRequest({
          param: e.param,
          message: `Nothing was imported: ${problems.length} form(s) failed. First: ${where}: ${first?.message ?? ""}`,
          // Issue 41: the findings that did not refuse a form are listed too (on the forms refused and the others).
          extra: { problems, warnings },
        }),
      );
    }),
  );
  return fireFileView({
    warnings: fireWarnings(result.rows),
    batchId: result.batch.id,
    bytes: bytes.length,
    rowsParsed,
    rows: result.rows,
    filings: result.filings,
    payerId: payer.id,
    addToCart,
    notes: allNotes(),
  });
});
