export interface TinMatchEntry {
  readonly name: string;
  readonly tinCiphertext: string;
  readonly tinLast4: string;
  readonly tinType: "ssn" | "ein" | null;
  readonly recipient: string | null;
  readonly reference: string | null;
}
export interface TinMatchResult {
  readonly recipient?: string;
  readonly reference?: string;
  readonly name: string;
  readonly tin_last4: string;
  readonly result: "match" | "mismatch" | "not_issued";
}
export interface TinMatchRun {
  readonly id: string;
  readonly status: "processing" | "completed";
  readonly count: number;
  readonly entries: readonly TinMatchEntry[];
  readonly results: readonly TinMatchResult[] | null;
  readonly createdAt: string;
  readonly completedAt: string | null;
}

/** The wire view (SPEC "TIN match run"): results only once the run is completed. */
export function runView(r: TinMatchRun) {
  return {
    object: "tin_match_run",
    id: r.id,
    status: r.status,
    count: r.count,
    results: r.status === "completed" ? r.results : undefined,
    created_at: r.createdAt,
    completed_at: r.completedAt,
  };
}

/** The answer to starting a run (202): the run without its results, which come with tin_match.completed. */
export function runStartedView(r: Pick<TinMatchRun, "id" | "status" | "count" | "createdAt">) {
  return { object: "tin_match_run", id: r.id, status: r.status, count: r.count, created_at: r.createdAt };
}
