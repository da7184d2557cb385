/**
 * The listing linker's section of a store's listings: the remote SKU filter, the table (one row per
 * listing with what its relationships name) and the pager. Stateless: it takes the page and
 * callbacks, and the element holds the page, its size, the filter and the listing just linked.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { OpsError } from '../../api/errors.js';
import type { AnyResource, ChannelSellable, ChannelSellablePage, ResourceRef } from '../../api/index.js';
import { pagingOf } from '../../api/pagination.js';
import { EMPTY, formatMoney, formatNumber } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { renderBadge, renderErrorBanner, renderLoading } from '../../shared/templates.js';
import { listingLinkerMessages } from './listing-linker.messages.js';

const PAGE_SIZES = [10, 25, 50, 100];

export interface ListingsTableView {
  /** A newer page is loading. */
  pending: boolean;
  skuFilter: string;
  /** The listing just linked, marked "New". */
  newListingId: string | undefined;
  /** The page asked for, when the API does not say which it served. */
  pageFallback: number;
  pageSize: number;
  locale: ResolvedLocale;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

export interface ListingsSectionView extends ListingsTableView {
  /** The page shown, once one has loaded. */
  result: ChannelSellablePage | undefined;
  failure: OpsError | undefined;
  /** What the filter field holds; becomes `skuFilter` on "Find". */
  filterText: string;
  onRetry: () => void;
  onFilterInput: (text: string) => void;
  onFilter: () => void;
  onClearFilter: () => void;
}

/** The "Listings in this store" region: filter, loading state or failure, table and pager. */
export function renderListingsSection(view: ListingsSectionView): TemplateResult {
  const { result, pending, failure, skuFilter, locale } = view;
  const text = listingLinkerMessages(locale);
  return html`<section class="listings" part="listings" aria-labelledby="listings-heading">
    <div class="listings-head">
      <h3 id="listings-heading">${text.listings}</h3>
      <form
        class="filter"
        part="filter-form"
        role="search"
        @submit=${(event: SubmitEvent) => {
          event.preventDefault();
          view.onFilter();
        }}
      >
        <div class="field">
          <label for="sku-filter">${text.findSku}</label>
          <input
            id="sku-filter"
            part="filter-input"
            type="search"
            autocomplete="off"
            .value=${view.filterText}
            @input=${(event: Event) => view.onFilterInput((event.target as HTMLInputElement).value)}
          />
        </div>
        <button type="submit" class="button secondary">${text.find}</button>
        ${
          skuFilter
            ? html`<button type="button" class="button secondary" @click=${view.onClearFilter}>
                ${text.showAll}
              </button>`
            : nothing
        }
      </form>
    </div>
    ${skuFilter ? html`<p class="muted filter-note">${text.filteredBy(skuFilter)}</p>` : nothing}
    ${
      failure !== undefined && !pending
        ? renderErrorBanner({
            error: failure,
            locale,
            context: text.listingsNotLoaded,
            onRetry: view.onRetry,
          })
        : nothing
    }
    ${pending ? renderLoading(locale, text.loadingListings) : nothing}
    ${result && failure === undefined ? renderListingsTable(result, view) : nothing}
  </section>`;
}

function relatedRef(listing: ChannelSellable, name: string): ResourceRef | undefined {
  const related = listing.relationships[name];
  return related && !Array.isArray(related) ? related : undefined;
}

function textOf(resource: AnyResource | undefined, key: string): string {
  const value = resource?.[key];
  return typeof value === 'string' ? value.trim() : '';
}

/** The listings page as a table, with the pager under it; a line instead when there are none. */
export function renderListingsTable(result: ChannelSellablePage, view: ListingsTableView): TemplateResult {
  const { pending, skuFilter, locale } = view;
  const text = listingLinkerMessages(locale);
  if (result.items.length === 0) {
    return html`<p class="muted empty">${skuFilter ? text.noMatches(skuFilter) : text.noListings}</p>`;
  }
  const included = new Map(result.included.map((resource) => [`${resource.type}:${resource.id}`, resource]));
  // Named and focusable, so a table wider than the card (long SKUs) can be found and scrolled from
  // the keyboard (a group: the section around it is the region of that name).
  return html`<div class="table-scroll" role="group" aria-labelledby="listings-heading" tabindex="0">
      <table part="listings-table" aria-labelledby="listings-heading" aria-busy=${pending ? 'true' : 'false'}>
        <thead>
          <tr>
            <th scope="col">${text.colSku}</th>
            <th scope="col">${text.colTitle}</th>
            <th scope="col" class="num">${text.colPrice}</th>
            <th scope="col" class="num">${text.colInventory}</th>
            <th scope="col">${text.colActive}</th>
            <th scope="col">${text.colProduct}</th>
          </tr>
        </thead>
        <tbody>
          ${result.items.map((listing) => renderRow(listing, included, listing.id === view.newListingId, locale))}
        </tbody>
      </table>
    </div>
    ${renderPager(result, view)}`;
}

