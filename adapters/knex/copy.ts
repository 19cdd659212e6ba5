// Bulk inserts through COPY on Postgres (`PipelinedCopy` below speaks the protocol). Postgres parses COPY text about twice
// as fast as the rows of a json_to_recordset INSERT (measured on 20,000 filings rows: 0.57 s against 1.0 s), and
// intake's database time is mostly that parsing. Rows whose conflicts are rare go straight into their table under a
// savepoint (`copyInsertElseGuarded`); otherwise, or when such a COPY breaks a unique constraint, they go into a temp
// table dropped at commit and one INSERT ... SELECT moves them with its ON CONFLICT guard (`copyThenInsert`).
// On PGlite the same COPY reads the text from a Blob (`COPY ... FROM '/dev/blob'`), through the one session
// knex-pglite shares, so it runs inside the caller's transaction as well.
import { rowsOf } from "./rows.ts";
import { inTransaction, type Db } from "./store/shared.ts";

/** Below this many rows a single JSON statement is as fast and needs no temp table. */
export const COPY_MIN_ROWS = 200;

type CopyKind = "pg" | "pglite" | null;

/** How `db` can COPY: node-postgres streams (COPY FROM STDIN), PGlite reads a Blob; null for another client. */
export function copyKind(db: Db): CopyKind {
  const config = (db.client as { config?: { client?: unknown; embedded?: unknown } }).config;
  return config?.client === "pg" ? "pg" : config?.embedded === "pglite" ? "pglite" : null;
}

export const copyAvailable = (db: Db): boolean => copyKind(db) !== null;

const ESCAPES = /[\\\t\n\r]/g;
const escapeChar = (c: string): string =>
  c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r";

/** One value in COPY text format: NULL as \N, a Date as ISO 8601, other objects as JSON; backslash, tab, newline and CR escaped. */
export function copyField(v: unknown): string {
  if (v === null || v === undefined) return "\\N";
  const s =
    typeof v === "string"
      ? v
      : typeof v === "object"
        ? v instanceof Date
          ? v.toISOString()
          : JSON.stringify(v)
        : String(v);
  // Four indexOf scans are about five times faster than one test of the character class on the long JSON texts of a
  // filing row (its form, its sealed TINs, its warnings: 0.05 against 0.26 µs for 400 characters, scratch measure).
  return s.indexOf("\\") >= 0 || s.indexOf("\t") >= 0 || s.indexOf("\n") >= 0 || s.indexOf("\r") >= 0
    ? s.replace(ESCAPES, escapeChar)
    : s;
}

/** Bytes of COPY text in each piece `pieces` hands on (a larger row gets a piece of its own size). */
const PIECE = 262_144;

/**
 * COPY text in buffers of about 256 KB, so a large import is never one string in memory. Each row is made as one
 * string and encoded into the buffer with one write: a write a field cost a third more (4.2 against 3.1 µs a filing
 * row with its values, scratch benchmark of 2,000 rows).
 */
function* pieces(rows: readonly (readonly unknown[])[]): Generator<Buffer> {
  let buf = Buffer.allocUnsafe(PIECE);
  let at = 0;
  for (const r of rows) {
    let line = copyField(r[0]);
    for (let i = 1; i < r.length; i++) line += "\t" + copyField(r[i]);
    line += "\n";
    // At most 3 bytes per UTF-16 unit.
    const room = 3 * line.length;
    if (at + room > buf.length) {
      if (at > 0) yield buf.subarray(0, at);
      buf = Buffer.allocUnsafe(Math.max(PIECE, room));
      at = 0;
    }
    at += buf.write(line, at);
  }
  if (at > 0) yield buf.subarray(0, at);
}

/** `rows` as one COPY text (for the benches' raw floors, which COPY with no service in front). */
export const copyText = (rows: readonly (readonly unknown[])[]): string =>
  Buffer.concat([...pieces(rows)]).toString("utf8");

/** The part of node-postgres's connection a submittable query writes to. */
interface PgConnection {
  query(text: string): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
  readonly stream: NodeJS.WritableStream;
}

/** node-postgres's client, as far as it runs a submittable query. */
interface PgClient {
  query(q: PipelinedCopy): unknown;
  query(text: string): Promise<{ rows: unknown[] }>;
}

const COPY_DATA = 0x64;

/**
 * A simple query (a script of statements, one of them a `COPY ... FROM STDIN`) whose COPY data goes out right behind
 * it, without waiting for the server's CopyInResponse: the savepoint, the COPY and the release take one round trip
 * instead of four. Postgres reads the data once the COPY starts; when a statement before it or the COPY itself fails,
 * the server ignores the data still arriving (the protocol allows a client to be sending it), and the error is this
 * query's. The data is made and sent a piece at a time, waiting for the socket to drain between pieces.
 * node-postgres runs it as any submittable query: through `submit` and the `handle*` callbacks.
 */
