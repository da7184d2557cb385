import { html, nothing } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import { TaskStatus } from '@lit/task';
import { createChannelSellable, listChannelSellables } from '../../api/endpoints/listings.js';
import { listAllChannels } from '../../api/endpoints/channels.js';
import type { OpsError } from '../../api/errors.js';
import type { Channel, ChannelSellable, ChannelSellableInput } from '../../api/index.js';
import { FieldErrors } from '../../shared/field-errors.js';
import { OpsElement } from '../../shared/ops-element.js';
import { refusal, renderRefusal, SessionController } from '../../shared/session.js';
import { baseStyles } from '../../shared/styles.js';
import { badgeStyles } from '../../shared/badge.styles.js';
import { noticeStyles } from '../../shared/notice.styles.js';
import { tableStyles } from '../../shared/table.styles.js';
import { renderErrorBanner, renderLoading } from '../../shared/templates.js';
import { ListingLinkedEvent } from './listing-linker.events.js';
import { listingLinkerMessages } from './listing-linker.messages.js';
import { listingLinkerStyles } from './listing-linker.styles.js';
import { focusAfter } from '../../shared/focus.js';
import { renderListingsSection } from './listing-table.templates.js';
import { renderStoreChoice } from './store-choice.templates.js';
import { StoreCreation } from './store-creation-controller.js';
import {
  EMPTY_DRAFT,
  linkInput,
  placeValidationErrors,
  validateLinkDraft,
  withoutModeErrors,
} from './link-form.model.js';
import type { DraftField, FieldName, LinkDraft, LinkMode } from './link-form.model.js';
import { renderDraftField, renderLinkModes, renderLinkPreview } from './link-form.templates.js';
import type { DraftFieldOptions, DraftFields } from './link-form.templates.js';

/** Only these stores accept new listings. */
const LISTING_STORE_TYPE = 'custom_integration';

/**
 * Links store listings (channel sellables) to the catalog and lists the listings a store has.
 *
 * Without `channel-id` it offers the account's `custom_integration` stores, the only kind that
 * accepts new listings, and picks the store itself when there is just one; "Create store" opens a
 * "Store name" field and "Save store" (`POST /channels`), and the new store is chosen. A listing
 * links by SKU (recommended), to an existing channel product, or to a new channel product; by SKU,
 * the form says beforehand the title and price the listing will have. Input is checked before
 * anything is sent; the API's validation errors appear at their fields. The listings table is
 * newest first, so a listing just linked shows at the top of the first page.
 *
 * Behind the API proxy, "Create store" and "Link listing" are disabled, with the reason beside
 * them, when the signed-in user's role does not allow them.
 *
 * @summary Links a store listing by SKU or to a channel product, and pages through the store's listings.
 *
 * @fires listing-linked - A listing was created. `detail`: `{ listing }`.
 * @fires store-created - "Save store" created a store, now chosen. `detail`: `{ store }`.
 * @fires request-error - A request failed. `detail`: `{ error }` (an `OpsError`).
 *
 * @csspart card - The outer card.
 * @csspart store-select - The "Store" select.
 * @csspart create-store-button - The "Create store" button.
 * @csspart store-form - The form creating a store.
 * @csspart store-name-input - The "Store name" field.
 * @csspart save-store-button - The "Save store" button.
 * @csspart cancel-store-button - The "Cancel" button of the store form.
 * @csspart form - The form linking a listing.
 * @csspart sku-input - The "Remote SKU" field.
 * @csspart link-mode - The link mode radio group.
 * @csspart preview - What linking by SKU will create: the listing's title and price.
 * @csspart link-button - The "Link listing" button.
 * @csspart refusal - Why "Create store" or "Link listing" is disabled, when the API proxy's session does not allow it.
 * @csspart notice - The notice naming the listing just linked, or why no store can take listings.
 * @csspart listings - The listings section.
 * @csspart filter-form - The search form filtering listings by remote SKU.
 * @csspart filter-input - The remote SKU search field.
 * @csspart listings-table - The listings table.
 * @csspart pager - Page size, Previous/Next and the page position.
 * @csspart page-size-select - The "Listings per page" select.
 * @csspart badge - Status badges in the table.
 * @csspart loading - A loading indicator.
 * @csspart error - An error banner.
 * @csspart retry-button - The "Retry" button inside an error banner.
 *
 * @cssprop --ops-color-primary - Accent colour of buttons and focus rings.
 * @cssprop --ops-color-text - Body text colour.
 * @cssprop --ops-color-muted - Secondary text colour.
 * @cssprop --ops-color-surface - Card background.
 * @cssprop --ops-color-surface-alt - Background of the link mode group and the new listing's row.
 * @cssprop --ops-color-border - Borders and rules.
 * @cssprop --ops-color-danger - Errors and invalid fields.
 * @cssprop --ops-color-success - The success notice.
 * @cssprop --ops-font-family - Font stack.
 * @cssprop --ops-font-size - Base font size.
 * @cssprop --ops-radius - Corner radius.
 * @cssprop --ops-space - Spacing unit.
 * @cssprop --ops-density - Multiplier of the spacing unit (e.g. 0.75 for compact).
 */
