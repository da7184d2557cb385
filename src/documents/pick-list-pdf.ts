/**
 * The pick list on paper: for each warehouse a table "Pick at <warehouse>" of the rows in walking
 * order (location, the item's title and SKU with a Code 128 barcode of the SKU, the quantity, and
 * each order with its quantity), then what is not allocated yet. A row is never cut by a page
 * break: a row that does not fit starts the next page, under the table's heading again.
 *
 * The rows come worked out (by `<pick-list>`); this only draws them. Loaded with `import()` when a
 * pick list is downloaded or printed, with pdf-lib.
 */
import type { PDFFont } from 'pdf-lib';
import { formatDate, formatNumber } from '../shared/format.js';
import { toResolvedLocale } from '../shared/locale.js';
import type { ResolvedLocale } from '../shared/locale.js';
import { documentsMessages } from './documents.messages.js';
import type { DocumentsMessages } from './documents.messages.js';
import { Sheets, barcodeBox, drawBarcode, flow, printable, wrap } from './pdf-sheets.js';

export interface PickListPdfRow {
  location: string | null;
  sku: string;
  title: string;
  quantity: number;
  orders: { number: string; quantity: number }[];
  inKit: string | null;
}
export interface PickListPdfSection {
  warehouseName: string;
  rows: PickListPdfRow[];
}
export interface PickListPdfInput {
  sections: PickListPdfSection[];
  notAllocated: { number: string; sku: string; title: string; quantity: number }[];
  date: Date;
  locale: string;
  paper: 'a4' | 'letter';
}

const BODY = 10;
const SMALL = 8.5;
const HEADING = 13;
const PADDING = 5;
const BAR_HEIGHT = 22;

interface Column {
  readonly x: number;
  readonly width: number;
}

/** Left edges and widths of Location, Item, Quantity and Orders. */
function columns(sheets: Sheets): { location: Column; item: Column; quantity: Column; orders: Column } {
  const gap = 8;
  const widths = [0.15, 0.45, 0.11, 0.29].map((share) => share * sheets.width);
  let x = sheets.left;
  const [location, item, quantity, orders] = widths.map((width) => {
    const column = { x, width: width - gap };
    x += width;
    return column;
  }) as [Column, Column, Column, Column];
  return { location, item, quantity, orders };
}

interface Cell {
  readonly lines: readonly string[];
  readonly font: PDFFont;
  readonly size: number;
}

function height(cells: readonly Cell[]): number {
  return cells.reduce((sum, cell) => sum + cell.lines.length * cell.size * 1.25, 0);
}

class PickListWriter {
  readonly #text: DocumentsMessages;
  readonly #locale: ResolvedLocale;
  readonly #columns: ReturnType<typeof columns>;

  constructor(
    readonly sheets: Sheets,
    locale: ResolvedLocale,
  ) {
    this.#locale = locale;
    this.#text = documentsMessages(locale);
    this.#columns = columns(sheets);
  }

  #count(value: number): string {
    return formatNumber(value, this.#locale);
  }

