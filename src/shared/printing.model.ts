/**
 * What the elements with a `printer` read from their attributes, apart from the UI: which files
 * `auto-print` prints, and a file's format as the server's printers name it.
 */

/** What `auto-print` prints as soon as a label is bought: the label, and its packing slip with `"label slip"`. */
export interface AutoPrint {
  label: boolean;
  slip: boolean;
}

/**
 * `auto-print` as set: absent or `false` prints nothing; present (empty) or `label` prints the label;
 * `label slip` (any order, spaces or commas) prints its packing slip too, and `slip` the slip alone.
 */
export function autoPrintOf(value: string | null | undefined): AutoPrint {
  if (value === null || value === undefined) return { label: false, slip: false };
  const words = value
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  if (words.length === 1 && words[0] === 'false') return { label: false, slip: false };
  const slip = words.includes('slip');
  return { label: words.includes('label') || !slip, slip };
}

/** A file's format as a printer's `formats` names it: `PDF`, `ZPL`, else its type. */
export function printFormatOf(type: string): string {
  return type === 'application/pdf' ? 'PDF' : type === 'application/x-zpl' ? 'ZPL' : type;
}
