// Inversify tokens for the shell of each host (D: DI happens once, in the hosts; ports are Effect services).
export const TOKENS = {
  Config: Symbol.for("Config"),
  Logger: Symbol.for("Logger"),
  Database: Symbol.for("Database"),
  Runtime: Symbol.for("Runtime"),
  HttpApp: Symbol.for("HttpApp"),
  Operability: Symbol.for("Operability"),
} as const;