  title(date: Date): void {
    const { sheets } = this;
    const { bold, regular } = sheets.fonts;
    sheets.lines([printable(this.#text.pickList, bold)], { x: sheets.left, size: 18, font: bold });
    const shown = printable(formatDate(date, this.#locale), regular);
    sheets.lines([shown], {
      x: sheets.left + sheets.width - regular.widthOfTextAtSize(shown, BODY),
      size: BODY,
      top: sheets.y - 6,
    });
    sheets.y -= 32;
  }

  /** The table's heading and its column names, on a new page when they and one row do not fit. */
  heading(text: string, nextRow: number): void {
    const { sheets } = this;
    const { bold } = sheets.fonts;
    if (!sheets.fits(HEADING * 1.25 + 8 + BODY * 1.25 + nextRow)) sheets.newPage();
    sheets.y -= sheets.lines(wrap(text, bold, HEADING, sheets.width), {
      x: sheets.left,
      size: HEADING,
      font: bold,
    });
    sheets.y -= 4;
    const { location, item, quantity, orders } = this.#columns;
    const names: [Column, string][] = [
      [location, this.#text.location],
      [item, this.#text.item],
      [quantity, this.#text.quantity],
      [orders, this.#text.orders],
    ];
    for (const [column, name] of names) {
      sheets.lines(wrap(name, bold, SMALL, column.width).slice(0, 1), {
        x: column.x,
        size: SMALL,
        font: bold,
      });
    }
    sheets.y -= SMALL * 1.25 + 2;
    sheets.rule();
  }

  #rowCells(row: PickListPdfRow): { location: Cell[]; item: Cell[]; orders: Cell[]; barcode: number } {
    const { regular, bold } = this.sheets.fonts;
    const { location, item, orders } = this.#columns;
    const itemCells: Cell[] = [{ lines: wrap(row.title, bold, BODY, item.width), font: bold, size: BODY }];
    const box = barcodeBox(row.sku, BAR_HEIGHT, item.width);
    // The barcode's own line spells the SKU; a SKU it cannot carry is written out instead.
    if (!box) {
      itemCells.push({
        lines: wrap(this.#text.sku(row.sku), regular, SMALL, item.width),
        font: regular,
        size: SMALL,
      });
    }
    if (row.inKit) {
      itemCells.push({
        lines: wrap(this.#text.inKit(row.inKit), regular, SMALL, item.width),
        font: regular,
        size: SMALL,
      });
    }
    return {
      location: [
        {
          lines: wrap(row.location?.trim() || this.#text.noLocation, bold, BODY + 1, location.width),
          font: bold,
          size: BODY + 1,
        },
      ],
      item: itemCells,
      orders: [
        {
          lines: flow(
            row.orders.map((order) => `${order.number} × ${this.#count(order.quantity)}`),
            ', ',
            regular,
            BODY,
            orders.width,
          ),
          font: regular,
          size: BODY,
        },
      ],
      barcode: box ? box.height + 4 : 0,
    };
  }

  rowHeight(row: PickListPdfRow): number {
    const cells = this.#rowCells(row);
    return (
      2 * PADDING +
      Math.max(height(cells.location), height(cells.item) + cells.barcode, height(cells.orders), 16)
    );
  }

  row(row: PickListPdfRow): void {
    const { sheets } = this;
    const { bold } = sheets.fonts;
    const cells = this.#rowCells(row);
    const top = sheets.y - PADDING;
    const draw = (list: readonly Cell[], x: number): number => {
      let y = top;
      for (const cell of list) y -= sheets.lines(cell.lines, { x, size: cell.size, font: cell.font, top: y });
      return y;
    };
    draw(cells.location, this.#columns.location.x);
    const itemBottom = draw(cells.item, this.#columns.item.x);
    drawBarcode(sheets.page, sheets.fonts, row.sku, {
      x: this.#columns.item.x - 2,
      top: itemBottom - 3,
      barHeight: BAR_HEIGHT,
      maxWidth: this.#columns.item.width,
    });
    const quantity = printable(this.#count(row.quantity), bold);
    const { quantity: column } = this.#columns;
    sheets.lines([quantity], {
      x: column.x + column.width - bold.widthOfTextAtSize(quantity, 14),
      size: 14,
      font: bold,
      top,
    });
    draw(cells.orders, this.#columns.orders.x);
    sheets.y -= this.rowHeight(row);
    sheets.rule();
  }

  section(section: PickListPdfSection): void {
    const heading = this.#text.pickAt(section.warehouseName);
    const [first] = section.rows;
    this.heading(heading, first ? this.rowHeight(first) : 0);
    for (const row of section.rows) {
      const rowHeight = this.rowHeight(row);
      if (!this.sheets.fits(rowHeight)) {
        this.sheets.newPage();
        this.heading(this.#text.continued(heading), rowHeight);
      }
      this.row(row);
    }
    this.sheets.y -= 18;
  }

  notAllocated(items: PickListPdfInput['notAllocated']): void {
    const { sheets } = this;
    const { regular, bold } = sheets.fonts;
    const { location, item, quantity } = this.#columns;
    const rowOf = (entry: PickListPdfInput['notAllocated'][number]) => {
      const title = wrap(entry.title, regular, BODY, item.width);
      const sku = wrap(this.#text.sku(entry.sku), regular, SMALL, item.width);
      const number = wrap(entry.number, regular, BODY, location.width);
      return {
        title,
        sku,
        number,
        height:
          2 * PADDING +
          Math.max(title.length * BODY * 1.25 + sku.length * SMALL * 1.25, number.length * BODY * 1.25),
      };
    };
    const headingText = this.#text.notAllocated;
    const header = (text: string, next: number): void => {
      if (!sheets.fits(HEADING * 1.25 + 8 + SMALL * 1.25 + next)) sheets.newPage();
      sheets.y -= sheets.lines(wrap(text, bold, HEADING, sheets.width), {
        x: sheets.left,
        size: HEADING,
        font: bold,
      });
      sheets.y -= 4;
      sheets.lines([printable(this.#text.order, bold)], { x: location.x, size: SMALL, font: bold });
      sheets.lines([printable(this.#text.item, bold)], { x: item.x, size: SMALL, font: bold });
      sheets.lines([printable(this.#text.quantity, bold)], { x: quantity.x, size: SMALL, font: bold });
      sheets.y -= SMALL * 1.25 + 2;
      sheets.rule();
    };
    const rows = items.map(rowOf);
    header(headingText, rows[0]?.height ?? 0);
    rows.forEach((row, index) => {
      if (!sheets.fits(row.height)) {
        sheets.newPage();
        header(this.#text.continued(headingText), row.height);
      }
      const top = sheets.y - PADDING;
      sheets.lines(row.number, { x: location.x, size: BODY, top });
      const below = top - sheets.lines(row.title, { x: item.x, size: BODY, top });
      sheets.lines(row.sku, { x: item.x, size: SMALL, top: below });
      const shown = printable(this.#count(items[index]?.quantity ?? 0), bold);
      sheets.lines([shown], {
        x: quantity.x + quantity.width - bold.widthOfTextAtSize(shown, BODY),
        size: BODY,
        font: bold,
        top,
      });
      sheets.y -= row.height;
      sheets.rule();
    });
  }
}

/** The pick list as a PDF, on A4 or Letter. */
export async function pickListPdf(input: PickListPdfInput): Promise<Uint8Array> {
  const locale = toResolvedLocale(input.locale);
  const text = documentsMessages(locale);
  const sheets = await Sheets.create(input.paper, text.pickList);
  const writer = new PickListWriter(sheets, locale);
  writer.title(input.date);
  const sections = input.sections.filter((section) => section.rows.length > 0);
  for (const section of sections) writer.section(section);
  if (input.notAllocated.length > 0) writer.notAllocated(input.notAllocated);
  if (sections.length === 0 && input.notAllocated.length === 0) {
    sheets.lines([printable(text.nothingToPick, sheets.fonts.regular)], { x: sheets.left, size: BODY });
  }
  sheets.footers((page, pages) => text.page(formatNumber(page, locale), formatNumber(pages, locale)));
  return sheets.save();
}
