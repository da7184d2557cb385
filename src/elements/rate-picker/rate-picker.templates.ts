/**
 * The rate picker's leaf templates before it has quotes: the allocation to ship from, one parcel
 * field, the carrier checkboxes (the quotes' view is rate-results.templates.ts, loaded with the first rates).
 * Stateless: each takes what it shows and a callback, and the element composes them.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { Task } from '@lit/task';
import type { OpsError } from '../../api/errors.js';
import type { Allocation, Order, ShippingAddress, ShippingConfig } from '../../api/index.js';
import { EMPTY } from '../../shared/format.js';
import { formatWeight } from '../../shared/format-measures.js';
import type { FieldErrors } from '../../shared/field-errors.js';
import { DIMENSION_UNITS, WEIGHT_UNITS } from '../../shared/weight.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { renderErrorBanner, renderLoading } from '../../shared/templates.js';
import { DIMENSIONS, PARCEL_CONTROL_IDS, configLabel, isConfigUnchecked } from './parcel-form.model.js';
import type { FormProblem, ParcelField, ParcelForm } from './parcel-form.model.js';
import { ratePickerMessages } from './rate-picker.messages.js';
import { parcelWeight } from '../../shipping/rate-request.js';

export interface ParcelFieldView {
  field: ParcelField;
  label: string;
  value: string;
  errors: FieldErrors<FormProblem>;
  onInput: (value: string) => void;
}

export interface CarrierChecksView {
  /** The configuration ids the request names, ticked until the seller changes the filter. */
  sent: readonly string[] | undefined;
  unchecked: ReadonlySet<string>;
  error: string | undefined;
  locale: ResolvedLocale;
  onToggle: (configId: string, checked: boolean) => void;
}

/** A parcel size or weight; `part` names the weight's input. */
export function renderParcelNumberField(
  { field, label, value, errors, onInput }: ParcelFieldView,
  part?: string,
): TemplateResult {
  const id = PARCEL_CONTROL_IDS[field];
  return html`<div class="field">
    <label for=${id}>${label}</label>
    <input
      id=${id}
      name=${field}
      part=${part ?? nothing}
      type="number"
      inputmode="decimal"
      min=${field === 'weight' ? '0.01' : '0'}
      step="any"
      .value=${value}
      aria-invalid=${errors.invalid(field)}
      aria-describedby=${errors.describedBy(field)}
      @input=${(event: Event) => onInput((event.target as HTMLInputElement).value)}
    />
    ${errors.message(field)}
  </div>`;
}

/** A unit select; a unit that is not one of `units` (from the request) is kept as the first choice. */
export function renderParcelUnitField(
  { field, label, value, errors, onInput }: ParcelFieldView,
  units: readonly string[],
): TemplateResult {
  const id = PARCEL_CONTROL_IDS[field];
  return html`<div class="field unit">
    <label for=${id}>${label}</label>
    <select
      id=${id}
      name=${field}
      aria-invalid=${errors.invalid(field)}
      aria-describedby=${errors.describedBy(field)}
      @change=${(event: Event) => onInput((event.target as HTMLSelectElement).value)}
    >
      ${units.includes(value) ? nothing : html`<option value=${value} selected>${value || EMPTY}</option>`}
      ${units.map((unit) => html`<option value=${unit} ?selected=${unit === value}>${unit}</option>`)}
    </select>
    ${errors.message(field)}
  </div>`;
}

/** Where a parcel goes from or to, in short. */
export function placeName(address: ShippingAddress | undefined): string {
  if (!address) return EMPTY;
  return [address.name || address.company, address.town, address.country_code].filter(Boolean).join(', ');
}

