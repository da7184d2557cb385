import type { OpsError } from '../../api/errors.js';
import type { ChannelSellableInput } from '../../api/index.js';
import type { humanizeCode } from '../../shared/format.js';
import type { defineMessages, ResolvedLocale } from '../../shared/locale.js';
import type { ListingLinkerMessages } from './listing-linker.messages.js';
import type { FieldErrors, FieldName, LinkDraft, LinkMode, parseAmount } from './link-form.js';

/*
 * What only "Link listing" needs: the checks made before sending, the `createChannelSellable`
 * body built from the draft, and where a 422's messages go. Loaded with `import()` on the first
 * input in the form (or the first press), it imports types only and takes what it runs with from
 * the element in a `LinkSubmitKit`, as the stock editor does: eslint holds it to type imports.
 */

/** What the checks run with, handed over by the element. */
export interface LinkSubmitKit {
  OpsError: typeof OpsError;
  humanizeCode: typeof humanizeCode;
  defineMessages: typeof defineMessages;
  parseAmount: typeof parseAmount;
}

/**
 * The checks' English text: keys of the element's namespace (`listing-linker`), so a translation
 * gives them there, but carried by this module, which the element's first load does not hold.
 */
export const en = {
  storeRequired: 'Choose the store the listing belongs to.',
  skuRequired: 'Enter the SKU the listing has in the store.',
  priceInvalid: 'Enter a price of 0 or more, for example 12.50.',
  barcodeInvalid: 'Enter the barcode as digits only: 8, 12, 13 or 14 of them.',
  weightInvalid: 'Enter a weight in grams of 0 or more.',
  sellableIdRequired: 'Enter the id of the product variant this listing sells.',
  channelProductRequired: 'Enter the id of the channel product to link to.',
  channelProductTitleRequired: 'Enter a title for the new channel product.',
};

/** English text of the checks of "Link listing"; a translation gives these keys under `listing-linker`. */
export type LinkCheckMessages = typeof en;

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

/** The checks' own text in a locale, made once the module has its kit. */
let checkText: ((locale: ResolvedLocale) => LinkCheckMessages) | undefined;

function textOf(kit: LinkSubmitKit): (locale: ResolvedLocale) => LinkCheckMessages {
  return (checkText ??= kit.defineMessages('listing-linker', en as ListingLinkerMessages));
}

/** The spec types `sellable_id` as a number; an id typed with other characters goes as typed. */
function idValue(text: string): number | string {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** Checks what was typed; messages keyed by the field they belong to. */
function validateLinkDraft(
  kit: LinkSubmitKit,
  draft: LinkDraft,
  mode: LinkMode,
  hasStore: boolean,
  locale: ResolvedLocale,
): FieldErrors {
  const text = textOf(kit)(locale);
  const errors: FieldErrors = {};
  if (!hasStore) errors.store = text.storeRequired;
  if (!draft.sku.trim()) errors.sku = text.skuRequired;
  if (draft.price.trim() && kit.parseAmount(draft.price) === undefined) errors.price = text.priceInvalid;
  if (draft.weight.trim() && kit.parseAmount(draft.weight) === undefined) errors.weight = text.weightInvalid;
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
function linkInput(
  kit: LinkSubmitKit,
  draft: LinkDraft,
  mode: LinkMode,
  channelId: number | string,
): ChannelSellableInput {
  const input: ChannelSellableInput = { channel_id: channelId, remote_sku: draft.sku.trim() };
  const title = draft.title.trim();
  const price = kit.parseAmount(draft.price);
  const weight = kit.parseAmount(draft.weight);
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
function placeValidationErrors(
  kit: LinkSubmitKit,
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
        unplaced.push(`${kit.humanizeCode(attribute)}: ${message}`);
      }
    }
  }
  const messages = failure.fromApi ? [...unplaced, ...remaining] : unplaced;
  const banner = new kit.OpsError(failure.code, failure.message, {
    status: failure.status,
    messages,
    fromApi: messages.length > 0,
    cause: failure,
  });
  return { fields, banner };
}

/** The form's checks, body and 422 placement, bound to what the element hands over. */
export function linkSubmit(kit: LinkSubmitKit) {
  return {
    validateLinkDraft: (draft: LinkDraft, mode: LinkMode, hasStore: boolean, locale: ResolvedLocale) =>
      validateLinkDraft(kit, draft, mode, hasStore, locale),
    linkInput: (draft: LinkDraft, mode: LinkMode, channelId: number | string) =>
      linkInput(kit, draft, mode, channelId),
    placeValidationErrors: (failure: OpsError, mode: LinkMode, hasFixedChannel: boolean) =>
      placeValidationErrors(kit, failure, mode, hasFixedChannel),
  };
}

export type LinkSubmit = ReturnType<typeof linkSubmit>;
