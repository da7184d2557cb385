/**
 * Weights and the time left on a quote, turned into text: beside `format.ts` (which names them
 * too), so an element that shows neither holds none of this.
 */
import { EMPTY, formatNumber, isFiniteNumber, numberFormat } from './format.js';
import type { ResolvedLocale } from './locale.js';

const WEIGHT_UNITS: Record<string, string> = {
  g: 'gram',
  kg: 'kilogram',
  oz: 'ounce',
  lb: 'pound',
};

export function formatWeight(
  value: number | null | undefined,
  unit: string | null | undefined,
  locale: ResolvedLocale,
): string {
  if (!isFiniteNumber(value)) return EMPTY;
  const intlUnit = WEIGHT_UNITS[(unit ?? 'g').toLowerCase()];
  if (!intlUnit) return `${formatNumber(value, locale)} ${unit ?? ''}`.trim();
  return numberFormat(locale, { style: 'unit', unit: intlUnit, maximumFractionDigits: 2 }).format(value);
}