class PipelinedCopy {
  readonly done: Promise<void>;
  private error: unknown = null;
  private settle!: (e: unknown) => void;
  constructor(
    readonly text: string,
    private readonly data: Iterable<Buffer>,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.settle = (e) => (e === null ? resolve() : reject(e));
    });
  }
  /** node-postgres replaces this when a query timeout is configured. */
  callback(): void {}
  submit(connection: PgConnection): void {
    connection.query(this.text);
    void this.send(connection);
  }
  /** Each piece framed as CopyData by hand (a 5-byte header, then the piece itself, not a copy of it). */
  private async send(connection: PgConnection): Promise<void> {
    const { stream } = connection;
    try {
      for (const piece of this.data) {
        if (this.error !== null) return;
        const header = Buffer.allocUnsafe(5);
        header[0] = COPY_DATA;
        header.writeUInt32BE(piece.length + 4, 1);
        stream.write(header);
        if (!stream.write(piece)) await new Promise((resolve) => stream.once("drain", resolve));
      }
      connection.endCopyFrom();
    } catch (e) {
      // The data could not be made: the server is told to fail the COPY, and the query fails with this error.
      this.error ??= e;
      connection.sendCopyFail(String(e));
    }
  }
  handleCopyInResponse(): void {}
  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
  /** A failed statement, or a lost connection (then no ReadyForQuery follows): the query fails at once. */
  handleError(e: unknown): void {
    this.error ??= e;
    this.settle(this.error);
  }
  handleReadyForQuery(): void {
    this.settle(this.error);
  }
}

/**
 * The statements a bulk insert runs inside the transaction `db`: on node-postgres through the transaction's own
 * connection (COPY FROM STDIN, the data behind the statement), on PGlite through Knex and the one session it shares (COPY from a Blob).
 */
async function copySession(db: Db) {
  const conn = (await db.client.acquireConnection()) as unknown;
  const pgConn = copyKind(db) === "pg" ? (conn as PgClient) : null;
  const blobOf = (rows: readonly (readonly unknown[])[]) => new Blob([...pieces(rows)]);
  const copySql = (target: string, columns: readonly string[]) =>
    `copy ${target} (${columns.join(", ")}) from ${pgConn ? "stdin" : "'/dev/blob'"}`;
  const sql = async (text: string): Promise<unknown[]> =>
    rowsOf((pgConn ? await pgConn.query(text) : await db.raw(text)).rows);
  /** A script with one COPY in it, its data sent right behind it (node-postgres only). */
  const script = async (text: string, rows: readonly (readonly unknown[])[]) => {
    const q = new PipelinedCopy(text, pieces(rows));
    (pgConn as PgClient).query(q);
    await q.done;
  };
  const copy = async (target: string, columns: readonly string[], rows: readonly (readonly unknown[])[]) => {
    if (pgConn) await script(copySql(target, columns), rows);
    else await db.raw(copySql(target, columns)).options({ blob: blobOf(rows) });
  };
  return {
    sql,
    copy,
    /**
     * `savepoint`, the COPY and `release savepoint`, as one script: on node-postgres with the COPY data sent right
     * behind it (one round trip, not four), on PGlite with the text made first (one call into PGlite, not three).
     */
    copyUnderSavepoint: async (
      savepoint: string,
      target: string,
      columns: readonly string[],
      rows: readonly (readonly unknown[])[],
    ) => {
      if (!pgConn) {
        const blob = blobOf(rows);
        await (conn as PgliteScripts).exec(
          `savepoint ${savepoint}; ${copySql(target, columns)}; release savepoint ${savepoint}`,
          { blob },
        );
        return;
      }
      await script(
        `savepoint ${savepoint}; ${copySql(target, columns)}; release savepoint ${savepoint}`,
        rows,
      );
    },
  };
}

/** What copy.ts runs on PGlite's one session beside Knex: a script of several statements (PGlite's exec). */
interface PgliteScripts {
  exec(sql: string, options?: { blob?: Blob }): Promise<unknown>;
}

/**
 * Streams `rows` (values in `columns` order) into a temp table shaped like `table`, then runs `moveSql` (an
 * INSERT ... SELECT from `stage`, the temp table's name) on the same connection and returns its rows. Inside a
 * transaction it uses the transaction's connection; otherwise it opens one of its own.
 */
export async function copyThenInsert(
  db: Db,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  moveSql: (stage: string) => string,
): Promise<unknown[]> {
  return inTransaction(db, async (trx) => {
    const stage = `copy_stage_${table}`;
    const session = await copySession(trx);
    // The temp table lives only as long as the transaction: no session state is left on the connection (PgBouncer in
    // transaction mode, several schemas on one server), at the cost of a catalog entry per bulk insert.
    await session.sql(
      `create temp table if not exists ${stage} (like ${table} including defaults) on commit drop`,
    );
    await session.sql(`delete from ${stage}`);
    await session.copy(stage, columns, rows);
    return session.sql(moveSql(stage));
  });
}

const isUniqueViolation = (e: unknown): boolean =>
  typeof e === "object" && e !== null && (e as { code?: unknown }).code === "23505";

/**
 * As `copyThenInsert` for rows whose conflicts are rare (intake's new recipients and filings): the rows are COPY'd
 * straight into `table` under a savepoint, with no temp table to write and read back, and every row's id
 * (`idOf`) is returned. When a row breaks a unique constraint (a duplicate filing, D11, or a recipient another
 * intake created first, D8), the savepoint is rolled back and the rows go through `copyThenInsert` and its guard.
 */
export async function copyInsertElseGuarded(
  db: Db,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  idOf: (row: readonly unknown[]) => string,
  moveSql: (stage: string) => string,
): Promise<unknown[]> {
  return inTransaction(db, async (trx) => {
    const savepoint = `copy_${table}`;
    const session = await copySession(trx);
    try {
      await session.copyUnderSavepoint(savepoint, table, columns, rows);
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      await session.sql(`rollback to savepoint ${savepoint}`);
      await session.sql(`release savepoint ${savepoint}`);
      return copyThenInsert(trx, table, columns, rows, moveSql);
    }
    return rows.map((r) => ({ id: idOf(r) }));
  });
}
