import * as Context from "effect/Context";
import type * as Effect from "effect/Effect";
import type { SendResult } from "../domain/webhooks/events.ts";

export interface WebhookRequest {
  readonly url: string;
  /** Extra headers, e.g. `Service-Signature`; the sender adds Content-Type, Content-Length and User-Agent. */
  readonly headers: Readonly<Record<string, string>>;
  /** The raw body, exactly the text that was signed. */
  readonly body: string;
  readonly timeoutMs: number;
  /** The environment of the endpoint (D29: production delivery refuses private targets). */
  readonly livemode: boolean;
}

/**
 * POSTs one webhook delivery. Never fails: a response of any status is a result, and a transport failure
 * (timeout, refused connection, DNS, TLS, a refused private target) comes back as `{ status: 0, error }`.
 */
export class WebhookSender extends Context.Service<
  WebhookSender,
  {
    readonly send: (request: WebhookRequest) => Effect.Effect<SendResult>;
    /** Whether sandbox deliveries may reach this machine's loopback addresses (an operator setting, D29). */
    readonly sandboxLoopback: boolean;
    /** Whether every target is allowed, private and loopback ones in live mode too (an operator setting). */
    readonly privateTargets?: boolean;
  }
>()("core/WebhookSender") {}
