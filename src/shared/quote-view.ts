/**
 * How a shipping quote is named on screen, shared by the elements that show quotes.
 */
import type { Quote } from '../api/index.js';
import { EMPTY, formatMoney, formatNumber, humanizeCode } from './format.js';
import type { ResolvedLocale } from './locale.js';

/** Carrier codes such as `swift_courier` read as names ("Swift Courier"); names the API gave stay. */
function readable(value: string): string {
  if (!/^[a-z0-9_]+$/.test(value)) return value;
  return humanizeCode(value).replace(
    /(^|\s)(\p{Ll})/gu,
    (_match, space: string, letter: string) => space + letter.toUpperCase(),
  );
}

export function carrierLabel(quote: Pick<Quote, 'carrierName' | 'carrierId'>): string {
  const name = quote.carrierName ?? quote.carrierId;
  return name ? readable(name) : EMPTY;
}

export function serviceLabel(quote: Pick<Quote, 'serviceName' | 'serviceId'>): string {
  return quote.serviceName ?? quote.serviceId ?? EMPTY;
}

/** The chosen option values as "Label: value label" lines, in the quote's option order. */
export function chosenOptionLines(
  quote: Quote,
  options: Readonly<Record<string, string | number>>,
  locale: ResolvedLocale,
): string[] {
  return quote.serviceOptions.flatMap((option) => {
    const value = options[option.key];
    if (value === undefined || value === '') return [];
    let shown = String(value);
    if (option.type === 'select') {
      shown = option.values.find((choice) => choice.value === value)?.label ?? shown;
    } else if (typeof value === 'number') {
      shown =
        option.unit && /^[A-Z]{3}$/.test(option.unit)
          ? formatMoney(value, option.unit, locale)
          : `${formatNumber(value, locale)}${option.unit ? ` ${option.unit}` : ''}`;
    }
    return [`${option.label}: ${shown}`];
  });
}

export { readable as readableCode };
