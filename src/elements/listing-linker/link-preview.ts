/**
 * What "Link listing" will create when it links by SKU, shown before it is pressed: the listing's
 * title and price as the API will take them. Left empty, the price is 0 (the API does not take the
 * catalog price) and the listing has no title of its own, so the store shows the title of the
 * channel product made for it: the title of the catalog variant with that SKU. Stateless: the
 * element hands over the draft and the store's currency.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { formatMoney } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { listingLinkerMessages } from './listing-linker.messages.js';
import { parseAmount } from './link-form.js';
import type { LinkDraft } from './link-form.js';

/** The preview of a listing linked by SKU, once a SKU is typed (`id="link-preview"` describes "Link listing"). */
export function renderLinkPreview(
  draft: LinkDraft,
  currency: string | null | undefined,
  locale: ResolvedLocale,
): TemplateResult | typeof nothing {
  const sku = draft.sku.trim();
  if (!sku) return nothing;
  const text = listingLinkerMessages(locale);
  const title = draft.title.trim();
  const typedPrice = draft.price.trim();
  const price = parseAmount(typedPrice);
  // A price that is not a number has its own error at the field; the preview does not guess.
  const priceLine = !typedPrice
    ? text.previewNoPrice(formatMoney(0, currency, locale))
    : price === undefined
      ? undefined
      : text.previewPrice(formatMoney(price, currency, locale));
  return html`<div class="notice ${title && typedPrice ? '' : 'warning'}" id="link-preview" part="preview">
    <strong>${text.previewHeading(sku)}</strong>
    <ul>
      <li>${title ? text.previewTitle(title) : text.previewNoTitle}</li>
      ${priceLine ? html`<li>${priceLine}</li>` : nothing}
    </ul>
  </div>`;
}
