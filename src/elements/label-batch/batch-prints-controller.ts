/**
 * label-batch's labels on a printer of the host's server (`printer`): "Print labels", and "Print
 * again" of the labels kept in this browser, send them label by label in the table's order, each
 * as it was bought (PDF or ZPL) with its order number. `auto-print` sends each label of a "Buy
 * labels" once its answers are in, and with `auto-print="label slip"` each order's packing slip
 * after its label. A status line says which label is on its way, then how many went; a file the
 * printer did not take stops the run there, with why, "Print the rest" (from that file on) and, for
 * PDF labels, "Print in the browser". Loaded with the label files (batch-files-controller.ts).
 */
import { html, nothing } from 'lit';
import type { ReactiveController, TemplateResult } from 'lit';
import { getOrder } from '../../api/endpoints/orders.js';
import type { Order } from '../../api/index.js';
import { focusAfter, focusIsWith } from '../../shared/focus.js';
import { decodeBase64 } from '../../shared/label-files.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { PrintController, printerOf } from '../../shared/print-controller.js';
import type { PrintFile } from '../../shared/print-controller.js';
import { renderPrintFailure } from '../../shared/print.templates.js';
import { printingMessages } from '../../shared/printing.messages.js';
import { autoPrintOf } from '../../shared/printing.model.js';
import { labelBatchActionsMessages } from './batch-actions.messages.js';
import { slipPdf } from './batch-files.model.js';
import type { PrintItem } from './batch-files.model.js';
import type { BatchEntry, BatchHost } from './label-batch.model.js';

/** "Print labels": where focus goes back to after the buttons of a run that stopped. */
export const PRINT_BUTTON = '[part="print-button"]';

/** One run of files to a printer: how far it has got, and the button it belongs to (a selector). */
interface PrintRun {
  readonly printer: string;
  /** What it sends, in turn; labels bought while it goes join the end. */
  readonly items: PrintItem[];
  /** What the run counts ("label 2 of 5"): its labels, or its packing slips when it sends no label. */
  readonly unit: PrintItem['document'];
  total: number;
  readonly button: string;
  /** The next file to send. */
  next: number;
  /** How many of `unit` went. */
  sent: number;
  /** The printer's name, once the server has said it. */
  name: string;
  going: boolean;
  /** Why the file at `next` was not printed, once the run stopped there. */
  stopped?: string | undefined;
}

/** What the rest of a run that stopped is, for the browser to print: its files, and its button. */
export interface PrintRest {
  items: readonly PrintItem[];
  button: string;
}

export class BatchPrints implements ReactiveController {
  readonly #host: BatchHost;
  readonly #printing: PrintController;
  #run: PrintRun | undefined;
  #batch: string;

  constructor(host: BatchHost) {
    this.#host = host;
    this.#batch = host.batchKey;
    this.#printing = new PrintController(host);
    host.addController(this);
  }

