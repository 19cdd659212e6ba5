// What the route table does not say about a route, for the OpenAPI document: summary, tag, query parameters, the
// request body (the very ajv schema the route validates with) and the success answer. Keyed by "METHOD path" as
// the route table writes it; test/hosts/api/openapi.test.ts fails when a route has no entry or an entry no route.
import {
  checkCreate as payerCreate,
  checkUpdate as payerUpdate,
} from "../../../core/domain/parties/payer.ts";
import {
  checkCreate as recipientCreate,
  checkUpdate as recipientUpdate,
} from "../../../core/domain/parties/recipient.ts";
import { batchBody, payerFormsBody, singleBody } from "../../../core/domain/filing/intake.ts";
import { correctionBody, refileBody } from "../../../core/use-cases/lifecycle/lifecycle.ts";
import { describedShape, referenceShape } from "../../../core/domain/cart/cart.ts";
import { autoBody, cardBody, topUpBody } from "../../../core/use-cases/money/balance.ts";
import { payBody } from "../../../core/use-cases/money/pay.ts";
import { check as extensionBody } from "../../../core/domain/extensions/extension.ts";
import {
  createBody as webhookCreate,
  updateBody as webhookUpdate,
} from "../../../core/use-cases/webhooks/webhooks.ts";
import { body as tinMatchBody } from "../../../core/use-cases/parties/tin-match.ts";
import { FILING_STATUSES } from "../../../core/domain/filing/status.ts";
import { DEFAULT_LIMIT, MAX_LIMIT } from "../../../core/domain/shared/paging.ts";
import { DELIVERY_STATUSES } from "../../../core/domain/statements/delivery.ts";
import { checkW9RequestCreate, W9_STATUSES } from "../../../core/domain/w9/request.ts";
import { B_NOTICE_STATUSES, checkValidation } from "../../../core/domain/w9/b-notice-record.ts";
import { listOf, ref } from "./schemas.ts";

type Schema = Record<string, unknown>;

export interface QueryParam {
  readonly name: string;
  readonly schema: Schema;
  readonly description: string;
  readonly required?: boolean;
}

export interface OperationDoc {
  readonly summary: string;
  readonly tag: string;
  readonly query?: readonly QueryParam[];
  /** JSON body schema, "fire" for the raw Pub 1220 file, or "csv" for a raw CSV list (CP2100). */
  readonly body?: object | "fire" | "csv";
  readonly bodyExample?: unknown;
  /** The JSON body may be left out (a POST's body is required otherwise). */
  readonly bodyOptional?: boolean;
  readonly status: number;
  /** Response schema, "pdf" for a PDF download, or null for an empty answer. */
  readonly response: Schema | "pdf" | null;
  /** Other success answers (status -> schema), e.g. 200 for an existing resource where 201 creates one. */
  readonly alsoSuccess?: Readonly<Record<number, Schema>>;
  /** Error statuses this call can answer beyond the ones every authenticated call can (401, 403, 404, 422, 429). */
  readonly errors?: readonly number[];
}

