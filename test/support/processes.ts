// Child processes of the end-to-end tests: an entry point started with its environment, ready once its output
// matches a line (or, given a URL, once the URL answers 200), its output kept; stopped with a signal and awaited.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { nodeArgs } from "./node-entry.ts";

const root = join(import.meta.dirname, "..", "..");

export interface Started {
  readonly proc: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  readonly output: () => string;
}

/**
 * Starts `script` (a path from the repository root) with `env` added to this process's; resolves once its output
 * matches `ready`, or once the URL `ready` answers 200; rejects if it exits first (with the end of its output).
 */
export function startProcess(
  script: string,
  env: Record<string, string>,
  ready: RegExp | string,
  timeoutMs = 120_000,
): Promise<Started> {
  return new Promise((resolve, reject) => {
    let out = "";
    const proc = spawn(process.execPath, nodeArgs(script), {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    });
    let done = false;
    const up = () => {
      done = true;
      resolve({ proc, output: () => out });
    };
    const seen = (d: Buffer) => {
      out += d.toString();
      if (!done && typeof ready !== "string" && ready.test(out)) up();
    };
    proc.stdout?.on("data", seen);
    proc.stderr?.on("data", seen);
    proc.on("exit", (code) => {
      if (!done) reject(new Error(`${script} exited early (${String(code)}): ${out.slice(-1500)}`));
    });
    if (typeof ready === "string") {
      const deadline = Date.now() + timeoutMs;
      const poll = async () => {
        if (done) return;
        try {
          if ((await fetch(ready)).status === 200) return up();
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) return reject(new Error(`${script} did not start: ${out.slice(-1500)}`));
        setTimeout(() => void poll(), 100);
      };
      void poll();
    }
  });
}

/** Resolves once `p` has exited (at once if it has). */
export const stopped = (p: ChildProcess) =>
  new Promise((r) => {
    if (p.exitCode !== null || p.signalCode !== null) r(null);
    else p.once("exit", r);
  });
