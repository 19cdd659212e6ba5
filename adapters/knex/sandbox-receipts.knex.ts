// The sandbox's emulated IRS keeps what it received on the service database (table sandbox_receipts), so sandbox
// acknowledgements survive a restart and every process sees them (D22). Rows are JSON by UniqueTransmissionId and
// receipt id; first writer wins per UTID. Rows written before the emulator (no `utid` member) read as absent.
import type { Knex } from "knex";
import { decodeOptional, rowsOf, SandboxReceiptRow } from "./rows.ts";

export interface SandboxReceiptRows<T extends { readonly utid: string; readonly receiptId: string }> {
  readonly insertIfAbsent: (t: T) => Promise<{ readonly kept: T; readonly inserted: boolean }>;
  readonly byReceiptId: (receiptId: string) => Promise<T | undefined>;
  readonly byUtid: (utid: string) => Promise<T | undefined>;
}

export function makeKnexSandboxReceipts<T extends { readonly utid: string; readonly receiptId: string }>(
  knex: Knex,
): SandboxReceiptRows<T> {
  const parse = (row: unknown): T | undefined => {
    const body = decodeOptional(SandboxReceiptRow, row)?.receipt;
    // A generic store of its caller's T: the receipt is the T insertIfAbsent wrote (a row without `utid` predates it).
    return body && typeof body["utid"] === "string" ? (body as T) : undefined;
  };
  return {
    insertIfAbsent: async (t) => {
      const inserted = rowsOf(
        await knex("sandbox_receipts")
          .insert({ transmission_id: t.utid, receipt_id: t.receiptId, receipt: JSON.stringify(t) })
          .onConflict()
          .ignore()
          .returning("transmission_id"),
      );
      if (inserted.length > 0) return { kept: t, inserted: true };
      const kept = parse(await knex("sandbox_receipts").where("transmission_id", t.utid).first());
      return { kept: kept ?? t, inserted: false };
    },
    byReceiptId: async (receiptId) =>
      parse(await knex("sandbox_receipts").where("receipt_id", receiptId).first()),
    byUtid: async (utid) => parse(await knex("sandbox_receipts").where("transmission_id", utid).first()),
  };
}
