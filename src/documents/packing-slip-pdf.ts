/**
 * Packing slips as a PDF, one order a slip, each starting on a page of its own: the store, the
 * order number with its Code 128 barcode (order-list's search and pack-check take a scan of it),
 * the order date, the deliver-to address, the delivery method, the items, and the customer's note.
 * Items are never cut by a page break; a slip that runs on repeats its order number on top.
 *
 * Also the batch's one file: each order's label followed by its slip. Loaded with `import()` when a
 * slip is downloaded or printed, with pdf-lib.
 */
import { PDFDocument } from 'pdf-lib';
import type { Order } from '../api/index.js';
import { formatNumber } from '../shared/format.js';
import { toResolvedLocale } from '../shared/locale.js';
import type { ResolvedLocale } from '../shared/locale.js';
import { documentsMessages } from './documents.messages.js';
import type { DocumentsMessages } from './documents.messages.js';
import { packingSlip } from './packing-slip.model.js';
import type { PackingSlip, PackingSlipLine } from './packing-slip.model.js';
import type { Paper } from './paper.js';
import { GREY, Sheets, drawBarcode, printable, wrap } from './pdf-sheets.js';

export interface PackingSlipPdfOptions {
  /** A BCP 47 tag: the slip's words, dates and money. */
  readonly locale: string;
  readonly paper: Paper;
  /** Unit prices, line totals and the order's totals; off by default. */
  readonly prices?: boolean;
}

interface Sizes {
  readonly store: number;
  readonly body: number;
  readonly small: number;
  readonly barHeight: number;
  readonly gap: number;
}

const PAGE_SIZES: Sizes = { store: 18, body: 10.5, small: 9, barHeight: 40, gap: 16 };
const LABEL_SIZES: Sizes = { store: 13, body: 8.5, small: 7.5, barHeight: 30, gap: 9 };

class SlipWriter {
  readonly #text: DocumentsMessages;
  readonly #locale: ResolvedLocale;
  readonly #sizes: Sizes;

  constructor(
    readonly sheets: Sheets,
    locale: ResolvedLocale,
    readonly compact: boolean,
  ) {
    this.#locale = locale;
    this.#text = documentsMessages(locale);
    this.#sizes = compact ? LABEL_SIZES : PAGE_SIZES;
  }

