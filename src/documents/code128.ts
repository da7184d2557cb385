/**
 * Code 128: text to the widths of its bars and spaces. Code set B carries printable ASCII (what
 * SKUs and order numbers are made of), and runs of four or more digits switch to code set C, two
 * digits a symbol, so numeric order numbers print shorter.
 *
 * A small encoder of our own rather than a barcode library, as it measures clearly smaller in the
 * lazy PDF chunk, minified and gzipped: this module 0.7 KB; JsBarcode's Code 128 encoders (with
 * their base class) 3.0 KB; bwip-js's `code128` (its PostScript engine translated to JavaScript)
 * 49 KB. A PDF needs only the widths, which it draws as rectangles (pdf-sheets.ts); the tests read
 * each barcode back with ZXing from the page as pdf.js draws it.
 */

/** Symbols 0–105, each three bars and three spaces, as widths in modules (11 in all). */
const PATTERNS =
  '212222222122222221121223121322131222122213122312132212221213221312231212112232122132122231113222' +
  '123122123221223211221132221231213212223112312131311222321122321221312212322112322211212123212321' +
  '232121111323131123131321112313132113132311211313231113231311112133112331132131113123113321133121' +
  '313121211331231131213113213311213131311123311321331121312113312311332111314111221411431111111224' +
  '111422121124121421141122141221112214112412122114122411142112142211241211221114413111241112134111' +
  '111242121142121241114212124112124211411212421112421211212141214121412121111143111341131141114113' +
  '114311411113411311113141114131311141411131211412211214211232';
const STOP = [2, 3, 3, 1, 1, 1, 2];
const START_B = 104;
const START_C = 105;
const CODE_B = 100;
const CODE_C = 99;

function pattern(symbol: number): number[] {
  return [...PATTERNS.slice(symbol * 6, symbol * 6 + 6)].map(Number);
}

/** Whether `text` can be drawn: printable ASCII only (code set B), not empty. */
export function canEncodeCode128(text: string): boolean {
  return /^[\x20-\x7e]+$/.test(text);
}

function digitRun(text: string, from: number): number {
  let end = from;
  while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end += 1;
  return end - from;
}

/** The symbol values of `text`, start and check symbol included, stop excluded. */
export function code128Symbols(text: string): number[] {
  if (!canEncodeCode128(text)) throw new RangeError('Code 128 here takes printable ASCII only');
  const symbols: number[] = [];
  let set: 'B' | 'C' | undefined;
  const use = (next: 'B' | 'C'): void => {
    if (set === next) return;
    symbols.push(set === undefined ? (next === 'B' ? START_B : START_C) : next === 'B' ? CODE_B : CODE_C);
    set = next;
  };
  let index = 0;
  while (index < text.length) {
    const run = digitRun(text, index);
    // Set C pays for itself from four digits on; an odd one out goes first, in set B.
    if (run >= 4 && run % 2 === 0) {
      use('C');
      for (const end = index + run; index < end; index += 2)
        symbols.push(Number(text.slice(index, index + 2)));
    } else {
      use('B');
      symbols.push(text.charCodeAt(index) - 32);
      index += 1;
    }
  }
  const check = symbols.reduce((sum, value, position) => sum + value * Math.max(position, 1), 0) % 103;
  return [...symbols, check];
}

/**
 * The widths, in modules, of the bars and spaces of `text`, starting with a bar and ending with
 * the stop's last bar; quiet zones are the caller's.
 */
export function code128Widths(text: string): number[] {
  return [...code128Symbols(text).flatMap(pattern), ...STOP];
}
