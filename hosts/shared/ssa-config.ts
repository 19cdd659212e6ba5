// SSA_SUBMITTER_JSON: the submitter of production EFW2 files (README "Filing W-2s with the SSA"). The EIN and the
// BSO user id go in the RA record of every file; the rest is the submitter's name, address and contact.
import type { Efw2Submitter } from "../../core/domain/efw2/index.ts";
import { SANDBOX_SUBMITTER, type SsaEnvironments } from "../../adapters/ssa/ssa-transmitter.ts";
import { ConfigError } from "./iris-config.ts";

const REQUIRED = [
  "ein",
  "bso_user_id",
  "name",
  "address_line1",
  "city",
  "state",
  "postal_code",
  "contact_name",
  "contact_phone",
  "contact_email",
] as const;

export function loadSsaConfig(env: NodeJS.ProcessEnv): SsaEnvironments {
  const raw = env["SSA_SUBMITTER_JSON"];
  if (!raw) return { sandbox: SANDBOX_SUBMITTER, live: { missing: ["SSA_SUBMITTER_JSON"] } };
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    throw new ConfigError("SSA_SUBMITTER_JSON is not JSON.");
  }
  const missing = REQUIRED.filter((k) => typeof v[k] !== "string" || v[k] === "");
  if (missing.length > 0) throw new ConfigError(`SSA_SUBMITTER_JSON lacks ${missing.join(", ")}.`);
  const s = (k: string) => String(v[k]);
  if (!/^[0-9]{2}-?[0-9]{7}$/.test(s("ein")))
    throw new ConfigError("SSA_SUBMITTER_JSON ein is not an EIN (9 digits).");
  if (!/^[A-Za-z0-9]{8}$/.test(s("bso_user_id")))
    throw new ConfigError("SSA_SUBMITTER_JSON bso_user_id is not an 8-character BSO user id.");
  const live: Efw2Submitter = {
    ein: s("ein").replace("-", ""),
    userId: s("bso_user_id").toUpperCase(),
    name: s("name"),
    address: {
      line1: s("address_line1"),
      ...(typeof v["address_line2"] === "string" ? { line2: v["address_line2"] } : {}),
      city: s("city"),
      state: s("state"),
      postalCode: s("postal_code"),
      country: "US",
    },
    contactName: s("contact_name"),
    contactPhone: s("contact_phone"),
    contactEmail: s("contact_email"),
  };
  return { sandbox: SANDBOX_SUBMITTER, live };
}