const PAGE: readonly QueryParam[] = [
  {
    name: "limit",
    schema: { type: "integer", minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
    description: "Page size.",
  },
  {
    name: "starting_after",
    schema: { type: "string" },
    description: "The `next_cursor` of the previous page.",
  },
];
const q = (name: string, schema: Schema, description: string, required = false): QueryParam => ({
  name,
  schema,
  description,
  required,
});

const PAYER_EXAMPLE = {
  legal_name: "Acme Widgets LLC",
  tin: "12-3456789",
  address_line1: "1 Elm St",
  city: "Austin",
  state: "TX",
  postal_code: "73301",
  contact_name: "Pat Doe",
  contact_email: "pat@example.com",
  contact_phone: "5125550100",
};
const ROW_EXAMPLE = {
  form: "1099-NEC",
  tax_year: 2025,
  jsonForm: {
    RecipientDetail: {
      TIN: "123-45-6789",
      PersonName: { PersonFirstNm: "Jane", PersonLastNm: "Roe" },
      MailingAddressGrp: {
        USAddress: {
          AddressLine1Txt: "2 Oak Ave",
          CityNm: "Reno",
          StateAbbreviationCd: "NV",
          ZIPCd: "89501",
        },
      },
    },
    NonemployeeCompensationAmt: "1500.00",
  },
};
const addItems: Schema = { oneOf: [describedShape.schema, referenceShape.schema] };
/** A form row of an intake body. The route checks each row on its own (a bad row fails alone, D10), so its body
 * schema leaves `forms[]` open; the document shows what a row holds. */
const FORM_ROW: Schema = {
  type: "object",
  required: ["form", "tax_year", "jsonForm"],
  properties: {
    form: {
      type: "string",
      maxLength: 40,
      description: "Form code, e.g. 1099-NEC (GET /v1/forms lists them).",
    },
    tax_year: { type: "integer" },
    jsonForm: {
      type: "object",
      description: "The filled form, keyed by IRIS element names (GET /v1/forms/{form} gives the skeleton).",
    },
    reference: { type: "string", maxLength: 200 },
  },
};
/** `schema` with its `forms` array's rows described by `row`. */
function withRows(schema: object, row: Schema): Schema {
  const s = schema as { properties: Record<string, Schema> };
  return { ...s, properties: { ...s.properties, forms: { ...s.properties["forms"], items: row } } };
}
const describe = (schema: object, description: string): Schema => ({ ...schema, description });

export const OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  "GET /v1/payers": {
    summary: "List payers",
    tag: "Payers",
    query: PAGE,
    status: 200,
    response: listOf("Payer"),
  },
  "POST /v1/payers": {
    summary: "Create a payer",
    tag: "Payers",
    body: payerCreate.schema,
    bodyExample: PAYER_EXAMPLE,
    status: 201,
    response: ref("Payer"),
  },
  "GET /v1/payers/:id": { summary: "Get a payer", tag: "Payers", status: 200, response: ref("Payer") },
  "PATCH /v1/payers/:id": {
    summary: "Update a payer",
    tag: "Payers",
    body: payerUpdate.schema,
    bodyExample: { contact_phone: "5125550199" },
    status: 200,
    response: ref("Payer"),
  },

  "GET /v1/recipients": {
    summary: "List recipients",
    tag: "Recipients",
    query: [...PAGE, q("payer", { type: "string" }, "Only this payer's recipients.")],
    status: 200,
    response: listOf("Recipient"),
  },
  "POST /v1/recipients": {
    summary: "Create a recipient",
    tag: "Recipients",
    body: recipientCreate.schema,
    status: 201,
    response: ref("Recipient"),
    errors: [409],
  },
  "GET /v1/recipients/:id": {
    summary: "Get a recipient",
    tag: "Recipients",
    status: 200,
    response: ref("Recipient"),
  },
  "PATCH /v1/recipients/:id": {
    summary: "Update a recipient",
    tag: "Recipients",
    body: recipientUpdate.schema,
    status: 200,
    response: ref("Recipient"),
  },
  "POST /v1/recipients/:id/consent-requests": {
    summary: "Invite the recipient by e-mail to consent to electronic delivery in the recipient portal",
    tag: "Recipient copies",
    status: 201,
    response: ref("ConsentRequest"),
  },
  "GET /v1/recipients/:id/portal-activity": {
    summary:
      "The recipient's steps in the portal (sign-ins, views, consent), with time and address, newest first",
    tag: "Recipient copies",
    query: [...PAGE],
    status: 200,
    response: listOf("PortalActivity"),
  },
  "DELETE /v1/recipients/:id/portal-lockout": {
    summary: "Lift the recipient's portal lock-out (after five wrong sign-in answers)",
    tag: "Recipient copies",
    status: 200,
    response: ref("PortalLockout"),
  },

  "POST /v1/w9-requests": {
    summary:
      "Ask a payee for a Form W-9: one e-mail with a link to the hosted W-9 in the recipient portal (a recipient, or a payer with a name and e-mail)",
    tag: "W-9 requests",
    body: checkW9RequestCreate.schema,
    status: 201,
    response: ref("W9Request"),
    errors: [409],
  },
  "GET /v1/w9-requests": {
    summary: "List W-9 requests, newest first",
    tag: "W-9 requests",
    query: [
      ...PAGE,
      { name: "status", schema: { enum: [...W9_STATUSES] }, description: "Only requests in this status." },
      { name: "recipient", schema: { type: "string" }, description: "Only this recipient's requests." },
    ],
    status: 200,
    response: listOf("W9Request"),
  },
  "GET /v1/w9-requests/:id": {
    summary: "A W-9 request, with the signed W-9 (no TIN) and its TIN match once completed",
    tag: "W-9 requests",
    status: 200,
    response: ref("W9Request"),
  },
  "POST /v1/w9-requests/:id/cancel": {
    summary: "Cancel an open W-9 request: its link stops working",
    tag: "W-9 requests",
    status: 200,
    response: ref("W9Request"),
    errors: [409],
  },
  "POST /v1/w9-requests/:id/resend": {
    summary: "E-mail a new link of an open W-9 request (the earlier link stops working; the expiry stays)",
    tag: "W-9 requests",
    status: 200,
    response: ref("W9Request"),
    errors: [409],
  },
  "GET /v1/w9-requests/:id/pdf": {
    summary: "The signed Form W-9 as a PDF (the hard copy of the electronic W-9)",
    tag: "W-9 requests",
    status: 200,
    response: "pdf",
    errors: [409],
  },

  "POST /v1/payers/:payerId/cp2100": {
    summary:
      "Upload the IRS's CP2100/972CG list (CSV): each row matched to the payer's recipient by TIN becomes a first or second B-notice, mailed with Pub 1281's model letter",
    tag: "B-notices",
    body: "csv",
    status: 201,
    response: ref("Cp2100Upload"),
    errors: [409, 413],
    query: [
      q("notice_date", { type: "string", format: "date" }, "The CP2100's date.", true),
      q(
        "received_date",
        { type: "string", format: "date" },
        "The day the payer received it (default: notice_date); the deadlines count from the later of the two.",
      ),
    ],
  },
  "GET /v1/b-notices": {
    summary: "List B-notices (the notice history), newest first",
    tag: "B-notices",
    query: [
      ...PAGE,
      q("recipient", { type: "string" }, "Only this recipient's notices (recipient_id is an alias)."),
      q("recipient_id", { type: "string" }, "Alias of recipient."),
      q("payer", { type: "string" }, "Only this payer's notices."),
      q("cp2100_upload", { type: "string" }, "Only the notices of this upload."),
      q("status", { enum: [...B_NOTICE_STATUSES] }, "Only notices in this status."),
    ],
    status: 200,
    response: listOf("BNotice"),
  },
  "GET /v1/b-notices/:id": {
    summary: "A B-notice: kind, deadlines, status, its letter and how it was cleared",
    tag: "B-notices",
    status: 200,
    response: ref("BNotice"),
  },
  "POST /v1/b-notices/:id/validation": {
    summary:
      "Record the SSA's validation of an SSN or the IRS's Letter 147C for an EIN: clears a second B-notice's backup withholding",
    tag: "B-notices",
    body: checkValidation.schema,
    status: 200,
    response: ref("BNotice"),
    errors: [409],
  },

  "GET /v1/forms": { summary: "List supported forms", tag: "Forms", status: 200, response: ref("FormList") },
  "GET /v1/forms/:form": {
    summary: "Element names and skeleton of a form",
    tag: "Forms",
    query: [q("tax_year", { type: "string", pattern: "^\\d{4}$" }, "Tax year (default: the latest).")],
    status: 200,
    response: ref("FormShape"),
  },

  "POST /v1/payers/:payerId/forms": {
    summary: "File forms for a payer",
    tag: "Filings",
    status: 201,
    response: ref("PayerFormsIntake"),
    body: describe(
      withRows(payerFormsBody.schema, FORM_ROW),
      "A bad row fails alone (its `error` in the answer); when every row fails the call is 422.",
    ),
    bodyExample: { reference: "jan", addToCart: true, forms: [ROW_EXAMPLE] },
  },
  "POST /v1/filings": {
    summary: "File one form",
    tag: "Filings",
    body: singleBody.schema,
    status: 201,
    response: ref("FilingCreated"),
  },
  "POST /v1/filings/batch": {
    summary: "File forms for one or several payers",
    tag: "Filings",
    status: 201,
    response: ref("BatchCreated"),
    body: describe(
      withRows(batchBody.schema, {
        ...FORM_ROW,
        properties: {
          ...(FORM_ROW["properties"] as object),
          payer: { type: "string", maxLength: 64, description: "This row's payer (default: the body's)." },
        },
      }),
      "A bad row fails alone; when every row fails the call is 422.",
    ),
  },
  "GET /v1/filings": {
    summary: "List filings",
    tag: "Filings",
    status: 200,
    response: listOf("Filing"),
    query: [
      ...PAGE,
      q("status", { type: "string" }, `Comma-separated statuses: ${FILING_STATUSES.join(", ")}.`),
      q("payer", { type: "string", format: "uuid" }, "Only this payer's filings."),
      q("form", { type: "string" }, "Form code, e.g. 1099-NEC."),
      q("tax_year", { type: "string", pattern: "^\\d{4}$" }, "Tax year."),
      q("batch", { type: "string" }, "Only the filings of this batch."),
    ],
  },
  "GET /v1/filings/:id": { summary: "Get a filing", tag: "Filings", status: 200, response: ref("Filing") },
  "GET /v1/batches/:id": { summary: "Get a batch", tag: "Filings", status: 200, response: ref("Batch") },
  "POST /v1/payers/:payerId/fire": {
    summary: "Import a FIRE (Pub 1220) file",
    tag: "Filings",
    body: "fire",
    status: 200,
    response: ref("FireImport"),
    errors: [413],
    query: [
      q("addToCart", { enum: ["true", "false", "1", "0"] }, "Stage the imported forms in the cart."),
      q(
        "strict",
        { enum: ["true", "false", "1", "0"] },
        "Refuse the file when a form breaks an IRS Report Error rule (the IRS would accept it with errors), as for a Reject rule. Default: the account's setting (off).",
      ),
    ],
  },

  "DELETE /v1/filings/:id": {
    summary: "Void a filing",
    tag: "Lifecycle",
    status: 200,
    response: ref("Filing"),
    errors: [409],
  },
  "POST /v1/filings/:id/corrections": {
    summary: "Correct an accepted filing",
    tag: "Lifecycle",
    body: correctionBody.schema,
    bodyExample: { boxes: { NonemployeeCompensationAmt: "1600.00" }, addToCart: true },
    status: 201,
    response: ref("Correction"),
    errors: [409],
  },
  "POST /v1/filings/:id/refile": {
    summary: "File a rejected filing again",
    tag: "Lifecycle",
    body: refileBody.schema,
    status: 201,
    response: ref("Filing"),
    errors: [409],
  },
  "GET /v1/filings/:id/ack": {
    summary: "IRS acknowledgement of a filing",
    tag: "Lifecycle",
    status: 200,
    response: ref("Acknowledgment"),
  },
  "GET /v1/orders/:id/ack": {
    summary: "Acknowledgements of an order's filings",
    tag: "Lifecycle",
    status: 200,
    response: ref("AcknowledgmentList"),
  },
  "GET /v1/batches/:id/ack": {
    summary: "Acknowledgements of a batch's filings",
    tag: "Lifecycle",
    status: 200,
    response: ref("AcknowledgmentList"),
  },
  "GET /v1/filings/:id/copy-b": {
    summary: "Recipient copy (Copy B) PDF",
    tag: "Lifecycle",
    status: 200,
    response: "pdf",
    errors: [409],
  },
  "GET /v1/orders/:id/copy-b": {
    summary: "Copy B PDFs of an order",
    tag: "Lifecycle",
    status: 200,
    response: "pdf",
    errors: [409],
  },
  "GET /v1/orders/:id/w3": {
    summary: "Form W-3 (W-3c) totals PDF of an order's W-2 wage files",
    tag: "Lifecycle",
    status: 200,
    response: "pdf",
    errors: [409],
  },
  "GET /v1/batches/:id/copy-b": {
    summary: "Copy B PDFs of a batch",
    tag: "Lifecycle",
    status: 200,
    response: "pdf",
    errors: [409],
  },

  "GET /v1/prices": { summary: "Rate card", tag: "Money", status: 200, response: ref("RateCard") },
  "GET /v1/prices/quote": {
    summary: "Price a quantity of one form",
    tag: "Money",
    status: 200,
    response: ref("Quote"),
    query: [
      q("form", { type: "string" }, "Form code.", true),
      q("quantity", { type: "integer", minimum: 1 }, "How many forms.", true),
      q("service", { type: "string" }, "efile, efile_print_mail or print_mail."),
    ],
  },
  "GET /v1/cart/details": {
    summary: "The open cart with its items and charges",
    tag: "Money",
    status: 200,
    response: ref("Cart"),
  },
  "GET /v1/cart/value": {
    summary: "The open cart's total",
    tag: "Money",
    status: 200,
    response: ref("CartValue"),
  },
  "POST /v1/cart/items": {
    summary: "Add filings to the cart",
    tag: "Money",
    body: addItems,
    bodyExample: { filing_id: "FILING_ID", service: "efile" },
    errors: [409],
    status: 201,
    response: ref("CartItem"),
    alsoSuccess: { 200: ref("Cart") },
  },
  "POST /v1/carts/:id/items": {
    summary: "Add filings to a given cart",
    tag: "Money",
    body: addItems,
    status: 201,
    response: ref("CartItem"),
    alsoSuccess: { 200: ref("Cart") },
    errors: [409],
  },
  "DELETE /v1/cart/items/:id": {
    summary: "Remove a cart item",
    tag: "Money",
    status: 200,
    response: ref("CartItemDeleted"),
    errors: [409],
  },
  "POST /v1/cart/pay": {
    summary: "Pay the cart (balance, then card)",
    tag: "Money",
    body: describe(
      payBody.schema,
      "Optional. `strict: true` refuses the cart (422 cart_not_payable, problem type `irs_warnings`) while a form in it has IRS warnings; default: the account's setting (off), which files them and counts them in `filed_with_warnings`.",
    ),
    bodyOptional: true,
    bodyExample: { strict: true },
    status: 200,
    response: ref("PayResult"),
    errors: [402, 409, 503],
  },
  "GET /v1/balance": { summary: "Prepaid balance", tag: "Money", status: 200, response: ref("Balance") },
  "PATCH /v1/balance": {
    summary: "Set auto-replenish",
    tag: "Money",
    body: autoBody.schema,
    status: 200,
    response: ref("Balance"),
  },
  "GET /v1/balance/entries": {
    summary: "Ledger entries",
    tag: "Money",
    query: PAGE,
    status: 200,
    response: listOf("BalanceEntry"),
  },
  "POST /v1/balance/top-ups": {
    summary: "Top up the balance from the card",
    tag: "Money",
    body: topUpBody.schema,
    bodyExample: { amount_cents: 5000 },
    status: 201,
    response: ref("TopUp"),
    errors: [402],
  },
  "PUT /v1/payment-method": {
    summary: "Save the card",
    tag: "Money",
    body: cardBody.schema,
    bodyExample: { token: "tok_visa" },
    status: 200,
    response: ref("PaymentMethod"),
    errors: [402],
  },
  "GET /v1/orders": {
    summary: "List orders",
    tag: "Money",
    query: PAGE,
    status: 200,
    response: listOf("OrderSummary"),
  },
  "GET /v1/orders/:id": { summary: "Get an order", tag: "Money", status: 200, response: ref("Order") },

  "GET /v1/extensions": {
    summary: "List extension requests (Form 8809)",
    tag: "Platform",
    query: PAGE,
    status: 200,
    response: listOf("Extension"),
  },
  "POST /v1/extensions": {
    summary: "Request an extension of time",
    tag: "Platform",
    body: extensionBody.schema,
    status: 201,
    response: ref("Extension"),
    alsoSuccess: { 200: ref("Extension") },
  },
  "GET /v1/extensions/:id": {
    summary: "Get an extension request",
    tag: "Platform",
    status: 200,
    response: ref("Extension"),
  },
  "POST /v1/sandbox/reset": {
    summary: "Clear the sandbox",
    tag: "Platform",
    status: 200,
    response: ref("SandboxReset"),
  },

  "GET /v1/webhooks": {
    summary: "List webhook endpoints",
    tag: "Webhooks",
    query: PAGE,
    status: 200,
    response: listOf("WebhookEndpoint"),
  },
  "POST /v1/webhooks": {
    summary: "Create a webhook endpoint",
    tag: "Webhooks",
    body: webhookCreate.schema,
    bodyExample: { url: "https://example.com/hooks", events: ["filing.accepted", "filing.rejected"] },
    status: 201,
    response: ref("WebhookEndpoint"),
  },
  "GET /v1/webhooks/:id": {
    summary: "Get a webhook endpoint",
    tag: "Webhooks",
    status: 200,
    response: ref("WebhookEndpoint"),
  },
  "PATCH /v1/webhooks/:id": {
    summary: "Update a webhook endpoint",
    tag: "Webhooks",
    body: webhookUpdate.schema,
    status: 200,
    response: ref("WebhookEndpoint"),
  },
  "DELETE /v1/webhooks/:id": {
    summary: "Delete a webhook endpoint",
    tag: "Webhooks",
    status: 204,
    response: null,
  },
  "POST /v1/webhooks/:id/rotate-secret": {
    summary: "Rotate the signing secret",
    tag: "Webhooks",
    status: 200,
    response: ref("WebhookEndpoint"),
  },
  "GET /v1/webhooks/:id/deliveries": {
    summary: "Deliveries to an endpoint",
    tag: "Webhooks",
    query: PAGE,
    status: 200,
    response: listOf("WebhookDelivery"),
  },
  "GET /v1/events": {
    summary: "List events",
    tag: "Webhooks",
    query: PAGE,
    status: 200,
    response: listOf("Event"),
  },
  "GET /v1/events/:id": { summary: "Get an event", tag: "Webhooks", status: 200, response: ref("Event") },

  "POST /v1/tin-match": {
    summary: "Match names and TINs with the IRS",
    tag: "TIN matching",
    body: tinMatchBody.schema,
    bodyExample: { entries: [{ name: "Jane Roe", tin: "123456789", tin_type: "ssn" }] },
    status: 202,
    response: ref("TinMatchRun"),
    errors: [503],
  },
  "GET /v1/tin-match": {
    summary: "List TIN match runs",
    tag: "TIN matching",
    query: PAGE,
    status: 200,
    response: listOf("TinMatchRun"),
  },
  "GET /v1/tin-match/:receiptId": {
    summary: "Get a TIN match run",
    tag: "TIN matching",
    status: 200,
    response: ref("TinMatchRun"),
  },

  "GET /v1/authorizations": {
    summary: "OAuth grants of the account's users",
    tag: "OAuth",
    status: 200,
    response: listOf("Authorization"),
  },
  "DELETE /v1/authorizations/:id": {
    summary: "Revoke an OAuth grant",
    tag: "OAuth",
    status: 200,
    response: ref("Authorization"),
  },

  "GET /v1/security/lockouts": {
    summary: "Users locked out of sign-in by failed attempts",
    tag: "Security",
    status: 200,
    response: listOf("Lockout"),
  },
  "DELETE /v1/security/lockouts/:id": {
    summary: "Lift a user's lock-out (the id is the user's)",
    tag: "Security",
    status: 200,
    response: ref("Lockout"),
  },

  "GET /v1/filings/:id/statement": {
    summary: "The recipient statement of a filing and its deliveries (letters, e-mails)",
    tag: "Recipient copies",
    status: 200,
    response: ref("Statement"),
  },
  "GET /v1/statement-deliveries": {
    summary: "Statement deliveries of the environment, newest first (for example a season's returned mail)",
    tag: "Recipient copies",
    query: [
      ...PAGE,
      q("status", { type: "string", enum: [...DELIVERY_STATUSES] }, "Only deliveries in this status."),
      q("filing", { type: "string" }, "Only this filing's deliveries."),
    ],
    status: 200,
    response: listOf("StatementDelivery"),
  },
  "GET /v1/sandbox/outbox": {
    summary:
      "E-mails the sandbox would have sent (notices, consent invitations), newest first; sandbox keys only",
    tag: "Recipient copies",
    query: [...PAGE],
    status: 200,
    response: listOf("OutboxMessage"),
  },
};
