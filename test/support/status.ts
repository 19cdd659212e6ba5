// Test set-up only: forces a filing into a status without a trigger (the core's writes go through
// `nextStatus`/`move` of core/domain/filing/status.ts; see test/core/domain/filing/status-writes.test.ts).
import type { FilingStatus, MovedStatus } from "../../core/domain/filing/status.ts";

export const forced = (status: FilingStatus): MovedStatus => status as MovedStatus;
