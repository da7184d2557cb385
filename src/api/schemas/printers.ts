import type * as z from 'zod/mini';
import { looseObject, optArray, optText, text } from './primitives.js';

/**
 * The print routes of `commerce-ops-elements/server` (`createPrintHandler`, or `createApiProxy`
 * with `printers`): the printers the host's server has, and what became of a job. Read leniently.
 */
export const PrinterSchema = /* @__PURE__ */ looseObject({
  id: text,
  name: text,
  /** `ZPL`, `PDF` or both. */
  formats: /* @__PURE__ */ optArray(text),
});
export type Printer = z.output<typeof PrinterSchema>;

export const PrinterListSchema = /* @__PURE__ */ looseObject({
  printers: /* @__PURE__ */ optArray(PrinterSchema),
});

export const PrintJobSchema = /* @__PURE__ */ looseObject({
  jobId: optText,
  /** `sent` (the printer took the bytes), `printed` (it said so), `failed`. */
  state: text,
  message: optText,
});
export type PrintJob = z.output<typeof PrintJobSchema>;
