/**
 * The listing linker's form model: the draft as typed, how an amount is read, which errors belong
 * to the fields of one link mode, the checks made before sending, the `createChannelSellable` body
 * built from the draft, and where a 422's messages go. Pure functions, so the element stays about
 * UI.
 */
import { OpsError } from '../../api/errors.js';
import type { ChannelSellableInput } from '../../api/index.js';
import { humanizeCode } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { listingLinkerMessages } from './listing-linker.messages.js';

export type LinkMode = 'autolink' | 'existing' | 'new';

/** The form's text fields as typed. */
export interface LinkDraft {
  sku: string;
  title: string;
  price: string;
  remoteId: string;
  barcode: string;
  weight: string;
  sellableId: string;
  channelProductId: string;
  productTitle: string;
  productDescription: string;
}

export type DraftField = keyof LinkDraft;
export type FieldName = DraftField | 'store';
export type FieldErrors = Partial<Record<FieldName, string>>;

/** Every draft field empty: what the form starts with and returns to once a listing is linked. */
export const EMPTY_DRAFT: LinkDraft = {
  sku: '',
  title: '',
  price: '',
  remoteId: '',
  barcode: '',
  weight: '',
  sellableId: '',
  channelProductId: '',
  productTitle: '',
  productDescription: '',
};

/** A non-negative decimal as people type it, with a point or a comma. */
const AMOUNT = /^(\d+([.,]\d*)?|[.,]\d+)$/;

/** The amount typed, or undefined when it is not a non-negative decimal a double holds. */
export function parseAmount(text: string): number | undefined {
  const trimmed = text.trim();
  if (!AMOUNT.test(trimmed)) return undefined;
  const amount = Number(trimmed.replace(',', '.'));
  // Digits beyond what a double holds become Infinity, which JSON would send as null.
  return Number.isFinite(amount) ? amount : undefined;
}

/** The errors without those of fields that only some link modes show. */
export function withoutModeErrors(errors: FieldErrors): FieldErrors {
  const {
    sellableId: _sellable,
    channelProductId: _id,
    productTitle: _title,
    productDescription: _description,
    ...rest
  } = errors;
  return rest;
}

/**
 * A barcode as GTIN has them: digits only, 8 (EAN-8), 12 (UPC-A), 13 (EAN-13) or 14 (GTIN-14) of
 * them. The API takes any text, so "12x" would be stored as typed.
 */
const BARCODE = /^(\d{8}|\d{12,14})$/;

/**
 * The form's fields in screen order. Each names the attributes a 422 names for it (the last segment of its `source.pointer`, as the client keys
 * `fieldErrors`; `id` is the end of `/data/relationships/channel_product/data/id`) and the link
 * modes it shows in, when not in all of them (the store select shows only without `channel-id`).
 */
const FIELDS: ReadonlyArray<readonly [FieldName, readonly string[], (readonly LinkMode[])?]> = [
  ['store', ['channel_id']],
  ['sku', ['remote_sku']],
  ['title', ['remote_title']],
  ['price', ['remote_price']],
  ['remoteId', ['remote_id']],
  ['barcode', ['remote_barcode']],
  ['weight', ['remote_grams']],
  ['sellableId', ['sellable_id'], ['existing', 'new']],
  ['channelProductId', ['channel_product', 'id'], ['existing']],
  ['productTitle', ['channel_product_attributes'], ['new']],
  ['productDescription', ['remote_description'], ['new']],
];

/** The spec types `sellable_id` as a number; an id typed with other characters goes as typed. */
function idValue(text: string): number | string {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** Checks what was typed; messages keyed by the field they belong to. */
export function validateLinkDraft(
  draft: LinkDraft,
  mode: LinkMode,
  hasStore: boolean,
  locale: ResolvedLocale,
): FieldErrors {
  const text = listingLinkerMessages(locale);
  const errors: FieldErrors = {};
  if (!hasStore) errors.store = text.storeRequired;
  if (!draft.sku.trim()) errors.sku = text.skuRequired;
  if (draft.price.trim() && parseAmount(draft.price) === undefined) errors.price = text.priceInvalid;
  if (draft.weight.trim() && parseAmount(draft.weight) === undefined) errors.weight = text.weightInvalid;
  const barcode = draft.barcode.trim();
  if (barcode && !BARCODE.test(barcode)) errors.barcode = text.barcodeInvalid;
  if (mode !== 'autolink' && !draft.sellableId.trim()) errors.sellableId = text.sellableIdRequired;
  if (mode === 'existing' && !draft.channelProductId.trim()) {
    errors.channelProductId = text.channelProductRequired;
  }
  if (mode === 'new' && !draft.productTitle.trim()) errors.productTitle = text.channelProductTitleRequired;
  return errors;
}

/** The body of `createChannelSellable`: trimmed text, amounts as numbers, empty fields left out. */
export function linkInput(
  draft: LinkDraft,
  mode: LinkMode,
  channelId: number | string,
): ChannelSellableInput {
  const input: ChannelSellableInput = { channel_id: channelId, remote_sku: draft.sku.trim() };
  const title = draft.title.trim();
  const price = parseAmount(draft.price);
  const weight = parseAmount(draft.weight);
  if (title) input.remote_title = title;
  if (price !== undefined) input.remote_price = price;
  if (draft.remoteId.trim()) input.remote_id = draft.remoteId.trim();
  if (draft.barcode.trim()) input.remote_barcode = draft.barcode.trim();
  if (weight !== undefined) input.remote_grams = weight;
  if (mode === 'autolink') {
    input.autolink = true;
  } else if (mode === 'existing') {
    input.sellable_id = idValue(draft.sellableId);
    input.channel_product_id = draft.channelProductId.trim();
  } else {
    input.sellable_id = idValue(draft.sellableId);
    const description = draft.productDescription.trim();
    input.channel_product_attributes = {
      remote_title: draft.productTitle.trim(),
      ...(description ? { remote_description: description } : {}),
    };
  }
  return input;
}

/** The field a 422's attribute belongs to, if it shows in `mode` (the store only without `channel-id`). */
function fieldFor(attribute: string, mode: LinkMode, hasFixedChannel: boolean): FieldName | undefined {
  const entry = FIELDS.find(([, attributes]) => attributes.includes(attribute));
  if (!entry) return undefined;
  const [name, , modes] = entry;
  if (name === 'store') return hasFixedChannel ? undefined : name;
  return !modes || modes.includes(mode) ? name : undefined;
}

/**
 * Splits a 422 into messages at fields and the rest, which stays in the banner (an attribute
 * without a field is named there, since the API's words alone, like "can't be blank", would
 * not say what they are about).
 */
export function placeValidationErrors(
  failure: OpsError,
  mode: LinkMode,
  hasFixedChannel: boolean,
): { fields: FieldErrors; banner: OpsError } {
  const fields: FieldErrors = {};
  const remaining = [...failure.messages];
  const unplaced: string[] = [];
  for (const [attribute, messages] of Object.entries(failure.fieldErrors)) {
    const field = fieldFor(attribute, mode, hasFixedChannel);
    for (const message of messages) {
      const index = remaining.indexOf(message);
      if (index >= 0) remaining.splice(index, 1);
      if (field) {
        fields[field] = fields[field] ? `${fields[field]} ${message}` : message;
      } else {
        unplaced.push(`${humanizeCode(attribute)}: ${message}`);
      }
    }
  }
  const messages = failure.fromApi ? [...unplaced, ...remaining] : unplaced;
  const banner = new OpsError(failure.code, failure.message, {
    status: failure.status,
    messages,
    fromApi: messages.length > 0,
    cause: failure,
  });
  return { fields, banner };
}
