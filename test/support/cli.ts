// The management CLI in this process (hosts/cli/main.ts `runCli`): the same argument parsing, configuration and
// runtime as `npm run cli`, without starting Node and tsx for each call (about 2 s of CPU each). The process-level
// behaviour (seed line, exit codes, the data-folder lock against a running server) stays in cli.test.ts.
import { Readable } from "node:stream";
import { runCli } from "../../hosts/cli/main.ts";

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

const format = (args: unknown[]) =>
  args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" ") + "\n";

/** Runs one command with `env` over this process's environment; standard input is `input` when given. */
export async function cliInProcess(
  env: Record<string, string>,
  argv: string[],
  input?: string,
): Promise<CliResult> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  let stdout = "",
    stderr = "";
  const log = console.log,
    error = console.error,
    write = process.stderr.write;
  const stdin = Object.getOwnPropertyDescriptor(process, "stdin");
  console.log = (...args: unknown[]) => {
    stdout += format(args);
  };
  console.error = (...args: unknown[]) => {
    stderr += format(args);
  };
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  }) as typeof process.stderr.write;
  if (input !== undefined)
    Object.defineProperty(process, "stdin", {
      value: Readable.from([Buffer.from(input)]),
      configurable: true,
    });
  try {
    const code = await runCli(argv);
    return { code, stdout, stderr };
  } finally {
    console.log = log;
    console.error = error;
    process.stderr.write = write;
    if (stdin) Object.defineProperty(process, "stdin", stdin);
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
