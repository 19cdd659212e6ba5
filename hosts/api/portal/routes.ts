// The recipient portal at /portal (issue 39): the pages and forms over the core's portal use cases. No bearer
// token: a recipient reaches it by the e-mail's link or a letter's access code, then signs in with the last four
// digits of their TIN and their ZIP code; the session is a signed cookie (session.ts). Every form carries the
// browser's CSRF token; every page is sent with a CSP that allows nothing but its own style sheet.
import Router from "@koa/router";
import {
  consentTestPdf,
  givePortalConsent,
  openAccessCode,
  openPortalEntry,
  openPortalLink,
  portalHome,
  portalStatementPdf,
  signInPortal,
  updatePortalEmail,
  withdrawPortalConsent,
  type PortalEntry,
  type PortalSession,
  type PortalVisit,
} from "../../../core/use-cases/statements/portal.ts";
import { findUnstorableText } from "../../../core/domain/shared/validation.ts";
import type { Config } from "../../shared/config.ts";
import type { Logger } from "../../shared/logger.ts";
import type { Api, ApiContext } from "../http.ts";
import { readRaw } from "../middleware/body.ts";
import {
  codePage,
  consentPage,
  homePage,
  messagePage,
  PORTAL_STYLE_HASH,
  verifyPage,
  w9FormPage,
} from "./pages.ts";
import { openW9Link, submitW9 } from "../../../core/use-cases/parties/w9-portal.ts";
import { portalCookies } from "./session.ts";

const FORM_LIMIT = 16 * 1024;

export const isPortalPath = (path: string) => path === "/portal" || path.startsWith("/portal/");

