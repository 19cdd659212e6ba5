// Column codecs and row codecs: how the Knex adapters decode what the driver (pg or PGlite) returns.
//
// A column codec is a pair: an Effect Schema (the authority: the decoded type, and the message of a refusal) and
// the same decoding as a plain function (the fast path). A row codec (`rowCodec`) decodes a row with the plain
// functions, in a decoder generated once per codec; when one of them refuses, it decodes the row again with the
// schema, whose error it throws as a RowDecodeError naming the row and the field
// (`filings row 5f0c…: Expected "ready_to_file" | … at ["status"]`).
// Why two paths (the hot paths read payers, credentials and pages of 100 filings): Schema.decodeUnknownSync alone
// cost about 20 µs a filing row (2 ms a page of 100) and 3.4 µs a payer, an Effect per field; the generated plain
// decoder and the mapper cost 1.7 µs a filing and 1.2 µs a payer, where the casts they replaced cost 1.3 and 1.1.
// Schemas are built and decoders generated once, at module load, never per call. test/adapters/knex/rows.test.ts
// holds the two paths to the same answers column by column, and test databases decode every row both ways
// (checkFastPathsAgainstSchemas).
import { isDeepStrictEqual } from "node:util";
import * as Schema from "effect/Schema";
import * as SchemaGetter from "effect/SchemaGetter";

/** What a column's plain decoder returns for a value its schema refuses. */
export const INVALID: unique symbol = Symbol("invalid column value");
export type Invalid = typeof INVALID;

export interface Column<T> {
  /** The decoding schema: the authority (types, and the message of a refusal). */
  readonly schema: Schema.Decoder<T>;
  /** The same decoding as a plain function: INVALID where `schema` fails. */
  readonly decode: (u: unknown) => T | Invalid;
  /** A member a JSON object may leave out (see `optional`). */
  readonly optional?: true;
}
export type ColumnType<C> = C extends Column<infer T> ? T : never;

const decodeOnly = SchemaGetter.forbidden<never, unknown>(() => "row codecs only decode");

/** A column whose schema is the declared check `is`, then `map` to a value `out` accepts. */
function declared<In, Out>(
  expected: string,
  is: (u: unknown) => u is In,
  map: (v: In) => Out,
  out: (u: unknown) => u is Out,
): Column<Out> {
  return {
    schema: Schema.declare(is, { expected }).pipe(
      Schema.decodeTo(Schema.declare(out), { decode: SchemaGetter.transform(map), encode: decodeOnly }),
    ),
    decode: (u) => (is(u) ? map(u) : INVALID),
  };
}

const isString = (u: unknown): u is string => typeof u === "string";
const isFiniteNumber = (u: unknown): u is number => typeof u === "number" && Number.isFinite(u);
const isNumeric = (u: unknown): u is number | string =>
  typeof u === "number"
    ? Number.isFinite(u)
    : typeof u === "string" && u.trim() !== "" && Number.isFinite(Number(u));
const isTimestamp = (u: unknown): u is Date | string =>
  u instanceof Date ? !Number.isNaN(u.getTime()) : typeof u === "string" && !Number.isNaN(Date.parse(u));
const toIso = (v: Date | string): string => (typeof v === "string" ? new Date(v) : v).toISOString();
const isObject = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u);

/** text, uuid: a string. */
export const Text: Column<string> = {
  schema: Schema.String,
  decode: (u) => (typeof u === "string" ? u : INVALID),
};
/** boolean. */
export const Bool: Column<boolean> = {
  schema: Schema.Boolean,
  decode: (u) => (typeof u === "boolean" ? u : INVALID),
};
/** null: a left-joined column when nothing joined (see `oneOf`). */
export const Null: Column<null> = { schema: Schema.Null, decode: (u) => (u === null ? null : INVALID) };
/**
 * integer, bigint, count(*), sum(): a number. pg returns int8 as a number (the type parser of connection.ts) and
 * PGlite too, but numeric (the sum of a bigint) comes as a string: both decode to a number.
 */
export const Num: Column<number> = declared(
  "a number or a numeric string",
  isNumeric,
  Number,
  isFiniteNumber,
);
/** timestamptz: a Date (pg, PGlite) or a date string, decoded to its ISO 8601 form (UTC, milliseconds). */
export const Timestamp: Column<string> = declared(
  "a timestamp (a Date or a date string)",
  isTimestamp,
  toIso,
  isString,
);

/** A nullable column of `c`. */
export function nullable<T>(c: Column<T>): Column<T | null> {
  return { schema: Schema.NullOr(c.schema), decode: (u) => (u === null ? null : c.decode(u)) };
}
export const NullableText = nullable(Text);
export const NullableBool = nullable(Bool);
export const NullableNum = nullable(Num);
export const NullableTimestamp = nullable(Timestamp);

/** A text column holding one of `values` (a status, a kind: the domain's list of them). */
export function literals<const L extends ReadonlyArray<string>>(values: L): Column<L[number]> {
  const set: ReadonlySet<unknown> = new Set(values);
  const is = (u: unknown): u is L[number] => set.has(u);
  return { schema: Schema.Literals(values), decode: (u) => (is(u) ? u : INVALID) };
}

