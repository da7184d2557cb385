import { opsEvent } from './events.js';
import type { PrintJob } from '../api/schemas/printers.js';

/** A label went to a printer of the host's server: which order's, which printer, and what became of it. */
export interface LabelPrintedDetail {
  /** The label's order; null for a label bought for a rates request of no order. */
  orderId: number | null;
  printerId: string;
  /** The server's job id; null if it gave none. */
  jobId: string | null;
  /** `sent` (the printer took it), `printed` (the printer says so), or `failed`. */
  state: PrintJob['state'];
}

/** The host's server answered a label's print job: once per label sent. */
export class LabelPrintedEvent extends opsEvent<LabelPrintedDetail>('label-printed') {}

declare global {
  interface HTMLElementEventMap {
    'label-printed': LabelPrintedEvent;
  }
}
