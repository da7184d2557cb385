/**
 * The batch's bought labels as one file per format: the PDFs merged into one PDF (pdf-lib, loaded
 * with `import()` only now, so it stays out of every bundle but its own file), the ZPL labels one
 * after another. Files keep the table's order. Loaded with the rest of what a press runs
 * (batch-files-controller.ts).
 */
import type { Order } from '../../api/index.js';
import { onDemand } from '../../api/load-on-demand.js';
import { decodeBase64 } from '../../shared/label-files.js';
import type { BatchEntry } from './label-batch.model.js';
import type { LabelFormat } from './batch-booking.js';
import type * as MergeLabels from './merge-labels.js';

/** Why the labels could not be made into a file (a key of the actions' messages). */
export type FileProblem = 'fileUnreadable' | 'mergeFailed';

/** Loads pdf-lib's merge (merge-labels.ts); rejects with a `load_failed` `OpsError` when it could not. */
export type LoadMerge = () => Promise<typeof MergeLabels>;

/** pdf-lib's merge, fetched when labels are first made into one file (again after a failed load). */
const loadMerge: LoadMerge = onDemand('merge-labels', () => import('./merge-labels.js'));

/** Today as `YYYY-MM-DD` in the user's time zone, for file names. */
export function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function isFileProblem(value: unknown): value is FileProblem {
  return value === 'fileUnreadable' || value === 'mergeFailed';
}

/** What the batch's packing slips look like: the locale's words, `slip-prices` and `slip-size`. */
export interface SlipOptions {
  locale: string;
  prices: boolean;
  size: string | undefined;
}

/** The slips' options as the documents layer takes them: the paper `slip-size` names, else the locale's. */
function slipPdfOptions(module: typeof MergeLabels, slips: SlipOptions) {
  const size = slips.size?.trim().toLowerCase();
  return {
    locale: slips.locale,
    paper: module.isPaper(size) ? size : module.defaultPaper(slips.locale),
    prices: slips.prices,
  };
}

/**
 * Each bought PDF label followed by its order's packing slip, in the table's order, as one PDF;
 * undefined when no PDF label was bought. `orders` reads each order (from the order store when it
 * holds it). Rejects with the `load_failed` `OpsError` of `merge`, or the error of an order that
 * could not be read.
 */
export async function labelsWithSlips(
  entries: readonly BatchEntry[],
  orders: (orderId: number) => Promise<Order>,
  slips: SlipOptions,
  merge: LoadMerge = loadMerge,
): Promise<Uint8Array<ArrayBuffer> | FileProblem | undefined> {
  const labelled: { label: Uint8Array<ArrayBuffer>; orderId: number }[] = [];
  for (const entry of entries) {
    if (entry.label?.format !== 'PDF' || !entry.label.label) continue;
    const label = decodeBase64(entry.label.label);
    if (!label) return 'fileUnreadable';
    labelled.push({ label, orderId: entry.orderId });
  }
  if (labelled.length === 0) return undefined;
  const [module, read] = await Promise.all([
    merge(),
    Promise.all(labelled.map(async (entry) => ({ label: entry.label, order: await orders(entry.orderId) }))),
  ]);
  try {
    return await module.labelsWithSlipsPdf(read, slipPdfOptions(module, slips));
  } catch {
    return 'mergeFailed';
  }
}

/** One file a printer of the host's server is sent: an order's label, or its packing slip. */
export interface PrintItem {
  entry: BatchEntry;
  document: 'label' | 'packing-slip';
}

/**
 * One order's packing slip as a PDF, for a printer of the host's server. Rejects with the
 * `load_failed` `OpsError` of `merge` when pdf-lib could not be loaded.
 */
export async function slipPdf(
  order: Order,
  slips: SlipOptions,
  merge: LoadMerge = loadMerge,
): Promise<Uint8Array<ArrayBuffer>> {
  const module = await merge();
  return module.packingSlipPdf([order], slipPdfOptions(module, slips));
}

/**
 * What a printer of the host's server did not print, for the browser to: each PDF label as bought
 * and each packing slip drawn, in the order of `items`, as one PDF; undefined when there is none.
 * Rejects as `labelsWithSlips` does.
 */
