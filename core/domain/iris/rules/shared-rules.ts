// Rules that hold for every form (sheet "IRIS Form Rules": SHAREDIRFORM*) and the submission-header rules about
// the payer (S1H001, SMF027), checked per form because each form carries its payer into its submission.
import { irisPhone } from "../transmission.ts";
import type { RecordRule } from "./form-rules.ts";

export const SHARED_RULES: readonly RecordRule[] = [
  {
    code: "SHAREDIRFORM016",
    element: "RecipientDetail.MailingAddressGrp",
    broken: (r) =>
      !r.has("RecipientDetail.MailingAddressGrp.USAddress") &&
      !r.has("RecipientDetail.MailingAddressGrp.ForeignAddress"),
  },
  {
    code: "SHAREDIRFORM018",
    element: "RecipientAccountNum",
    broken: (r) => r.ind("FATCAFilingRequirementInd") === 1 && !r.has("RecipientAccountNum"),
  },
  {
    // TestCd "T" is the IRS's assurance testing, where every TIN must be a test TIN starting "000".
    code: "SHAREDIRFORM021",
    element: "RecipientDetail.TIN",
    broken: (r) =>
      r.facts.transmitter?.test === true &&
      r.facts.recipientTin !== undefined &&
      !r.facts.recipientTin.reveal().startsWith("000"),
    detail: () => "The service transmits in IRS test mode (TestCd T); use a test TIN that starts with 000.",
  },
  {
    code: "SHAREDIRFORM023",
    element: "RecipientDetail.TIN",
    broken: (r) =>
      !r.has("RecipientDetail.TIN") &&
      !r.has("RecipientDetail.TINLast4") &&
      r.facts.recipientTin === undefined,
  },
  {
    // IssuerDetail/PhoneNum is the payer's phone, written only when it has 10 to 30 digits. A payer without a
    // phone at all is refused at pay (payer_incomplete), so only a phone that cannot be written is flagged here.
    code: "S1H001",
    element: "payer.contact_phone",
    broken: (r) => {
      const phone = r.facts.issuer?.phone;
      return typeof phone === "string" && phone.trim() !== "" && irisPhone(phone) === undefined;
    },
    detail: () =>
      "The payer's phone has fewer than 10 digits, so the IRS gets none; update the payer with a full contact_phone.",
  },
  {
    code: "SMF027",
    element: "payer.tin",
    broken: (r) =>
      r.facts.transmitter?.test === true &&
      r.facts.issuer?.tin !== undefined &&
      !r.facts.issuer.tin.reveal().startsWith("000"),
    detail: () =>
      "The service transmits in IRS test mode (TestCd T); the payer needs a test TIN that starts with 000.",
  },
];
