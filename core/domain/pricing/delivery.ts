// Delivery service resolution (SPEC "Service enumeration", DECISIONS D13).
//
//   efile             = FederalEFile + RecipientPortal
//   efile_print_mail  = FederalEFile + PrintAndMail + RecipientPortal   (the default, corrections included)
//   print_mail        = PrintAndMail only
//
// Overrides (honoured by callers only where a cart is involved):
//   physical_mail: true|false   adds or removes PrintAndMail
//   portal_access: true         adds RecipientPortal to print_mail (no-op on e-file services, which include it)
//   portal_access: false        refused on an e-file service (portal access is mandatory there); no-op on print_mail
//
// Decisions where D13 is silent (documented here and in the report):
// - The returned `service` is normalised to what is actually delivered, because the lifecycle depends on it
//   (print_mail ends in `furnishing`, e-file services are transmitted): `efile` + physical_mail:true becomes
//   `efile_print_mail`; `efile_print_mail` + physical_mail:false becomes `efile`. `print_mail` stays `print_mail`
//   with or without the portal add-on (the `portal` flag carries it).
// - `physical_mail: false` on `print_mail` is refused (param `physical_mail`): it would leave a form that is
//   neither e-filed nor mailed, i.e. nothing to deliver and nothing to charge.
// - Only the booleans true/false override; undefined or null mean "not given". Type checking of the request
//   fields (a string "yes", say) is the HTTP layer's job.

export const SERVICES = ["efile", "efile_print_mail", "print_mail"] as const;
export type Service = (typeof SERVICES)[number];

export const DEFAULT_SERVICE: Service = "efile_print_mail";

/** The delivery fields of a request (a cart item, intake options): the service and its two overrides. */
export interface DeliveryFields {
  service?: string;
  physical_mail?: boolean;
  portal_access?: boolean;
}

/** The JSON Schema properties of DeliveryFields (the service's type is checked by normaliseService later). */
export const DELIVERY_PROPS = {
  service: { type: "string", maxLength: 40 },
  physical_mail: { type: "boolean" },
  portal_access: { type: "boolean" },
};

export interface Delivery {
  readonly service: Service;
  /** FederalEFile: transmitted to the IRS. */
  readonly efile: boolean;
  /** PrintAndMail: a paper recipient copy is printed and mailed. */
  readonly printMail: boolean;
  /** RecipientPortal: billed recipient portal access. */
  readonly portal: boolean;
}

export type DeliveryResult =
  | { readonly ok: true; readonly delivery: Delivery }
  | {
      readonly ok: false;
      readonly param: "portal_access" | "physical_mail";
      readonly message: string;
    };

export function isService(value: unknown): value is Service {
  return typeof value === "string" && (SERVICES as readonly string[]).includes(value);
}

/** An unrecognised or missing service falls back to `efile_print_mail` (SPEC Cart, D13). */
export function normaliseService(value: unknown): Service {
  return isService(value) ? value : DEFAULT_SERVICE;
}

export function resolveDelivery(
  service: unknown,
  physicalMail?: boolean | null,
  portalAccess?: boolean | null,
): DeliveryResult {
  const requested = normaliseService(service);
  const efile = requested !== "print_mail";
  let printMail = requested !== "efile";
  let portal = efile;

  if (physicalMail === true) printMail = true;
  else if (physicalMail === false) {
    if (!efile) {
      return {
        ok: false,
        param: "physical_mail",
        message:
          "physical_mail cannot be false with service print_mail: the form would be neither e-filed nor mailed. " +
          "Choose service efile instead.",
      };
    }
    printMail = false;
  }

  if (portalAccess === true) portal = true;
  else if (portalAccess === false && efile) {
    return {
      ok: false,
      param: "portal_access",
      message: `portal_access cannot be false with service ${requested}: recipient portal access is mandatory on any e-file service.`,
    };
  }

  const resolved: Service = efile ? (printMail ? "efile_print_mail" : "efile") : "print_mail";
  return { ok: true, delivery: { service: resolved, efile, printMail, portal } };
}

/** The delivery a service implies with no overrides (never fails). */
export function deliveryOf(service: unknown): Delivery {
  const s = normaliseService(service);
  return { service: s, efile: s !== "print_mail", printMail: s !== "efile", portal: s !== "print_mail" };
}

export const SERVICE_LABELS: Readonly<Record<Service, string>> = Object.freeze({
  efile: "E-file",
  efile_print_mail: "E-file + print and mail",
  print_mail: "Print and mail",
});