/** A member of a JSON object that may be left out (absent stays absent). */
export function optional<T>(c: Column<T>): Column<T | undefined> {
  return { ...c, optional: true };
}

/** An array of `c` (inside a JSON column). */
export function arrayOf<T>(c: Column<T>): Column<ReadonlyArray<T>> {
  return {
    schema: Schema.Array(c.schema),
    decode: (u) => {
      if (!Array.isArray(u)) return INVALID;
      const out: T[] = [];
      for (const x of u) {
        const v = c.decode(x);
        if (v === INVALID) return INVALID;
        out.push(v);
      }
      return out;
    },
  };
}

/** An object of string keys and `c` values (inside a JSON column). */
export function recordOf<T>(c: Column<T>): Column<Readonly<Record<string, T>>> {
  return {
    schema: Schema.Record(Schema.String, c.schema),
    decode: (u) => {
      if (!isObject(u)) return INVALID;
      const out: Record<string, T> = {};
      for (const [k, x] of Object.entries(u)) {
        const v = c.decode(x);
        if (v === INVALID) return INVALID;
        out[k] = v;
      }
      return out;
    },
  };
}

/**
 * A JSON object whose members are not checked one by one: a document this service wrote from a domain value it had
 * validated (a filing's form, an order's receipt, an event's data). Checking that it is an object keeps a corrupted
 * row from becoming an entity; checking every member would cost more than the rest of the row.
 */
export const JsonObject: Column<Record<string, unknown>> = declared(
  "a JSON object",
  isObject,
  (v) => v,
  isObject,
);

const parseJson = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return INVALID;
  }
};
/**
 * json, jsonb: the value as pg and PGlite parse it, or its JSON text (a text column, or a driver that does not
 * parse json), decoded with `c`.
 */
export function json<T>(c: Column<T>): Column<T> {
  return {
    schema: Schema.declare((u): u is unknown => typeof u !== "string" || parseJson(u) !== INVALID, {
      expected: "JSON",
    }).pipe(
      Schema.decodeTo(c.schema, {
        decode: SchemaGetter.transform((v: unknown) => (typeof v === "string" ? JSON.parse(v) : v)),
        encode: decodeOnly,
      }),
    ),
    decode: (u) => {
      const v = typeof u === "string" ? parseJson(u) : u;
      return v === INVALID ? INVALID : c.decode(v);
    },
  };
}

/** The first of `members` that decodes (the shapes of a left join: joined, or nulls). */
export function oneOf<const M extends ReadonlyArray<Column<unknown>>>(
  ...members: M
): Column<ColumnType<M[number]>> {
  const decoders = members.map((m) => m.decode);
  return {
    // The union of the members' schemas decodes to the union of their types, which the mapped tuple hides.
    schema: Schema.Union(members.map((m) => m.schema)) as unknown as Schema.Decoder<ColumnType<M[number]>>,
    decode: (u) => {
      for (const d of decoders) {
        const v = d(u);
        // One of the members decoded it: a ColumnType<M[number]>, which the mapped tuple hides.
        if (v !== INVALID) return v as ColumnType<M[number]>;
      }
      return INVALID;
    },
  };
}

type Fields = Readonly<Record<string, Column<unknown>>>;
type OptionalKeys<F extends Fields> = {
  [K in keyof F]: F[K] extends { readonly optional: true } ? K : never;
}[keyof F];
export type Decoded<F extends Fields> = {
  readonly [K in Exclude<keyof F, OptionalKeys<F>>]: ColumnType<F[K]>;
} & { readonly [K in OptionalKeys<F>]?: Exclude<ColumnType<F[K]>, undefined> };

/**
 * A decoder generated once per shape, as ajv generates its validators: one property read and one call per field
 * at fixed sites, so each stays monomorphic (a loop over the keys made every read and call megamorphic: 4 µs a
 * filing row instead of 1.5). Keys come from this module's callers' source, quoted by JSON.stringify.
 */
function generated<T>(
  keys: readonly (string | number)[],
  columns: readonly Column<unknown>[],
  kind: "object" | "array",
): (u: unknown) => T | Invalid {
  const lines = keys.map((k, i) => {
    const at = JSON.stringify(k);
    return columns[i]?.optional
      ? `const r${i} = u[${at}]; const v${i} = r${i} === undefined ? undefined : d[${i}](r${i}); if (v${i} === INVALID) return INVALID;`
      : `const v${i} = d[${i}](u[${at}]); if (v${i} === INVALID) return INVALID;`;
  });
  const guard =
    kind === "array"
      ? `if (!Array.isArray(u) || u.length !== ${keys.length}) return INVALID;`
      : `if (typeof u !== "object" || u === null) return INVALID;`;
  const required = keys.flatMap((k, i) => (columns[i]?.optional ? [] : [`${JSON.stringify(k)}: v${i}`]));
  const optionals = keys.flatMap((k, i) =>
    columns[i]?.optional ? [`if (v${i} !== undefined) o[${JSON.stringify(k)}] = v${i};`] : [],
  );
  const body =
    kind === "array"
      ? `return [${keys.map((_, i) => `v${i}`).join(", ")}];`
      : `const o = { ${required.join(", ")} };\n${optionals.join("\n")}\nreturn o;`;
  const source = `return (u) => {\n${guard}\n${lines.join("\n")}\n${body}\n};`;
  // The function the source above defines: each field decoded by its column, which TypeScript cannot follow.
  return new Function("d", "INVALID", source)(
    columns.map((c) => c.decode),
    INVALID,
  ) as (u: unknown) => T | Invalid;
}

