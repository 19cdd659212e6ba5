// Response and shared schemas of the OpenAPI document (JSON Schema 2020-12, as OpenAPI 3.1 uses). Request bodies are
// not here: the document takes them from the ajv checks the routes validate with (core `compileBody(...).schema`).
// Resources list the fields every answer carries; fields may be added in a version without notice (SPEC Versioning).
import { ERROR_TABLE } from "../error-table.ts";
import { FILING_STATUSES } from "../../../core/domain/filing/status.ts";
import { DELIVERY_STATUSES } from "../../../core/domain/statements/delivery.ts";
import { PORTAL_ACTIONS } from "../../../core/domain/statements/portal.ts";
import { EVENT_TYPES } from "../../../core/domain/webhooks/events.ts";
import { LLC_CODES, TAX_CLASSIFICATIONS } from "../../../core/domain/w9/form.ts";
import {
  W9_EMAIL_STATUSES,
  W9_LETTER_STATUSES,
  W9_STATUSES,
  W9_TIN_MATCH_RESULTS,
} from "../../../core/domain/w9/request.ts";
import { SEVERITIES } from "../../../core/domain/iris/business-rules.ts";
import { B_NOTICE_CLEARED_BY, B_NOTICE_STATUSES } from "../../../core/domain/w9/b-notice-record.ts";

type Schema = Record<string, unknown>;

const str: Schema = { type: "string" };
const int: Schema = { type: "integer" };
const bool: Schema = { type: "boolean" };
const nullable = (s: Schema): Schema => ({ ...s, type: [s["type"] as string, "null"] });
const nstr = nullable(str);
const nint = nullable(int);
const date: Schema = { type: "string", format: "date-time" };
const ndate: Schema = { type: ["string", "null"], format: "date-time" };
const obj: Schema = { type: "object" };
const anyArray: Schema = { type: "array" };
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

/** A resource: its `object` name, then its fields; every field listed is present in every answer. */
function resource(
  object: string,
  props: Record<string, Schema>,
  optional: readonly string[] = [],
  examples?: readonly object[],
): Schema {
  const properties = { object: { const: object }, ...props };
  return {
    type: "object",
    required: Object.keys(properties).filter((k) => !optional.includes(k)),
    properties,
    ...(examples ? { examples } : {}),
  };
}

/** Every `error.type` the API answers with. */
export const ERROR_TYPES: readonly string[] = [
  ...new Set([
    ...Object.values(ERROR_TABLE).map((e) => e.type),
    "method_not_allowed",
    "headers_too_large",
    "expectation_failed",
    "api_error",
  ]),
].sort();

const address = {
  address_line1: nstr,
  address_line2: nstr,
  city: nstr,
  state: nstr,
  postal_code: nstr,
  country: nstr,
};
const nbool = nullable(bool);
const delivery = { service: str, physical_mail: nbool, portal_access: nbool };
const intakeRow: Schema = {
  type: "object",
  required: ["reference", "id", "status", "added_to_cart", "cart_item_id", "service"],
  properties: {
    reference: nstr,
    id: { ...nstr, description: "The filing's id; null when the row failed." },
    status: { enum: [...FILING_STATUSES, "failed"] },
    added_to_cart: bool,
    cart_item_id: nstr,
    service: str,
    form: str,
    error: ref("RowError"),
    warnings: {
      type: "array",
      items: ref("Warning"),
      description:
        "The IRS rules the form breaks that the IRS accepts it with (Report Error, Report Error and Reject if over Threshold), and notices. A row refused by a Reject rule (or under strict) lists its other findings here too.",
    },
  },
};

const warnings: Schema = { type: "array", items: ref("Warning") };

