// A free TCP port for a child process to listen on. The operating system picks it (a port drawn at random from a
// range could be one that another process's outgoing connection holds, as the Linux ephemeral range covers
// 32768-60999); it is free when this returns and stays so unless something else binds it in the moment between.
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", reject);
    probe.listen(0, resolve);
  });
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== "object" || address === null) throw new Error("no port from the operating system");
  return address.port;
}
