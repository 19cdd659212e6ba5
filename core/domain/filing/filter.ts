import type { FilingStatus } from "./status.ts";

/** Which filings a listing returns. */

export interface FilingFilter {
  readonly statuses?: readonly FilingStatus[];
  readonly payerId?: string;
  readonly form?: string;
  readonly taxYear?: number;
  readonly batchId?: string;
  readonly orderId?: string;
  readonly corrects?: string;
}
