export interface StoredEvent {
  readonly id: string;
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly createdAt: string;
}

export interface WebhookEndpoint {
  readonly id: string;
  readonly url: string;
  readonly events: readonly string[];
  readonly status: "active" | "disabled";
  readonly secret: string;
  readonly previousSecret: string | null;
  readonly rotatedAt: string | null;
  readonly livemode: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface WebhookDelivery {
  readonly id: string;
  readonly endpointId: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly status: "pending" | "succeeded" | "failed";
  readonly attempts: number;
  readonly lastStatusCode: number | null;
  readonly lastError: string | null;
  readonly nextAttemptAt: string | null;
  readonly lastAttemptAt: string | null;
  readonly createdAt: string;
}
