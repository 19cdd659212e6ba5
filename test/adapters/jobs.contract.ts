// The same Jobs cases against every adapter (in-memory fake, pg-boss on PGlite, pg-boss on Postgres).
// Time is the harness's: the fake moves its clock and drains, the real adapters sleep.
import { randomBytes } from "node:crypto";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Effect from "effect/Effect";
import type { JobHandler, JobInfo, JobRunner, Jobs, SendJobOptions } from "../../core/ports/jobs.port.ts";

/** The defaults every harness opens its adapter with. */
export const contractDefaults = {
  retryLimit: 1,
  retryDelay: 1,
  retryBackoff: true,
  expireInSeconds: 5,
} as const;

export interface JobRow {
  readonly data: Record<string, unknown>;
  readonly state: string;
}

export interface JobsHarness {
  readonly service: Jobs["Service"];
  readonly work: JobRunner["work"];
  /** Lets this many seconds pass (and due jobs run). */
  readonly elapse: (seconds: number) => Promise<void>;
  /** Milliseconds on the harness's clock. */
  readonly now: () => number;
  /** Every job of a queue with its state (created, retry, active, completed, failed). */
  readonly jobs: (queue: string) => Promise<readonly JobRow[]>;
  readonly close: () => Promise<void>;
}

const queueName = (label: string) => `${label}-${randomBytes(4).toString("hex")}`;

