// One-line JSON logs. TINs never reach here whole: the Tin type prints masked.
const ORDER = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type Level = keyof typeof ORDER;

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export function makeLogger(level: Level): Logger {
  const min = ORDER[level];
  const log = (l: Exclude<Level, "silent">) => (msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[l] < min) return;
    process.stderr.write(JSON.stringify({ level: l, time: new Date().toISOString(), msg, ...fields }) + "\n");
  };
  return { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
}
