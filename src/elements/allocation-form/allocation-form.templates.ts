/**
 * The allocation form's templates that need nothing of the element but what they are given: what
 * the last allocation did, once the API has answered (the units allocated, at which warehouse, and
 * what is still to allocate).
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { formatNumber } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { allocationFormMessages } from './allocation-form.messages.js';
import type { AllocationResult } from './allocation-form.model.js';

/** How many still-to-allocate lines the result lists before summing up the rest. */
const REMAINING_SHOWN = 8;

/** The last allocation's outcome: what went where, and what is still to allocate. */
export function renderAllocationResult(
  result: AllocationResult | undefined,
  locale: ResolvedLocale,
): TemplateResult | typeof nothing {
  if (!result) return nothing;
  const text = allocationFormMessages(locale);
  const count = (n: number) => formatNumber(n, locale);
  const items = text.items(result.units, count(result.units));
  if (result.remaining.length === 0) {
    return html`<p class="notice success" part="result" tabindex="-1">
      ${text.resultComplete(items, result.warehouseName)}
    </p>`;
  }
  const shown = result.remaining.slice(0, REMAINING_SHOWN);
  const more = result.remaining.length - shown.length;
  return html`<div class="notice" part="result" tabindex="-1">
    <p>${text.resultPartial(items, result.warehouseName)}</p>
    <p>${text.stillToAllocate}</p>
    <ul class="remaining">
      ${shown.map(
        (line) =>
          html`<li>
            ${text.remainingLine(count(line.quantity), line.sku ? `${line.title} (${line.sku})` : line.title)}
          </li>`,
      )}
      ${more > 0 ? html`<li>${text.andMore(count(more))}</li>` : nothing}
    </ul>
  </div>`;
}
