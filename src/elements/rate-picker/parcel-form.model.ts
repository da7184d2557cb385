/**
 * The rate picker's parcel form: the text its fields hold, how that maps to and from the parcel of
 * a rates request, the carrier filter, and the checks made before any request is sent. Pure
 * functions, so the element stays about UI.
 */
import type { Parcel, RatesRequest, ShippingConfig } from '../../api/index.js';
import { formatNumber } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { isDimensionUnit, isWeightUnit } from '../../shared/weight.js';
import { ratePickerMessages } from './rate-picker.messages.js';

export type ParcelField = 'weight' | 'weightUnit' | 'length' | 'width' | 'height' | 'dimensionUnit';
export type FormProblem = ParcelField | 'parcels' | 'carriers';
export type FormErrors = Partial<Record<FormProblem, string>>;

/** The id of the control (or group) each problem shows at. */
export const PARCEL_CONTROL_IDS: Readonly<Record<FormProblem, string>> = {
  weight: 'parcel-weight',
  weightUnit: 'parcel-weightUnit',
  length: 'parcel-length',
  width: 'parcel-width',
  height: 'parcel-height',
  dimensionUnit: 'parcel-dimensionUnit',
  parcels: 'parcels',
  carriers: 'carriers',
};

/** The parcel fields as typed. */
export interface ParcelForm {
  weight: string;
  weightUnit: string;
  length: string;
  width: string;
  height: string;
  dimensionUnit: string;
}

export const DIMENSIONS = ['length', 'width', 'height'] as const;

/** Where the parcel section starts when a request states no parcel. */
export const EMPTY_PARCEL: Readonly<ParcelForm> = {
  weight: '',
  weightUnit: 'g',
  length: '',
  width: '',
  height: '',
  dimensionUnit: 'cm',
};

function numberText(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? String(value) : '';
}

/** The fields filled from a request's parcel; a size that is missing or not above 0 stays empty. */
export function parcelToForm(parcel: Parcel | undefined): ParcelForm {
  if (!parcel) return { ...EMPTY_PARCEL };
  return {
    weight: numberText(parcel.weight),
    weightUnit: parcel.weight_unit ?? 'g',
    length: numberText(parcel.length),
    width: numberText(parcel.width),
    height: numberText(parcel.height),
    dimensionUnit: parcel.dimension_unit ?? 'cm',
  };
}

/** Whether the carrier account is left out of the request. */
export function isConfigUnchecked(
  config: ShippingConfig,
  unchecked: ReadonlySet<string>,
  sent: readonly string[] | undefined,
): boolean {
  return (
    unchecked.has(config.id) ||
    (unchecked.size === 0 && sent !== undefined && !sent.includes(config.configuration_id ?? ''))
  );
}

/**
 * The unticked accounts after one is ticked or unticked. A request that names its own
 * configurations starts with only those ticked.
 */
export function toggleCarrier(
  configs: readonly ShippingConfig[],
  unchecked: ReadonlySet<string>,
  sent: readonly string[] | undefined,
  configId: string,
  checked: boolean,
): Set<string> {
  const next = new Set(unchecked);
  if (next.size === 0 && sent) {
    for (const config of configs) {
      if (!sent.includes(config.configuration_id ?? '')) next.add(config.id);
    }
  }
  if (checked) next.delete(configId);
  else next.add(configId);
  return next;
}

/** The configuration ids to send, or undefined when every carrier is asked. */
export function configurationIds(
  configs: readonly ShippingConfig[] | undefined,
  unchecked: ReadonlySet<string>,
): string[] | undefined {
  if (!configs || unchecked.size === 0) return undefined;
  return configs
    .filter((config) => !unchecked.has(config.id))
    .map((config) => config.configuration_id)
    .filter((id): id is string => id !== null);
}