export function jobsContract(name: string, open: () => Promise<JobsHarness>) {
  const s = suite<{ h: JobsHarness }>(`Jobs contract: ${name}`);
  const send = (h: JobsHarness, queue: string, data: Record<string, unknown>, options?: SendJobOptions) =>
    Effect.runPromise(h.service.send(queue, data, options));
  /** Lets time pass in small steps until `done()` holds; fails after `seconds`. */
  const until = async (
    h: JobsHarness,
    what: string,
    done: () => boolean | Promise<boolean>,
    seconds = 10,
  ) => {
    const deadline = h.now() + seconds * 1000;
    while (!(await done())) {
      if (h.now() > deadline) assert.unreachable(`timed out waiting for ${what}`);
      await h.elapse(0.025);
    }
  };
  const byId = async (h: JobsHarness, queue: string) =>
    new Map((await h.jobs(queue)).map((j) => [String(j.data["id"]), j.state]));

  s.before(async (ctx) => {
    ctx.h = await open();
  });
  s.after(async (ctx) => {
    await ctx.h.close();
  });

  s("a job sent is worked once, with its data", async ({ h }) => {
    const q = queueName("once");
    const seen: { data: Record<string, unknown>; job: JobInfo }[] = [];
    await h.work(q, async (data, job) => {
      seen.push({ data, job });
    });
    await send(h, q, { id: "a", amount: 1250, nested: { tins: ["x"] } });
    await until(h, "the job", () => seen.length === 1);
    await h.elapse(1);
    assert.is(seen.length, 1);
    assert.equal(seen[0]?.data, { id: "a", amount: 1250, nested: { tins: ["x"] } });
    assert.is(seen[0]?.job.queue, q);
    assert.is(seen[0]?.job.attempt, 1);
    assert.equal([...(await byId(h, q)).values()], ["completed"]);
  });

  s("a failing handler is retried up to its retry limit, with backoff", async ({ h }) => {
    const q = queueName("retry");
    const runs = new Map<string, { at: number; attempt: number }[]>();
    const handler: JobHandler = async (data, job) => {
      const id = String(data["id"]);
      runs.set(id, [...(runs.get(id) ?? []), { at: h.now(), attempt: job.attempt }]);
      if (data["mode"] === "always" || job.attempt === 1) throw new Error(`fails (${id})`);
    };
    await h.work(q, handler);
    await send(h, q, { id: "default-limit", mode: "always" }); // contractDefaults.retryLimit = 1
    await send(h, q, { id: "no-retry", mode: "always" }, { retryLimit: 0 });
    await send(h, q, { id: "recovers", mode: "once" }, { retryLimit: 3 });
    const settled = async () => {
      const st = await byId(h, q);
      return (
        st.get("default-limit") === "failed" &&
        st.get("no-retry") === "failed" &&
        st.get("recovers") === "completed"
      );
    };
    await until(h, "every job to settle", settled, 15);
    assert.equal(
      runs.get("default-limit")?.map((r) => r.attempt),
      [1, 2],
    );
    assert.equal(
      runs.get("no-retry")?.map((r) => r.attempt),
      [1],
    );
    assert.equal(
      runs.get("recovers")?.map((r) => r.attempt),
      [1, 2],
    );
    const [first, second] = runs.get("default-limit") ?? [];
    assert.ok(
      first && second && second.at - first.at >= 950,
      `retried ${(second?.at ?? 0) - (first?.at ?? 0)} ms later, expected >= 1 s`,
    );
    await h.elapse(1.5); // nothing runs after the limit
    assert.is(runs.get("default-limit")?.length, 2);
    assert.is(runs.get("no-retry")?.length, 1);
  });

  s(
    "dedupe: one queued-or-active job per (queue, key); the key is free again once it is done",
    async ({ h }) => {
      const q = queueName("dedupe");
      await send(h, q, { id: "k1" }, { key: "filing-1" });
      await send(h, q, { id: "k2" }, { key: "filing-1" }); // dropped: k1 is queued
      await send(h, q, { id: "other" }, { key: "filing-2" });
      await send(h, q, { id: "nokey-1" });
      await send(h, q, { id: "nokey-2" });
      assert.equal([...(await byId(h, q)).keys()].sort(), ["k1", "nokey-1", "nokey-2", "other"]);

      const ran: string[] = [];
      let release = () => {};
      const gate = new Promise<void>((r) => {
        release = r;
      });
      await h.work(q, async (data) => {
        ran.push(String(data["id"]));
        if (data["id"] === "k1") await gate;
      });
      await until(h, "k1 to start", () => ran.includes("k1"));
      await send(h, q, { id: "k3" }, { key: "filing-1" }); // dropped: k1 is running
      release();
      await until(h, "k1 to complete", async () => (await byId(h, q)).get("k1") === "completed");
      await send(h, q, { id: "k4" }, { key: "filing-1" }); // k1 is done: the key is free
      await until(h, "everything", () => ran.length === 5);
      await h.elapse(0.5);
      assert.equal([...ran].sort(), ["k1", "k4", "nokey-1", "nokey-2", "other"]);
      assert.ok(!(await byId(h, q)).has("k2") && !(await byId(h, q)).has("k3"));
    },
  );

  s(
    "sendMany: every job queued and worked once, deduped by key against the queue and within the list",
    async ({ h }) => {
      const q = queueName("many-at-once");
      await send(h, q, { id: "single" }, { key: "d-0" });
      const list = [
        { data: { id: "dup-of-queued" }, key: "d-0" }, // dropped: "single" is queued under d-0
        ...Array.from({ length: 1500 }, (_, i) => ({ data: { id: `m${i}` }, key: `d-${i + 1}` })),
        { data: { id: "dup-in-list" }, key: "d-1" }, // dropped: m0 has d-1
        { data: { id: "no-key" } },
      ];
      await Effect.runPromise(h.service.sendMany(q, list));
      await Effect.runPromise(h.service.sendMany(q, []));
      const queued = await byId(h, q);
      assert.is(queued.size, 1502);
      assert.ok(!queued.has("dup-of-queued") && !queued.has("dup-in-list"));
      const ran = new Map<string, number>();
      await h.work(
        q,
        async (data) => {
          const id = String(data["id"]);
          ran.set(id, (ran.get(id) ?? 0) + 1);
        },
        { batchSize: 50 },
      );
      await until(h, "every job", () => ran.size === 1502, 60);
      await h.elapse(0.5);
      assert.ok([...ran.values()].every((n) => n === 1));
      assert.ok([...(await byId(h, q)).values()].every((st) => st === "completed"));
    },
  );

  s("startAfter: a job does not start before its time", async ({ h }) => {
    const q = queueName("later");
    const started = new Map<string, number>();
    await h.work(q, async (data) => {
      started.set(String(data["id"]), h.now());
    });
    const sentAt = h.now();
    await send(h, q, { id: "later" }, { startAfterSeconds: 1.5 });
    await send(h, q, { id: "now" });
    await until(h, "the job due now", () => started.has("now"));
    assert.ok(!started.has("later"), "the delayed job started with the other one");
    await until(h, "the delayed job", () => started.has("later"));
    const waited = (started.get("later") ?? 0) - sentAt;
    assert.ok(waited >= 1450, `started after ${waited} ms, expected >= 1.5 s`);
  });

  s("many jobs, several at a time: each is worked exactly once", async ({ h }) => {
    const q = queueName("many");
    const count = new Map<number, number>();
    await h.work(
      q,
      async (data) => {
        const n = Number(data["n"]);
        count.set(n, (count.get(n) ?? 0) + 1);
      },
      { batchSize: 5, teamConcurrency: 2 },
    );
    for (let n = 0; n < 60; n++) await send(h, q, { id: `j${n}`, n });
    await until(h, "60 jobs", () => count.size === 60);
    await h.elapse(0.5);
    assert.is(
      [...count.values()].reduce((a, b) => a + b, 0),
      60,
    );
    assert.ok([...(await byId(h, q)).values()].every((st) => st === "completed"));
  });

  return s;
}
