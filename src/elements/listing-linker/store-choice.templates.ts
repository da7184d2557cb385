/**
 * The listing linker's choice of store, without `channel-id`: the "Store" select of the
 * `custom_integration` stores (or why there is none), "Create store" beside it, the form it opens
 * and the status line of store saves. Stateless: the element hands over the stores, the chosen
 * one, the field errors and its `StoreCreation`.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { Channel } from '../../api/index.js';
import type { FieldErrors } from '../../shared/field-errors.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { renderRefusal } from '../../shared/session.js';
import { listingLinkerMessages } from './listing-linker.messages.js';
import type { FieldName } from './link-form.model.js';
import type { StoreCreation } from './store-creation-controller.js';

export interface StoreChoiceView {
  stores: Channel[];
  /** The id of the store in use, as text; '' while none is chosen. */
  selected: string;
  /** Why "Create store" is disabled, from the API proxy's session; undefined when it is not. */
  refused: string | undefined;
  fields: FieldErrors<FieldName>;
  creation: StoreCreation;
  locale: ResolvedLocale;
  onChange: (event: Event) => void;
}

export function renderStoreChoice(view: StoreChoiceView): TemplateResult {
  const { stores, refused, creation } = view;
  const text = listingLinkerMessages(view.locale);
  return html`<div class="store-choice">
    ${
      stores.length === 0
        ? html`<div class="notice warning" part="notice">
            <strong>${text.noStores}</strong>
            <p>${text.noStoresHint}</p>
          </div>`
        : nothing
    }
    <div class="store-row">
      ${stores.length === 0 ? nothing : renderStoreSelect(view)} ${creation.renderToggle(refused)}
    </div>
    ${renderRefusal(refused, 'stores-refusal')} ${creation.renderForm()} ${creation.renderStatus()}
  </div>`;
}

function renderStoreSelect({ stores, selected, fields, locale, onChange }: StoreChoiceView): TemplateResult {
  const text = listingLinkerMessages(locale);
  return html`<div class="field store-field">
    <label for="store-select">${text.store}</label>
    <select
      id="store-select"
      part="store-select"
      aria-invalid=${fields.invalid('store')}
      aria-describedby=${fields.describedBy('store')}
      @change=${onChange}
    >
      ${selected === '' ? html`<option value="" selected disabled>${text.chooseStore}</option>` : nothing}
      ${stores.map(
        (store) =>
          html`<option value=${String(store.id)} ?selected=${String(store.id) === selected}>
            ${store.name ?? String(store.id)}${store.currency_code ? ` (${store.currency_code})` : ''}
          </option>`,
      )}
    </select>
    ${fields.message('store')}
  </div>`;
}
