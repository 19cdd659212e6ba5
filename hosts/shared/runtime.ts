// The one place the adapters are chosen and composed into the Effect runtime every host uses.
import { Layer, ManagedRuntime } from "effect";
import { openDatabase, type Database } from "../../adapters/knex/connection.ts";
import { makeKnexStore } from "../../adapters/knex/store.knex.ts";
import { makeKnexAccessGate } from "../../adapters/knex/access-gate.knex.ts";
import { makeKnexIdempotencyStore } from "../../adapters/knex/idempotency.knex.ts";
import { systemLayer } from "../../adapters/system/system.ts";
import { Store } from "../../core/ports/store.port.ts";
import { AccessGate } from "../../core/ports/access-gate.port.ts";
import { IdempotencyStore } from "../../core/ports/idempotency.port.ts";
import type { Config } from "./config.ts";
import { Pricing } from "../../core/ports/pricing.port.ts";
import { CardProcessor } from "../../core/ports/card-processor.port.ts";
import { makeSandboxCardProcessor } from "../../adapters/sandbox-card/sandbox-card.ts";
import { StatementRenderer } from "../../core/ports/statement-renderer.port.ts";
import { makePdfkitRenderer } from "../../adapters/pdfkit/copy-b.pdfkit.ts";
import { IrsTransmitter } from "../../core/ports/irs-transmitter.port.ts";
import { makeSandboxIrs } from "../../adapters/sandbox-irs/sandbox-irs.ts";
import { makeKnexReceiptStore } from "../../adapters/knex/sandbox-receipts.knex.ts";

export function appLayer(db: Database, config: Config) {
  return Layer.mergeAll(
    systemLayer(config.tinEncryptionKey),
    Layer.succeed(Store, makeKnexStore(db.knex)),
    Layer.succeed(AccessGate, makeKnexAccessGate(db.knex, config.rateLimitPerMinute)),
    Layer.succeed(IdempotencyStore, makeKnexIdempotencyStore(db.knex)),
    Layer.succeed(Pricing, { rateCard: config.rateCard }),
    Layer.succeed(CardProcessor, config.cardProcessor ?? makeSandboxCardProcessor()),
    Layer.succeed(StatementRenderer, makePdfkitRenderer()),
    Layer.succeed(IrsTransmitter, makeSandboxIrs({ ackDelayMs: config.sandboxAckDelayMs, store: makeKnexReceiptStore(db.knex) })),
  );
}

export type AppServices = Layer.Success<ReturnType<typeof appLayer>>;
export type AppRuntime = ManagedRuntime.ManagedRuntime<AppServices, never>;

export async function openRuntime(config: Config): Promise<{ db: Database; runtime: AppRuntime }> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: config.dbSchema, poolMax: Number(process.env["PG_POOL_MAX"] ?? 10) });
  const runtime = ManagedRuntime.make(appLayer(db, config));
  return { db, runtime };
}
