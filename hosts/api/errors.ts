import type { DomainError } from "../../core/domain/shared/errors.ts";
import { ERROR_TABLE } from "./error-table.ts";

export function isDomainError(e: unknown): e is DomainError {
  return (
    typeof e === "object" &&
    e !== null &&
    "_tag" in e &&
    typeof (e as { _tag: unknown })._tag === "string" &&
    Object.hasOwn(ERROR_TABLE, (e as { _tag: string })._tag)
  );
}