/** An object of `fields` (inside a JSON column; `rowCodec` for a row). */
export function struct<const F extends Fields>(fields: F): Column<Decoded<F>> {
  const keys = Object.keys(fields);
  const columns = Object.values(fields);
  const schemas: Record<string, Schema.Top> = {};
  for (const [k, c] of Object.entries(fields))
    schemas[k] = c.optional ? Schema.optionalKey(c.schema) : c.schema;
  return {
    // The struct of the fields' schemas decodes to Decoded<F>, which TypeScript cannot follow through the loop.
    schema: Schema.Struct(schemas) as unknown as Schema.Decoder<Decoded<F>>,
    decode: generated<Decoded<F>>(keys, columns, "object"),
  };
}

/** A fixed-length array of `elements` (the cells of a row sent as a JSON array). */
export function tuple<const E extends ReadonlyArray<Column<unknown>>>(
  ...elements: E
): Column<{ readonly [I in keyof E]: ColumnType<E[I]> }> {
  type T = { readonly [I in keyof E]: ColumnType<E[I]> };
  return {
    // The tuple of the elements' schemas decodes to T, which TypeScript cannot follow through the map.
    schema: Schema.Tuple(elements.map((e) => e.schema)) as unknown as Schema.Decoder<T>,
    decode: generated<T>(
      elements.map((_, i) => i),
      elements,
      "array",
    ),
  };
}

/** A row that does not decode: a defect (the database holds what this code cannot read). */
export class RowDecodeError extends Error {
  override readonly name = "RowDecodeError";
}

export interface RowCodec<T> {
  /** The table, or the query shape, in messages. */
  readonly name: string;
  readonly schema: Schema.Decoder<T>;
  /** Decodes a row; throws a RowDecodeError naming the field that refused. */
  readonly decode: (row: unknown) => T;
  /** Decodes with the schema alone (the reference the tests hold `decode` to). */
  readonly decodeWithSchema: (row: unknown) => T;
}

let checkFastPaths = false;
/**
 * Tests only: from now on every row is decoded both ways and a difference between the plain decoder and the
 * schema throws, so the adapter tests hold the fast paths to the schemas on the rows Postgres and PGlite return.
 */
export function checkFastPathsAgainstSchemas(): void {
  checkFastPaths = true;
}

/** The codec of a row shape: a `struct` of its columns (those a query selects; others are ignored), or a `oneOf`. */
export function rowCodec<T>(name: string, column: Column<T>): RowCodec<T> {
  const viaSchema = Schema.decodeUnknownSync(column.schema);
  const decodeWithSchema = (row: unknown): T => {
    try {
      return viaSchema(row);
    } catch (e) {
      const id = isObject(row) && typeof row["id"] === "string" ? ` ${row["id"]}` : "";
      throw new RowDecodeError(`${name} row${id}: ${e instanceof Error ? e.message : String(e)}`, {
        cause: e,
      });
    }
  };
  const fast = column.decode;
  return {
    name,
    schema: column.schema,
    decode: (row) => {
      const v = fast(row);
      if (v === INVALID) {
        const accepted = decodeWithSchema(row); // throws the schema's refusal
        if (checkFastPaths) throw new Error(`${name} row: the plain decoder refused what the schema accepts`);
        return accepted;
      }
      if (checkFastPaths && !isDeepStrictEqual(v, decodeWithSchema(row)))
        throw new Error(`${name} row: the plain decoder and the schema disagree`);
      return v;
    },
    decodeWithSchema,
  };
}

/** Decodes a row that may be absent (`first()` gives undefined when nothing matched). */
export const decodeOptional = <T>(codec: RowCodec<T>, row: unknown): T | undefined =>
  row === undefined ? undefined : codec.decode(row);

/** True when the literal list `L` names exactly the domain's union `U` (a compile-time check of a copied list). */
export type SameMembers<L, U> = [L] extends [U] ? ([U] extends [L] ? true : false) : false;

/** The rows of a query's result (Knex gives `any`): an array, whose rows stay `unknown` until a codec decodes them. */
export function rowsOf(result: unknown): unknown[] {
  if (!Array.isArray(result)) throw new RowDecodeError(`a query returned ${typeof result}, not rows`);
  return result;
}

/** How many rows a raw UPDATE or DELETE changed (`rowCount` of the driver's result; 0 when it gives none). */
export function rowCountOf(result: unknown): number {
  return isObject(result) && typeof result["rowCount"] === "number" ? result["rowCount"] : 0;
}
