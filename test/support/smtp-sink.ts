// A real SMTP server as a process of its own, for the end-to-end tests of live e-mail: `smtp-server` on
// SMTP_SINK_PORT (127.0.0.1, no TLS, no login), each message written whole (RFC 5322, as received) to
// SMTP_SINK_DIR/<n>.eml with its envelope recipients in <n>.rcpt. A recipient address starting with "bounce"
// is refused at RCPT TO with 550, as a mailbox that does not exist is. It prints "smtp sink listening" once ready.
import { createWriteStream, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";

const port = Number(process.env["SMTP_SINK_PORT"]);
const dir = process.env["SMTP_SINK_DIR"];
if (!Number.isInteger(port) || port <= 0 || !dir) {
  process.stderr.write("smtp-sink: set SMTP_SINK_PORT and SMTP_SINK_DIR\n");
  process.exit(2);
}
let n = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onRcptTo(address, _session, cb) {
    if (!address.address.toLowerCase().startsWith("bounce")) return cb();
    const err = new Error("5.1.1 mailbox unavailable") as Error & { responseCode: number };
    err.responseCode = 550;
    cb(err);
  },
  onData(stream, session, cb) {
    n += 1;
    const name = join(dir, String(n).padStart(5, "0"));
    const out = createWriteStream(`${name}.part`);
    stream.pipe(out);
    out.on("finish", () => {
      writeFileSync(`${name}.rcpt`, session.envelope.rcptTo.map((r) => r.address).join("\n"));
      // Renamed only once whole, so a reader never sees half a message.
      renameSync(`${name}.part`, `${name}.eml`);
      cb();
    });
    out.on("error", cb);
  },
});
server.listen(port, "127.0.0.1", () => process.stdout.write(`smtp sink listening on ${String(port)}\n`));
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
