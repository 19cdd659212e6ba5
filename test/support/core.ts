// One test layer for the use cases on the in-memory adapters: the fake store, a clock the test drives, system
// ids and vault, the sandbox card processor, a recording job queue and a scripted IRS transmitter. No database,
// no HTTP, no child process: a use-case test builds one with `coreTest()` and runs its programs with `run`.
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import * as ManagedRuntime from "effect/ManagedRuntime";
import { makeFakeStore } from "../../adapters/in-memory/store.fake.ts";
import { makeSandboxCardProcessor } from "../../adapters/sandbox-card/sandbox-card.ts";
import { makeTinVault, sha256Hasher, systemIds } from "../../adapters/system/system.ts";
import { DEFAULT_RATE_CARD } from "../../core/domain/pricing/index.ts";
import type { RecordStatus } from "../../core/domain/iris/ack.ts";
import type { TransmissionInput } from "../../core/domain/iris/transmission.ts";
import type { Principal } from "../../core/domain/parties/account.ts";
import { CardProcessor } from "../../core/ports/card-processor.port.ts";
import { Clock } from "../../core/ports/clock.port.ts";
import { Hasher } from "../../core/ports/hasher.port.ts";
import { Ids } from "../../core/ports/ids.port.ts";
import {
  IrsTransmitter,
  IrsUnavailable,
  TransmissionRefused,
  type Acknowledgement,
} from "../../core/ports/irs-transmitter.port.ts";
import { Jobs, type SendJobOptions } from "../../core/ports/jobs.port.ts";
import { Pricing } from "../../core/ports/pricing.port.ts";
import { Store, type OpenTransaction, type Scope, type ScopedStore } from "../../core/ports/store.port.ts";
import { TinVault } from "../../core/ports/tin-vault.port.ts";
import { SsaTransmitter } from "../../core/ports/ssa-transmitter.port.ts";
import { TinMatcher } from "../../core/ports/tin-matcher.port.ts";
import { WebhookSender, type WebhookRequest } from "../../core/ports/webhook-sender.port.ts";
import { sandboxTinMatcher } from "../../adapters/sandbox-tin-match/sandbox-tin-match.ts";
import { makeSsaTransmitter, SANDBOX_SUBMITTER } from "../../adapters/ssa/ssa-transmitter.ts";
import { makeInMemorySsaFiles } from "../../adapters/in-memory/ssa-files.fake.ts";
import { makeFakeThrottles } from "../../adapters/in-memory/throttles.fake.ts";
import { Throttles } from "../../core/ports/throttles.port.ts";
import { seedSandbox } from "../../core/use-cases/accounts/accounts.ts";
import { createFilingService } from "../../core/index.ts";
import { makeFakeMailHouse, makeFakeMailer } from "../../adapters/in-memory/mail-house.fake.ts";
import { MailHouse, StatementSettings } from "../../core/ports/mail-house.port.ts";
import { Mailer } from "../../core/ports/mailer.port.ts";
import { StatementRenderer } from "../../core/ports/statement-renderer.port.ts";

export interface ScriptedIrs {
  /** Transmissions sent, in order. */
  readonly sent: TransmissionInput[];
  /** Refuse the next transmissions on intake (TransmissionRefused) while true. */
  refuse: boolean;
  /** The acknowledgement of every record; "processing" answers processing, "not_found" an unknown receipt. */
  outcome: RecordStatus | "processing" | "not_found";
  /** Fails every transmission and acknowledgement request with this while set (an IRS that is down). */
  unavailable: IrsUnavailable | null;
}

function scriptedIrs(): { irs: ScriptedIrs; service: IrsTransmitter["Service"] } {
  const irs: ScriptedIrs = { sent: [], refuse: false, outcome: "accepted", unavailable: null };
  const service = IrsTransmitter.of({
    transmit: (t, now) =>
      irs.unavailable
        ? Effect.fail(irs.unavailable)
        : irs.refuse
          ? Effect.fail(new TransmissionRefused({ message: "refused on intake (scripted)", problems: [] }))
          : Effect.sync(() => {
              irs.sent.push(t);
              return {
                receiptId: `2026-${String(irs.sent.length).padStart(11, "0")}-ABCDEFGHI`,
                submittedAt: now,
              };
            }),
    acknowledgements: (requests) =>
      irs.unavailable
        ? Effect.fail(irs.unavailable)
        : Effect.sync(() =>
            requests.map(
              (r): Acknowledgement =>
                irs.outcome === "processing" || irs.outcome === "not_found"
                  ? { status: irs.outcome }
                  : {
                      status: "done",
                      transmissionStatus: "Accepted",
                      records: [...r.records.values()].map((filingId) => ({
                        filingId,
                        status: irs.outcome as RecordStatus,
                        errors: [],
                      })),
                    },
            ),
          ),
    missingConfiguration: () => null,
    profile: () => undefined,
  });
  return { irs, service };
}

