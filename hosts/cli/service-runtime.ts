// The service's runtime for one CLI command (management commands, the SSA queue): the database the server's
// configuration names, opened without the job queue, closed when the command is done.
import { loadConfigOrExit, type Config } from "../shared/config.ts";
import { openRuntime, type AppRuntime } from "../shared/runtime.ts";
import { DataFolderInUse } from "../../adapters/knex/connection.ts";

/** Runs `command` on the service's runtime; 1, with one line, when another process holds the embedded database. */
export async function withServiceRuntime(
  command: (runtime: AppRuntime, config: Config) => Promise<number>,
): Promise<number> {
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
    return await command(opened.runtime, config);
  } finally {
    await opened.runtime.dispose();
    await opened.db.close();
  }
}
