// IRIS A2A: intake transmissions (XML) and acknowledgements, with the IRS business rules they refer to. Pure.
export {
  IRIS_NAMESPACE,
  RECEIPT_ID_PATTERN,
  SCHEMA_VERSION_NUM,
  buildTransmission,
  formatCents,
  irisBusinessName,
  irisCity,
  irisEmail,
  irisPersonName,
  irisPhone,
  irisStreet,
  planTransmissions,
  recordKey,
  recordXPath,
  schemaVersionNum,
  submissionKey,
  submissionXPath,
  uniqueRecordId,
  uniqueTransmissionId,
} from "./transmission.ts";
export type {
  BuiltTransmission,
  CorrectionOf,
  FilingToTransmit,
  IrisAddress,
  PayerInput,
  RecordInput,
  SubmissionInput,
  TinType,
  TransmissionBuild,
  TransmissionInput,
  TransmissionPlan,
  TransmissionProblem,
  TransmitterInput,
  VendorInput,
} from "./transmission.ts";
export {
  RECORD_STATUSES,
  SUBMISSION_STATUSES,
  TRANSMISSION_STATUSES,
  maskTins,
  parseStatusResponse,
  recordOutcomes,
  resultFor,
  transmissionStatusOf,
  writeStatusResponse,
} from "./ack.ts";
export type {
  AckError,
  AckOutcome,
  AckResult,
  ErrorInformation,
  OutcomeOptions,
  ParsedStatusResponse,
  RecordOutcome,
  RecordResult,
  RecordStatus,
  StatusResponse,
  SubmissionResult,
  SubmissionStatus,
  TransmissionResult,
  TransmissionStatus,
} from "./ack.ts";
export { SEVERITIES, businessRule, businessRuleCount, businessRuleText } from "./business-rules.ts";
export type { BusinessRule, Severity } from "./business-rules.ts";
export { filingToTransmit, payerInput } from "./from-filing.ts";
export { formTotalsDefinition, submissionTotals, submissionTotalsBig } from "./totals.ts";
export type { FormTotalsDefinition } from "./totals.ts";
export {
  XmlParseError,
  XmlWriter,
  childNamed,
  childText,
  childrenNamed,
  escapeAttribute,
  escapeText,
  parseXml,
  xmlChars,
} from "./xml.ts";
export type { XmlElement } from "./xml.ts";
export * as rules from "./rules/index.ts";
