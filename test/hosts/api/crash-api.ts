// An API process for the idempotency crash test: hosts/api/main.ts as `npm start` runs it, on the test's Postgres
// schema. It loads the host's modules first and waits for a line on standard input before it opens anything, so a
// test starts the next process while the current one runs (test/hosts/api/idempotency-crash.test.ts).
import { once } from "node:events";
import "../../../hosts/shared/runtime.ts";
import "../../../hosts/api/container.ts";
import "../../../hosts/worker/worker.ts";

process.stdin.resume();
await once(process.stdin, "data");
process.stdin.pause();
await import("../../../hosts/api/main.ts");
