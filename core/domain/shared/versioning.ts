// SPEC "Versioning": dated versions, no silent downgrade.
export const CURRENT_API_VERSION = "2026-06-15";
export const SUPPORTED_API_VERSIONS: readonly string[] = [CURRENT_API_VERSION];

export function isSupportedVersion(v: string): boolean {
  return SUPPORTED_API_VERSIONS.includes(v);
}

/** Steps 2-3: header (already checked) > production account default > current; sandbox always current. */
export function resolveVersion(
  header: string | undefined,
  livemode: boolean,
  accountDefault: string | null,
): string {
  if (header !== undefined) return header;
  if (livemode && accountDefault && isSupportedVersion(accountDefault)) return accountDefault;
  return CURRENT_API_VERSION;
}

export function unknownVersionMessage(v: string): string {
  return `Unknown API-Version ${JSON.stringify(v)}. Supported versions: ${SUPPORTED_API_VERSIONS.join(", ")}.`;
}