function carrierFilterProblem(
  configs: readonly ShippingConfig[] | undefined,
  unchecked: ReadonlySet<string>,
  locale: ResolvedLocale,
): string | undefined {
  const text = ratePickerMessages(locale);
  if (!configs || unchecked.size === 0) return undefined;
  const checked = configs.filter((config) => !unchecked.has(config.id));
  if (checked.length === 0) return text.carrierRequired;
  const carriers = new Set(checked.map((config) => String(config.carrier_id ?? config.id)));
  return carriers.size < checked.length ? text.onePerCarrier : undefined;
}

/** What is wrong with the form, by field; empty when the request can be sent. */
export function validateParcelForm(
  form: ParcelForm,
  base: RatesRequest,
  configs: readonly ShippingConfig[] | undefined,
  unchecked: ReadonlySet<string>,
  locale: ResolvedLocale,
): FormErrors {
  const text = ratePickerMessages(locale);
  const errors: FormErrors = {};
  if ((base.parcels?.length ?? 0) > 1) {
    errors.parcels = text.oneParcel(formatNumber(base.parcels.length, locale));
  }
  const weight = Number(form.weight.trim());
  if (form.weight.trim() === '') errors.weight = text.weightRequired;
  else if (!Number.isFinite(weight) || weight < 0.01) errors.weight = text.weightTooLow;
  if (!isWeightUnit(form.weightUnit)) errors.weightUnit = text.badWeightUnit;
  for (const dimension of DIMENSIONS) {
    const raw = form[dimension].trim();
    if (raw === '') continue;
    const size = Number(raw);
    if (!Number.isFinite(size) || size <= 0) errors[dimension] = text.dimensionPositive;
  }
  const anyDimension = DIMENSIONS.some((dimension) => form[dimension].trim() !== '');
  if (anyDimension && !isDimensionUnit(form.dimensionUnit)) errors.dimensionUnit = text.badDimensionUnit;
  const carriersProblem = carrierFilterProblem(configs, unchecked, locale);
  if (carriersProblem) errors.carriers = carriersProblem;
  return errors;
}

/** The request to send: `base` with the form's parcel and the ticked carrier accounts. */
export function requestFromForm(
  base: RatesRequest,
  form: ParcelForm,
  ids: string[] | undefined,
): RatesRequest {
  // Members of the given parcel the form does not edit (hazmat, say) go along unchanged.
  const {
    length: _length,
    width: _width,
    height: _height,
    dimension_unit: _unit,
    ...kept
  } = base.parcels?.[0] ?? { weight: 0, weight_unit: 'g' };
  const parcel: Parcel = {
    ...kept,
    weight: Number(form.weight),
    weight_unit: form.weightUnit as Parcel['weight_unit'],
  };
  const sizes = DIMENSIONS.filter((dimension) => form[dimension].trim() !== '');
  for (const dimension of sizes) parcel[dimension] = Number(form[dimension]);
  if (sizes.length > 0) parcel.dimension_unit = form.dimensionUnit as Parcel['dimension_unit'];
  const request: RatesRequest = { ...base, parcels: [parcel] };
  if (ids) request.shipping_configuration_ids = ids;
  return request;
}

/** Whether the parcel in the form is no longer the one quoted. */
export function parcelDiffersFrom(form: ParcelForm, quoted: Parcel | undefined): boolean {
  if (!quoted) return false;
  const number = (value: string) => (value.trim() === '' ? undefined : Number(value));
  const sized = DIMENSIONS.some((dimension) => number(form[dimension]) !== undefined);
  return (
    number(form.weight) !== quoted.weight ||
    form.weightUnit !== quoted.weight_unit ||
    DIMENSIONS.some((dimension) => number(form[dimension]) !== quoted[dimension]) ||
    (sized && form.dimensionUnit !== quoted.dimension_unit)
  );
}

/** The account's name as the carrier filter shows it. */
export function configLabel(config: ShippingConfig): string {
  const name = config.name ?? config.provider_type ?? config.id;
  return config.nickname ? `${name} (${config.nickname})` : name;
}