  /** Another batch of orders: a run for the last one goes no further, and what it said goes. */
  hostUpdate(): void {
    if (this.#host.batchKey === this.#batch) return;
    this.#batch = this.#host.batchKey;
    this.#run = undefined;
    this.#printing.clear();
  }

  /** Why the proxy's session does not let the user print to the server's printer; undefined without a printer. */
  get refusal(): string | undefined {
    return printerOf(this.#host) ? this.#printing.refusal : undefined;
  }

  /** A run is under way: the print buttons wait. */
  get busy(): boolean {
    return this.#run?.going ?? false;
  }

  /** Sends the labels of `entries` to the printer, one by one in their order; `button` was pressed. */
  send(entries: readonly BatchEntry[], button: string): Promise<void> {
    return this.#start(
      entries.map((entry) => ({ entry, document: 'label' })),
      button,
    );
  }

  /**
   * Labels just bought, in the table's order: with `auto-print`, each goes to the printer, and its
   * packing slip after it with `auto-print="label slip"`; after those of a run still under way.
   * Nothing is printed without a `printer`.
   */
  autoPrint(entries: readonly BatchEntry[]): Promise<void> {
    if (this.refusal) return Promise.resolve();
    const wanted = autoPrintOf(this.#host.autoPrint);
    const files = entries.flatMap((entry): PrintItem[] => [
      ...(wanted.label ? [{ entry, document: 'label' as const }] : []),
      ...(wanted.slip ? [{ entry, document: 'packing-slip' as const }] : []),
    ]);
    const run = this.#run;
    if (run?.going && run.printer === printerOf(this.#host)) {
      const items = files.filter(({ entry }) => entry.label?.label);
      run.items.push(...items);
      run.total += items.filter((item) => item.document === run.unit).length;
      this.#host.requestUpdate();
      return Promise.resolve();
    }
    return this.#start(files, PRINT_BUTTON);
  }

  async #start(files: readonly PrintItem[], button: string): Promise<void> {
    const printer = printerOf(this.#host);
    const items = files.filter(({ entry }) => entry.label?.label);
    if (!printer || this.busy || items.length === 0) return;
    const unit = items.some((item) => item.document === 'label') ? 'label' : 'packing-slip';
    const run: PrintRun = {
      printer,
      items,
      unit,
      total: items.filter((item) => item.document === unit).length,
      button,
      next: 0,
      sent: 0,
      name: this.#nameOf(printer),
      going: false,
    };
    this.#run = run;
    this.#printing.clear();
    await this.#go(run);
  }

  /** The printer's name as the last print to it said it, else its id. */
  #nameOf(printer: string): string {
    const state = this.#printing.state;
    return this.#run?.printer === printer && state.status !== 'idle' ? state.printer : printer;
  }

  /** Sends the run's files from `next` on, until the last went or one was not printed. */
  async #go(run: PrintRun): Promise<void> {
    const host = this.#host;
    run.going = true;
    run.stopped = undefined;
    host.requestUpdate();
    try {
      while (run.next < run.items.length) {
        const item = run.items[run.next] as PrintItem;
        const file = await this.#file(item);
        if (this.#run !== run) return;
        // The element left the page: the run goes no further, and says nothing.
        if (file === null) {
          this.#run = undefined;
          return;
        }
        if (typeof file === 'string') {
          run.stopped = file;
          return;
        }
        const state = await this.#printing.print(run.printer, file);
        if (this.#run !== run) return;
        if (state.status === 'idle') {
          this.#run = undefined;
          return;
        }
        run.name = state.printer;
        if (state.status === 'failed') {
          run.stopped = state.reason;
          return;
        }
        run.next += 1;
        if (item.document === run.unit) run.sent += 1;
        host.requestUpdate();
      }
    } finally {
      run.going = false;
      host.requestUpdate();
    }
  }

  /**
   * The file to send for `item`: the label as it was bought, or the order's packing slip; else why
   * not, or null when the element left the page meanwhile.
   */
  async #file({ entry, document }: PrintItem): Promise<PrintFile | string | null> {
    const host = this.#host;
    const bytes = document === 'label' ? decodeBase64(entry.label?.label) : undefined;
    if (document === 'label' && !bytes) return labelBatchActionsMessages(host.locale).fileUnreadable;
    let order: Order;
    try {
      // The order names the label (`X-Ops-Order`) and fills its slip: from the order store once the
      // batch has read it, which a label kept in this browser may be printed before.
      order = await getOrder(host.api, entry.orderId, { signal: host.withConnection() });
      if (!bytes) {
        const slip = await slipPdf(order, {
          locale: host.locale.tag,
          prices: host.slipPrices,
          size: host.slipSize,
        });
        return { blob: new Blob([slip], { type: 'application/pdf' }), document };
      }
    } catch (cause) {
      const error = host.reportError(cause);
      return error.code === 'aborted' ? null : error.message;
    }
    return {
      blob: new Blob([bytes], {
        type: entry.label?.format === 'ZPL' ? 'application/x-zpl' : 'application/pdf',
      }),
      document,
      orderNumber: order.number?.trim() || entry.number,
      orderId: entry.orderId,
    };
  }

  /**
   * "Print the rest": the run goes on from the file that was not printed (on the printer the page
   * names now); focus goes back to its button.
   */
  readonly printRest = (): void => {
    const run = this.#run;
    if (!run?.stopped || run.going) return;
    const had = focusIsWith(this.#host);
    const printer = printerOf(this.#host);
    // The page chose another printer meanwhile: the rest is a run of its own there.
    if (printer && printer !== run.printer) void this.#start(run.items.slice(run.next), run.button);
    else void this.#go(run);
    void focusAfter(this.#host, [run.button], { had });
  };

  /** The rest of a run that stopped, for "Print in the browser"; the run is done with. */
  takeRest(): PrintRest | undefined {
    const run = this.#run;
    if (!run?.stopped || run.going) return undefined;
    this.#run = undefined;
    this.#printing.clear();
    this.#host.requestUpdate();
    return { items: run.items.slice(run.next), button: run.button };
  }

  /**
   * How far a run has got, in a status line ("Printing label 2 of 5 on …", "5 labels sent to …"),
   * or where it stopped and why, as an alert with "Print the rest" and, when what is left is PDF,
   * "Print in the browser" (`inBrowser`). The status line is there, empty, before any run, so what
   * it says is heard.
   */
  render(locale: ResolvedLocale, { inBrowser }: { inBrowser: () => void }): TemplateResult {
    const run = this.#run;
    // Nothing between its tags: empty, it takes no room (label-batch.styles.ts).
    const status = run && run.stopped === undefined ? this.#progress(run, locale) : nothing;
    return html`<p class="muted print-status" role="status" part="print-status">${status}</p>
      ${run?.stopped === undefined ? nothing : this.#renderStopped(run, run.stopped, locale, inBrowser)}`;
  }

  #progress(run: PrintRun, locale: ResolvedLocale): string {
    const text = printingMessages(locale);
    const state = this.#printing.state;
    // The name as soon as the server has said it; each print says the id again until it has.
    const name = state.status === 'sending' && state.printer !== run.printer ? state.printer : run.name;
    const item = run.items[run.next];
    const slips = run.unit === 'packing-slip';
    if (!item) return (slips ? text.batchSlipsSent : text.batchSent)(run.total, name);
    // A packing slip goes with the label before it.
    const done = Math.max(1, run.sent + (item.document === run.unit ? 1 : 0));
    return (slips ? text.batchSlipsPrinting : text.batchPrinting)(done, run.total, name);
  }

  #renderStopped(
    run: PrintRun,
    reason: string,
    locale: ResolvedLocale,
    inBrowser: () => void,
  ): TemplateResult {
    const text = printingMessages(locale);
    const pdfLeft = run.items
      .slice(run.next)
      .every((item) => item.document !== 'label' || item.entry.label?.format === 'PDF');
    return renderPrintFailure({
      message: (run.unit === 'packing-slip' ? text.batchSlipsStopped : text.batchStopped)(
        run.sent,
        run.total,
        run.name,
        reason,
      ),
      again: { label: text.printRest, part: 'print-rest-button', onClick: this.printRest },
      inBrowser: pdfLeft ? { label: text.printInBrowser, onClick: inBrowser } : undefined,
    });
  }
}