const PAYER_EXAMPLE = {
  id: "5b0e4a1c-2f7d-4c4e-9a57-3d1f0c9e8b21",
  object: "payer",
  legal_name: "Acme Widgets LLC",
  name: "Acme Widgets LLC",
  tin_type: "ein",
  tin_last4: "6789",
  address_line1: "1 Elm St",
  address_line2: null,
  city: "Austin",
  state: "TX",
  postal_code: "73301",
  country: "US",
  contact_name: "Pat Doe",
  contact_email: "pat@example.com",
  livemode: false,
  created_at: "2026-01-15T10:00:00.000Z",
  updated_at: "2026-01-15T10:00:00.000Z",
};

export const SCHEMAS: Record<string, Schema> = {
  Warning: {
    type: "object",
    required: ["code", "severity", "path", "message"],
    description:
      "A finding of the IRS business rules the form was saved with (issue 41): the IRS accepts the form and reports it in the acknowledgement (`accepted_with_errors`). Never carries a TIN.",
    properties: {
      code: {
        type: "string",
        description: "The IRS rule number (e.g. F1099NEC001), or `reporting_threshold`.",
      },
      severity: {
        enum: [...SEVERITIES, "Notice"],
        description: "The IRS's severity; `Notice` for the service's own advice (reporting thresholds).",
      },
      path: {
        type: "string",
        description: "The field: the jsonForm element (`jsonForm.TaxableAmt`) or `payer.*`.",
      },
      message: str,
      record: { type: "integer", description: "FIRE import: the record (B, or A for a payer rule)." },
      field: { type: "string", description: "FIRE import: the Pub 1220 field." },
      position: { type: "integer", description: "FIRE import: the field's position in the record." },
    },
  },
  Error: {
    type: "object",
    required: ["error"],
    properties: {
      error: {
        type: "object",
        required: ["type", "message"],
        properties: {
          type: {
            enum: ERROR_TYPES,
            description: "Machine-readable kind of error; see the API guide's error table.",
          },
          message: { type: "string", description: "Human-readable explanation." },
          param: { type: "string", description: "The field, query parameter or header at fault." },
          code: { type: "string", description: "A finer code, e.g. an IRS business rule code." },
          request_id: { type: "string", description: "Given on 5xx answers: quote it to support." },
        },
      },
      problems: {
        type: "array",
        items: obj,
        description:
          "cart_not_payable: what stops each item from being paid. A refused FIRE import: each refused form, located in the file.",
      },
      warnings: {
        type: "array",
        items: ref("Warning"),
        description:
          "A refused FIRE import: the findings that did not refuse a form (Report Error rules, notices), located in the file.",
      },
    },
    examples: [
      {
        error: {
          type: "invalid_request",
          message: "contact_email must be a valid email.",
          param: "contact_email",
        },
      },
    ],
  },
  RowError: {
    type: "object",
    required: ["type", "message"],
    properties: { type: str, message: str, param: str, code: str, rule: str },
  },
  List: {
    type: "object",
    required: ["object", "data", "has_more", "next_cursor"],
    properties: {
      object: { const: "list" },
      data: { type: "array" },
      has_more: bool,
      next_cursor: { ...nstr, description: "Pass as `starting_after` to get the next page." },
    },
  },
  Payer: resource(
    "payer",
    {
      id: { type: "string", format: "uuid" },
      legal_name: str,
      name: str,
      tin_type: { enum: ["ein", "ssn"] },
      tin_last4: str,
      ...address,
      contact_name: nstr,
      contact_email: nstr,
      livemode: bool,
      created_at: date,
      updated_at: date,
      is_main_company: bool,
    },
    ["is_main_company"],
    [PAYER_EXAMPLE],
  ),
  Recipient: resource("recipient", {
    id: str,
    short_id: str,
    payer: str,
    name: str,
    tin_type: { enum: ["ssn", "ein", null] },
    tin_last4: str,
    ...address,
    email: nstr,
    delivery_method: { enum: ["paper", "electronic"] },
    account_number: nstr,
    consent: {
      type: "object",
      description: "E-delivery consent, given or withdrawn by the recipient in the portal (read-only).",
      required: ["status", "at"],
      properties: { status: { enum: ["none", "given", "withdrawn"] }, at: ndate },
    },
    portal: {
      type: "object",
      description: "The recipient portal: locked_until is set after five wrong sign-in answers (read-only).",
      required: ["locked_until"],
      properties: { locked_until: ndate },
    },
    w9: {
      type: ["object", "null"],
      description:
        "The recipient's latest signed W-9 request and the result of the TIN match it started (read-only; issue 40).",
      properties: {
        request: str,
        signed_at: ndate,
        tin_match: { type: ["string", "null"], enum: [...W9_TIN_MATCH_RESULTS, null] },
      },
    },
    backup_withholding: {
      type: "object",
      description:
        "Issue 40 item 4, read from the recipient's B-notices (read-only): pending until an open notice's withhold_by date, required from then until cleared (clears_on says how), not_required otherwise.",
      required: ["status", "since", "withhold_by", "reason", "notice_id", "clears_on"],
      properties: {
        status: { enum: ["required", "pending", "not_required"] },
        since: { type: ["string", "null"], format: "date" },
        withhold_by: { type: ["string", "null"], format: "date" },
        reason: nstr,
        notice_id: nstr,
        clears_on: { type: ["string", "null"], enum: ["new_w9", "irs_validation", null] },
      },
    },
    livemode: bool,
    created_at: date,
    updated_at: date,
  }),
  Filing: resource("filing", {
    id: str,
    short_id: str,
    form: str,
    tax_year: int,
    status: { enum: [...FILING_STATUSES] },
    payer: str,
    recipient: nstr,
    service: str,
    livemode: bool,
    reference: nstr,
    batch: nstr,
    order: nstr,
    corrects: nstr,
    superseded_by: nstr,
    refile_of: nstr,
    receipt_id: nstr,
    amount_charged_cents: int,
    amount_refunded_cents: int,
    submitted_at: ndate,
    acknowledged_at: ndate,
    voided_at: ndate,
    created_at: date,
    updated_at: date,
    warnings: {
      ...warnings,
      description:
        "What intake found (IRS Report Error rules, notices), kept with the filing; after filing, the acknowledgement carries the IRS's own errors.",
    },
    jsonForm: {
      type: "object",
      description: "The form's fields (IRIS element names); TINs show only their last four digits.",
    },
  }),
  FilingCreated: {
    allOf: [
      ref("Filing"),
      {
        type: "object",
        required: ["added_to_cart", "cart_item_id"],
        properties: { added_to_cart: bool, cart_item_id: nstr },
      },
    ],
  },
  PayerFormsIntake: resource("payer_forms_intake", {
    payer: str,
    batch: str,
    created: int,
    failed: int,
    livemode: bool,
    forms: { type: "array", items: intakeRow },
  }),
  BatchCreated: resource("batch", {
    id: str,
    created: int,
    failed: int,
    livemode: bool,
    forms: { type: "array", items: intakeRow },
  }),
  Batch: resource("batch", {
    id: str,
    kind: str,
    payer: nstr,
    reference: nstr,
    created: int,
    failed: int,
    livemode: bool,
    created_at: date,
    forms: { type: "array", items: intakeRow },
  }),
  FireImport: resource("fire_file", {
    batch: str,
    bytes: int,
    rows_parsed: int,
    forms_imported: int,
    forms_added_to_cart: int,
    form_ids: { type: "array", items: str },
    currency: { const: "usd" },
    cart_item_ids: { type: "array", items: str },
    forms: { type: "array", items: obj },
    forms_with_warnings: int,
    warnings: {
      type: "array",
      items: {
        allOf: [ref("Warning"), { type: "object", required: ["filing"], properties: { filing: nstr } }],
      },
      description:
        "Every form's warnings, located in the file (record, field, position); a payer rule once per A record.",
    },
  }),
  FormList: {
    allOf: [
      ref("List"),
      {
        type: "object",
        properties: {
          data: {
            type: "array",
            items: { type: "object", required: ["object"], properties: { object: { const: "form" } } },
          },
        },
      },
    ],
  },
  FormShape: resource("form_elements", {
    form: str,
    tax_year: int,
    schema_tax_year: int,
    schema_version: nstr,
    elements: obj,
    formJson: obj,
  }),
  Acknowledgment: resource("acknowledgment", {
    filing: str,
    status: str,
    receipt_id: nstr,
    submitted_at: ndate,
    acknowledged_at: ndate,
    errors: {
      type: "array",
      items: { type: "object", properties: { code: str, message: str, severity: str, xpath: nstr } },
    },
  }),
  AcknowledgmentList: {
    type: "object",
    required: ["object", "data"],
    properties: { object: { const: "list" }, data: { type: "array", items: ref("Acknowledgment") } },
  },
  Correction: resource("correction_intake", {
    id: str,
    short_id: str,
    corrects: str,
    form: str,
    tax_year: int,
    status: { enum: ["ready_to_file", "in_cart"] },
    currency: { const: "usd" },
    added_to_cart: bool,
    cart_item_id: nstr,
    service: str,
    warnings,
  }),
  RateCard: resource("rate_card", {
    currency: { const: "usd" },
    services: {
      type: "array",
      items: {
        type: "object",
        required: ["id", "label"],
        properties: { id: str, label: str, unit_cents: int, print_mail_cents: int, online_access_cents: int },
      },
    },
    brackets: {
      type: "array",
      items: {
        type: "object",
        required: ["forms", "efile_cents"],
        properties: { forms: str, efile_cents: int },
      },
    },
    correction_cents: int,
  }),
  Quote: resource("price_quote", {
    form: str,
    quantity: int,
    service: str,
    currency: { const: "usd" },
    unit_cents: int,
    total_cents: int,
    charge_lines: { type: "array", items: ref("ChargeLine") },
    pricing_segments: { type: "array", items: ref("PricingSegment") },
  }),
  ChargeLine: {
    type: "object",
    required: ["type", "amount_cents"],
    properties: { type: str, label: str, amount_cents: int },
  },
  PricingSegment: {
    type: "object",
    required: ["pricing_group", "bracket", "quantity", "unit_cents", "amount_cents"],
    properties: {
      pricing_group: str,
      bracket: str,
      from_position: int,
      to_position: int,
      quantity: int,
      unit_cents: int,
      amount_cents: int,
    },
  },
  Cart: resource("cart", {
    id: nstr,
    item_count: int,
    total_cents: int,
    currency: { const: "usd" },
    charge_lines: { type: "array", items: ref("ChargeLine") },
    pricing_segments: { type: "array", items: ref("PricingSegment") },
    items: { type: "array", items: ref("CartItem") },
  }),
  CartValue: resource("cart_value", {
    id: nstr,
    item_count: int,
    total_cents: int,
    currency: { const: "usd" },
  }),
  CartItem: resource("cart_item", {
    id: str,
    cart: str,
    form_id: str,
    filing_id: str,
    form: nstr,
    tax_year: nint,
    reference: nstr,
    ...delivery,
    kind: str,
    amount_cents: int,
    created_at: date,
  }),
  CartItemDeleted: resource("cart_item", {
    id: str,
    deleted: { const: true },
    filing: str,
    filing_status: str,
  }),
  PayResult: resource(
    "cart_payment",
    {
      cart: str,
      order: str,
      order_number: str,
      status: { const: "paid" },
      filed: int,
      failed: int,
      amount_charged: int,
      currency: { const: "usd" },
      from_balance_cents: int,
      from_card_cents: int,
      filed_with_warnings: {
        ...int,
        description: "Forms filed with IRS warnings (the IRS accepts them with errors).",
      },
      already_paid: bool,
      filings: {
        type: "array",
        items: {
          type: "object",
          required: ["id", "status"],
          properties: { reference: nstr, id: str, status: str, amount_charged: int },
        },
      },
    },
    ["order_number", "from_balance_cents", "from_card_cents", "filed_with_warnings", "already_paid"],
  ),
  Balance: resource("balance", {
    available_cents: int,
    currency: { const: "usd" },
    auto_replenish: obj,
    payment_method: { type: ["object", "null"], properties: { brand: str, last4: str } },
    recent: { type: "array", items: ref("BalanceEntry") },
  }),
  BalanceEntry: resource("balance_entry", {
    id: str,
    kind: str,
    amount_cents: int,
    balance_after_cents: int,
    reference: nstr,
    description: nstr,
    created_at: date,
  }),
  TopUp: resource("balance_topup", {
    id: str,
    amount_cents: int,
    currency: { const: "usd" },
    balance_after_cents: int,
    charge: str,
    entry: ref("BalanceEntry"),
  }),
  PaymentMethod: resource("payment_method", { brand: str, last4: str }),
  OrderSummary: resource("order", {
    id: str,
    number: { type: ["string", "integer"] },
    payment_status: str,
    forms: { type: ["array", "integer"] },
    grand_total_cents: int,
    currency: { const: "usd" },
    created_at: date,
  }),
  Order: resource("order", {
    id: str,
    number: { type: ["string", "integer"] },
    payment_status: str,
    created_at: date,
    charge_lines: anyArray,
    pricing_segments: anyArray,
    grand_total_cents: int,
    currency: { const: "usd" },
    from_balance_cents: int,
    from_card_cents: int,
    forms: anyArray,
  }),
  Extension: resource("extension", {
    id: str,
    payer: str,
    tax_year: int,
    forms: { type: "array", items: str },
    reasons: obj,
    status: str,
    receipt_id: nstr,
    livemode: bool,
    already_requested: bool,
    created_at: date,
  }),
  SandboxReset: resource("sandbox_reset", {
    status: { const: "reset" },
    cleared: { type: "integer", description: "How many records were cleared." },
  }),
  WebhookEndpoint: resource(
    "webhook_endpoint",
    {
      id: str,
      url: str,
      events: { type: "array", items: str },
      status: { enum: ["active", "disabled"] },
      environment: { enum: ["sandbox", "production"] },
      livemode: bool,
      signing_secret: {
        type: "string",
        description: "Shown once, when the endpoint is created or its secret rotated.",
      },
      signing_secret_preview: str,
      created_at: date,
      updated_at: date,
    },
    ["signing_secret", "signing_secret_preview"],
  ),
  WebhookDelivery: resource("webhook_delivery", {
    id: str,
    event: str,
    event_type: str,
    status: str,
    attempts: int,
    last_status_code: nint,
    last_error: nstr,
    next_attempt_at: ndate,
    created_at: date,
    last_attempt_at: ndate,
  }),
  EventType: {
    type: "string",
    enum: [...EVENT_TYPES],
    description:
      "statement.* events carry data { filing, recipient, delivery, channel, status, failure_reason } (and not_furnished_reason, amount_cents where they apply); recipient.consent_* carry { recipient, status, at }.",
  },
  StatementEventData: {
    type: "object",
    required: ["filing", "recipient", "delivery", "channel", "status", "failure_reason"],
    properties: {
      filing: str,
      recipient: str,
      delivery: nstr,
      channel: { type: ["string", "null"], enum: ["mail", "email", null] },
      status: str,
      failure_reason: nstr,
      not_furnished_reason: nstr,
      amount_cents: int,
    },
  },
  ConsentEventData: {
    type: "object",
    description: "The data of recipient.consent_given and recipient.consent_withdrawn.",
    required: ["recipient", "status", "at", "filings"],
    properties: {
      recipient: str,
      status: { enum: ["given", "withdrawn"] },
      at: date,
      filings: { type: "array", items: str, description: "The filings whose statements the consent covers." },
    },
  },
  Event: resource("event", {
    id: str,
    type: ref("EventType"),
    created: { type: "integer", description: "Unix seconds." },
    data: obj,
  }),
  TinMatchRun: resource(
    "tin_match_run",
    {
      id: str,
      status: str,
      count: int,
      results: { type: "array", items: obj },
      created_at: date,
      completed_at: ndate,
    },
    ["results", "completed_at"],
  ),
  Authorization: resource("authorization", {
    id: str,
    client_id: nstr,
    app_name: nstr,
    payer: nstr,
    scopes: { type: "array", items: str },
    role: str,
    livemode: bool,
    created_at: date,
    updated_at: date,
  }),
  Lockout: resource(
    "lockout",
    {
      id: str,
      user: { type: "object", required: ["id", "email"], properties: { id: str, email: nstr } },
      failures: { type: "integer" },
      locked_until: date,
      lifted: bool,
      lifted_at: date,
    },
    ["lifted", "lifted_at"],
  ),
  StatementDelivery: resource("statement_delivery", {
    id: str,
    filing: str,
    recipient: str,
    channel: { type: "string", enum: ["mail", "email"] },
    kind: { type: "string", enum: ["letter", "notice", "invitation"] },
    status: { type: "string", enum: [...DELIVERY_STATUSES] },
    vendor_id: nstr,
    events: {
      type: "array",
      items: { type: "object", required: ["status", "at"], properties: { status: str, at: date } },
    },
    failure_reason: nstr,
    expected_delivery_date: nstr,
    created_at: date,
    updated_at: date,
  }),
  Statement: resource("statement", {
    filing: str,
    recipient: nstr,
    status: { type: "string", enum: ["awaiting_copy_b", "in_progress", "furnished", "not_furnished"] },
    furnished: bool,
    not_furnished_reason: {
      type: ["string", "null"],
      enum: ["no_consent", "consent_withdrawn", "email_failed", "mail_not_included", "undeliverable", null],
    },
    mail_refunded_cents: int,
    deliveries: { type: "array", items: ref("StatementDelivery") },
    updated_at: ndate,
  }),
  OutboxMessage: resource("outbox_message", {
    id: str,
    to: str,
    subject: str,
    text: str,
    html: str,
    links: { type: "array", items: str },
    created_at: date,
  }),
  ConsentRequest: resource("consent_request", {
    id: str,
    recipient: str,
    email: str,
    status: { enum: ["sent", "bounced"] },
    failure_reason: nstr,
    created_at: date,
  }),
  PortalActivity: resource("portal_activity", {
    id: str,
    recipient: str,
    action: { enum: [...PORTAL_ACTIONS] },
    filing: nstr,
    ip: str,
    user_agent: nstr,
    created_at: date,
  }),
  PortalLockout: resource("portal_lockout", { recipient: str, lifted: bool }),
  W9Request: resource("w9_request", {
    id: str,
    payer: str,
    recipient: {
      ...nstr,
      description: "The recipient the signed W-9 created or updated (or the one asked).",
    },
    name: str,
    email: str,
    reference: nstr,
    reason: {
      ...nstr,
      description: "Shown to the payee on the hosted W-9 (for example after a TIN mismatch).",
    },
    status: { enum: [...W9_STATUSES] },
    email_delivery: {
      type: "object",
      required: ["status", "failure_reason", "sends", "last_sent_at"],
      properties: {
        status: { enum: [...W9_EMAIL_STATUSES] },
        failure_reason: nstr,
        sends: int,
        last_sent_at: date,
      },
    },
    letter: {
      type: ["object", "null"],
      description: "The letter with the link, when send_letter was asked (null otherwise).",
      properties: {
        status: { enum: [...W9_LETTER_STATUSES] },
        vendor_id: nstr,
        failure_reason: nstr,
      },
    },
    expires_at: date,
    completed_at: ndate,
    canceled_at: ndate,
    expired_at: ndate,
    w9: {
      type: ["object", "null"],
      description: "The signed Form W-9, without its TIN (type and last four only).",
      properties: {
        name: str,
        business_name: nstr,
        tax_classification: { enum: [...TAX_CLASSIFICATIONS] },
        llc_code: { type: ["string", "null"], enum: [...LLC_CODES, null] },
        other_classification: nstr,
        foreign_partners: bool,
        exempt_payee_code: nstr,
        fatca_code: nstr,
        address_line1: str,
        address_line2: nstr,
        city: str,
        state: str,
        postal_code: str,
        account_numbers: nstr,
        tin_type: { enum: ["ssn", "ein"] },
        tin_last4: str,
        backup_withholding_item_struck: bool,
        signed_by: str,
        signed_at: date,
        signed_from_ip: str,
        digest: str,
      },
    },
    tin_match: {
      type: ["object", "null"],
      description: "The TIN match the completed W-9 started (sandbox rules in the sandbox).",
      properties: { run: str, result: { enum: [...W9_TIN_MATCH_RESULTS] } },
    },
    livemode: bool,
    created_at: date,
    updated_at: date,
  }),
  W9RequestEventData: {
    type: "object",
    description: "The data of w9_request.completed and w9_request.expired (no TIN: its type and last four).",
    properties: {
      id: str,
      payer: str,
      recipient: nstr,
      reference: nstr,
      status: str,
      tin_type: { type: ["string", "null"], enum: ["ssn", "ein", null] },
      tin_last4: nstr,
      tin_match_run: nstr,
      completed_at: ndate,
      expired_at: ndate,
    },
  },
  BNotice: resource("b_notice", {
    id: str,
    payer: str,
    recipient: str,
    account_number: nstr,
    kind: { enum: ["first", "second"] },
    cp2100_upload: str,
    line: int,
    tax_year: int,
    notice_date: { type: "string", format: "date" },
    received_date: { type: "string", format: "date" },
    send_by: { type: "string", format: "date", description: "15 business days after the later date." },
    withhold_by: {
      type: "string",
      format: "date",
      description: "30 business days after it: backup withholding is required from then unless cleared.",
    },
    status: { enum: [...B_NOTICE_STATUSES] },
    tin_type: { type: ["string", "null"], enum: ["ssn", "ein", null] },
    tin_last4: str,
    letter: {
      type: "object",
      properties: { vendor_id: nstr, failure: nstr },
    },
    w9_request: { ...nstr, description: "The W-9 request whose e-mail carried the link (first notice)." },
    sent_at: ndate,
    withholding_required_at: ndate,
    cleared_at: ndate,
    cleared_by: { type: ["string", "null"], enum: [...B_NOTICE_CLEARED_BY, null] },
    cleared_reference: nstr,
    livemode: bool,
    created_at: date,
    updated_at: date,
  }),
  Cp2100Upload: resource("cp2100_upload", {
    id: str,
    payer: str,
    notice_date: { type: "string", format: "date" },
    received_date: { type: "string", format: "date" },
    send_by: { type: "string", format: "date" },
    withhold_by: { type: "string", format: "date" },
    counts: {
      type: "object",
      properties: { rows: int, first: int, second: int, unmatched: int, duplicate: int },
    },
    rows: {
      type: "array",
      items: {
        type: "object",
        properties: {
          line: int,
          name: str,
          tin_last4: str,
          account_number: nstr,
          tax_year: int,
          result: { enum: ["first", "second", "unmatched"] },
          recipient: nstr,
          b_notice: nstr,
          duplicate: bool,
        },
      },
    },
    livemode: bool,
  }),
  BNoticeEventData: {
    type: "object",
    description:
      "The data of b_notice.created, b_notice.mailed, recipient.backup_withholding_required and recipient.backup_withholding_cleared (no TIN).",
    properties: {
      id: str,
      recipient: str,
      payer: str,
      kind: { enum: ["first", "second"] },
      status: str,
      tax_year: int,
      send_by: str,
      withhold_by: str,
      cleared_by: nstr,
    },
  },
  Deleted: { type: "object" },
};

/** The list envelope whose `data` holds `item`. */
export function listOf(item: string): Schema {
  return {
    allOf: [ref("List"), { type: "object", properties: { data: { type: "array", items: ref(item) } } }],
  };
}
