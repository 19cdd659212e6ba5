// Issue 38's crash test on Postgres: an API process is SIGKILLed in the middle of an idempotent top-up or pay, by
// its fault hook (FAULT_INJECT, hosts/shared/fault-injection.ts), at one of two steps, alternately:
// - after_charge: Stripe has charged the card, the operation's transaction has not committed;
// - after_commit: the operation has committed, its answer is not stored for replay.
// Then the client retries with the same Idempotency-Key and body on another API process of the same database.
// Every key ends with one card charge (one PaymentIntent, not refunded) and one ledger entry or order, and the
// retry answers what the first attempt would have (a top-up's id and charge; the order's receipt).
// CRASH_KILLS (default 6, about 1.5 s each) kills for each of top-ups and pay; `CRASH_KILLS=50` is the soak.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as Redacted from "effect/Redacted";
import { startApi, type TestApi } from "../../support/api.ts";
import { POSTGRES_URL } from "../../support/db.ts";
import { testIrisConfig, testIrisEnv } from "../../support/iris.ts";
import { necRows, payerBody } from "../../support/forms.ts";
import { nodeArgs } from "../../support/node-entry.ts";
import { startStripeFake, type StripeFake } from "../../support/stripe-fake.ts";
import { enableLive } from "../../../core/use-cases/accounts/accounts.ts";
import { verifyChain } from "../../../core/domain/ledger/index.ts";

const KILLS = Number(process.env["CRASH_KILLS"] ?? 6);
const root = join(import.meta.dirname, "../../..");

type Point = "after_charge" | "after_commit";

/** Every process spawned, killed when the suite ends, passed or failed (a standby one would keep the test alive). */
const children = new Set<ChildProcess>();

interface Standby {
  /** Opens the database and listens; resolves with the process and its base URL once it answers. */
  go(): Promise<{ proc: ChildProcess; base: string }>;
}

