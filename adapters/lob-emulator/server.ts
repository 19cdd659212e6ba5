// The Lob emulator on a port: `startLobEmulator` for tests and the sandbox (a real socket, so the adapter runs
// over its real transport), and `npm run lob-emulator` (main.ts).
import { serveEmulator } from "../irs-emulator/server.ts";
import { createLobEmulator, type LobEmulator, type LobEmulatorOptions } from "./emulator.ts";

export interface StartLobEmulatorOptions extends Omit<LobEmulatorOptions, "clock"> {
  /** 0 (default): a free port. */
  readonly port?: number;
  readonly host?: string;
  readonly clock?: { readonly now: () => Date } | undefined;
}

export interface StartedLobEmulator extends Omit<LobEmulator, "close"> {
  /** The origin to give the adapter as LOB_API_BASE. */
  readonly url: string;
  /** Stops the timers and the server. */
  readonly close: () => Promise<void>;
}

export async function startLobEmulator(options: StartLobEmulatorOptions): Promise<StartedLobEmulator> {
  const { port = 0, host = "127.0.0.1", ...rest } = options;
  const emulator = createLobEmulator(rest);
  const served = await serveEmulator(emulator, port, host);
  return {
    ...emulator,
    url: served.url,
    close: async () => {
      emulator.close();
      await served.close();
    },
  };
}
