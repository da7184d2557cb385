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

/** `mm:ss` (or `h:mm:ss`) left until a moment; `0:00` once it has passed. */
export function formatCountdown(millisecondsLeft: number): string {
  const total = Math.max(0, Math.ceil(millisecondsLeft / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
