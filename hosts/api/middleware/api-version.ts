// SPEC Versioning step 1: an unknown API-Version is refused, never silently downgraded.
import { MalformedRequest } from "../../../core/domain/shared/errors.ts";
import { isSupportedVersion, unknownVersionMessage } from "../../../core/domain/shared/versioning.ts";
import type { ApiContext } from "../http.ts";

export function checkApiVersion(ctx: ApiContext): void {
  const v = ctx.get("API-Version");
  if (v !== "" && !isSupportedVersion(v.trim()))
    throw new MalformedRequest({ message: unknownVersionMessage(v) });
}
