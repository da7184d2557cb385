/**
 * Writing the warehouse's paper with pdf-lib: pages of one size filled from the top, text wrapped
 * to a width, and Code 128 barcodes drawn as rectangles with their text below.
 *
 * pdf-lib's standard fonts encode WinAnsi (Latin-1 and a few more) and throw on anything else, so
 * every text goes through `printable` first: accents outside it lose their marks ("ő" is "o"), a
 * few letters are spelt out ("ł" is "l"), and what is left becomes "?".
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { code128Widths, canEncodeCode128 } from './code128.js';
import { PAPER_SIZES } from './paper.js';
import type { Paper } from './paper.js';

export const INK = rgb(0, 0, 0);
export const GREY = rgb(0.4, 0.4, 0.4);
export const RULE = rgb(0.75, 0.75, 0.75);

/** Letters with no decomposition into a WinAnsi letter and a mark. */
const SPELT: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  ß: 'ss',
  '\u2010': '-',
  '\u2011': '-',
  '\u2212': '-',
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2009': ' ',
};

const characterSets = new WeakMap<PDFFont, Set<number>>();

function characterSet(font: PDFFont): Set<number> {
  let set = characterSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  return set;
}

/** `text` as `font` can draw it, on one line: whitespace runs are one space. */
export function printable(text: string, font: PDFFont): string {
  const set = characterSet(font);
  const drawable = (value: string): boolean => [...value].every((char) => set.has(char.codePointAt(0) ?? -1));
  let out = '';
  for (const char of text.normalize('NFC').replace(/\s+/gu, ' ')) {
    if (drawable(char)) {
      out += char;
      continue;
    }
    const spelt = SPELT[char];
    const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
    out += spelt !== undefined && drawable(spelt) ? spelt : bare && drawable(bare) ? bare : '?';
  }
  return out;
}

export interface Fonts {
  readonly regular: PDFFont;
  readonly bold: PDFFont;
}

/** `text` broken into lines of at most `width` points; a word longer than that is cut. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/u)) {
    let line = '';
    for (const word of printable(paragraph, font).split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * `items` laid in lines of at most `width` points, separated by `separator`, never splitting an
 * item (unless one alone is wider than the line).
 */
export function flow(
  items: readonly string[],
  separator: string,
  font: PDFFont,
  size: number,
  width: number,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items.map((entry) => printable(entry, font))) {
    const candidate = line ? `${line}${separator}${item}` : item;
    if (!line || font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
    } else {
      lines.push(line);
      line = item;
    }
  }
  if (line) lines.push(line);
  return lines.flatMap((entry) => wrap(entry, font, size, width));
}

/** A barcode's narrowest bar, in points: 0.35 mm, which every warehouse scanner reads from paper. */
const MODULE = 1;
/** The narrowest bar a barcode is shrunk to when its space is short. */
const MIN_MODULE = 0.5;
/** The blank margin on each side of a barcode, in modules. */
const QUIET = 10;
const BARCODE_TEXT_SIZE = 9;

export interface BarcodeBox {
  readonly width: number;
  readonly height: number;
}

/** How much room the barcode of `text` takes, bars `barHeight` tall, within `maxWidth`. */
export function barcodeBox(text: string, barHeight: number, maxWidth: number): BarcodeBox | undefined {
  if (!canEncodeCode128(text)) return undefined;
  const modules = code128Widths(text).reduce((sum, width) => sum + width, 0) + 2 * QUIET;
  const module = Math.max(MIN_MODULE, Math.min(MODULE, maxWidth / modules));
  return { width: modules * module, height: barHeight + BARCODE_TEXT_SIZE + 3 };
}

/**
 * Draws the Code 128 barcode of `text` with its top left corner at (`x`, `top`), quiet zones
 * included, and the text centred below it. Returns its box; undefined (nothing drawn) when `text`
 * is not printable ASCII, which Code 128's set B cannot carry.
 */
export function drawBarcode(
  page: PDFPage,
  fonts: Fonts,
  text: string,
  options: { x: number; top: number; barHeight: number; maxWidth: number },
): BarcodeBox | undefined {
  const box = barcodeBox(text, options.barHeight, options.maxWidth);
  if (!box) return undefined;
  const widths = code128Widths(text);
  const module = box.width / (widths.reduce((sum, width) => sum + width, 0) + 2 * QUIET);
  const bottom = options.top - options.barHeight;
  let x = options.x + QUIET * module;
  widths.forEach((width, index) => {
    if (index % 2 === 0) {
      page.drawRectangle({ x, y: bottom, width: width * module, height: options.barHeight, color: INK });
    }
    x += width * module;
  });
  const shown = printable(text, fonts.regular);
  const textWidth = fonts.regular.widthOfTextAtSize(shown, BARCODE_TEXT_SIZE);
  page.drawText(shown, {
    x: options.x + (box.width - textWidth) / 2,
    y: bottom - BARCODE_TEXT_SIZE - 1,
    size: BARCODE_TEXT_SIZE,
    font: fonts.regular,
    color: INK,
  });
  return box;
}

/** Pages of one paper size, written from the top down; `y` is where the next thing goes. */
export class Sheets {
  readonly size: readonly [width: number, height: number];
  readonly margin: number;
  page: PDFPage;
  y: number;

  private constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    paper: Paper,
  ) {
    this.size = PAPER_SIZES[paper];
    this.margin = paper === '4x6' ? 14 : 40;
    this.page = doc.addPage([...this.size]);
    this.y = this.top;
  }

  static async create(paper: Paper, title: string): Promise<Sheets> {
    const doc = await PDFDocument.create();
    doc.setTitle(title);
    doc.setCreator('commerce-ops-elements');
    const [regular, bold] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
    ]);
    return new Sheets(doc, { regular, bold }, paper);
  }

  get top(): number {
    return this.size[1] - this.margin;
  }

  get left(): number {
    return this.margin;
  }

  /** The width between the margins. */
  get width(): number {
    return this.size[0] - 2 * this.margin;
  }

  /** Whether `height` more points fit on this page. */
  fits(height: number): boolean {
    return this.y - height >= this.margin;
  }

  newPage(): void {
    this.page = this.doc.addPage([...this.size]);
    this.y = this.top;
  }

  /** Draws `lines` from the current `y` at `x`, `size` points, each `leading` below the last. */
  lines(
    lines: readonly string[],
    options: { x: number; size: number; font?: PDFFont; leading?: number; top?: number },
  ): number {
    const leading = options.leading ?? options.size * 1.25;
    let top = options.top ?? this.y;
    for (const line of lines) {
      this.page.drawText(line, {
        x: options.x,
        y: top - options.size,
        size: options.size,
        font: options.font ?? this.fonts.regular,
        color: INK,
      });
      top -= leading;
    }
    return lines.length * leading;
  }

  /** A thin rule across the page at the current `y`. */
  rule(): void {
    this.page.drawLine({
      start: { x: this.left, y: this.y },
      end: { x: this.left + this.width, y: this.y },
      thickness: 0.5,
      color: RULE,
    });
  }

  /** Writes "Page n of m" (in the caller's words) at the foot of every page. */
  footers(text: (page: number, pages: number) => string): void {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      const shown = printable(text(index + 1, pages.length), this.fonts.regular);
      const width = this.fonts.regular.widthOfTextAtSize(shown, 8);
      page.drawText(shown, {
        x: this.size[0] - this.margin - width,
        y: this.margin / 2 - 4,
        size: 8,
        font: this.fonts.regular,
        color: GREY,
      });
    });
  }

  async save(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.doc.save());
  }
}