export async function printItemsPdf(
  items: readonly PrintItem[],
  orders: (orderId: number) => Promise<Order>,
  slips: SlipOptions,
  merge: LoadMerge = loadMerge,
): Promise<Uint8Array<ArrayBuffer> | FileProblem | undefined> {
  // A packing slip as its order's id until the orders are read.
  const pdfs: (Uint8Array<ArrayBuffer> | number)[] = [];
  for (const { entry, document } of items) {
    if (document === 'packing-slip') {
      pdfs.push(entry.orderId);
      continue;
    }
    if (entry.label?.format !== 'PDF' || !entry.label.label) continue;
    const bytes = decodeBase64(entry.label.label);
    if (!bytes) return 'fileUnreadable';
    pdfs.push(bytes);
  }
  if (pdfs.length === 0) return undefined;
  const [module, read] = await Promise.all([
    merge(),
    Promise.all(pdfs.map((file) => (typeof file === 'number' ? orders(file) : file))),
  ]);
  try {
    const files = await Promise.all(
      read.map((file) =>
        file instanceof Uint8Array ? file : module.packingSlipPdf([file], slipPdfOptions(module, slips)),
      ),
    );
    return await module.mergePdfLabels(files);
  } catch {
    return 'mergeFailed';
  }
}

/** The bought labels' documents of one format, or a problem when one is not valid Base64. */
function documents(
  entries: readonly BatchEntry[],
  format: LabelFormat,
): Uint8Array<ArrayBuffer>[] | FileProblem {
  const found: Uint8Array<ArrayBuffer>[] = [];
  for (const entry of entries) {
    if (entry.label?.format !== format || !entry.label.label) continue;
    const bytes = decodeBase64(entry.label.label);
    if (!bytes) return 'fileUnreadable';
    found.push(bytes);
  }
  return found;
}

/**
 * The PDF labels as one PDF; undefined when there are none. Rejects with the `load_failed`
 * `OpsError` of `merge` when pdf-lib could not be loaded: that is no problem of the labels, and
 * trying again loads it again.
 */
export async function batchPdf(
  entries: readonly BatchEntry[],
  merge: LoadMerge = loadMerge,
): Promise<Uint8Array<ArrayBuffer> | FileProblem | undefined> {
  const pdfs = documents(entries, 'PDF');
  if (typeof pdfs === 'string') return pdfs;
  if (pdfs.length === 0) return undefined;
  const { mergePdfLabels } = await merge();
  try {
    return await mergePdfLabels(pdfs);
  } catch {
    return 'mergeFailed';
  }
}

/** The ZPL labels one after another (each a complete `^XA … ^XZ` format); undefined when none. */
export function batchZpl(entries: readonly BatchEntry[]): Uint8Array<ArrayBuffer> | FileProblem | undefined {
  const files = documents(entries, 'ZPL');
  if (typeof files === 'string') return files;
  if (files.length === 0) return undefined;
  const newline = 0x0a;
  const joined = new Uint8Array(files.reduce((sum, file) => sum + file.byteLength + 1, 0));
  let offset = 0;
  for (const file of files) {
    joined.set(file, offset);
    offset += file.byteLength;
    joined[offset] = newline;
    offset += 1;
  }
  return joined;
}

/** A file to save: its bytes, name and media type. */
export interface LabelFile {
  bytes: Uint8Array<ArrayBuffer>;
  name: string;
  type: string;
}

/**
 * The files "Download labels" saves for `entries`: `labels-<date>.pdf` with the PDF labels and
 * `labels-<date>.zpl` with the ZPL ones (each only when there are such labels); or why they could
 * not be made. Rejects as `batchPdf` does when pdf-lib could not be loaded.
 */
export async function filesFor(
  entries: readonly BatchEntry[],
  merge: LoadMerge = loadMerge,
  date: string = today(),
): Promise<LabelFile[] | FileProblem> {
  const zpl = batchZpl(entries);
  if (isFileProblem(zpl)) return zpl;
  const pdf = await batchPdf(entries, merge);
  if (isFileProblem(pdf)) return pdf;
  const files: LabelFile[] = [];
  if (pdf) files.push({ bytes: pdf, name: `labels-${date}.pdf`, type: 'application/pdf' });
  if (zpl) files.push({ bytes: zpl, name: `labels-${date}.zpl`, type: 'text/plain' });
  return files;
}
