// CPU accounting for the benches: the CPU time (user + system) each side of a run used, read from /proc, so a figure
// bound by the machine shows what it would take. On a 2-core machine shared by the load generator, the server under
// test and Postgres, a throughput target is out of reach when the CPU its work needs at that rate is more than the
// cores there are. Linux only: elsewhere (no /proc) the meters read null and the benches leave these figures out.
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks a second in /proc's times (USER_HZ, 100 on every Linux the service runs on). */
const TICKS = 100;

/** The CPU seconds (user + system, every thread) process `pid` has used; null when it cannot be read. */
export function processCpuSeconds(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces, so split after its closing parenthesis): utime is the
    // 14th field of the line, stime the 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return null;
  }
}

/**
 * The CPU seconds used by every process named `postgres` on this machine (the local server: its backends and its
 * helpers); null when there is none (the bench's database is elsewhere). A backend that starts during a measure
 * counts whole; one that ends during it drops out (the benches' pools keep theirs open).
 */
export function postgresCpuSeconds(): number | null {
  let total = 0;
  let seen = false;
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let name: string;
    try {
      name = readFileSync(`/proc/${entry}/comm`, "utf8").trim();
    } catch {
      continue; // ended since the listing
    }
    if (name !== "postgres") continue;
    const cpu = processCpuSeconds(Number(entry));
    if (cpu === null) continue;
    total += cpu;
    seen = true;
  }
  return seen ? total : null;
}

/**
 * The CPU seconds of one side of a run: a process (no pid: a process that did not start, read as null), the local
 * Postgres, or this process (the load generator).
 */
export type CpuSide = { readonly pid: number | undefined } | "postgres" | "self";

function readSide(side: CpuSide): number | null {
  if (side === "postgres") return postgresCpuSeconds();
  if (side === "self") {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  }
  return side.pid === undefined ? null : processCpuSeconds(side.pid);
}

/**
 * Starts measuring the CPU of each named side; the function it returns gives the seconds each used since, null for
 * a side that could not be read at either end.
 */
export function cpuMeter<K extends string>(sides: Record<K, CpuSide>): () => Record<K, number | null> {
  const names = Object.keys(sides) as K[];
  const start = new Map(names.map((n) => [n, readSide(sides[n])]));
  return () => {
    const used = {} as Record<K, number | null>;
    for (const n of names) {
      const before = start.get(n);
      const after = readSide(sides[n]);
      used[n] = before === null || before === undefined || after === null ? null : after - before;
    }
    return used;
  };
}

/** `seconds` of CPU spread over `count` units of work, in µs each; null when either is missing. */
export function microsEach(seconds: number | null, count: number): number | null {
  return seconds === null || count === 0 ? null : (seconds / count) * 1e6;
}
