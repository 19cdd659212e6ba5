// Wires the API host with Inversify: configuration, logger, database, Effect runtime and the Koa app.
import "reflect-metadata";
import { Container, inject, injectable } from "inversify";
import type Koa from "koa";
import type { Config } from "../shared/config.ts";
import type { Database } from "../../adapters/knex/connection.ts";
import type { Logger } from "../shared/logger.ts";
import type { AppRuntime } from "../shared/runtime.ts";
import { TOKENS } from "../shared/tokens.ts";
import { createApp, type Operability } from "./app.ts";

@injectable()
export class HttpApp {
  readonly koa: Koa;
  constructor(
    @inject(TOKENS.Config) config: Config,
    @inject(TOKENS.Logger) logger: Logger,
    @inject(TOKENS.Runtime) runtime: AppRuntime,
    @inject(TOKENS.Operability) ops: Operability,
  ) {
    this.koa = createApp({ runtime, config, logger, ops });
  }
}

export function buildContainer(parts: {
  config: Config;
  logger: Logger;
  db: Database;
  runtime: AppRuntime;
  ops?: Operability;
}): Container {
  const container = new Container();
  container.bind<Config>(TOKENS.Config).toConstantValue(parts.config);
  container.bind<Logger>(TOKENS.Logger).toConstantValue(parts.logger);
  container.bind<Database>(TOKENS.Database).toConstantValue(parts.db);
  container.bind<AppRuntime>(TOKENS.Runtime).toConstantValue(parts.runtime);
  container.bind<Operability>(TOKENS.Operability).toConstantValue(parts.ops ?? {});
  container.bind(HttpApp).toSelf().inSingletonScope();
  return container;
}
