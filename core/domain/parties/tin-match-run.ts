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
