// Durable job queues of the service (D22).
export const TRANSMIT_QUEUE = "transmit-order";
export const ACK_QUEUE = "apply-ack";
export const DELIVER_QUEUE = "deliver-webhook";
export const TIN_MATCH_QUEUE = "complete-tin-match";
/** One recipient statement delivery (a letter, a notice, an invitation): issue 39. */
export const SEND_STATEMENT_QUEUE = "send-statement";
