import type { IntakeRowResult } from "./intake.ts";

export type BatchKind = "payer_forms" | "filing" | "filings_batch" | "fire";

export interface Batch {
  readonly id: string;
  readonly accountId: string;
  readonly livemode: boolean;
  readonly kind: BatchKind;
  readonly payerId: string | null;
  readonly reference: string | null;
  readonly created: number;
  readonly failed: number;
  readonly rows: readonly IntakeRowResult[];
  readonly createdAt: string;
}
