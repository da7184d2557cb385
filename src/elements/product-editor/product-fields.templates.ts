/**
 * One labelled field of the product editor (a text input or a textarea) with its hint and its
 * error tied to it. Stateless: the element hands over the value, the field errors and the input
 * callback.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { FieldErrors } from '../../shared/field-errors.js';
import type { FieldKey } from './product-editor.model.js';

export interface FieldOptions {
  part: string;
  hint?: string;
  inputmode?: 'decimal' | 'numeric';
  multiline?: boolean;
  wide?: boolean;
  /** Upper-case letters, for a country code. */
  code?: boolean;
}

export interface FieldContext {
  value: (key: FieldKey) => string;
  errors: FieldErrors<FieldKey>;
  disabled: boolean;
  onInput: (event: Event) => void;
}

/** The control's id for a field: also what its error's id is made from (`<id>-error`). */
export const controlId = (key: FieldKey): string => `field-${key}`;

export function renderField(
  context: FieldContext,
  key: FieldKey,
  label: string,
  options: FieldOptions,
): TemplateResult {
  const id = controlId(key);
  const hintId = options.hint ? `${id}-hint` : undefined;
  const invalid = context.errors.invalid(key);
  const describedBy = context.errors.describedBy(key, hintId);
  return html`<div class="field ${options.wide ? 'wide' : ''}">
    <label for=${id}>${label}</label>
    ${
      options.multiline
        ? html`<textarea
            id=${id}
            name=${key}
            part=${options.part}
            rows="3"
            .value=${context.value(key)}
            ?disabled=${context.disabled}
            aria-invalid=${invalid}
            aria-describedby=${describedBy}
            data-field=${key}
            @input=${context.onInput}
          ></textarea>`
        : html`<input
            id=${id}
            name=${key}
            part=${options.part}
            type="text"
            autocomplete="off"
            inputmode=${options.inputmode ?? nothing}
            autocapitalize=${options.code ? 'characters' : nothing}
            maxlength=${options.code ? 2 : nothing}
            .value=${context.value(key)}
            ?disabled=${context.disabled}
            aria-invalid=${invalid}
            aria-describedby=${describedBy}
            data-field=${key}
            @input=${context.onInput}
          />`
    }
    ${hintId ? html`<span id=${hintId} class="hint muted">${options.hint}</span>` : nothing}
    ${context.errors.message(key)}
  </div>`;
}