  #lines(lines: readonly string[], size: number, options: { x?: number; bold?: boolean } = {}): void {
    const { sheets } = this;
    sheets.y -= sheets.lines(lines, {
      x: options.x ?? sheets.left,
      size,
      font: options.bold ? sheets.fonts.bold : sheets.fonts.regular,
    });
  }

  #wrapped(text: string, size: number, width: number, bold = false): string[] {
    const { regular, bold: heavy } = this.sheets.fonts;
    return wrap(text, bold ? heavy : regular, size, width);
  }

  /** Store, "Packing slip" and the order number's barcode, side by side on a page, stacked on a label. */
  #head(slip: PackingSlip): void {
    const { sheets } = this;
    const sizes = this.#sizes;
    const top = sheets.y;
    const barcodeWidth = this.compact ? sheets.width : Math.min(260, sheets.width / 2);
    const textWidth = this.compact ? sheets.width : sheets.width - barcodeWidth - 12;
    if (slip.storeName)
      this.#lines(this.#wrapped(slip.storeName, sizes.store, textWidth, true), sizes.store, { bold: true });
    this.#lines(this.#wrapped(this.#text.packingSlip, sizes.body, textWidth), sizes.body);
    const textBottom = sheets.y;
    const barcodeTop = this.compact ? sheets.y - 4 : top;
    const box = drawBarcode(sheets.page, sheets.fonts, slip.orderNumber, {
      x: this.compact ? sheets.left - 4 : sheets.left + sheets.width - barcodeWidth,
      top: barcodeTop,
      barHeight: sizes.barHeight,
      maxWidth: barcodeWidth,
    });
    sheets.y = Math.min(textBottom, barcodeTop - (box?.height ?? 0)) - sizes.gap;
  }

  /** Label and value pairs: order number, date, delivery method. */
  #facts(slip: PackingSlip): void {
    const { sheets } = this;
    const { body } = this.#sizes;
    const { bold } = sheets.fonts;
    const facts: [string, string][] = [
      [this.#text.orderNumber, slip.orderNumber],
      [this.#text.orderDate, slip.orderDate],
    ];
    if (slip.deliveryMethod) facts.push([this.#text.deliveryMethod, slip.deliveryMethod]);
    const labelWidth =
      Math.max(...facts.map(([label]) => bold.widthOfTextAtSize(printable(label, bold), body))) + 10;
    for (const [label, value] of facts) {
      const lines = this.#wrapped(value, body, sheets.width - labelWidth);
      sheets.lines([printable(label, bold)], { x: sheets.left, size: body, font: bold });
      this.#lines(lines, body, { x: sheets.left + labelWidth });
    }
    sheets.y -= this.#sizes.gap;
  }

  #address(slip: PackingSlip): void {
    if (slip.deliverTo.length === 0) return;
    const { sheets } = this;
    const { body, small } = this.#sizes;
    this.#lines(this.#wrapped(this.#text.deliverTo, small, sheets.width, true), small, { bold: true });
    sheets.y -= 2;
    for (const line of slip.deliverTo) this.#lines(this.#wrapped(line, body + 1, sheets.width), body + 1);
    sheets.y -= this.#sizes.gap;
  }

  #columns(prices: boolean): { item: number; quantity: number; price: number; total: number; end: number } {
    const { sheets } = this;
    const end = sheets.left + sheets.width;
    const money = this.compact ? 52 : 80;
    const quantity = this.compact ? 30 : 60;
    return prices
      ? {
          item: sheets.left,
          quantity: end - 2 * money - quantity,
          price: end - 2 * money,
          total: end - money,
          end,
        }
      : { item: sheets.left, quantity: end - quantity, price: end, total: end, end };
  }

  #itemHeader(prices: boolean): void {
    const { sheets } = this;
    const { small } = this.#sizes;
    const { bold } = sheets.fonts;
    const columns = this.#columns(prices);
    sheets.lines([printable(this.#text.items, bold)], { x: columns.item, size: small, font: bold });
    const right = (text: string, edge: number): void => {
      const shown = printable(text, bold);
      sheets.lines([shown], { x: edge - bold.widthOfTextAtSize(shown, small) - 4, size: small, font: bold });
    };
    right(this.#text.quantity, prices ? columns.price : columns.end);
    if (prices) {
      right(this.#text.price, columns.total);
      right(this.#text.lineTotal, columns.end);
    }
    sheets.y -= small * 1.25 + 2;
    sheets.rule();
  }

  #itemCell(line: PackingSlipLine, width: number): { title: string[]; details: string[]; height: number } {
    const { body, small } = this.#sizes;
    const title = this.#wrapped(line.title, body, width, true);
    const details = [line.sku ? `SKU ${line.sku}` : '', ...line.values]
      .filter(Boolean)
      .flatMap((detail) => this.#wrapped(detail, small, width));
    return { title, details, height: 8 + title.length * body * 1.25 + details.length * small * 1.25 };
  }

  #items(slip: PackingSlip, prices: boolean): void {
    const { sheets } = this;
    const { body, small } = this.#sizes;
    const { bold, regular } = sheets.fonts;
    const columns = this.#columns(prices);
    const width = columns.quantity - columns.item - 8;
    this.#itemHeader(prices);
    for (const line of slip.lines) {
      const cell = this.#itemCell(line, width);
      if (!sheets.fits(cell.height)) {
        sheets.newPage();
        this.#continued(slip);
        this.#itemHeader(prices);
      }
      const top = sheets.y - 4;
      const below = top - sheets.lines(cell.title, { x: columns.item, size: body, font: bold, top });
      sheets.lines(cell.details, { x: columns.item, size: small, top: below });
      const right = (text: string, edge: number, font = regular, size = body): void => {
        const shown = printable(text, font);
        sheets.lines([shown], { x: edge - font.widthOfTextAtSize(shown, size) - 4, size, font, top });
      };
      right(formatNumber(line.quantity, this.#locale), prices ? columns.price : columns.end, bold, body + 1);
      if (prices) {
        right(line.unitPrice ?? '', columns.total);
        right(line.lineTotal ?? '', columns.end);
      }
      sheets.y -= cell.height;
      sheets.rule();
    }
    sheets.y -= this.#sizes.gap;
  }

  #totals(slip: PackingSlip): void {
    if (!slip.totals) return;
    const { sheets } = this;
    const { body } = this.#sizes;
    const { bold, regular } = sheets.fonts;
    const rows: [string, string, boolean][] = [
      [this.#text.subtotal, slip.totals.subtotal, false],
      [this.#text.delivery, slip.totals.delivery, false],
      [this.#text.total, slip.totals.total, true],
    ];
    if (!sheets.fits(rows.length * body * 1.4)) sheets.newPage();
    const end = sheets.left + sheets.width - 4;
    for (const [label, value, strong] of rows) {
      const font = strong ? bold : regular;
      const shownValue = printable(value, font);
      const shownLabel = printable(label, font);
      sheets.lines([shownValue], { x: end - font.widthOfTextAtSize(shownValue, body), size: body, font });
      sheets.lines([shownLabel], {
        x: end - 110 - font.widthOfTextAtSize(shownLabel, body),
        size: body,
        font,
      });
      sheets.y -= body * 1.4;
    }
    sheets.y -= this.#sizes.gap;
  }

  #note(slip: PackingSlip): void {
    if (!slip.note) return;
    const { sheets } = this;
    const { body, small } = this.#sizes;
    const padding = 6;
    const lines = this.#wrapped(slip.note, body, sheets.width - 2 * padding);
    const shown = lines.length * body * 1.25;
    const height = 2 * padding + small * 1.25 + 3 + shown;
    if (!sheets.fits(Math.min(height, sheets.top - sheets.margin))) {
      sheets.newPage();
      this.#continued(slip);
    }
    const top = sheets.y;
    const room = Math.max(
      0,
      Math.floor((sheets.y - sheets.margin - 2 * padding - small * 1.25 - 3) / (body * 1.25)),
    );
    const drawn = lines.slice(0, room);
    const boxHeight = 2 * padding + small * 1.25 + 3 + drawn.length * body * 1.25;
    sheets.page.drawRectangle({
      x: sheets.left,
      y: top - boxHeight,
      width: sheets.width,
      height: boxHeight,
      borderColor: GREY,
      borderWidth: 0.75,
    });
    sheets.y -= padding;
    this.#lines(this.#wrapped(this.#text.customerNote, small, sheets.width - 2 * padding, true), small, {
      x: sheets.left + padding,
      bold: true,
    });
    sheets.y -= 3;
    this.#lines(drawn, body, { x: sheets.left + padding });
    sheets.y = top - boxHeight - this.#sizes.gap;
    // A note longer than a page goes on over the next ones, without its box.
    let rest = lines.slice(drawn.length);
    while (rest.length > 0) {
      sheets.newPage();
      this.#continued(slip);
      const fit = Math.max(1, Math.floor((sheets.y - sheets.margin) / (body * 1.25)));
      this.#lines(rest.slice(0, fit), body, { x: sheets.left + padding });
      rest = rest.slice(fit);
    }
  }

  /** The top of a slip's second page on: which order it belongs to. */
  #continued(slip: PackingSlip): void {
    const { small } = this.#sizes;
    const heading = this.#text.continued(`${this.#text.packingSlip} ${slip.orderNumber}`);
    this.#lines(this.#wrapped(heading, small, this.sheets.width), small);
    this.sheets.y -= this.#sizes.gap / 2;
  }

  slip(slip: PackingSlip, prices: boolean): void {
    this.#head(slip);
    this.#facts(slip);
    this.#address(slip);
    this.#items(slip, prices);
    this.#totals(slip);
    this.#note(slip);
  }
}

async function slipSheets(orders: readonly Order[], options: PackingSlipPdfOptions): Promise<Sheets> {
  const locale = toResolvedLocale(options.locale);
  const text = documentsMessages(locale);
  const prices = options.prices ?? false;
  const slips = orders.map((order) => packingSlip(order, { locale, prices }));
  const title =
    slips.length === 1 && slips[0] ? `${text.packingSlip} ${slips[0].orderNumber}` : text.packingSlip;
  const sheets = await Sheets.create(options.paper, title);
  const writer = new SlipWriter(sheets, locale, options.paper === '4x6');
  slips.forEach((slip, index) => {
    if (index > 0) sheets.newPage();
    writer.slip(slip, prices);
  });
  return sheets;
}

/** One packing slip per order, each from a new page. */
export async function packingSlipPdf(
  orders: readonly Order[],
  options: PackingSlipPdfOptions,
): Promise<Uint8Array<ArrayBuffer>> {
  return (await slipSheets(orders, options)).save();
}

/** Each order's label (a PDF, all its pages) followed by its packing slip, in the given order. */
export async function labelsWithSlipsPdf(
  entries: readonly { readonly label: Uint8Array; readonly order: Order }[],
  options: PackingSlipPdfOptions,
): Promise<Uint8Array<ArrayBuffer>> {
  const merged = await PDFDocument.create();
  for (const entry of entries) {
    const label = await PDFDocument.load(entry.label);
    for (const page of await merged.copyPages(label, label.getPageIndices())) merged.addPage(page);
    const slip = (await slipSheets([entry.order], options)).doc;
    for (const page of await merged.copyPages(slip, slip.getPageIndices())) merged.addPage(page);
  }
  return new Uint8Array(await merged.save());
}
