// Core messages name the call they point to as data; the HTTP host words it as method and path.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CartNotPayable, NotCorrectable } from "../../../core/domain/shared/errors.ts";
import { errorResponse } from "../../../hosts/api/error-table.ts";

test("an error's operation becomes method and path in the HTTP message, problems too", () => {
  const id = "3f1b8c2e-0000-4000-8000-000000000001";
  const refile = errorResponse(
    new NotCorrectable({
      message: `Filing ${id} was rejected: re-file it instead of correcting it.`,
      see: { op: "refile_filing", id },
    }),
  );
  assert.is(
    refile.body.error.message,
    `Filing ${id} was rejected: re-file it instead of correcting it. (POST /v1/filings/${id}/refile)`,
  );
  const cart = errorResponse(
    new CartNotPayable({
      message: "1 cart item(s) cannot be filed.",
      problems: [
        {
          item: "cit_1",
          reference: null,
          type: "payer_incomplete",
          message: "Payer P lacks city.",
          see: { op: "update_payer", id: "P" },
        },
      ],
    }),
  );
  assert.equal(cart.body["problems"], [
    {
      item: "cit_1",
      reference: null,
      type: "payer_incomplete",
      message: "Payer P lacks city. (PATCH /v1/payers/P)",
    },
  ]);
  assert.is(
    errorResponse(new NotCorrectable({ message: "No operation." })).body.error.message,
    "No operation.",
  );
});

test.run();
