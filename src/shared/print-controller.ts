/**
 * Where an element's "Print …" goes when the page names a printer of the host's server (the
 * element's `printer` attribute): the file is sent there through the client
 * (`POST <baseUrl>/printers/<id>/jobs`), and the element shows "Sent to <printer name>", or why
 * not with "Print again" and "Print in the browser". Without a printer, Print is the browser's.
 * The printers' names are read once per client. A label the server took a job for is told to the
 * page as `label-printed`.
 */
import type { ReactiveController } from 'lit';
import type { ClientCore } from '../api/core.js';
import { isOpsError } from '../api/errors.js';
import type { PrintDocument } from '../api/endpoints/printers.js';
import { onDemand } from '../api/load-on-demand.js';
import type { Printer, PrintJob } from '../api/schemas/printers.js';
import { LabelPrintedEvent } from './print.events.js';
import { printingMessages } from './printing.messages.js';
import { printFormatOf } from './printing.model.js';
import { refusal, SessionController } from './session.js';
import type { OpsHost } from './request-task.js';

/** A file to print: its bytes and type, what it is and, for a label, its order. */
export interface PrintFile {
  blob: Blob;
  document: PrintDocument;
  orderNumber?: string | undefined;
  /** A label's order, for `label-printed`. */
  orderId?: number | null | undefined;
}

export type PrintState =
  | { status: 'idle' }
  | { status: 'sending'; printer: string }
  | { status: 'done'; printer: string; job: PrintJob }
  /** `job` when the server took the job and the printer failed it. */
  | { status: 'failed'; printer: string; reason: string; job?: PrintJob };

/**
 * The printer an element prints to: its own `printer` attribute, else the client's
 * (`configure({ printer })`); undefined for the browser's print dialog.
 */
export function printerOf(host: {
  readonly printer?: string | null | undefined;
  readonly api: ClientCore;
}): string | undefined {
  // A client made by an older copy of the library has no `printer`: the browser prints.
  return host.printer?.trim() || host.api.printer || undefined;
}

/** The print calls, loaded on the first print: a page that never prints to a server does not carry them. */
const loadPrinting = onDemand('printers', () => import('../api/endpoints/printers.js'));

const printersOf = new WeakMap<ClientCore, Promise<Printer[] | null>>();

function printers(client: ClientCore): Promise<Printer[] | null> {
  let listed = printersOf.get(client);
  if (!listed) {
    listed = loadPrinting().then(({ listPrinters }) => listPrinters(client));
    // A failed read is not kept: the next print asks again.
    listed.catch(() => printersOf.delete(client));
    printersOf.set(client, listed);
  }
  return listed;
}

export class PrintController implements ReactiveController {
  readonly #host: OpsHost;
  #state: PrintState = { status: 'idle' };
  /** What the API proxy's session lets the user do: a role without `print` prints in the browser only. */
  readonly #session: SessionController;

  constructor(host: OpsHost) {
    this.#host = host;
    this.#session = new SessionController(host);
    host.addController(this);
  }

  /** Why the proxy's session does not let the user print to the server's printers; undefined when it does. */
  get refusal(): string | undefined {
    return refusal(this.#session.session, 'print', this.#host.locale);
  }

  get state(): PrintState {
    return this.#state;
  }

  hostDisconnected(): void {
    if (this.#state.status === 'sending') this.#set({ status: 'idle' });
  }

  /** Forgets what the last print said (another order, another file). */
  clear(): void {
    if (this.#state.status !== 'idle') this.#set({ status: 'idle' });
  }

  /** Sends `file` to the printer `printerId`; resolves with what the element now shows. */
  async print(printerId: string, file: PrintFile): Promise<PrintState> {
    const text = printingMessages(this.#host.locale);
    let name = printerId;
    // The buttons are disabled with the reason; nothing is sent that the proxy would refuse.
    const refused = this.refusal;
    if (refused) return this.#set({ status: 'failed', printer: name, reason: refused });
    this.#set({ status: 'sending', printer: name });
    try {
      const known = await printers(this.#host.api);
      const printer = known?.find((candidate) => candidate.id === printerId);
      if (!printer) {
        return this.#set({
          status: 'failed',
          printer: name,
          reason: known ? text.unknownPrinter(printerId) : text.noPrinters,
        });
      }
      name = printer.name;
      const format = printFormatOf(file.blob.type);
      if (printer.formats && !printer.formats.includes(format)) {
        return this.#set({ status: 'failed', printer: name, reason: text.notTaken(format) });
      }
      this.#set({ status: 'sending', printer: name });
      const { sendPrintJob } = await loadPrinting();
      const job = await sendPrintJob(this.#host.api, printerId, file.blob, file, {
        signal: this.#host.withConnection(),
      });
      if (file.document === 'label') {
        this.#host.dispatchEvent(
          new LabelPrintedEvent({
            orderId: file.orderId ?? null,
            printerId,
            jobId: job.jobId ?? null,
            state: job.state,
          }),
        );
      }
      if (job.state === 'failed') {
        return this.#set({ status: 'failed', printer: name, reason: job.message ?? '', job });
      }
      return this.#set({ status: 'done', printer: name, job });
    } catch (error) {
      const opsError = this.#host.reportError(error);
      if (opsError.code === 'aborted') return this.#set({ status: 'idle' });
      const reason = isOpsError(error) ? error.message : opsError.message;
      return this.#set({ status: 'failed', printer: name, reason });
    }
  }

  #set(state: PrintState): PrintState {
    this.#state = state;
    this.#host.requestUpdate();
    return state;
  }
}
