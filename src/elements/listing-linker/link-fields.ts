/**
 * The link form's fields: one labelled text field of the draft, with its hint and its error tied
 * to it, and the link modes, each radio with its hint and the fields it needs. Stateless: the
 * element hands over the draft, its field errors and the callbacks.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { FieldErrors } from '../../shared/field-errors.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { listingLinkerMessages } from './listing-linker.messages.js';
import type { DraftField, FieldName, LinkDraft, LinkMode } from './link-form.js';

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
