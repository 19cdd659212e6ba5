// The worker's wiring to the job adapter and the runtime: a job handler that runs the core's queue edge (runJob)
// and turns its outcome into what the adapter understands, and a timer that runs a sweep without overlapping
// itself. No business rule here: what a job does, queues next or logs is the core's (core/use-cases/lifecycle/jobs.ts).
import type * as Effect from "effect/Effect";
import type { JobOutcome, LogLine } from "../../core/domain/jobs/outcome.ts";
import type { JobHandler } from "../../core/ports/jobs.port.ts";
import { failureOf, runJob, type JobSettings } from "../../core/use-cases/lifecycle/jobs.ts";
import { runSweep, type SweepSettings } from "../../core/use-cases/lifecycle/sweeps.ts";
import type { AppRuntime, AppServices } from "./runtime.ts";
import type { Logger } from "./logger.ts";

export type { JobRunner } from "../../core/ports/jobs.port.ts";
export type Sweep = (settings: SweepSettings) => Effect.Effect<JobOutcome, unknown, AppServices>;

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function writeLog(
  logger: Logger,
  lines: readonly LogLine[],
  context: Record<string, unknown> = {},
): void {
  for (const l of lines) logger[l.level](l.message, { ...l.fields, ...context });
}

export function jobHandler(
  runtime: AppRuntime,
  logger: Logger,
  queue: string,
  settings: JobSettings,
): JobHandler {
  // Every line of a job names its job (the dead letter an operator looks up), never its payload.
  return async (data, job) => {
    const outcome = await runtime.runPromise(runJob(queue, data, settings)).catch((e: unknown) => {
      logger.error("job failed; it will be retried", { queue, jobId: job.id, error: errorText(e) });
      throw e;
    });
    writeLog(logger, outcome.log, { jobId: job.id });
    const failure = failureOf(outcome);
    if (failure) throw failure;
  };
}

/** Runs `sweep` every `everyMs` (a run still going when the next is due is not doubled); returns its stop. */
export function every(
  runtime: AppRuntime,
  logger: Logger,
  name: string,
  everyMs: number,
  sweep: Sweep,
  settings: SweepSettings,
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      writeLog(logger, (await runtime.runPromise(runSweep(sweep, settings))).log);
    } catch (e) {
      logger.error(`${name} failed`, { error: errorText(e) });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