/** An API process with the fault hook at `at`, its modules loaded, waiting to start (test/hosts/api/crash-api.ts). */
function standbyApi(env: Record<string, string>, at: Point): Standby {
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    ...env,
    FAULT_INJECT: at,
    FAULT_INJECT_KEY_PREFIX: "fault-",
  };
  delete childEnv["DATA_DIR"];
  delete childEnv["SEED_SANDBOX_KEY"];
  const proc = spawn(process.execPath, nodeArgs("test/hosts/api/crash-api.ts"), {
    cwd: root,
    env: childEnv,
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.add(proc);
  proc.once("exit", () => children.delete(proc));
  let err = "";
  proc.stderr?.on("data", (d: Buffer) => (err += d.toString()));
  let out = "";
  proc.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  return {
    go: async () => {
      proc.stdin?.end("go\n");
      const deadline = Date.now() + 60_000;
      let base = "";
      for (;;) {
        const port = /^port (\d+)$/m.exec(out)?.[1];
        if (port) base = `http://127.0.0.1:${port}`;
        if (proc.exitCode !== null || proc.signalCode !== null)
          throw new Error(`API process exited early (${String(proc.exitCode)}): ${err.slice(-2000)}`);
        try {
          if (base && (await fetch(`${base}/readyz`)).status === 200) return { proc, base };
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`API process did not start: ${err.slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

const s = suite<{ api: TestApi; fake: StripeFake; live: string; env: Record<string, string> }>(
  "idempotent money through SIGKILLs (postgres)",
);

if (POSTGRES_URL) {
  s.before(async (ctx) => {
    ctx.fake = await startStripeFake();
    ctx.api = await startApi("postgres", {
      stripeSecretKey: Redacted.make(ctx.fake.secretKey),
      stripeApiBase: ctx.fake.base,
      iris: testIrisConfig(),
    });
    await ctx.api.runtime.runPromise(enableLive(ctx.api.accountId));
    ctx.live = await ctx.api.liveKey("owner");
    const schema = (await ctx.api.db.knex.raw("select current_schema() as s")).rows[0].s as string;
    ctx.env = {
      DATABASE_URL: POSTGRES_URL ?? "",
      DB_SCHEMA: schema,
      TIN_ENCRYPTION_KEY: "test-only-tin-key",
      RUN_WORKER: "false",
      LOG_LEVEL: "silent",
      PG_POOL_MAX: "3",
      STRIPE_SECRET_KEY: ctx.fake.secretKey,
      STRIPE_API_BASE: ctx.fake.base,
      // The crashed request's claim may be taken over at once, so the retry runs without waiting 60 s.
      IDEMPOTENCY_CLAIM_SECONDS: "0",
      ...testIrisEnv(),
    };
  });
  s.after(async (ctx) => {
    for (const child of children) child.kill("SIGKILL");
    await ctx.api.close();
    await ctx.fake.close();
  });

  s(
    `${KILLS} top-ups and ${KILLS} pays, each through a SIGKILL: one charge and one record per key`,
    async (ctx) => {
      const { api, fake, live, env } = ctx;
      const knex = api.db.knex;
      const scope = { account_id: api.accountId, livemode: true };
      const card = await api.request("PUT", "/v1/payment-method", { key: live, body: { token: "tok_visa" } });
      assert.is(card.status, 200, card.text);
      const payer = await api.request("POST", "/v1/payers", {
        key: live,
        body: payerBody("Crash Payer LLC", "12-3456702"),
      });
      assert.is(payer.status, 201, payer.text);
      const intentsOf = (prefix: string) =>
        [...fake.intents.values()].filter(
          (i) =>
            i.metadata["account"] === api.accountId &&
            (i.metadata["idempotency_key"] ?? "").startsWith(prefix),
        );
      const count = async (table: string, where: Record<string, unknown> = {}) =>
        Number(
          (
            await knex(table)
              .where({ ...scope, ...where })
              .count({ n: "*" })
          )[0]?.n ?? 0,
        );

      const point = (k: number): Point => (k % 2 === 0 ? "after_charge" : "after_commit");
      let next = standbyApi(env, point(0));
      const runs: {
        kind: "pay" | "topup";
        key: string;
        body: unknown;
        answer: { status: number; text: string };
      }[] = [];

      /** Sends the request to a faulted process, which dies at its fault; then retries it on `api`. */
      async function crashAndRetry(k: number, kind: "pay" | "topup", path: string, body: unknown) {
        const at = point(k);
        const p = await next.go();
        next = standbyApi(env, point(k + 1));
        const key = `fault-${kind}-${String(k)}`;
        const before = {
          intents: intentsOf(kind === "pay" ? "ord_" : "top_").length,
          records: kind === "pay" ? await count("orders") : await count("ledger_entries", { kind: "topup" }),
        };
        const exited = new Promise<string | null>((r) => p.proc.once("exit", (_code, signal) => r(signal)));
        const first = await fetch(`${p.base}${path}`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${live}`,
            "idempotency-key": key,
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        }).then(
          (r) => `answered ${String(r.status)}`,
          () => "no answer",
        );
        assert.is(first, "no answer", `${kind} ${key}: the process died before answering`);
        assert.is(await exited, "SIGKILL");
        // The fault struck where it was set: after the charge and before the commit, or after the commit.
        const records =
          kind === "pay" ? await count("orders") : await count("ledger_entries", { kind: "topup" });
        assert.is(
          intentsOf(kind === "pay" ? "ord_" : "top_").length,
          before.intents + 1,
          `${key}: charged once`,
        );
        assert.is(records, before.records + (at === "after_commit" ? 1 : 0), `${key}: ${at}`);
        const stored = await knex("idempotency_keys")
          .where({ ...scope, key })
          .first();
        assert.is(stored?.state, "in_flight", `${key}: no answer stored`);

        const retry = await api.request("POST", path, {
          key: live,
          headers: { "idempotency-key": key },
          body,
        });
        runs.push({ kind, key, body, answer: { status: retry.status, text: retry.text } });
        return retry;
      }

      // Pays first, while the balance is zero: every order is charged to the card in full.
      for (let k = 0; k < KILLS; k++) {
        const added = await api.request("POST", `/v1/payers/${payer.body.id}/forms`, {
          key: live,
          body: { addToCart: true, forms: necRows(1, 81_000 + k) },
        });
        assert.is(added.status, 201, added.text);
        const paid = await crashAndRetry(k, "pay", "/v1/cart/pay", undefined);
        assert.is(paid.status, 200, paid.text);
        assert.is(paid.body.filed, 1);
        assert.is(paid.body.already_paid, undefined, "the receipt as the pay answered it");
        assert.ok(paid.body.from_card_cents > 0);
      }
      for (let k = 0; k < KILLS; k++) {
        const amount = 5_000 + k;
        const top = await crashAndRetry(KILLS + k, "topup", "/v1/balance/top-ups", { amount_cents: amount });
        assert.is(top.status, 201, top.text);
        assert.is(top.body.amount_cents, amount);
      }
      (await next.go()).proc.kill("SIGKILL");

      // One standing charge per key, each the one recorded; nothing refunded.
      const orders = await knex("orders").where(scope).select("id", "card_charge_id");
      assert.is(orders.length, KILLS);
      const payIntents = intentsOf("ord_");
      assert.is(payIntents.length, KILLS, "one PaymentIntent per pay");
      assert.equal(
        new Set(payIntents.map((i) => i.id)),
        new Set(orders.map((o) => o.card_charge_id as string)),
        "each order records its one charge",
      );
      const topups = await knex("ledger_entries")
        .where({ ...scope, kind: "topup" })
        .select("reference");
      assert.is(topups.length, KILLS, "one ledger entry per top-up");
      const topIntents = intentsOf("top_");
      assert.is(topIntents.length, KILLS, "one PaymentIntent per top-up");
      assert.equal(new Set(topIntents.map((i) => i.id)), new Set(topups.map((t) => t.reference as string)));
      assert.ok([...fake.intents.values()].every((i) => !i.refunded && i.status === "succeeded"));
      assert.is(fake.refunds.size, 0);

      // A further retry replays the answer the retry gave, byte for byte.
      for (const run of runs.slice(0, 4).concat(runs.slice(-4))) {
        const path = run.kind === "pay" ? "/v1/cart/pay" : "/v1/balance/top-ups";
        const again = await api.request("POST", path, {
          key: live,
          headers: { "idempotency-key": run.key },
          body: run.body,
        });
        assert.is(again.status, run.answer.status);
        assert.is(again.text, run.answer.text);
        assert.is(again.headers.get("idempotent-replayed"), "true");
      }
      const entries = await knex("ledger_entries").where(scope).orderBy("seq");
      const balance = await api.request("GET", "/v1/balance", { key: live });
      const chain = entries.map((e) => ({
        kind: e.kind,
        amount_cents: Number(e.amount_cents),
        balance_after_cents: Number(e.balance_after_cents),
      }));
      assert.is(verifyChain(chain, 0), null, "the ledger chain holds");
      assert.is(
        balance.body.available_cents,
        Array.from({ length: KILLS }, (_, k) => 5_000 + k).reduce((a, b) => a + b, 0),
        "the balance is the top-ups, each once",
      );
    },
  );
}

s.run();