export class ListingLinker extends OpsElement {
  static override styles = [baseStyles, badgeStyles, noticeStyles, tableStyles, listingLinkerStyles];

  static override properties = {
    ...OpsElement.properties,
    channelId: { type: Number, attribute: 'channel-id', reflect: true },
    pageSize: { type: Number, attribute: 'page-size' },
    selectedStoreId: { state: true },
    draft: { state: true },
    mode: { state: true },
    linkFailure: { state: true },
    linkedNotice: { state: true },
    newListingId: { state: true },
    listingsPage: { state: true },
    skuFilter: { state: true },
    filterText: { state: true },
  };

  /** The store whose listings are linked; without it the element offers a "Store" select. */
  declare channelId: number | undefined;
  /** Listings shown per page (1 to 100). */
  declare pageSize: number;

  declare protected selectedStoreId: string;
  declare protected draft: LinkDraft;
  declare protected mode: LinkMode;
  declare protected linkFailure: OpsError | undefined;
  declare protected linkedNotice: string;
  declare protected newListingId: string | undefined;
  declare protected listingsPage: number;
  declare protected skuFilter: string;
  declare protected filterText: string;

  /** Whether the API proxy's session lets the user create stores and link listings. */
  #session = new SessionController(this);

  /** Stores made with "Save store" since the stores were loaded, offered after them. */
  #created: Channel[] = [];

