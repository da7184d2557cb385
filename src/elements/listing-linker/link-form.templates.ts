/**
 * The link form's templates: one labelled text field of the draft, with its hint and its error
 * tied to it; the link modes, each radio with its hint and the fields it needs; and what "Link
 * listing" will create when it links by SKU, shown before it is pressed. Stateless: the element
 * hands over the draft, its field errors, the store's currency and its handlers.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { FieldErrors } from '../../shared/field-errors.js';
import { formatMoney } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { listingLinkerMessages } from './listing-linker.messages.js';
import { parseAmount } from './link-form.model.js';
import type { DraftField, FieldName, LinkDraft, LinkMode } from './link-form.model.js';

export interface DraftFieldOptions {
  part?: string;
  required?: boolean;
  hint?: string;
  inputmode?: 'decimal' | 'numeric';
  multiline?: boolean;
}

export interface DraftFields {
  draft: LinkDraft;
  errors: FieldErrors<FieldName>;
  onInput: (name: DraftField, event: Event) => void;
}

export function renderDraftField(
  { draft, errors, onInput }: DraftFields,
  name: DraftField,
  label: string,
  options: DraftFieldOptions = {},
): TemplateResult {
  const id = `field-${name}`;
  const invalid = errors.invalid(name);
  const describedBy = errors.describedBy(name, options.hint && `${id}-hint`);
  return html`<div class="field ${options.multiline ? 'wide' : ''}">
    <label for=${id}>${label}</label>
    ${
      options.multiline
        ? html`<textarea
            id=${id}
            name=${name}
            rows="2"
            .value=${draft[name]}
            aria-invalid=${invalid}
            aria-describedby=${describedBy}
            @input=${(event: Event) => onInput(name, event)}
          ></textarea>`
        : html`<input
            id=${id}
            name=${name}
            part=${options.part ?? nothing}
            type="text"
            autocomplete="off"
            inputmode=${options.inputmode ?? nothing}
            ?required=${options.required ?? false}
            .value=${draft[name]}
            aria-invalid=${invalid}
            aria-describedby=${describedBy}
            @input=${(event: Event) => onInput(name, event)}
          />`
    }
    ${options.hint ? html`<span id="${id}-hint" class="hint muted">${options.hint}</span>` : nothing}
    ${errors.message(name)}
  </div>`;
}

/** The "Link mode" group: by SKU, to an existing channel product or to a new one, with what each needs. */
export function renderLinkModes(
  fields: DraftFields,
  mode: LinkMode,
  locale: ResolvedLocale,
  onModeChange: (mode: LinkMode) => void,
): TemplateResult {
  const text = listingLinkerMessages(locale);
  const choice = (value: LinkMode, label: string, hint: string) =>
    renderModeChoice(value, { label, hint, checked: mode === value, onChange: () => onModeChange(value) });
  // Without autolink the listing needs the catalog variant it sells.
  const sellable = renderDraftField(fields, 'sellableId', text.sellableId, {
    required: true,
    inputmode: 'numeric',
    hint: text.sellableIdHint,
  });
  return html`<fieldset class="link-mode" part="link-mode">
    <legend>${text.linkMode}</legend>
    ${choice('autolink', text.modeAutolink, text.modeAutolinkHint)}
    ${choice('existing', text.modeExisting, text.modeExistingHint)}
    ${
      mode === 'existing'
        ? html`<div class="mode-fields">
            ${sellable}
            ${renderDraftField(fields, 'channelProductId', text.channelProductId, {
              required: true,
              inputmode: 'numeric',
            })}
          </div>`
        : nothing
    }
    ${choice('new', text.modeNew, text.modeNewHint)}
    ${
      mode === 'new'
        ? html`<div class="mode-fields">
            ${sellable}
            ${renderDraftField(fields, 'productTitle', text.channelProductTitle, { required: true })}
            ${renderDraftField(fields, 'productDescription', text.channelProductDescription, {
              multiline: true,
            })}
          </div>`
        : nothing
    }
  </fieldset>`;
}

function renderModeChoice(
  mode: LinkMode,
  { label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: () => void },
): TemplateResult {
  const id = `mode-${mode}`;
  return html`<div class="mode">
    <input
      type="radio"
      id=${id}
      name="link-mode"
      value=${mode}
      .checked=${checked}
      aria-describedby="${id}-hint"
      @change=${onChange}
    />
    <div>
      <label for=${id}>${label}</label>
      <span id="${id}-hint" class="hint muted">${hint}</span>
    </div>
  </div>`;
}

/**
 * The preview of a listing linked by SKU, once a SKU is typed (`id="link-preview"` describes "Link
 * listing"): the listing's title and price as the API will take them. Left empty, the price is 0
 * (the API does not take the catalog price) and the listing has no title of its own, so the store
 * shows the title of the channel product made for it: the title of the catalog variant with that
 * SKU.
 */
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
