/** D2: every stored row carries account and environment; scoped repositories add both to every query. */
export interface Scope {
  readonly accountId: string;
  readonly livemode: boolean;
}
