// What the HTTP benches send: JSON calls with the bench key, a payer, and numbered 1099-NEC forms (made-up TINs).
import { letters, payerBody } from "../../test/support/forms.ts";
import { BENCH_KEY } from "./servers.ts";

export type Reply = { status: number; body: Record<string, unknown> };

/** The headers of a bench call: the bench key, JSON. */
export const headers = { authorization: `Bearer ${BENCH_KEY}`, "content-type": "application/json" };

/** The bench key's JSON calls to the API at `base` (`http://127.0.0.1:PORT`). */
export function apiCaller(base: string): (method: string, path: string, body?: unknown) => Promise<Reply> {
  return async (method, path, body) => {
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    const r = await fetch(base + path, init);
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };
}

/** A POST /v1/payers body: a payer named `legalName` (made-up TIN). */
export const benchPayer = (legalName: string) => payerBody(legalName, "123456789");

/** Form `n` of an intake: a 1099-NEC for a recipient of its own (TIN 300000000 + n, surname Doe + n in letters). */
export function necForm(n: number) {
  return {
    form: "1099-NEC",
    tax_year: 2025,
    jsonForm: {
      RecipientDetail: {
        TIN: String(300000000 + n),
        PersonName: { PersonFirstNm: "Jane", PersonLastNm: `Doe${letters(n)}` },
        MailingAddressGrp: {
          USAddress: {
            AddressLine1Txt: "1 Oak",
            CityNm: "Reno",
            StateAbbreviationCd: "NV",
            ZIPCd: "89501",
          },
        },
      },
      NonemployeeCompensationAmt: 1000 + n,
    },
  };
}
