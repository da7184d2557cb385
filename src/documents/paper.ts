/**
 * The sheets the warehouse prints on, in PDF points (1/72 inch), and which one a locale expects.
 */
import { toResolvedLocale } from '../shared/locale.js';

export type Paper = 'a4' | 'letter' | '4x6';

export const PAPER_SIZES: Record<Paper, readonly [width: number, height: number]> = {
  a4: [595.28, 841.89],
  letter: [612, 792],
  '4x6': [288, 432],
};

export function isPaper(value: unknown): value is Paper {
  return value === 'a4' || value === 'letter' || value === '4x6';
}

/** Letter where the locale's region is the United States or Canada, else A4. */
export function defaultPaper(locale: string): 'a4' | 'letter' {
  const tag = toResolvedLocale(locale).tag;
  let region: string | undefined;
  try {
    region = new Intl.Locale(tag).maximize().region;
  } catch {
    region = undefined;
  }
  return region === 'US' || region === 'CA' ? 'letter' : 'a4';
}
