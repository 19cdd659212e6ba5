// EFW2 / EFW2C: the SSA's fixed-width wage files for Forms W-2 and W-2c (layouts in layout.ts, with sources).
export * from "./layout.ts";
export { layoutsOf, parseEfw2, recordLength, writeEfw2, writeRecord } from "./records.ts";
export type { Efw2Format, Efw2Parse, Efw2Problem, Efw2Record } from "./records.ts";
export { buildEfw2, buildEfw2c, employeeAddress, w2Money } from "./build.ts";
export type {
  Efw2Address,
  Efw2Employee,
  Efw2Employer,
  Efw2EmployerGroup,
  Efw2Input,
  Efw2Submitter,
} from "./build.ts";
export { checkEfw2, w3Totals } from "./check.ts";
export type { W3Totals } from "./check.ts";
