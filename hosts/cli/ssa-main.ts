// `npm run cli -- ssa ...` as a process: opens the service database (as the server's configuration says) and runs
// the command of ssa.ts on it.
import { loadConfigOrExit } from "../shared/config.ts";
import { openRuntime } from "../shared/runtime.ts";
import { DataFolderInUse } from "../../adapters/knex/connection.ts";
import { ssaCommand } from "./ssa.ts";

export async function runSsaCli(argv: readonly string[]): Promise<number> {
  if (argv.length === 0 || argv.includes("--help") || argv.includes("-h"))
    return ssaCommand(argv, undefined as never);
  const config = loadConfigOrExit();
  let opened;
  try {
    opened = await openRuntime(config, { jobs: false });
  } catch (e) {
    if (e instanceof DataFolderInUse) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
  try {
    return await ssaCommand(argv, opened.runtime);
  } finally {
    await opened.runtime.dispose();
    await opened.db.close();
  }
}