function sendPage(ctx: ApiContext, status: number, html: string): void {
  ctx.status = status;
  ctx.type = "text/html; charset=utf-8";
  ctx.set({
    "Cache-Control": "no-store",
    "Content-Security-Policy": `default-src 'none'; style-src ${PORTAL_STYLE_HASH}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
  });
  ctx.body = html;
}

function redirect(ctx: ApiContext, location: string): void {
  ctx.status = 303;
  ctx.set({ Location: location, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
  ctx.body = "";
}

function sendPdf(ctx: ApiContext, pdf: Uint8Array, filename: string, disposition: "attachment" | "inline") {
  ctx.status = 200;
  ctx.type = "application/pdf";
  ctx.set({
    "Cache-Control": "no-store",
    "Content-Disposition": `${disposition}; filename="${filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
    "X-Content-Type-Options": "nosniff",
  });
  ctx.body = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

async function readForm(ctx: ApiContext): Promise<Map<string, string> | null> {
  if (!ctx.is("application/x-www-form-urlencoded")) return null;
  const fields = new Map<string, string>();
  for (const [k, v] of new URLSearchParams((await readRaw(ctx, FORM_LIMIT, "The form")).toString("utf8")))
    if (!fields.has(k)) fields.set(k, v);
  if (findUnstorableText(Object.fromEntries(fields))) return null;
  return fields;
}

const visitOf = (ctx: ApiContext): PortalVisit => ({
  ip: ctx.ip || "unknown",
  userAgent: ctx.get("User-Agent") || null,
});

/** A path under /portal that is no page. */
export function portalNotFound(ctx: ApiContext): void {
  sendPage(ctx, 404, messagePage("Page not found", "There is no such page in the portal."));
}

export function portalRouter(api: Api, config: Config, logger: Logger): Router {
  const router = new Router();
  const cookies = portalCookies(config.tinEncryptionKey);

  /** Runs a portal step; a failure the use case did not expect is logged and answered with a page, never JSON. */
  const step =
    (handler: (ctx: ApiContext) => Promise<void>) =>
    async (raw: unknown): Promise<void> => {
      const ctx = raw as ApiContext;
      try {
        await handler(ctx);
      } catch (e) {
        logger.error("portal step failed", {
          path: ctx.state.route ?? ctx.path,
          error: e instanceof Error ? e.message : String(e),
        });
        sendPage(ctx, 500, messagePage("Something went wrong", "Please try again in a few minutes."));
      }
    };

  /** A POST's form with its CSRF token checked, or null (the page is answered). */
  const form = async (ctx: ApiContext): Promise<Map<string, string> | null> => {
    const fields = await readForm(ctx);
    if (fields === null) {
      sendPage(ctx, 400, messagePage("The form could not be read", "Please go back and try again."));
      return null;
    }
    if (!cookies.csrfOk(ctx, fields.get("csrf") ?? "")) {
      sendPage(
        ctx,
        403,
        messagePage("This form has expired", "Please open the page again and resubmit the form."),
      );
      return null;
    }
    return fields;
  };

  /** The signed-in recipient, or a redirect to the portal's start. */
  const signedIn = (ctx: ApiContext): PortalSession | null => {
    const session = cookies.session(ctx);
    if (!session) {
      redirect(ctx, "/portal");
      return null;
    }
    cookies.setSession(ctx, session);
    return session;
  };

  const entered = (ctx: ApiContext, entry: PortalEntry) => {
    if (entry.kind === "found") {
      cookies.clear(ctx);
      cookies.setEntry(ctx, entry.ref);
      return redirect(ctx, "/portal/verify");
    }
    if (entry.kind === "expired")
      return sendPage(
        ctx,
        410,
        messagePage(
          "This link has expired",
          "Statements stay in the portal until October 15 of the year after their tax year. Ask the sender for a copy.",
        ),
      );
    return undefined;
  };

  router.get(
    "/portal",
    step(async (ctx) => {
      if (cookies.session(ctx)) return redirect(ctx, "/portal/home");
      sendPage(ctx, 200, codePage({ csrf: cookies.csrf(ctx) }));
    }),
  );

  /** Opens the portal by an access code (typed, or a consent request's link); an unknown one shows the form again. */
  const enterByCode = async (ctx: ApiContext, code: string, unknown: string) => {
    const entry = await api.run(openAccessCode(code));
    if (entered(ctx, entry) !== undefined || entry.kind !== "unknown") return;
    sendPage(ctx, 404, codePage({ csrf: cookies.csrf(ctx), error: unknown }));
  };

  router.post(
    "/portal/code",
    step(async (ctx) => {
      const fields = await form(ctx);
      if (!fields) return;
      await enterByCode(
        ctx,
        fields.get("access_code") ?? "",
        "No document matches this access code. Check the code on your letter and try again.",
      );
    }),
  );

  // The link of a payer's consent request: the recipient's access code.
  router.get(
    "/portal/code/:code",
    step(async (ctx) => {
      await enterByCode(
        ctx,
        String(ctx.params["code"] ?? ""),
        "This link is not valid. Enter the access code from your letter.",
      );
    }),
  );

  // The e-mail's link.
  router.get(
    "/portal/statements/:delivery",
    step(async (ctx) => {
      const entry = await api.run(openPortalLink(String(ctx.params["delivery"] ?? "")));
      if (entry.kind === "unknown")
        return sendPage(
          ctx,
          404,
          messagePage("This link is not valid", "Check that the whole link from the e-mail was opened."),
        );
      entered(ctx, entry);
    }),
  );

  router.get(
    "/portal/verify",
    step(async (ctx) => {
      const ref = cookies.entry(ctx);
      if (!ref) return redirect(ctx, "/portal");
      const entry = await api.run(openPortalEntry(ref));
      if (!entry) return redirect(ctx, "/portal");
      sendPage(ctx, 200, verifyPage({ csrf: cookies.csrf(ctx), payerName: entry, livemode: ref.livemode }));
    }),
  );

  router.post(
    "/portal/verify",
    step(async (ctx) => {
      const fields = await form(ctx);
      if (!fields) return;
      const ref = cookies.entry(ctx);
      if (!ref) return redirect(ctx, "/portal");
      const payerName = (await api.run(openPortalEntry(ref))) ?? "";
      const result = await api.run(
        signInPortal(
          ref,
          { tinLast4: fields.get("tin_last4") ?? "", postalCode: fields.get("postal_code") ?? "" },
          visitOf(ctx),
        ),
      );
      if (result.kind === "signed_in") {
        cookies.setSession(ctx, result.session);
        return redirect(ctx, "/portal/home");
      }
      if (result.kind === "locked") {
        ctx.set(
          "Retry-After",
          String(Math.max(1, Math.ceil((Date.parse(result.until) - Date.now()) / 1000))),
        );
        return sendPage(
          ctx,
          429,
          messagePage(
            "The portal is locked",
            `Too many wrong answers. Try again after ${result.until.slice(0, 16).replace("T", " ")} UTC, or ask ${payerName || "the sender"} for help.`,
            ref.livemode,
          ),
        );
      }
      sendPage(
        ctx,
        422,
        verifyPage({
          csrf: cookies.csrf(ctx),
          payerName,
          livemode: ref.livemode,
          error: `These details do not match our records. ${String(result.attemptsLeft)} ${result.attemptsLeft === 1 ? "try" : "tries"} left before the portal locks for a day.`,
        }),
      );
    }),
  );

  router.get(
    "/portal/home",
    step(async (ctx) => {
      const session = signedIn(ctx);
      if (!session) return;
      const home = await api.run(portalHome(session));
      if (!home) {
        cookies.clear(ctx);
        return sendPage(ctx, 404, messagePage("No documents", "This recipient no longer exists."));
      }
      const done = ctx.query["done"];
      const notice =
        done === "consent"
          ? "Thank you: your statements will be delivered electronically."
          : done === "withdrawn"
            ? "Your consent is withdrawn: your statements will come on paper."
            : done === "email"
              ? "Your e-mail address is updated."
              : undefined;
      sendPage(ctx, 200, homePage({ csrf: cookies.csrf(ctx), home, ...(notice ? { notice } : {}) }));
    }),
  );

  router.get(
    "/portal/documents/:filing",
    step(async (ctx) => {
      const session = signedIn(ctx);
      if (!session) return;
      const result = await api.run(
        portalStatementPdf(session, String(ctx.params["filing"] ?? ""), visitOf(ctx)),
      );
      if (result.kind === "pdf") return sendPdf(ctx, result.pdf, result.filename, "attachment");
      sendPage(
        ctx,
        result.kind === "expired" ? 410 : 404,
        result.kind === "expired"
          ? messagePage(
              "No longer available",
              "This statement was available until October 15 of the next year.",
            )
          : messagePage("Not found", "There is no such document for you."),
      );
    }),
  );

  router.get(
    "/portal/consent",
    step(async (ctx) => {
      const session = signedIn(ctx);
      if (!session) return;
      const home = await api.run(portalHome(session));
      if (!home) return redirect(ctx, "/portal");
      sendPage(ctx, 200, consentPage({ csrf: cookies.csrf(ctx), home }));
    }),
  );

  router.get(
    "/portal/consent/test.pdf",
    step(async (ctx) => {
      const session = signedIn(ctx);
      if (!session) return;
      sendPdf(ctx, await api.run(consentTestPdf(session)), "test-document.pdf", "inline");
    }),
  );

  router.post(
    "/portal/consent",
    step(async (ctx) => {
      const fields = await form(ctx);
      if (!fields) return;
      const session = signedIn(ctx);
      if (!session) return;
      const result = await api.run(
        givePortalConsent(
          session,
          { code: fields.get("code") ?? "", agreed: fields.get("agree") === "yes" },
          visitOf(ctx),
        ),
      );
      if (result.kind === "done") return redirect(ctx, "/portal/home?done=consent");
      const home = await api.run(portalHome(session));
      if (!home) return redirect(ctx, "/portal");
      sendPage(
        ctx,
        422,
        consentPage({
          csrf: cookies.csrf(ctx),
          home,
          error:
            result.kind === "needs_email"
              ? "Add your e-mail address on the previous page first: the notices are sent there."
              : "The code does not match the test PDF, or the box is not ticked. Open the test PDF and type its code.",
        }),
      );
    }),
  );

  router.post(
    "/portal/consent/withdraw",
    step(async (ctx) => {
      const fields = await form(ctx);
      if (!fields) return;
      const session = signedIn(ctx);
      if (!session) return;
      await api.run(withdrawPortalConsent(session, visitOf(ctx)));
      redirect(ctx, "/portal/home?done=withdrawn");
    }),
  );

  router.post(
    "/portal/email",
    step(async (ctx) => {
      const fields = await form(ctx);
      if (!fields) return;
      const session = signedIn(ctx);
      if (!session) return;
      const result = await api.run(updatePortalEmail(session, fields.get("email") ?? "", visitOf(ctx)));
      if (result.kind === "done") return redirect(ctx, "/portal/home?done=email");
      const home = await api.run(portalHome(session));
      if (!home) return redirect(ctx, "/portal");
      sendPage(ctx, 422, homePage({ csrf: cookies.csrf(ctx), home, error: result.message }));
    }),
  );

  router.post(
    "/portal/sign-out",
    step(async (ctx) => {
      const fields = await form(ctx);
      if (!fields) return;
      cookies.clear(ctx);
      redirect(ctx, "/portal");
    }),
  );

  // The hosted W-9 (issue 40): the link's token is the only key; no sign-in (the link went to the payee's e-mail).
  const W9_GONE = {
    unknown: [404, "Link not found", "This W-9 link is not valid. Use the latest e-mail from the requester."],
    completed: [
      409,
      "Form W-9 already submitted",
      "This link was already used: your Form W-9 has been signed and sent. Ask the requester for a new link to change it.",
    ],
    expired: [
      410,
      "This link has expired",
      "This W-9 link has expired. Ask the requester to send you a new one.",
    ],
    canceled: [
      410,
      "Request canceled",
      "The requester canceled this W-9 request; there is nothing to fill in.",
    ],
    mismatch: [
      409,
      "This form belongs to another request",
      "The form you sent is not the one of this link (another request's form). Nothing was saved; open the link again.",
    ],
  } as const;
  const w9Gone = (ctx: ApiContext, kind: keyof typeof W9_GONE) => {
    const [status, title, text] = W9_GONE[kind];
    sendPage(ctx, status, messagePage(title, text));
  };

  router.get(
    "/portal/w9/signed",
    step(async (ctx) => {
      sendPage(
        ctx,
        200,
        messagePage(
          "Form W-9 signed",
          "Thank you. Your Form W-9 is signed and has been sent to the requester. You can close this page.",
        ),
      );
    }),
  );

  router.get(
    "/portal/w9/:token",
    step(async (ctx) => {
      const token = String(ctx.params["token"] ?? "");
      const link = await api.run(openW9Link(token));
      if (link.kind !== "open") return w9Gone(ctx, link.kind);
      sendPage(
        ctx,
        200,
        w9FormPage({ csrf: cookies.csrf(ctx), action: `/portal/w9/${token}`, page: link.page }),
      );
    }),
  );

  router.post(
    "/portal/w9/:token",
    step(async (ctx) => {
      const fields = await form(ctx);
      if (!fields) return;
      const token = String(ctx.params["token"] ?? "");
      const values = Object.fromEntries(fields);
      const result = await api.run(submitW9(token, values, visitOf(ctx)));
      if (result.kind === "signed") return redirect(ctx, "/portal/w9/signed");
      if (result.kind !== "invalid") return w9Gone(ctx, result.kind);
      const link = await api.run(openW9Link(token));
      if (link.kind !== "open") return w9Gone(ctx, link.kind);
      sendPage(
        ctx,
        422,
        w9FormPage({
          csrf: cookies.csrf(ctx),
          action: `/portal/w9/${token}`,
          page: link.page,
          values,
          error: { param: result.param, message: result.message },
        }),
      );
    }),
  );

  return router;
}
