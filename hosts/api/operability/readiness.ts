// GET /readyz: the database answers, every migration is applied, and the job runner is alive.
import type { Knex } from "knex";
import { migrationSource } from "../../../adapters/knex/migrations/index.ts";

export interface Check {
  readonly ok: boolean;
  readonly detail?: string;
}
export interface Readiness {
  readonly status: "ready" | "not_ready";
  readonly checks: Record<string, Check>;
}
export type ReadinessProbe = () => Promise<Readiness>;

export interface ReadinessSources {
  readonly knex: Knex;
  readonly schema?: string;
  /** Whether this process's job runner is alive; absent when background work runs in other processes. */
  readonly jobsAlive?: () => boolean;
}

async function attempt(fn: () => Promise<Check>): Promise<Check> {
  try {
    return await fn();
  } catch (e) {
    return { ok: false, detail: e instanceof Error ? e.message.split("\n")[0] : String(e) };
  }
}

export function readinessProbe(sources: ReadinessSources): ReadinessProbe {
  return async () => {
    const database = await attempt(async () => {
      await sources.knex.raw("SELECT 1");
      return { ok: true };
    });
    const migrations = !database.ok
      ? { ok: false, detail: "database unreachable" }
      : await attempt(async () => {
          const [, pending] = (await sources.knex.migrate.list({
            migrationSource,
            ...(sources.schema ? { schemaName: sources.schema } : {}),
          })) as [unknown[], unknown[]];
          return pending.length === 0
            ? { ok: true }
            : { ok: false, detail: `${pending.length} migration(s) pending` };
        });
    const checks: Record<string, Check> = { database, migrations };
    if (sources.jobsAlive)
      checks["jobs"] = sources.jobsAlive()
        ? { ok: true }
        : { ok: false, detail: "the job runner is stopped" };
    return { status: Object.values(checks).every((c) => c.ok) ? "ready" : "not_ready", checks };
  };
}
