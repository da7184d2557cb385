/**
 * The listing linker's form model as the page first needs it: the draft as typed, how an amount
 * is read, and which errors belong to the fields of one link mode. What only "Link listing" needs
 * (the checks, the request body, where a 422's messages go) is in link-submit.ts, loaded on the
 * first input. Pure functions, so the element stays about UI.
 */

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
