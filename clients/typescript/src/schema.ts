// Generated from docs/openapi.json by clients/typescript/generate.ts (`npm run openapi`). Do not edit.
/* eslint-disable */

export interface paths {
  "/v1/payers": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_payers"];
    put?: never;
    post: operations["post_payers"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payers/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_payers_by_id"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch: operations["patch_payers_by_id"];
    trace?: never;
  };
  "/v1/recipients": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_recipients"];
    put?: never;
    post: operations["post_recipients"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/recipients/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_recipients_by_id"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch: operations["patch_recipients_by_id"];
    trace?: never;
  };
  "/v1/recipients/{id}/consent-requests": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: operations["post_recipients_by_id_consent_requests"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/recipients/{id}/portal-activity": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_recipients_by_id_portal_activity"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/recipients/{id}/portal-lockout": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post?: never;
    delete: operations["delete_recipients_by_id_portal_lockout"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/forms": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_forms"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/forms/{form}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_forms_by_form"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payers/{payerId}/forms": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: operations["post_payers_by_payerId_forms"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/filings": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_filings"];
    put?: never;
    post: operations["post_filings"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/filings/batch": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: operations["post_filings_batch"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/filings/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_filings_by_id"];
    put?: never;
    post?: never;
    delete: operations["delete_filings_by_id"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/batches/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_batches_by_id"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payers/{payerId}/fire": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: operations["post_payers_by_payerId_fire"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/prices": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_prices"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/prices/quote": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_prices_quote"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/cart/details": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_cart_details"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/cart/value": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_cart_value"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/cart/items": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: operations["post_cart_items"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/carts/{id}/items": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: operations["post_carts_by_id_items"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/cart/items/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post?: never;
    delete: operations["delete_cart_items_by_id"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/cart/pay": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: operations["post_cart_pay"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/balance": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_balance"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch: operations["patch_balance"];
    trace?: never;
  };
  "/v1/balance/entries": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_balance_entries"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/balance/top-ups": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: operations["post_balance_top_ups"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payment-method": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put: operations["put_payment_method"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/orders": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_orders"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/orders/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_orders_by_id"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/filings/{id}/corrections": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: operations["post_filings_by_id_corrections"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/filings/{id}/refile": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: operations["post_filings_by_id_refile"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/filings/{id}/ack": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_filings_by_id_ack"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/orders/{id}/ack": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_orders_by_id_ack"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/batches/{id}/ack": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_batches_by_id_ack"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/filings/{id}/copy-b": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_filings_by_id_copy_b"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/orders/{id}/copy-b": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_orders_by_id_copy_b"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/orders/{id}/w3": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_orders_by_id_w3"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/batches/{id}/copy-b": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_batches_by_id_copy_b"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/extensions": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_extensions"];
    put?: never;
    post: operations["post_extensions"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/extensions/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_extensions_by_id"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/sandbox/reset": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: operations["post_sandbox_reset"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhooks": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_webhooks"];
    put?: never;
    post: operations["post_webhooks"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhooks/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_webhooks_by_id"];
    put?: never;
    post?: never;
    delete: operations["delete_webhooks_by_id"];
    options?: never;
    head?: never;
    patch: operations["patch_webhooks_by_id"];
    trace?: never;
  };
  "/v1/webhooks/{id}/rotate-secret": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: operations["post_webhooks_by_id_rotate_secret"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhooks/{id}/deliveries": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_webhooks_by_id_deliveries"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/events": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_events"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/events/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_events_by_id"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/tin-match": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_tin_match"];
    put?: never;
    post: operations["post_tin_match"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/tin-match/{receiptId}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_tin_match_by_receiptId"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/authorizations": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_authorizations"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/authorizations/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post?: never;
    delete: operations["delete_authorizations_by_id"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/security/lockouts": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_security_lockouts"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/security/lockouts/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post?: never;
    delete: operations["delete_security_lockouts_by_id"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/filings/{id}/statement": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_filings_by_id_statement"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/statement-deliveries": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_statement_deliveries"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/sandbox/outbox": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_sandbox_outbox"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/w9-requests": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_w9_requests"];
    put?: never;
    post: operations["post_w9_requests"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/w9-requests/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_w9_requests_by_id"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/w9-requests/{id}/cancel": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: operations["post_w9_requests_by_id_cancel"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/w9-requests/{id}/resend": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: operations["post_w9_requests_by_id_resend"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/w9-requests/{id}/pdf": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_w9_requests_by_id_pdf"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payers/{payerId}/cp2100": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: operations["post_payers_by_payerId_cp2100"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/b-notices": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_b_notices"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/b-notices/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_b_notices_by_id"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/b-notices/{id}/validation": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: operations["post_b_notices_by_id_validation"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/openapi.json": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_v1_openapi_json"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/healthz": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_healthz"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/readyz": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_readyz"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/oauth/token": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: operations["post_oauth_token"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/oauth/authorize": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_oauth_authorize"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/metrics": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["get_metrics"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}

export interface components {
  schemas: {
    Warning: {
      /** The IRS rule number (e.g. F1099NEC001), or `reporting_threshold`. */
      code: string;
      /** The IRS's severity; `Notice` for the service's own advice (reporting thresholds). */
      severity: "Reject" | "Report Error" | "Report Error and Reject if over Threshold" | "Notice";
      /** The field: the jsonForm element (`jsonForm.TaxableAmt`) or `payer.*`. */
      path: string;
      message: string;
      /** FIRE import: the record (B, or A for a payer rule). */
      record?: number;
      /** FIRE import: the Pub 1220 field. */
      field?: string;
      /** FIRE import: the field's position in the record. */
      position?: number;
    };
    Error: {
      error: {
        /** Machine-readable kind of error; see the API guide's error table. */
        type: "api_error" | "card_declined" | "cart_not_payable" | "conflict" | "expectation_failed" | "forbidden" | "headers_too_large" | "idempotency_key_reused" | "insufficient_scope" | "invalid_request" | "ip_not_allowed" | "method_not_allowed" | "not_cancellable" | "not_correctable" | "not_found" | "not_ready" | "payload_too_large" | "payment_required" | "rate_limited" | "request_in_progress" | "service_unavailable" | "unauthorized";
        /** Human-readable explanation. */
        message: string;
        /** The field, query parameter or header at fault. */
        param?: string;
        /** A finer code, e.g. an IRS business rule code. */
        code?: string;
        /** Given on 5xx answers: quote it to support. */
        request_id?: string;
      };
      /** cart_not_payable: what stops each item from being paid. A refused FIRE import: each refused form, located in the file. */
      problems?: ({
        [key: string]: unknown;
      })[];
      /** A refused FIRE import: the findings that did not refuse a form (Report Error rules, notices), located in the file. */
      warnings?: (components["schemas"]["Warning"])[];
    };
    RowError: {
      type: string;
      message: string;
      param?: string;
      code?: string;
      rule?: string;
    };
    List: {
      object: "list";
      data: (unknown)[];
      has_more: boolean;
      /** Pass as `starting_after` to get the next page. */
      next_cursor: string | null;
    };
    Payer: {
      object: "payer";
      id: string;
      legal_name: string;
      name: string;
      tin_type: "ein" | "ssn";
      tin_last4: string;
      address_line1: string | null;
      address_line2: string | null;
      city: string | null;
      state: string | null;
      postal_code: string | null;
      country: string | null;
      contact_name: string | null;
      contact_email: string | null;
      livemode: boolean;
      created_at: string;
      updated_at: string;
      is_main_company?: boolean;
    };
    Recipient: {
      object: "recipient";
      id: string;
      short_id: string;
      payer: string;
      name: string;
      tin_type: "ssn" | "ein" | null;
      tin_last4: string;
      address_line1: string | null;
      address_line2: string | null;
      city: string | null;
      state: string | null;
      postal_code: string | null;
      country: string | null;
      email: string | null;
      delivery_method: "paper" | "electronic";
      account_number: string | null;
      /** E-delivery consent, given or withdrawn by the recipient in the portal (read-only). */
      consent: {
        status: "none" | "given" | "withdrawn";
        at: string | null;
      };
      /** The recipient portal: locked_until is set after five wrong sign-in answers (read-only). */
      portal: {
        locked_until: string | null;
      };
      /** The recipient's latest signed W-9 request and the result of the TIN match it started (read-only; issue 40). */
      w9: {
        request?: string;
        signed_at?: string | null;
        tin_match?: "pending" | "match" | "mismatch" | "not_issued" | null;
      } | null;
      /** Issue 40 item 4, read from the recipient's B-notices (read-only): pending until an open notice's withhold_by date, required from then until cleared (clears_on says how), not_required otherwise. */
      backup_withholding: {
        status: "required" | "pending" | "not_required";
        since: string | null;
        withhold_by: string | null;
        reason: string | null;
        notice_id: string | null;
        clears_on: "new_w9" | "irs_validation" | null;
      };
      livemode: boolean;
      created_at: string;
      updated_at: string;
    };
    Filing: {
      object: "filing";
      id: string;
      short_id: string;
      form: string;
      tax_year: number;
      status: "ready_to_file" | "in_cart" | "queued" | "submitted" | "furnishing" | "accepted" | "accepted_with_errors" | "rejected" | "voided" | "superseded";
      payer: string;
      recipient: string | null;
      service: string;
      livemode: boolean;
      reference: string | null;
      batch: string | null;
      order: string | null;
      corrects: string | null;
      superseded_by: string | null;
      refile_of: string | null;
      receipt_id: string | null;
      amount_charged_cents: number;
      amount_refunded_cents: number;
      submitted_at: string | null;
      acknowledged_at: string | null;
      voided_at: string | null;
      created_at: string;
      updated_at: string;
      /** What intake found (IRS Report Error rules, notices), kept with the filing; after filing, the acknowledgement carries the IRS's own errors. */
      warnings: (components["schemas"]["Warning"])[];
      /** The form's fields (IRIS element names); TINs show only their last four digits. */
      jsonForm: {
        [key: string]: unknown;
      };
    };
    FilingCreated: (components["schemas"]["Filing"]) & ({
      added_to_cart: boolean;
      cart_item_id: string | null;
    });
    PayerFormsIntake: {
      object: "payer_forms_intake";
      payer: string;
      batch: string;
      created: number;
      failed: number;
      livemode: boolean;
      forms: ({
        reference: string | null;
        /** The filing's id; null when the row failed. */
        id: string | null;
        status: "ready_to_file" | "in_cart" | "queued" | "submitted" | "furnishing" | "accepted" | "accepted_with_errors" | "rejected" | "voided" | "superseded" | "failed";
        added_to_cart: boolean;
        cart_item_id: string | null;
        service: string;
        form?: string;
        error?: components["schemas"]["RowError"];
        /** The IRS rules the form breaks that the IRS accepts it with (Report Error, Report Error and Reject if over Threshold), and notices. A row refused by a Reject rule (or under strict) lists its other findings here too. */
        warnings?: (components["schemas"]["Warning"])[];
      })[];
    };
    BatchCreated: {
      object: "batch";
      id: string;
      created: number;
      failed: number;
      livemode: boolean;
      forms: ({
        reference: string | null;
        /** The filing's id; null when the row failed. */
        id: string | null;
        status: "ready_to_file" | "in_cart" | "queued" | "submitted" | "furnishing" | "accepted" | "accepted_with_errors" | "rejected" | "voided" | "superseded" | "failed";
        added_to_cart: boolean;
        cart_item_id: string | null;
        service: string;
        form?: string;
        error?: components["schemas"]["RowError"];
        /** The IRS rules the form breaks that the IRS accepts it with (Report Error, Report Error and Reject if over Threshold), and notices. A row refused by a Reject rule (or under strict) lists its other findings here too. */
        warnings?: (components["schemas"]["Warning"])[];
      })[];
    };
    Batch: {
      object: "batch";
      id: string;
      kind: string;
      payer: string | null;
      reference: string | null;
      created: number;
      failed: number;
      livemode: boolean;
      created_at: string;
      forms: ({
        reference: string | null;
        /** The filing's id; null when the row failed. */
        id: string | null;
        status: "ready_to_file" | "in_cart" | "queued" | "submitted" | "furnishing" | "accepted" | "accepted_with_errors" | "rejected" | "voided" | "superseded" | "failed";
        added_to_cart: boolean;
        cart_item_id: string | null;
        service: string;
        form?: string;
        error?: components["schemas"]["RowError"];
        /** The IRS rules the form breaks that the IRS accepts it with (Report Error, Report Error and Reject if over Threshold), and notices. A row refused by a Reject rule (or under strict) lists its other findings here too. */
        warnings?: (components["schemas"]["Warning"])[];
      })[];
    };
    FireImport: {
      object: "fire_file";
      batch: string;
      bytes: number;
      rows_parsed: number;
      forms_imported: number;
      forms_added_to_cart: number;
      form_ids: (string)[];
      currency: "usd";
      cart_item_ids: (string)[];
      forms: ({
        [key: string]: unknown;
      })[];
      forms_with_warnings: number;
      /** Every form's warnings, located in the file (record, field, position); a payer rule once per A record. */
      warnings: ((components["schemas"]["Warning"]) & ({
        filing: string | null;
      }))[];
    };
    FormList: (components["schemas"]["List"]) & ({
      data?: ({
        object: "form";
      })[];
    });
    FormShape: {
      object: "form_elements";
      form: string;
      tax_year: number;
      schema_tax_year: number;
      schema_version: string | null;
      elements: {
        [key: string]: unknown;
      };
      formJson: {
        [key: string]: unknown;
      };
    };
    Acknowledgment: {
      object: "acknowledgment";
      filing: string;
      status: string;
      receipt_id: string | null;
      submitted_at: string | null;
      acknowledged_at: string | null;
      errors: ({
        code?: string;
        message?: string;
        severity?: string;
        xpath?: string | null;
      })[];
    };
    AcknowledgmentList: {
      object: "list";
      data: (components["schemas"]["Acknowledgment"])[];
    };
    Correction: {
      object: "correction_intake";
      id: string;
      short_id: string;
      corrects: string;
      form: string;
      tax_year: number;
      status: "ready_to_file" | "in_cart";
      currency: "usd";
      added_to_cart: boolean;
      cart_item_id: string | null;
      service: string;
      warnings: (components["schemas"]["Warning"])[];
    };
    RateCard: {
      object: "rate_card";
      currency: "usd";
      services: ({
        id: string;
        label: string;
        unit_cents?: number;
        print_mail_cents?: number;
        online_access_cents?: number;
      })[];
      brackets: ({
        forms: string;
        efile_cents: number;
      })[];
      correction_cents: number;
    };
    Quote: {
      object: "price_quote";
      form: string;
      quantity: number;
      service: string;
      currency: "usd";
      unit_cents: number;
      total_cents: number;
      charge_lines: (components["schemas"]["ChargeLine"])[];
      pricing_segments: (components["schemas"]["PricingSegment"])[];
    };
    ChargeLine: {
      type: string;
      label?: string;
      amount_cents: number;
    };
    PricingSegment: {
      pricing_group: string;
      bracket: string;
      from_position?: number;
      to_position?: number;
      quantity: number;
      unit_cents: number;
      amount_cents: number;
    };
    Cart: {
      object: "cart";
      id: string | null;
      item_count: number;
      total_cents: number;
      currency: "usd";
      charge_lines: (components["schemas"]["ChargeLine"])[];
      pricing_segments: (components["schemas"]["PricingSegment"])[];
      items: (components["schemas"]["CartItem"])[];
    };
    CartValue: {
      object: "cart_value";
      id: string | null;
      item_count: number;
      total_cents: number;
      currency: "usd";
    };
    CartItem: {
      object: "cart_item";
      id: string;
      cart: string;
      form_id: string;
      filing_id: string;
      form: string | null;
      tax_year: number | null;
      reference: string | null;
      service: string;
      physical_mail: boolean | null;
      portal_access: boolean | null;
      kind: string;
      amount_cents: number;
      created_at: string;
    };
    CartItemDeleted: {
      object: "cart_item";
      id: string;
      deleted: true;
      filing: string;
      filing_status: string;
    };
    PayResult: {
      object: "cart_payment";
      cart: string;
      order: string;
      order_number?: string;
      status: "paid";
      filed: number;
      failed: number;
      amount_charged: number;
      currency: "usd";
      from_balance_cents?: number;
      from_card_cents?: number;
      /** Forms filed with IRS warnings (the IRS accepts them with errors). */
      filed_with_warnings?: number;
      already_paid?: boolean;
      filings: ({
        reference?: string | null;
        id: string;
        status: string;
        amount_charged?: number;
      })[];
    };
    Balance: {
      object: "balance";
      available_cents: number;
      currency: "usd";
      auto_replenish: {
        [key: string]: unknown;
      };
      payment_method: {
        brand?: string;
        last4?: string;
      } | null;
      recent: (components["schemas"]["BalanceEntry"])[];
    };
    BalanceEntry: {
      object: "balance_entry";
      id: string;
      kind: string;
      amount_cents: number;
      balance_after_cents: number;
      reference: string | null;
      description: string | null;
      created_at: string;
    };
    TopUp: {
      object: "balance_topup";
      id: string;
      amount_cents: number;
      currency: "usd";
      balance_after_cents: number;
      charge: string;
      entry: components["schemas"]["BalanceEntry"];
    };
    PaymentMethod: {
      object: "payment_method";
      brand: string;
      last4: string;
    };
    OrderSummary: {
      object: "order";
      id: string;
      number: string | number;
      payment_status: string;
      forms: (unknown)[] | number;
      grand_total_cents: number;
      currency: "usd";
      created_at: string;
    };
    Order: {
      object: "order";
      id: string;
      number: string | number;
      payment_status: string;
      created_at: string;
      charge_lines: (unknown)[];
      pricing_segments: (unknown)[];
      grand_total_cents: number;
      currency: "usd";
      from_balance_cents: number;
      from_card_cents: number;
      forms: (unknown)[];
    };
    Extension: {
      object: "extension";
      id: string;
      payer: string;
      tax_year: number;
      forms: (string)[];
      reasons: {
        [key: string]: unknown;
      };
      status: string;
      receipt_id: string | null;
      livemode: boolean;
      already_requested: boolean;
      created_at: string;
    };
    SandboxReset: {
      object: "sandbox_reset";
      status: "reset";
      /** How many records were cleared. */
      cleared: number;
    };
    WebhookEndpoint: {
      object: "webhook_endpoint";
      id: string;
      url: string;
      events: (string)[];
      status: "active" | "disabled";
      environment: "sandbox" | "production";
      livemode: boolean;
      /** Shown once, when the endpoint is created or its secret rotated. */
      signing_secret?: string;
      signing_secret_preview?: string;
      created_at: string;
      updated_at: string;
    };
    WebhookDelivery: {
      object: "webhook_delivery";
      id: string;
      event: string;
      event_type: string;
      status: string;
      attempts: number;
      last_status_code: number | null;
      last_error: string | null;
      next_attempt_at: string | null;
      created_at: string;
      last_attempt_at: string | null;
    };
    EventType: "filing.accepted" | "filing.rejected" | "tin_match.completed" | "cart.paid" | "statement.mailed" | "statement.delivered" | "statement.returned" | "statement.undeliverable" | "statement.emailed" | "statement.viewed" | "statement.not_furnished" | "statement.mail_refunded" | "recipient.consent_given" | "recipient.consent_withdrawn" | "w9_request.completed" | "w9_request.expired" | "b_notice.created" | "b_notice.mailed" | "recipient.backup_withholding_required" | "recipient.backup_withholding_cleared";
    StatementEventData: {
      filing: string;
      recipient: string;
      delivery: string | null;
      channel: "mail" | "email" | null;
      status: string;
      failure_reason: string | null;
      not_furnished_reason?: string | null;
      amount_cents?: number;
    };
    ConsentEventData: {
      recipient: string;
      status: "given" | "withdrawn";
      at: string;
      /** The filings whose statements the consent covers. */
      filings: (string)[];
    };
    Event: {
      object: "event";
      id: string;
      type: components["schemas"]["EventType"];
      /** Unix seconds. */
      created: number;
      data: {
        [key: string]: unknown;
      };
    };
    TinMatchRun: {
      object: "tin_match_run";
      id: string;
      status: string;
      count: number;
      results?: ({
        [key: string]: unknown;
      })[];
      created_at: string;
      completed_at?: string | null;
    };
    Authorization: {
      object: "authorization";
      id: string;
      client_id: string | null;
      app_name: string | null;
      payer: string | null;
      scopes: (string)[];
      role: string;
      livemode: boolean;
      created_at: string;
      updated_at: string;
    };
    Lockout: {
      object: "lockout";
      id: string;
      user: {
        id: string;
        email: string | null;
      };
      failures: number;
      locked_until: string;
      lifted?: boolean;
      lifted_at?: string;
    };
    StatementDelivery: {
      object: "statement_delivery";
      id: string;
      filing: string;
      recipient: string;
      channel: "mail" | "email";
      kind: "letter" | "notice" | "invitation";
      status: "queued" | "mailed" | "in_transit" | "delivered" | "returned" | "undeliverable" | "canceled" | "sent" | "bounced" | "failed";
      vendor_id: string | null;
      events: ({
        status: string;
        at: string;
      })[];
      failure_reason: string | null;
      expected_delivery_date: string | null;
      created_at: string;
      updated_at: string;
    };
    Statement: {
      object: "statement";
      filing: string;
      recipient: string | null;
      status: "awaiting_copy_b" | "in_progress" | "furnished" | "not_furnished";
      furnished: boolean;
      not_furnished_reason: "no_consent" | "consent_withdrawn" | "email_failed" | "mail_not_included" | "undeliverable" | null;
      mail_refunded_cents: number;
      deliveries: (components["schemas"]["StatementDelivery"])[];
      updated_at: string | null;
    };
    OutboxMessage: {
      object: "outbox_message";
      id: string;
      to: string;
      subject: string;
      text: string;
      html: string;
      links: (string)[];
      created_at: string;
    };
    ConsentRequest: {
      object: "consent_request";
      id: string;
      recipient: string;
      email: string;
      status: "sent" | "bounced";
      failure_reason: string | null;
      created_at: string;
    };
    PortalActivity: {
      object: "portal_activity";
      id: string;
      recipient: string;
      action: "signed_in" | "sign_in_failed" | "locked" | "viewed" | "consent_given" | "consent_withdrawn" | "email_changed";
      filing: string | null;
      ip: string;
      user_agent: string | null;
      created_at: string;
    };
    PortalLockout: {
      object: "portal_lockout";
      recipient: string;
      lifted: boolean;
    };
    W9Request: {
      object: "w9_request";
      id: string;
      payer: string;
      /** The recipient the signed W-9 created or updated (or the one asked). */
      recipient: string | null;
      name: string;
      email: string;
      reference: string | null;
      /** Shown to the payee on the hosted W-9 (for example after a TIN mismatch). */
      reason: string | null;
      status: "sent" | "completed" | "expired" | "canceled";
      email_delivery: {
        status: "queued" | "sent" | "rejected" | "failed";
        failure_reason: string | null;
        sends: number;
        last_sent_at: string;
      };
      /** The letter with the link, when send_letter was asked (null otherwise). */
      letter: {
        status?: "queued" | "sent" | "undeliverable" | "failed";
        vendor_id?: string | null;
        failure_reason?: string | null;
      } | null;
      expires_at: string;
      completed_at: string | null;
      canceled_at: string | null;
      expired_at: string | null;
      /** The signed Form W-9, without its TIN (type and last four only). */
      w9: {
        name?: string;
        business_name?: string | null;
        tax_classification?: "individual" | "c_corporation" | "s_corporation" | "partnership" | "trust_estate" | "llc" | "other";
        llc_code?: "C" | "S" | "P" | null;
        other_classification?: string | null;
        foreign_partners?: boolean;
        exempt_payee_code?: string | null;
        fatca_code?: string | null;
        address_line1?: string;
        address_line2?: string | null;
        city?: string;
        state?: string;
        postal_code?: string;
        account_numbers?: string | null;
        tin_type?: "ssn" | "ein";
        tin_last4?: string;
        backup_withholding_item_struck?: boolean;
        signed_by?: string;
        signed_at?: string;
        signed_from_ip?: string;
        digest?: string;
      } | null;
      /** The TIN match the completed W-9 started (sandbox rules in the sandbox). */
      tin_match: {
        run?: string;
        result?: "pending" | "match" | "mismatch" | "not_issued";
      } | null;
      livemode: boolean;
      created_at: string;
      updated_at: string;
    };
    W9RequestEventData: {
      id?: string;
      payer?: string;
      recipient?: string | null;
      reference?: string | null;
      status?: string;
      tin_type?: "ssn" | "ein" | null;
      tin_last4?: string | null;
      tin_match_run?: string | null;
      completed_at?: string | null;
      expired_at?: string | null;
    };
    BNotice: {
      object: "b_notice";
      id: string;
      payer: string;
      recipient: string;
      account_number: string | null;
      kind: "first" | "second";
      cp2100_upload: string;
      line: number;
      tax_year: number;
      notice_date: string;
      received_date: string;
      /** 15 business days after the later date. */
      send_by: string;
      /** 30 business days after it: backup withholding is required from then unless cleared. */
      withhold_by: string;
      status: "queued" | "mailed" | "emailed" | "undeliverable" | "cleared";
      tin_type: "ssn" | "ein" | null;
      tin_last4: string;
      letter: {
        vendor_id?: string | null;
        failure?: string | null;
      };
      /** The W-9 request whose e-mail carried the link (first notice). */
      w9_request: string | null;
      sent_at: string | null;
      withholding_required_at: string | null;
      cleared_at: string | null;
      cleared_by: "new_w9" | "ssa_validation" | "irs_letter_147c" | null;
      cleared_reference: string | null;
      livemode: boolean;
      created_at: string;
      updated_at: string;
    };
    Cp2100Upload: {
      object: "cp2100_upload";
      id: string;
      payer: string;
      notice_date: string;
      received_date: string;
      send_by: string;
      withhold_by: string;
      counts: {
        rows?: number;
        first?: number;
        second?: number;
        unmatched?: number;
        duplicate?: number;
      };
      rows: ({
        line?: number;
        name?: string;
        tin_last4?: string;
        account_number?: string | null;
        tax_year?: number;
        result?: "first" | "second" | "unmatched";
        recipient?: string | null;
        b_notice?: string | null;
        duplicate?: boolean;
      })[];
      livemode: boolean;
    };
    BNoticeEventData: {
      id?: string;
      recipient?: string;
      payer?: string;
      kind?: "first" | "second";
      status?: string;
      tax_year?: number;
      send_by?: string;
      withhold_by?: string;
      cleared_by?: string | null;
    };
    Deleted: {
      [key: string]: unknown;
    };
    OAuthError: {
      error: string;
      error_description?: string;
    };
    Readiness: {
      status: "ready" | "not_ready";
      checks: {
        [key: string]: {
          ok: boolean;
          detail?: string;
        };
      };
    };
  };
}

export interface operations {
  "get_payers": {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: string;
      };
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": (components["schemas"]["List"]) & ({
            data?: (components["schemas"]["Payer"])[];
          });
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_payers": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          legal_name?: string;
          name?: string;
          tin: string;
          tin_type?: "ein" | "ssn";
          address_line1?: string;
          address_line2?: string | null;
          city?: string;
          state?: string;
          postal_code?: string;
          country?: string;
          contact_name?: string;
          contact_email?: string;
          contact_phone?: string | number;
          id?: unknown;
          object?: unknown;
          tin_last4?: unknown;
          is_main_company?: unknown;
          livemode?: unknown;
          created_at?: unknown;
          updated_at?: unknown;
        };
      };
    };
    responses: {
      201: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Payer"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_payers_by_id": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Payer"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "patch_payers_by_id": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": {
          legal_name?: string;
          name?: string;
          tin?: string;
          tin_type?: "ein" | "ssn";
          address_line1?: string;
          address_line2?: string | null;
          city?: string;
          state?: string;
          postal_code?: string;
          country?: string;
          contact_name?: string;
          contact_email?: string;
          contact_phone?: string | number;
          id?: unknown;
          object?: unknown;
          tin_last4?: unknown;
          is_main_company?: unknown;
          livemode?: unknown;
          created_at?: unknown;
          updated_at?: unknown;
        };
      };
    };
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Payer"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_recipients": {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: string;
        payer?: string;
      };
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": (components["schemas"]["List"]) & ({
            data?: (components["schemas"]["Recipient"])[];
          });
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_recipients": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          payer: string;
          name: string;
          tin: string;
          tin_type?: "ssn" | "ein" | null;
          address_line1?: string;
          address_line2?: string | null;
          city?: string;
          state?: string;
          postal_code?: string;
          country?: string;
          email?: string | null;
          delivery_method?: "paper" | "electronic";
          account_number?: string | null;
          id?: unknown;
          object?: unknown;
          short_id?: unknown;
          tin_last4?: unknown;
          consent?: unknown;
          portal?: unknown;
          livemode?: unknown;
          created_at?: unknown;
          updated_at?: unknown;
        };
      };
    };
    responses: {
      201: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Recipient"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_recipients_by_id": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Recipient"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "patch_recipients_by_id": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": {
          payer?: string;
          name?: string;
          tin?: string;
          tin_type?: "ssn" | "ein" | null;
          address_line1?: string;
          address_line2?: string | null;
          city?: string;
          state?: string;
          postal_code?: string;
          country?: string;
          email?: string | null;
          delivery_method?: "paper" | "electronic";
          account_number?: string | null;
          id?: unknown;
          object?: unknown;
          short_id?: unknown;
          tin_last4?: unknown;
          consent?: unknown;
          portal?: unknown;
          livemode?: unknown;
          created_at?: unknown;
          updated_at?: unknown;
        };
      };
    };
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Recipient"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_recipients_by_id_consent_requests": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      201: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["ConsentRequest"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_recipients_by_id_portal_activity": {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: string;
      };
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": (components["schemas"]["List"]) & ({
            data?: (components["schemas"]["PortalActivity"])[];
          });
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "delete_recipients_by_id_portal_lockout": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["PortalLockout"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_forms": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["FormList"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_forms_by_form": {
    parameters: {
      query?: {
        tax_year?: string;
      };
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        form: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["FormShape"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_payers_by_payerId_forms": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path: {
        payerId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          forms: ({
            /** Form code, e.g. 1099-NEC (GET /v1/forms lists them). */
            form: string;
            tax_year: number;
            /** The filled form, keyed by IRIS element names (GET /v1/forms/{form} gives the skeleton). */
            jsonForm: {
              [key: string]: unknown;
            };
            reference?: string;
          })[];
          reference?: string;
          addToCart?: boolean;
          strict?: boolean;
          service?: string;
          physical_mail?: boolean;
          portal_access?: boolean;
        };
      };
    };
    responses: {
      201: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["PayerFormsIntake"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_filings": {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: string;
        status?: string;
        payer?: string;
        form?: string;
        tax_year?: string;
        batch?: string;
      };
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": (components["schemas"]["List"]) & ({
            data?: (components["schemas"]["Filing"])[];
          });
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_filings": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          form: string;
          tax_year: number;
          jsonForm: {
            [key: string]: unknown;
          };
          reference?: string;
          payer: string;
          addToCart?: boolean;
          strict?: boolean;
          service?: string;
          physical_mail?: boolean;
          portal_access?: boolean;
        };
      };
    };
    responses: {
      201: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["FilingCreated"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_filings_batch": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          payer?: string;
          forms: ({
            /** Form code, e.g. 1099-NEC (GET /v1/forms lists them). */
            form: string;
            tax_year: number;
            /** The filled form, keyed by IRIS element names (GET /v1/forms/{form} gives the skeleton). */
            jsonForm: {
              [key: string]: unknown;
            };
            reference?: string;
            /** This row's payer (default: the body's). */
            payer?: string;
          })[];
          reference?: string;
          addToCart?: boolean;
          strict?: boolean;
          service?: string;
          physical_mail?: boolean;
          portal_access?: boolean;
        };
      };
    };
    responses: {
      201: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["BatchCreated"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_filings_by_id": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Filing"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "delete_filings_by_id": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Filing"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_batches_by_id": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Batch"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_payers_by_payerId_fire": {
    parameters: {
      query?: {
        addToCart?: "true" | "false" | "1" | "0";
        strict?: "true" | "false" | "1" | "0";
      };
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path: {
        payerId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "text/plain": string;
        "application/octet-stream": string;
      };
    };
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["FireImport"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      413: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_prices": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["RateCard"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_prices_quote": {
    parameters: {
      query: {
        form: string;
        quantity: number;
        service?: string;
      };
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Quote"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_cart_details": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Cart"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_cart_value": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["CartValue"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_cart_items": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": ({
          filing_id: string;
          service?: string;
          physical_mail?: boolean;
          portal_access?: boolean;
        }) | ({
          forms: ({
            form_id: string;
            service?: string;
            physical_mail?: boolean;
            portal_access?: boolean;
          })[];
        });
      };
    };
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Cart"];
        };
      };
      201: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["CartItem"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_carts_by_id_items": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": ({
          filing_id: string;
          service?: string;
          physical_mail?: boolean;
          portal_access?: boolean;
        }) | ({
          forms: ({
            form_id: string;
            service?: string;
            physical_mail?: boolean;
            portal_access?: boolean;
          })[];
        });
      };
    };
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Cart"];
        };
      };
      201: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["CartItem"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "delete_cart_items_by_id": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["CartItemDeleted"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_cart_pay": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": {
          strict?: boolean;
        };
      };
    };
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["PayResult"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      402: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      503: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_balance": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Balance"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "patch_balance": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": {
          auto_replenish: {
            enabled?: boolean;
            threshold_cents?: number;
            topup_cents?: number;
          };
        };
      };
    };
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Balance"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_balance_entries": {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: string;
      };
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": (components["schemas"]["List"]) & ({
            data?: (components["schemas"]["BalanceEntry"])[];
          });
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_balance_top_ups": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          amount_cents: number;
        };
      };
    };
    responses: {
      201: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["TopUp"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      402: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "put_payment_method": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          token: string;
        };
      };
    };
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["PaymentMethod"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      402: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_orders": {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: string;
      };
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": (components["schemas"]["List"]) & ({
            data?: (components["schemas"]["OrderSummary"])[];
          });
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_orders_by_id": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Order"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_filings_by_id_corrections": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          boxes?: {
            [key: string]: unknown;
          };
          jsonForm?: {
            [key: string]: unknown;
          };
          addToCart?: boolean;
          strict?: boolean;
          service?: string;
          physical_mail?: boolean;
          portal_access?: boolean;
        };
      };
    };
    responses: {
      201: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Correction"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_filings_by_id_refile": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          jsonForm?: {
            [key: string]: unknown;
          };
          addToCart?: boolean;
          strict?: boolean;
          service?: string;
          physical_mail?: boolean;
          portal_access?: boolean;
        };
      };
    };
    responses: {
      201: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Filing"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_filings_by_id_ack": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Acknowledgment"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_orders_by_id_ack": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["AcknowledgmentList"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_batches_by_id_ack": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["AcknowledgmentList"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_filings_by_id_copy_b": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/pdf": string;
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_orders_by_id_copy_b": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/pdf": string;
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_orders_by_id_w3": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/pdf": string;
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_batches_by_id_copy_b": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/pdf": string;
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_extensions": {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: string;
      };
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": (components["schemas"]["List"]) & ({
            data?: (components["schemas"]["Extension"])[];
          });
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_extensions": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          payer: string;
          tax_year: number;
          forms: ("1099" | "5498" | "1042S" | "1099QA" | "5498QA" | "5498ESA" | "5498SA")[];
          reasons?: {
            catastrophic_event?: boolean;
            fire_casualty_natural_disaster?: boolean;
            death_illness_absence?: boolean;
            first_year_of_establishment?: boolean;
            data_not_received?: boolean;
          };
        };
      };
    };
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Extension"];
        };
      };
      201: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Extension"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_extensions_by_id": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Extension"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_sandbox_reset": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["SandboxReset"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_webhooks": {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: string;
      };
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": (components["schemas"]["List"]) & ({
            data?: (components["schemas"]["WebhookEndpoint"])[];
          });
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_webhooks": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          url: string;
          events: unknown;
          environment?: "sandbox" | "production";
          status?: "active" | "disabled";
        };
      };
    };
    responses: {
      201: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["WebhookEndpoint"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_webhooks_by_id": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["WebhookEndpoint"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "delete_webhooks_by_id": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: { [name: string]: unknown };
        content?: never;
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "patch_webhooks_by_id": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": {
          url?: string;
          events?: unknown;
          environment?: "sandbox" | "production";
          status?: "active" | "disabled";
        };
      };
    };
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["WebhookEndpoint"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_webhooks_by_id_rotate_secret": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["WebhookEndpoint"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_webhooks_by_id_deliveries": {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: string;
      };
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": (components["schemas"]["List"]) & ({
            data?: (components["schemas"]["WebhookDelivery"])[];
          });
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_events": {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: string;
      };
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": (components["schemas"]["List"]) & ({
            data?: (components["schemas"]["Event"])[];
          });
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_events_by_id": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Event"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_tin_match": {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: string;
      };
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": (components["schemas"]["List"]) & ({
            data?: (components["schemas"]["TinMatchRun"])[];
          });
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_tin_match": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          recipients?: (string)[];
          entries?: ({
            name: string;
            tin: string;
            tin_type?: "ssn" | "ein";
            reference?: string;
          })[];
        };
      };
    };
    responses: {
      202: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["TinMatchRun"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      503: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_tin_match_by_receiptId": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        receiptId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["TinMatchRun"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_authorizations": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": (components["schemas"]["List"]) & ({
            data?: (components["schemas"]["Authorization"])[];
          });
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "delete_authorizations_by_id": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Authorization"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_security_lockouts": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": (components["schemas"]["List"]) & ({
            data?: (components["schemas"]["Lockout"])[];
          });
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "delete_security_lockouts_by_id": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Lockout"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_filings_by_id_statement": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Statement"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_statement_deliveries": {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: string;
        status?: "queued" | "mailed" | "in_transit" | "delivered" | "returned" | "undeliverable" | "canceled" | "sent" | "bounced" | "failed";
        filing?: string;
      };
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": (components["schemas"]["List"]) & ({
            data?: (components["schemas"]["StatementDelivery"])[];
          });
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_sandbox_outbox": {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: string;
      };
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": (components["schemas"]["List"]) & ({
            data?: (components["schemas"]["OutboxMessage"])[];
          });
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_w9_requests": {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: string;
        status?: "sent" | "completed" | "expired" | "canceled";
        recipient?: string;
      };
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": (components["schemas"]["List"]) & ({
            data?: (components["schemas"]["W9Request"])[];
          });
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_w9_requests": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          payer?: string;
          recipient?: string;
          name?: string;
          email?: string;
          reference?: string;
          reason?: string;
          expires_in_days?: number;
          /** Also mail a letter with the link through the mail house (a recipient with a full address). */
          send_letter?: boolean;
        };
      };
    };
    responses: {
      201: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["W9Request"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_w9_requests_by_id": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["W9Request"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_w9_requests_by_id_cancel": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["W9Request"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_w9_requests_by_id_resend": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["W9Request"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_w9_requests_by_id_pdf": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/pdf": string;
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_payers_by_payerId_cp2100": {
    parameters: {
      query: {
        notice_date: string;
        received_date?: string;
      };
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path: {
        payerId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "text/csv": string;
      };
    };
    responses: {
      201: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Cp2100Upload"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      413: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_b_notices": {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: string;
        recipient?: string;
        recipient_id?: string;
        payer?: string;
        cp2100_upload?: string;
        status?: "queued" | "mailed" | "emailed" | "undeliverable" | "cleared";
      };
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": (components["schemas"]["List"]) & ({
            data?: (components["schemas"]["BNotice"])[];
          });
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_b_notices_by_id": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["BNotice"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "post_b_notices_by_id_validation": {
    parameters: {
      query?: never;
      header?: {
        "API-Version"?: "2026-06-15";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          kind: "ssa_validation" | "irs_letter_147c";
          received_date?: string;
          reference?: string;
        };
      };
    };
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["BNotice"];
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      403: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      404: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      409: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      422: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      429: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  "get_v1_openapi_json": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            [key: string]: unknown;
          };
        };
      };
    };
  };
  "get_healthz": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            status: "ok";
          };
        };
      };
    };
  };
  "get_readyz": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Readiness"];
        };
      };
      503: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["Readiness"];
        };
      };
    };
  };
  "post_oauth_token": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/x-www-form-urlencoded": {
          grant_type: "client_credentials" | "authorization_code" | "refresh_token";
          client_id?: string;
          client_secret?: string;
          /** Space-separated subset of the app's scopes. */
          scope?: string;
          code?: string;
          redirect_uri?: string;
          code_verifier?: string;
          refresh_token?: string;
        };
      };
    };
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": {
            access_token: string;
            token_type: "Bearer";
            expires_in: number;
            scope?: string;
            refresh_token?: string;
          };
        };
      };
      400: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["OAuthError"];
        };
      };
      401: {
        headers: { [name: string]: unknown };
        content: {
          "application/json": components["schemas"]["OAuthError"];
        };
      };
    };
  };
  "get_oauth_authorize": {
    parameters: {
      query: {
        response_type: "code";
        client_id: string;
        redirect_uri: string;
        scope: string;
        state?: string;
        code_challenge: string;
        code_challenge_method: "S256";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "text/html": string;
        };
      };
      302: {
        headers: { [name: string]: unknown };
        content?: never;
      };
    };
  };
  "get_metrics": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: {
          "text/plain": string;
        };
      };
    };
  };
}
