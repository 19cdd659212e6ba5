// Whether a process still runs, by its id: the data folder's lock (adapters/knex/connection.ts) and the test
// runner's leftover compiled folders (test/run.ts) are each named by the process that made them.

/** Whether process `pid` is alive (one owned by another user counts: the signal was refused, not undelivered). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
