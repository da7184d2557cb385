import type { html, nothing, TemplateResult } from 'lit';
import type { Order } from '../../api/index.js';
import type { formatNumber } from '../../shared/format.js';
import type { defineMessages, ResolvedLocale } from '../../shared/locale.js';
import type { AllocationFormMessages, allocationFormMessages } from './allocation-form.messages.js';
import type { AllocationLine, allocationRows, WarehouseChoice } from './allocation-form.model.js';

/*
 * What the last allocation did, shown once the API has answered. This module is loaded with
 * `import()` when "Allocate" sends an allocation (allocation-form.ts), while the request is under
 * way, so a page that never allocates never downloads it. It imports types only, and what it runs
 * with (lit's `html`, the formatting, the rows of an order) comes from the element in an
 * `AllocationResultKit`, as the stock editor's does: eslint holds it to type imports.
 */

/** What the summary runs with, handed over by the element. */
export interface AllocationResultKit {
  html: typeof html;
  nothing: typeof nothing;
  formatNumber: typeof formatNumber;
  messages: typeof allocationFormMessages;
  defineMessages: typeof defineMessages;
  allocationRows: typeof allocationRows;
}

/** `count` is the number the words agree with; `shown` is the same number formatted for the locale. */
type Counted = (count: number, shown: string) => string;

const itemsEn: Counted = (count, shown) => (count === 1 ? '1 item' : `${shown} items`);

/**
 * The summary's English text: keys of the element's namespace (`allocation-form`), so a translation
 * gives them there, but carried by this module, which the element's first load does not hold.
 */
export const en = {
  items: itemsEn,
  resultComplete: (items: string, warehouse: string) =>
    `Allocated ${items} at ${warehouse}. The order is fully allocated.`,
  resultPartial: (items: string, warehouse: string) => `Allocated ${items} at ${warehouse}.`,
  stillToAllocate: 'Still to allocate:',
  andMore: (count: string) => `and ${count} more`,
};

/** English text of the allocation's summary; a translation gives these keys under `allocation-form`. */
export type AllocationResultMessages = typeof en;

/** What the last allocation did, kept as numbers so it reads right in any locale. */
export interface AllocationResult {
  units: number;
  warehouseName: string;
  remaining: Array<{ quantity: number; title: string; sku: string }>;
}

/** How many still-to-allocate lines the result lists before summing up the rest. */
const REMAINING_SHOWN = 8;

/** The summary of an allocation, bound to what the element hands over. */
export function allocationResult(kit: AllocationResultKit) {
  const { html, nothing } = kit;
  const ownText = kit.defineMessages('allocation-form', en as AllocationFormMessages);
  return {
    /** What sending `lines` to `warehouse` did, by the order the API answered with. */
    of(lines: AllocationLine[], warehouse: WarehouseChoice, updated: Order): AllocationResult {
      return {
        units: lines.reduce((sum, line) => sum + line.quantity, 0),
        warehouseName: warehouse.name,
        remaining: kit
          .allocationRows(updated)
          .filter((row) => row.unallocated > 0)
          .map((row) => ({ quantity: row.unallocated, title: row.title, sku: row.sku })),
      };
    },

    /** The last allocation's outcome: what went where, and what is still to allocate. */
    render(result: AllocationResult | undefined, locale: ResolvedLocale): TemplateResult | typeof nothing {
      if (!result) return nothing;
      const text = { ...kit.messages(locale), ...ownText(locale) };
      const count = (n: number) => kit.formatNumber(n, locale);
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
    },
  };
}

/** The summary, once its module has loaded. */
export type AllocationResultView = ReturnType<typeof allocationResult>;
