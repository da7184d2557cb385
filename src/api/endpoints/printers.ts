import type { CallOptions, ClientCore } from '../core.js';
import { isOpsError } from '../errors.js';
import { PrinterListSchema, PrintJobSchema } from '../schemas/printers.js';
import type { Printer, PrintJob } from '../schemas/printers.js';
import { bodyOf, segment } from './common.js';

/** What is printed, as the print route's `X-Ops-Document` names it. */
export type PrintDocument = 'label' | 'packing-slip' | 'pick-list';

/**
 * `GET <baseUrl>/printers`: the printers the host's server prints to (`createPrintHandler`, or the
 * API proxy with `printers`), never their addresses. Null when there is no such route (404: the
 * client talks to the API itself, or the server has no printers).
 */
export async function listPrinters(client: ClientCore, options: CallOptions = {}): Promise<Printer[] | null> {
  try {
    const answer = await bodyOf(client, PrinterListSchema, {
      method: 'GET',
      path: '/printers',
      signal: options.signal,
    });
    return answer.printers ?? [];
  } catch (error) {
    if (isOpsError(error) && error.status === 404) return null;
    throw error;
  }
}

/**
 * `POST <baseUrl>/printers/{id}/jobs`: sends `file` (`application/pdf` or `application/x-zpl`) to
 * that printer through the host's server. A label names its order (`X-Ops-Order`). The answer
 * says whether the printer took it (`sent`), printed it (`printed`) or not (`failed`, with the
 * printer's words); a refusal, or a printer that does not answer in time (504), is an `OpsError`.
 * Sent once: a job is not sent again after a network failure or a 5xx, which could print twice.
 */
export function sendPrintJob(
  client: ClientCore,
  printerId: string,
  file: Blob,
  job: { document: PrintDocument; orderNumber?: string | undefined },
  options: CallOptions = {},
): Promise<PrintJob> {
  const headers: Record<string, string> = { 'X-Ops-Document': job.document };
  if (job.orderNumber) headers['X-Ops-Order'] = job.orderNumber;
  return bodyOf(client, PrintJobSchema, {
    method: 'POST',
    path: `/printers/${segment(printerId)}/jobs`,
    file,
    headers,
    signal: options.signal,
  });
}
