// `npm run cli -- ssa ...`: the operator's side of W-2 filing. The SSA has no submission API: each EFW2 file the
// service builds waits in the operator queue until someone signed in to SSA Business Services Online (as the
// submitter of SSA_SUBMITTER_JSON) uploads it, then records the SSA's wage file identifier and its outcome here.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { argumentError } from "./usage.ts";
import * as Exit from "effect/Exit";
import type * as Effect from "effect/Effect";
import {
  getSsaFile,
  listSsaFiles,
  markSsaOutcome,
  markSsaSubmitted,
} from "../../core/use-cases/lifecycle/ssa-filing.ts";
import type { SsaFile, SsaFileStatus } from "../../core/ports/ssa-transmitter.port.ts";
import type { AppRuntime, AppServices } from "../shared/runtime.ts";

export const SSA_USAGE = `  ssa pending [--env sandbox|live] [--json]      EFW2 files waiting to be uploaded to SSA Business Services Online
  ssa list [--status pending|submitted|accepted|rejected] [--env sandbox|live] [--json]
  ssa file --id ID --out PATH                      write one file (upload it as is)
  ssa mark-submitted --id ID --wfid WFID           the upload is done: WFID is the SSA's wage file identifier
  ssa mark-accepted --id ID                        the SSA processed the file: its filings become accepted
  ssa mark-rejected --id ID --reason TEXT          the SSA rejected the file: its filings become rejected`;

const USAGE = `Usage: npm run cli -- ssa <command>\n\n${SSA_USAGE}`;

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}
const consoleIo: Io = { out: (l) => console.log(l), err: (l) => console.error(l) };

function line(f: SsaFile): string {
  return `${f.id}  ${f.livemode ? "live" : "sandbox"}  ${f.format.toUpperCase()}  tax year ${String(f.taxYear)}  ${String(f.filingIds.length)} form(s), ${String(f.employers)} employer(s)  ${f.status}${f.wfid ? `  WFID ${f.wfid}` : ""}  account ${f.accountId}  created ${f.createdAt}`;
}

function view(f: SsaFile) {
  const { content: _content, ...rest } = f;
  return { ...rest, bytes: f.content.length };
}

/** Runs one `ssa` command on an open runtime; returns the exit status (2: usage or refused, 1: failure). */
export async function ssaCommand(
  argv: readonly string[],
  runtime: AppRuntime,
  io: Io = consoleIo,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        id: { type: "string" },
        out: { type: "string" },
        wfid: { type: "string" },
        reason: { type: "string" },
        status: { type: "string" },
        env: { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (e) {
    io.err(`${argumentError(e) ?? (e as Error).message.split("\n")[0]}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const command = positionals[0] ?? "";
  if (values.help || command === "") {
    io.out(USAGE);
    return 0;
  }
  const fail = (message: string) => {
    io.err(message);
    return 2;
  };
  const run = <A, E>(effect: Effect.Effect<A, E, AppServices>) => runtime.runPromiseExit(effect);
  const refusal = (exit: Exit.Exit<unknown, unknown>): string | null => {
    if (Exit.isSuccess(exit)) return null;
    const failure = exit.cause.reasons.find((r) => r._tag === "Fail");
    if (failure && failure._tag === "Fail")
      return (failure.error as { message?: string }).message ?? String(failure.error);
    throw new Error(String(exit.cause));
  };
  if (values.env !== undefined && values.env !== "sandbox" && values.env !== "live")
    return fail("--env must be sandbox or live");
  const livemode = values.env === undefined ? undefined : values.env === "live";

  switch (command) {
    case "pending":
    case "list": {
      const status = command === "pending" ? "pending" : values.status;
      if (status !== undefined && !["pending", "submitted", "accepted", "rejected"].includes(status))
        return fail("--status must be pending, submitted, accepted or rejected");
      const exit = await run(
        listSsaFiles({
          ...(status ? { status: status as SsaFileStatus } : {}),
          ...(livemode !== undefined ? { livemode } : {}),
        }),
      );
      if (Exit.isFailure(exit)) return fail(refusal(exit) ?? "failed");
      const files = exit.value;
      if (values.json) io.out(JSON.stringify(files.map(view)));
      else if (files.length === 0)
        io.out(command === "pending" ? "No EFW2 files waiting to be uploaded." : "No EFW2 files.");
      else for (const f of files) io.out(line(f));
      return 0;
    }
    case "file": {
      if (!values.id || !values.out) return fail("ssa file needs --id ID and --out PATH");
      const exit = await run(getSsaFile(values.id));
      const refused = refusal(exit);
      if (refused !== null || Exit.isFailure(exit)) return fail(refused ?? "failed");
      const f = exit.value;
      writeFileSync(values.out, f.content, { encoding: "latin1", mode: 0o600 });
      io.out(
        `Wrote ${f.id} (${f.format.toUpperCase()}, ${String(f.filingIds.length)} form(s), ${String(f.content.length)} bytes) to ${values.out}. Upload it at SSA Business Services Online, then: ssa mark-submitted --id ${f.id} --wfid WFID`,
      );
      return 0;
    }
    case "mark-submitted": {
      if (!values.id || !values.wfid) return fail("ssa mark-submitted needs --id ID and --wfid WFID");
      const exit = await run(markSsaSubmitted(values.id, values.wfid));
      const refused = refusal(exit);
      if (refused !== null || Exit.isFailure(exit)) return fail(refused ?? "failed");
      const f = exit.value;
      io.out(
        `${f.id} submitted (WFID ${f.wfid ?? ""}); its ${String(f.filingIds.length)} filing(s) carry the WFID as their receipt.`,
      );
      return 0;
    }
    case "mark-accepted":
    case "mark-rejected": {
      const outcome = command === "mark-accepted" ? "accepted" : "rejected";
      if (!values.id) return fail(`ssa ${command} needs --id ID`);
      if (outcome === "rejected" && !values.reason)
        return fail("ssa mark-rejected needs --reason TEXT (what the SSA said)");
      const exit = await run(markSsaOutcome(values.id, outcome, values.reason ?? null));
      const refused = refusal(exit);
      if (refused !== null || Exit.isFailure(exit)) return fail(refused ?? "failed");
      const r = exit.value;
      io.out(`${r.file.id} ${outcome}: ${String(r.applied)} filing(s) ${outcome}.`);
      return 0;
    }
    default:
      return fail(`Unknown command "ssa ${command}".\n\n${USAGE}`);
  }
}