  #storeCreation = new StoreCreation(this, {
    onCreated: (store) => {
      this.#created = [...this.#created, store];
      this.selectedStoreId = String(store.id);
    },
  });

  #fields = new FieldErrors<FieldName>(this, {
    controlId: (field) => (field === 'store' ? 'store-select' : `field-${field}`),
  });

  /** Links the listing; a 422 goes to the fields it names, anything else to the banner with Retry. */
  #linkTask = this.requestTask({
    autoRun: false,
    task: ([input]: readonly [ChannelSellableInput], signal) =>
      createChannelSellable(this.api, input, { signal }),
    onComplete: (listing) => this.#linked(listing),
    onError: (error) => {
      const failure = error as OpsError;
      if (failure.code === 'aborted') return;
      if (failure.code !== 'validation') {
        this.linkFailure = failure;
        return;
      }
      const { fields, banner } = placeValidationErrors(failure, this.mode, this.#hasFixedChannel());
      this.#fields.set(fields);
      this.linkFailure = banner;
      void this.#fields.focusFirst();
    },
  });

  #storesTask = this.requestTask({
    args: () => [this.api, this.#hasFixedChannel()] as const,
    task: async ([api, fixed], signal) => {
      if (fixed) return undefined;
      const channels = await listAllChannels(api, { signal });
      this.#created = [];
      return channels.filter((channel) => channel.type_code === LISTING_STORE_TYPE);
    },
  });

  #listingsTask = this.requestTask({
    args: () =>
      [
        this.api,
        this.#activeChannelId(),
        this.listingsPage,
        this.#pageSizeInRange(),
        this.skuFilter,
      ] as const,
    task: async ([api, channelId, page, pageSize, remoteSku], signal) => {
      if (channelId === undefined) return undefined;
      return listChannelSellables(api, {
        channelId,
        page,
        pageSize,
        remoteSku: remoteSku || undefined,
        // Newest first: a listing just linked lands at the top of page 1.
        sort: '-created_at',
        include: ['channel_product', 'sellable'],
        signal,
      });
    },
  });

  constructor() {
    super();
    this.pageSize = 25;
    this.selectedStoreId = '';
    this.draft = EMPTY_DRAFT;
    this.mode = 'autolink';
    this.linkedNotice = '';
    this.listingsPage = 1;
    this.skuFilter = '';
    this.filterText = '';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Loads cut short by an earlier disconnection start again.
    if (this.hasUpdated) {
      if (this.#storesTask.error !== undefined) void this.#storesTask.run();
      if (this.#listingsTask.error !== undefined) void this.#listingsTask.run();
    }
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const storeChanged =
      (changed.has('channelId') && changed.get('channelId') !== undefined) ||
      (changed.has('selectedStoreId') && changed.get('selectedStoreId') !== undefined);
    if (storeChanged) {
      this.listingsPage = 1;
      this.skuFilter = '';
      this.filterText = '';
      this.newListingId = undefined;
      this.#fields.clear();
      this.linkFailure = undefined;
      this.linkedNotice = '';
    }
    if (changed.has('pageSize') && changed.get('pageSize') !== undefined) this.listingsPage = 1;
  }

  #hasFixedChannel(): boolean {
    return this.channelId !== undefined && !Number.isNaN(this.channelId);
  }

  /** The `custom_integration` stores, once loaded, and those created since (only when no `channel-id` is given). */
  #stores(): Channel[] | undefined {
    const loaded = this.#hasFixedChannel() ? undefined : this.#storesTask.value;
    return (
      loaded && [...loaded, ...this.#created.filter((store) => !loaded.some(({ id }) => id === store.id))]
    );
  }

  /** The store in use: `channel-id`, else the chosen store, else the only one there is. */
  #activeChannelId(): number | string | undefined {
    if (this.#hasFixedChannel()) return this.channelId;
    const stores = this.#stores() ?? [];
    if (stores.length === 1) return stores[0]?.id;
    return stores.find((store) => String(store.id) === this.selectedStoreId)?.id;
  }

  #pageSizeInRange(): number {
    return Math.min(100, Math.max(1, Math.floor(this.pageSize) || 25));
  }

  protected override render(): TemplateResult {
    const text = listingLinkerMessages(this.locale);
    const channelId = this.#activeChannelId();
    return html`<div class="card" part="card">
      <h2>${text.heading}</h2>
      ${this.#hasFixedChannel() ? nothing : this.#renderStoreChoice()}
      ${this.#canLink() ? this.#renderForm() : nothing}
      ${channelId === undefined ? nothing : this.#renderListings()}
    </div>`;
  }

  /** The form shows once there is a store to link to, or a choice of stores. */
  #canLink(): boolean {
    if (this.#hasFixedChannel()) return true;
    const stores = this.#stores();
    return stores !== undefined && stores.length > 0;
  }

  #renderStoreChoice(): TemplateResult {
    const text = listingLinkerMessages(this.locale);
    const stores = this.#stores();
    if (stores === undefined) {
      return this.#storesTask.error !== undefined
        ? renderErrorBanner({
            error: this.#storesTask.error as OpsError,
            locale: this.locale,
            context: text.storesNotLoaded,
            onRetry: this.#reloadStores,
          })
        : renderLoading(this.locale, text.loadingStores);
    }
    return renderStoreChoice({
      stores,
      selected: String(this.#activeChannelId() ?? ''),
      refused: refusal(this.#session.session, 'stores', this.locale) && text.storesForbidden,
      fields: this.#fields,
      creation: this.#storeCreation,
      locale: this.locale,
      onChange: this.#onStoreChange,
    });
  }

  #renderForm(): TemplateResult {
    const text = listingLinkerMessages(this.locale);
    const linking = this.#linkTask.status === TaskStatus.PENDING;
    const refused = this.#linkRefusal();
    const preview =
      this.mode === 'autolink' ? renderLinkPreview(this.draft, this.#currency(), this.locale) : nothing;
    const describedBy = [refused && 'link-refusal', preview !== nothing && 'link-preview']
      .filter(Boolean)
      .join(' ');
    return html`<form class="link-form" part="form" novalidate @submit=${this.#onSubmit}>
      <div class="fields">
        ${this.#renderField('sku', text.remoteSku, { part: 'sku-input', required: true, hint: text.remoteSkuHint })}
        ${this.#renderField('title', text.remoteTitle)}
        ${this.#renderField('price', text.remotePrice, { inputmode: 'decimal' })}
        ${this.#renderField('remoteId', text.remoteId)}
        ${this.#renderField('barcode', text.barcode, { inputmode: 'numeric' })}
        ${this.#renderField('weight', text.weight, { inputmode: 'decimal' })}
      </div>
      ${renderLinkModes(this.#draftFields(), this.mode, this.locale, this.#onModeChange)}
      ${
        this.linkFailure
          ? renderErrorBanner({
              error: this.linkFailure,
              locale: this.locale,
              context: this.#fields.any ? `${text.notLinked} ${text.checkFields}` : text.notLinked,
              onRetry: this.linkFailure.code === 'validation' ? undefined : this.#retryLink,
            })
          : nothing
      }
      ${preview} ${renderRefusal(refused, 'link-refusal')}
      <div class="form-actions">
        <!-- Busy while linking, not disabled: it keeps focus, and #link() ignores a second press. -->
        <button
          type="submit"
          class="button"
          part="link-button"
          ?disabled=${refused !== undefined}
          aria-disabled=${linking ? 'true' : 'false'}
          aria-describedby=${describedBy || nothing}
        >
          ${text.linkListing}
        </button>
        <div role="status" class="form-status">
          ${
            linking
              ? html`<span class="muted">${text.linking}</span>`
              : this.linkedNotice
                ? html`<p class="notice success" part="notice">${this.linkedNotice}</p>`
                : nothing
          }
        </div>
      </div>
    </form>`;
  }

  #renderField(name: DraftField, label: string, options?: DraftFieldOptions): TemplateResult {
    return renderDraftField(this.#draftFields(), name, label, options);
  }

  #draftFields(): DraftFields {
    return {
      draft: this.draft,
      errors: this.#fields,
      onInput: this.#onDraftInput,
    };
  }

  #renderListings(): TemplateResult {
    return renderListingsSection({
      result: this.#listingsTask.value,
      pending: this.#listingsTask.status === TaskStatus.PENDING,
      failure: this.#listingsTask.error as OpsError | undefined,
      filterText: this.filterText,
      skuFilter: this.skuFilter,
      newListingId: this.newListingId,
      pageFallback: this.listingsPage,
      pageSize: this.#pageSizeInRange(),
      locale: this.locale,
      onRetry: this.#reloadListings,
      onFilterInput: this.#onFilterInput,
      onFilter: this.#filter,
      onClearFilter: this.#clearFilter,
      onPage: this.#onPage,
      onPageSize: this.#onPageSize,
    });
  }

  /** "Link listing" is not for this user: why, from the API proxy's session; undefined when it is. */
  #linkRefusal(): string | undefined {
    return refusal(this.#session.session, 'listings', this.locale);
  }

  /** The currency of the store in use: the chosen store's, else that of its listings shown. */
  #currency(): string | null | undefined {
    const channelId = this.#activeChannelId();
    const store = this.#stores()?.find(({ id }) => id === channelId);
    return store?.currency_code ?? this.#listingsTask.value?.items[0]?.currency_code;
  }

  readonly #reloadStores = (): void => void this.#storesTask.run();

  readonly #reloadListings = (): void => void this.#listingsTask.run();

  readonly #onStoreChange = (event: Event): void => {
    this.selectedStoreId = (event.target as HTMLSelectElement).value;
  };

  readonly #onDraftInput = (name: DraftField, event: Event): void => {
    this.draft = { ...this.draft, [name]: (event.target as HTMLInputElement | HTMLTextAreaElement).value };
    this.linkedNotice = '';
  };

  readonly #onModeChange = (mode: LinkMode): void => {
    this.mode = mode;
    this.#fields.set(withoutModeErrors(this.#fields.all));
  };

  readonly #onFilterInput = (text: string): void => {
    this.filterText = text;
  };

  readonly #filter = (): void => {
    this.skuFilter = this.filterText.trim();
    this.listingsPage = 1;
  };

  readonly #clearFilter = (): void => {
    this.skuFilter = '';
    this.filterText = '';
    this.listingsPage = 1;
  };

  readonly #onPage = (page: number): void => {
    this.listingsPage = page;
  };

  readonly #onPageSize = (size: number): void => {
    this.pageSize = size;
  };

  #onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    this.#link();
  }

  #link(): void {
    if (this.#linkTask.status === TaskStatus.PENDING || this.#linkRefusal()) return;
    this.linkedNotice = '';
    this.linkFailure = undefined;
    const channelId = this.#activeChannelId();
    const errors = validateLinkDraft(this.draft, this.mode, channelId !== undefined, this.locale);
    this.#fields.set(errors);
    if (this.#fields.any) {
      void this.#fields.focusFirst();
      return;
    }
    if (channelId === undefined) return;
    void this.#linkTask.run([linkInput(this.draft, this.mode, channelId)]);
  }

  /** "Retry" goes with the banner: focus moves to "Link listing", busy while it links again. */
  readonly #retryLink = (): void => {
    void focusAfter(this, '[part="link-button"]');
    this.#link();
  };

  #linked(listing: ChannelSellable): void {
    const text = listingLinkerMessages(this.locale);
    this.draft = EMPTY_DRAFT;
    this.linkedNotice = text.linked(listing.remote_sku ?? '', listing.remote_title?.trim() ?? '');
    this.newListingId = listing.id;
    if (this.skuFilter && this.skuFilter !== listing.remote_sku) {
      this.skuFilter = '';
      this.filterText = '';
    }
    this.listingsPage = 1;
    // Page 1 again, newest first, so the new listing shows at the top.
    void this.#listingsTask.run();
    this.dispatchEvent(new ListingLinkedEvent({ listing }));
  }
}