export type CoreServices =
  | Store
  | Clock
  | Ids
  | TinVault
  | Hasher
  | Pricing
  | CardProcessor
  | Jobs
  | IrsTransmitter
  | SsaTransmitter
  | TinMatcher
  | Throttles
  | WebhookSender;

export interface CoreTest {
  readonly store: ReturnType<typeof makeFakeStore>;
  readonly irs: ScriptedIrs;
  readonly jobs: {
    queue: string;
    data: Readonly<Record<string, unknown>>;
    options?: SendJobOptions | undefined;
  }[];
  readonly card: ReturnType<typeof makeSandboxCardProcessor>;
  /** Webhook requests sent, in order; each is answered `webhookStatus`. */
  readonly webhooks: { readonly sent: WebhookRequest[]; status: number };
  /** Moves the clock on. */
  readonly advance: (ms: number) => void;
  /** The clock's time. */
  readonly now: () => Date;
  readonly run: <A, E>(effect: Effect.Effect<A, E, CoreServices>) => Promise<A>;
  /** The seeded sandbox account (balance, card on file and a main payer), its scope and its owner. */
  readonly scope: Scope;
  readonly payerId: string;
  readonly owner: Principal;
  readonly dispose: () => Promise<void>;
}

/**
 * `store` with each scope's repositories, in and out of transactions, replaced by `repos(inner)`: a `wrapStore` for a
 * test's stand-in for a concurrent writer.
 */
export function wrapRepos(
  store: Store["Service"],
  repos: (inner: ScopedStore) => ScopedStore,
): Store["Service"] {
  // The transaction keeps its own class (the fake store opens savepoints only inside its own transactions).
  const transaction = (tx: OpenTransaction): OpenTransaction =>
    Object.create(tx, { scoped: { value: (scope: Scope) => repos(tx.scoped(scope)) } }) as OpenTransaction;
  return {
    ...store,
    scoped: (scope) => repos(store.scoped(scope)),
    begin: (outer) => Effect.map(store.begin(outer), transaction),
  };
}

