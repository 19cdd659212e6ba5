// The SSA operator queue on the service database (table ssa_files, Postgres and PGlite). A wage file holds whole
// SSNs and EINs, so its content is encrypted at rest with the service's secret box, as webhook secrets are.
import type { Knex } from "knex";
import type { SsaFile, SsaFileStatus } from "../../core/ports/ssa-transmitter.port.ts";
import type { SsaFileRows } from "../ssa/ssa-transmitter.ts";
import type { Row } from "./rows.ts";
import { plainSecretBox, type SecretBox } from "../system/system.ts";

function fromRow(r: Row | undefined, box: SecretBox): SsaFile | undefined {
  if (!r) return undefined;
  const ids = r["filing_ids"];
  const nullable = (k: string) => (r[k] === null || r[k] === undefined ? null : String(r[k]));
  return {
    id: String(r["id"]),
    accountId: String(r["account_id"]),
    livemode: r["livemode"] === true || r["livemode"] === 1,
    orderId: String(r["order_id"]),
    taxYear: Number(r["tax_year"]),
    format: r["format"] === "efw2c" ? "efw2c" : "efw2",
    filingIds: (typeof ids === "string" ? JSON.parse(ids) : ids) as string[],
    employers: Number(r["employers"]),
    content: box.open(String(r["content"])),
    status: String(r["status"]) as SsaFileStatus,
    wfid: nullable("wfid"),
    message: nullable("message"),
    createdAt: String(r["created_at"]),
    submittedAt: nullable("submitted_at"),
    decidedAt: nullable("decided_at"),
  };
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
  const get = async (id: string) =>
    fromRow((await knex("ssa_files").where("id", id).first()) as Row | undefined, box);
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
    byWfid: async (livemode, wfid) =>
      fromRow((await knex("ssa_files").where({ livemode, wfid }).first()) as Row | undefined, box),
    list: async ({ status, livemode }) => {
      const q = knex("ssa_files").orderBy([{ column: "created_at" }, { column: "id" }]);
      if (status !== undefined) void q.where("status", status);
      if (livemode !== undefined) void q.where("livemode", livemode);
      return ((await q) as Row[]).flatMap((r) => {
        const f = fromRow(r, box);
        return f ? [f] : [];
      });
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