/**
 * One listing. Where the table is too narrow for all six columns, the last three are hidden (in a
 * side column, the title too) and their values are shown under the remote SKU instead, each with
 * its column's name, so nothing is out of reach: only one of the two is displayed at a time, so a
 * screen reader hears each value once, and the table keeps its rows and cells.
 */
function renderRow(
  listing: ChannelSellable,
  included: Map<string, AnyResource>,
  isNew: boolean,
  locale: ResolvedLocale,
): TemplateResult {
  const text = listingLinkerMessages(locale);
  const channelProductRef = relatedRef(listing, 'channel_product');
  const sellableRef = relatedRef(listing, 'sellable');
  const productRef = relatedRef(listing, 'product');
  const channelProduct = channelProductRef && included.get(`channel_product:${channelProductRef.id}`);
  const sellable = sellableRef && included.get(`sellable:${sellableRef.id}`);
  const title = listing.remote_title?.trim() || textOf(channelProduct, 'remote_title');
  const productTitle = textOf(sellable, 'full_title') || textOf(sellable, 'product_title');
  const productSku = textOf(sellable, 'sku_code');
  const inventory = formatNumber(listing.remote_inventory_quantity, locale);
  const status =
    typeof listing.active === 'boolean'
      ? renderBadge(listing.active ? text.active : text.inactive, listing.active ? 'success' : 'neutral')
      : EMPTY;
  const product =
    productTitle || productSku
      ? html`${productTitle}${productSku ? html` <span class="sku muted">${productSku}</span>` : nothing}`
      : productRef
        ? text.productRef(productRef.id)
        : EMPTY;
  return html`<tr class=${isNew ? 'new' : ''}>
    <td>
      <span class="sku">${listing.remote_sku || EMPTY}</span>
      ${isNew ? renderBadge(text.newBadge, 'info') : nothing}
      <dl class="hidden-columns">
        <div class="hidden-title">
          <dt>${text.colTitle}</dt>
          <dd>${title || EMPTY}</dd>
        </div>
        <div>
          <dt>${text.colInventory}</dt>
          <dd class="num">${inventory}</dd>
        </div>
        <div>
          <dt>${text.colActive}</dt>
          <dd>${status}</dd>
        </div>
        <div>
          <dt>${text.colProduct}</dt>
          <dd>${product}</dd>
        </div>
      </dl>
    </td>
    <td>${title || EMPTY}</td>
    <td class="num">${formatMoney(listing.remote_price, listing.currency_code, locale)}</td>
    <td class="num">${inventory}</td>
    <td>${status}</td>
    <td>${product}</td>
  </tr>`;
}

function renderPager(
  result: ChannelSellablePage,
  { pageFallback, pageSize: size, locale, onPage, onPageSize }: ListingsTableView,
): TemplateResult {
  const text = listingLinkerMessages(locale);
  // The page count the answer gives, else worked out from the total and the page size.
  const { page, pages, last } = pagingOf(result, pageFallback, size);
  const total = result.page.totalCount;
  const sizes = PAGE_SIZES.includes(size) ? PAGE_SIZES : [...PAGE_SIZES, size].sort((a, b) => a - b);
  const format = (n: number) => formatNumber(n, locale);
  // aria-disabled, not disabled, on the first and last page: the button pressed to get there keeps
  // focus, so Tab and Shift+Tab go on from it.
  return html`<nav class="pager" part="pager" aria-label=${text.pager}>
    <div class="field inline">
      <label for="page-size">${text.pageSize}</label>
      <select
        id="page-size"
        part="page-size-select"
        @change=${(event: Event) => onPageSize(Number((event.target as HTMLSelectElement).value))}
      >
        ${sizes.map((option) => html`<option value=${option} ?selected=${option === size}>${option}</option>`)}
      </select>
    </div>
    <span class="position" aria-live="polite">
      <span class="page-of">${text.pageOf(format(page), format(pages))}</span>${
        total === null ? '' : ` · ${total === 1 ? text.oneListing : text.listingCount(format(total))}`
      }
    </span>
    <div class="pager-buttons">
      <button
        type="button"
        class="button secondary"
        aria-disabled=${page <= 1 ? 'true' : 'false'}
        @click=${() => page > 1 && onPage(page - 1)}
      >
        ${text.previousPage}
      </button>
      <button
        type="button"
        class="button secondary"
        aria-disabled=${last ? 'true' : 'false'}
        @click=${() => !last && onPage(page + 1)}
      >
        ${text.nextPage}
      </button>
    </div>
  </nav>`;
}
