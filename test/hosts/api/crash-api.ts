// An API process for the idempotency crash test: hosts/api/main.ts as `npm start` runs it, on the test's Postgres
// schema. It loads the host's modules first and waits for a line on standard input before it opens anything, so a
// test starts the next process while the current one runs (test/hosts/api/idempotency-crash.test.ts).
import { once } from "node:events";
import "../../../hosts/shared/runtime.ts";
import "../../../hosts/api/container.ts";
import "../../../hosts/shared/worker.ts";
import { freePort } from "../../support/ports.ts";

process.stdin.resume();
await once(process.stdin, "data");
process.stdin.pause();
// The port is taken here, just before the API listens, and reported on standard output: one picked by the test when
// this process was spawned, seconds earlier, could be taken meanwhile by any other process's outgoing connection.
const port = await freePort();
process.env["PORT"] = String(port);
process.stdout.write(`port ${String(port)}\n`);
await import("../../../hosts/api/main.ts");
