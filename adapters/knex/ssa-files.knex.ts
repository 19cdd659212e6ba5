// The SSA operator queue on the service database (table ssa_files, Postgres and PGlite). A wage file holds whole
// SSNs and EINs, so its content is encrypted at rest with the service's secret box, as webhook secrets are.
import type { Knex } from "knex";
import type { SsaFile } from "../../core/ports/ssa-transmitter.port.ts";
import type { SsaFileRows } from "../ssa/ssa-transmitter.ts";
import { toSsaFile } from "./rows.ts";
import { plainSecretBox, type SecretBox } from "../system/system.ts";

function fromRow(r: unknown, box: SecretBox): SsaFile | undefined {
  return r === undefined ? undefined : toSsaFile(r, box);
}

const COLUMNS: Record<string, string> = {
  status: "status",
  wfid: "wfid",
  message: "message",
  submittedAt: "submitted_at",
  decidedAt: "decided_at",
};

export function makeKnexSsaFiles(knex: Knex, options: { readonly secrets?: SecretBox } = {}): SsaFileRows {
  const box = options.secrets ?? plainSecretBox;
  const get = async (id: string) => fromRow(await knex("ssa_files").where("id", id).first(), box);
  return {
    insertIfAbsent: async (f) => {
      await knex("ssa_files")
        .insert({
          id: f.id,
          account_id: f.accountId,
          livemode: f.livemode,
          order_id: f.orderId,
          tax_year: f.taxYear,
          format: f.format,
          filing_ids: JSON.stringify(f.filingIds),
          employers: f.employers,
          content: box.seal(f.content),
          status: f.status,
          wfid: f.wfid,
          message: f.message,
          created_at: f.createdAt,
          submitted_at: f.submittedAt,
          decided_at: f.decidedAt,
        })
        .onConflict("id")
        .ignore();
      return (await get(f.id)) ?? f;
    },
    get,
    byWfid: async (livemode, wfid) => fromRow(await knex("ssa_files").where({ livemode, wfid }).first(), box),
    list: async ({ status, livemode }) => {
      const q = knex("ssa_files").orderBy([{ column: "created_at" }, { column: "id" }]);
      if (status !== undefined) void q.where("status", status);
      if (livemode !== undefined) void q.where("livemode", livemode);
      const rows: unknown[] = await q;
      return rows.map((r) => toSsaFile(r, box));
    },
    update: async (id, from, patch) => {
      const set: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(patch)) if (COLUMNS[k]) set[COLUMNS[k]] = v;
      const n = await knex("ssa_files")
        .where("id", id)
        .whereIn("status", [...from])
        .update(set);
      return n > 0 ? get(id) : undefined;
    },
  };
}