/** `wrapStore`: what the use cases see instead of the fake store itself (a test's stand-in for a concurrent writer). */
/** `jobs`: the job queue the use cases send to (given the test's clock), instead of the recording one. */
export async function coreTest(
  options: {
    readonly wrapStore?: (store: Store["Service"]) => Store["Service"];
    readonly jobs?: (clock: { readonly now: () => Date }) => Jobs["Service"];
  } = {},
): Promise<CoreTest> {
  const store = makeFakeStore();
  let t = Date.UTC(2026, 1, 2, 12);
  const jobs: CoreTest["jobs"] = [];
  const webhooks: CoreTest["webhooks"] = { sent: [], status: 200 };
  const card = makeSandboxCardProcessor({ now: () => new Date(t) });
  const { irs, service } = scriptedIrs();
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(
      Layer.succeed(Store, options.wrapStore ? options.wrapStore(store) : store),
      Layer.succeed(Clock, { now: () => new Date(t) }),
      Layer.succeed(Ids, systemIds),
      Layer.succeed(TinVault, makeTinVault("core-test")),
      Layer.succeed(Hasher, sha256Hasher),
      Layer.succeed(Pricing, { rateCard: DEFAULT_RATE_CARD }),
      Layer.succeed(CardProcessor, card),
      Layer.succeed(IrsTransmitter, service),
      Layer.succeed(
        SsaTransmitter,
        makeSsaTransmitter(
          { sandbox: SANDBOX_SUBMITTER, live: { missing: ["SSA_SUBMITTER_JSON"] } },
          makeInMemorySsaFiles(),
        ),
      ),
      Layer.succeed(
        WebhookSender,
        WebhookSender.of({
          send: (r) =>
            Effect.sync(() => {
              webhooks.sent.push(r);
              return { status: webhooks.status, retryAfter: null, error: null };
            }),
          sandboxLoopback: false,
        }),
      ),
      Layer.succeed(
        Jobs,
        options.jobs
          ? options.jobs({ now: () => new Date(t) })
          : {
              send: (queue, data, options) =>
                Effect.sync(() => {
                  jobs.push({ queue, data, options });
                }),
              sendMany: (queue, list) =>
                Effect.sync(() => {
                  for (const j of list)
                    jobs.push({ queue, data: j.data, options: j.key === undefined ? {} : { key: j.key } });
                }),
            },
      ),
      Layer.succeed(TinMatcher, sandboxTinMatcher),
      Layer.succeed(Throttles, makeFakeThrottles()),
    ),
  );
  const run = <A, E>(effect: Effect.Effect<A, E, CoreServices>) => runtime.runPromise(effect);
  const seeded = await run(seedSandbox(undefined));
  if (!seeded) throw new Error("the fake store was not empty");
  const scope = { accountId: seeded.account.id, livemode: false };
  const owner: Principal = {
    kind: "api_key",
    credentialId: "key-test",
    accountId: seeded.account.id,
    livemode: false,
    role: "owner",
    scopes: null,
    payerId: null,
    account: seeded.account,
  };
  return {
    store,
    irs,
    jobs,
    card,
    webhooks,
    advance: (ms) => {
      t += ms;
    },
    now: () => new Date(t),
    run,
    scope,
    payerId: seeded.payer.id,
    owner,
    dispose: () => runtime.dispose(),
  };
}

/**
 * The embedder's Promise facade over a fresh fake store holding one sandbox account, `accountId` ("Embedder"),
 * with system ids, a vault keyed `vaultKey`, the default rate card and `now` as its clock.
 */
export async function embeddedService(
  accountId: string,
  vaultKey: string,
  now: () => Date = () => new Date(),
) {
  const store = makeFakeStore();
  const service = createFilingService({
    store,
    clock: { now },
    ids: systemIds,
    vault: makeTinVault(vaultKey),
    hasher: sha256Hasher,
    pricing: { rateCard: DEFAULT_RATE_CARD },
  });
  await Effect.runPromise(
    store.accounts.insert({
      id: accountId,
      name: "Embedder",
      liveEnabled: false,
      defaultApiVersion: null,
      ipAllowlist: [],
      createdAt: new Date().toISOString(),
    }),
  );
  return { service, scope: { accountId, livemode: false } };
}

export type MailServices = MailHouse | Mailer | StatementSettings | StatementRenderer;

/**
 * `t.run` with the statement services as well (a fake mail house and mailer, a sandbox return address, a renderer
 * writing a stub PDF): for programs that may send statements, such as the job queue's edge and the sweeps. A test
 * that reads what was sent passes its own fakes (and renderer).
 */
export function runWithMail(
  t: CoreTest,
  o: {
    readonly mail?: ReturnType<typeof makeFakeMailHouse>;
    readonly post?: ReturnType<typeof makeFakeMailer>;
    readonly renderer?: StatementRenderer["Service"];
    readonly portalBaseUrl?: string;
  } = {},
) {
  const mail = o.mail ?? makeFakeMailHouse();
  const post = o.post ?? makeFakeMailer();
  return <A, E>(effect: Effect.Effect<A, E, CoreServices | MailServices>) =>
    t.run(
      effect.pipe(
        Effect.provideService(MailHouse, mail.service),
        Effect.provideService(Mailer, post.service),
        Effect.provideService(StatementSettings, {
          returnAddress: {
            name: "Returns Dept",
            addressLine1: "1 Return Way",
            addressLine2: null,
            city: "Austin",
            state: "TX",
            postalCode: "78701",
            country: "US",
          },
          portalBaseUrl: o.portalBaseUrl ?? "https://portal.example.test",
        }),
        Effect.provideService(
          StatementRenderer,
          o.renderer ?? {
            render: () => Effect.sync(() => new TextEncoder().encode("%PDF-fake")),
            renderText: () => Effect.sync(() => new TextEncoder().encode("%PDF-text")),
          },
        ),
      ),
    );
}