/** Which of the order's allocations to ship from. */
export function renderAllocationChoice(
  order: Order,
  current: Allocation | undefined,
  locale: ResolvedLocale,
  onChoose: (allocationId: string) => void,
): TemplateResult {
  const allocations = order.allocations ?? [];
  const text = ratePickerMessages(locale);
  return html`<div class="field ship-from">
    <label for="ship-from">${text.shipFrom}</label>
    <select id="ship-from" @change=${(event: Event) => onChoose((event.target as HTMLSelectElement).value)}>
      ${allocations.map((allocation) => {
        const weight = parcelWeight(order, allocation);
        return html`<option value=${String(allocation.id)} ?selected=${allocation === current}>
          ${text.allocationAt(
            allocation.warehouse?.name ?? EMPTY,
            formatWeight(weight.weight, weight.weight_unit, locale),
          )}
        </option>`;
      })}
    </select>
  </div>`;
}

/** The carrier filter as its accounts load: loading, the error with "Retry", or the checkboxes (none without accounts). */
export function renderCarriers(
  task: Task<readonly unknown[], readonly ShippingConfig[] | undefined>,
  view: CarrierChecksView,
): TemplateResult | typeof nothing | undefined {
  const text = ratePickerMessages(view.locale);
  return task.render({
    pending: () => renderLoading(view.locale, text.carriersLoading),
    error: (error) =>
      renderErrorBanner({
        error: error as OpsError,
        locale: view.locale,
        context: text.carriersNotLoaded,
        onRetry: () => void task.run(),
      }),
    complete: (configs) => (configs && configs.length > 0 ? renderCarrierChecks(configs, view) : nothing),
  });
}

/** The carrier accounts to ask, as checkboxes. */
function renderCarrierChecks(
  configs: readonly ShippingConfig[],
  { sent, unchecked, error, locale, onToggle }: CarrierChecksView,
): TemplateResult {
  const text = ratePickerMessages(locale);
  return html`<fieldset
    class="carriers"
    part="carriers"
    aria-describedby=${error ? 'carriers-hint carriers-error' : 'carriers-hint'}
  >
    <legend>${text.carriers}</legend>
    <p id="carriers-hint" class="muted hint">${text.carriersHint}</p>
    <div class="checks">
      ${configs.map((config) => {
        const left = isConfigUnchecked(config, unchecked, sent);
        return html`<label class="check">
          <input
            type="checkbox"
            .checked=${!left}
            @change=${(event: Event) => onToggle(config.id, (event.target as HTMLInputElement).checked)}
          />
          <span>${configLabel(config)}</span>
        </label>`;
      })}
    </div>
    ${error ? html`<p id="carriers-error" class="field-error">${error}</p>` : nothing}
  </fieldset>`;
}

export interface ParcelFieldsetView {
  parcel: ParcelForm;
  errors: FieldErrors<FormProblem>;
  locale: ResolvedLocale;
  onInput: (field: ParcelField, value: string) => void;
}

/** The parcel's weight and size with their units, and the error about the parcel as a whole. */
export function renderParcelFieldset({
  parcel,
  errors,
  locale,
  onInput,
}: ParcelFieldsetView): TemplateResult {
  const text = ratePickerMessages(locale);
  const parcelsError = errors.get('parcels');
  const view = (field: ParcelField, label: string): ParcelFieldView => ({
    field,
    label,
    value: parcel[field],
    errors,
    onInput: (value) => onInput(field, value),
  });
  return html`<fieldset class="parcel" aria-describedby=${errors.describedBy('parcels')}>
    <legend>${text.parcel}</legend>
    ${parcelsError ? html`<p id="parcels-error" class="field-error">${parcelsError}</p>` : nothing}
    <div class="row">
      ${renderParcelNumberField(view('weight', text.weight), 'weight-input')}
      ${renderParcelUnitField(view('weightUnit', text.weightUnit), WEIGHT_UNITS)}
    </div>
    <div class="row">
      ${DIMENSIONS.map((dimension) => renderParcelNumberField(view(dimension, `${text[dimension]} ${text.optional}`)))}
      ${renderParcelUnitField(view('dimensionUnit', text.dimensionUnit), DIMENSION_UNITS)}
    </div>
  </fieldset>`;
}
