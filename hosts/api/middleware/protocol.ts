// Two HTTP rules Node's server enforced itself, before the app saw the request, with an empty body (server.ts now
// hands those requests on): an HTTP/1.1 request names its Host (RFC 9112 3.2), and the only expectation the API
// meets is 100-continue (RFC 9110 10.1.1). Here they are answered like every other error: the envelope, with
// Request-Id and API-Version (D36), in the access log and the metrics.
import type { ApiContext } from "../http.ts";

/** Whether every member of an Expect value is 100-continue (the one expectation Node's server meets). */
function onlyContinue(expect: string): boolean {
  return expect.split(",").every((member) => member.trim().toLowerCase() === "100-continue");
}

/**
 * Answers a request that breaks one of the two rules and returns true; returns false for every other request.
 * Both answers close the connection: a client that waits for 100 Continue may not send the body it announced.
 */
export function refuseUnsupportedProtocol(ctx: ApiContext): boolean {
  const { req } = ctx;
  if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor === 1) {
    ctx.status = 400;
    ctx.set("Connection", "close");
    ctx.body = {
      error: { type: "invalid_request", message: "An HTTP/1.1 request must carry a Host header." },
    };
    return true;
  }
  const expect = req.headers.expect;
  if (expect !== undefined && !onlyContinue(expect)) {
    ctx.status = 417;
    ctx.set("Connection", "close");
    ctx.body = {
      error: {
        type: "expectation_failed",
        message:
          "The Expect header asks for what this API cannot meet: the only expectation it supports is 100-continue.",
      },
    };
    return true;
  }
  return false;
}
