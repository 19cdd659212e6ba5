// `npm run cli -- ssa ...` as a process: opens the service database (as the server's configuration says) and runs
// the command of ssa.ts on it.
import { withServiceRuntime } from "./service-runtime.ts";
import { ssaCommand } from "./ssa.ts";

export async function runSsaCli(argv: readonly string[]): Promise<number> {
  if (argv.length === 0 || argv.includes("--help") || argv.includes("-h"))
    return ssaCommand(argv, undefined as never);
  return withServiceRuntime((runtime) => ssaCommand(argv, runtime));
}
