// Wire views (SPEC field names) of account-level operations: the one home of these shapes.

/** POST /v1/sandbox/reset: how many filings the reset cleared. */
export function sandboxResetView(cleared: number) {
  return { object: "sandbox_reset", status: "reset", cleared };
}
