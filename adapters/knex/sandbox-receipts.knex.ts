// The sandbox IRS's receipts on the service database (first writer wins per transmission id).
import type { Knex } from "knex";
import type { SandboxReceipt, SandboxReceiptStore } from "../sandbox-irs/sandbox-irs.ts";
import { run } from "./store.knex.ts";
import type { Row } from "./rows.ts";

const parse = (v: unknown): SandboxReceipt => (typeof v === "string" ? JSON.parse(v) : v) as SandboxReceipt;

export function makeKnexReceiptStore(knex: Knex): SandboxReceiptStore {
  return {
    insertOrGet: (receipt) => run(async () => {
      await knex("sandbox_receipts").insert({ transmission_id: receipt.transmissionId, receipt_id: receipt.receiptId, receipt: JSON.stringify(receipt) }).onConflict().ignore();
      const row = (await knex("sandbox_receipts").where("transmission_id", receipt.transmissionId).first()) as Row;
      return parse(row["receipt"]);
    }),
    findByReceiptId: (receiptId) => run(async () => {
      const row = (await knex("sandbox_receipts").where("receipt_id", receiptId).first()) as Row | undefined;
      return row ? parse(row["receipt"]) : undefined;
    }),
  };
}
