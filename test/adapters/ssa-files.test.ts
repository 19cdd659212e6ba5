// The SSA operator queue: the same cases on the in-memory rows and on the knex rows (PGlite, and Postgres when
// DATABASE_URL is set). First writer wins per file id; moves only from the expected statuses; listing by status
// and environment, oldest first; lookup by environment and WFID.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { makeInMemorySsaFiles } from "../../adapters/in-memory/ssa-files.fake.ts";
import { makeKnexSsaFiles } from "../../adapters/knex/ssa-files.knex.ts";
import type { SsaFileRows } from "../../adapters/ssa/ssa-transmitter.ts";
import type { SsaFile } from "../../core/ports/ssa-transmitter.port.ts";
import { backends, openTestDb, type TestDb } from "../support/db.ts";
import { makeSecretBox } from "../../adapters/system/system.ts";
import type { Knex } from "knex";

const file = (id: string, over: Partial<SsaFile> = {}): SsaFile => ({
  id,
  accountId: "acc_1",
  livemode: false,
  orderId: "ord_1",
  taxYear: 2025,
  format: "efw2",
  filingIds: ["f1", "f2"],
  employers: 1,
  content: "RA...\r\n",
  status: "pending",
  wfid: null,
  message: null,
  createdAt: `2026-01-0${id.slice(-1)}T00:00:00.000Z`,
  submittedAt: null,
  decidedAt: null,
  ...over,
});

function cases(
  name: string,
  open: () => Promise<{ rows: SsaFileRows; close: () => Promise<void>; knex?: Knex }>,
) {
  const s = suite<{ rows: SsaFileRows; close: () => Promise<void>; knex?: Knex }>(`SSA file queue (${name})`);
  s.before(async (ctx) => {
    Object.assign(ctx, await open());
  });
  s.after(async (ctx) => {
    await ctx.close();
  });
  s("insert if absent, get, list, update from a status, by WFID", async ({ rows }) => {
    assert.equal(await rows.insertIfAbsent(file("ssa_1")), file("ssa_1"));
    assert.equal(
      (await rows.insertIfAbsent(file("ssa_1", { content: "other" }))).content,
      "RA...\r\n",
      "the first file is kept",
    );
    await rows.insertIfAbsent(file("ssa_2", { livemode: true }));
    assert.equal(
      (await rows.list({ status: "pending" })).map((f) => f.id),
      ["ssa_1", "ssa_2"],
    );
    assert.equal(
      (await rows.list({ livemode: true })).map((f) => f.id),
      ["ssa_2"],
    );
    assert.equal((await rows.get("ssa_1"))?.filingIds, ["f1", "f2"]);
    assert.is(
      await rows.update("ssa_1", ["submitted"], { status: "accepted" }),
      undefined,
      "not from pending",
    );
    const moved = await rows.update("ssa_1", ["pending"], {
      status: "submitted",
      wfid: "AB12CD",
      submittedAt: "2026-01-05T00:00:00.000Z",
    });
    assert.is(moved?.status, "submitted");
    assert.is((await rows.byWfid(false, "AB12CD"))?.id, "ssa_1");
    assert.is(await rows.byWfid(true, "AB12CD"), undefined);
    assert.equal(
      (await rows.list({ status: "pending" })).map((f) => f.id),
      ["ssa_2"],
    );
    assert.is(await rows.get("nope"), undefined);
  });
  s("the file (whole SSNs) is encrypted at rest", async ({ rows, knex }) => {
    await rows.insertIfAbsent(file("ssa_3", { content: "RW123456789JANE\r\n" }));
    assert.is((await rows.get("ssa_3"))?.content, "RW123456789JANE\r\n");
    if (knex) {
      const raw = String(
        ((await knex("ssa_files").where("id", "ssa_3").first()) as Record<string, unknown>)["content"],
      );
      assert.not.ok(raw.includes("123456789"));
    }
  });
  s.run();
}

cases("in-memory", async () => ({ rows: makeInMemorySsaFiles(), close: async () => {} }));
for (const backend of backends) {
  cases(backend, async () => {
    const t: TestDb = await openTestDb(backend);
    return {
      rows: makeKnexSsaFiles(t.db.knex, { secrets: makeSecretBox("test-key") }),
      close: t.drop,
      knex: t.db.knex,
    };
  });
}
