import { expect } from '@open-wc/testing';
import { OpsError } from '../../../src/api/errors.js';
import { toResolvedLocale } from '../../../src/shared/locale.js';
import {
  EMPTY_DRAFT,
  linkInput,
  parseAmount,
  placeValidationErrors,
  validateLinkDraft,
  withoutModeErrors,
} from '../../../src/elements/listing-linker/link-form.model.js';
import type { LinkDraft } from '../../../src/elements/listing-linker/link-form.model.js';

const en = toResolvedLocale('en-GB');

function draft(fields: Partial<LinkDraft>): LinkDraft {
  return { ...EMPTY_DRAFT, ...fields };
}

describe('listing-linker form model', () => {
  it('reads amounts typed with a point or a comma, and nothing else', () => {
    expect(parseAmount(' 12,50 ')).to.equal(12.5);
    expect(parseAmount('.5')).to.equal(0.5);
    expect(parseAmount('-1')).to.equal(undefined);
    expect(parseAmount('1e3')).to.equal(undefined);
    expect(parseAmount('9'.repeat(400))).to.equal(undefined);
  });

  it('names each problem at its field, by link mode', () => {
    expect(validateLinkDraft(draft({ sku: 'A-1' }), 'autolink', true, en)).to.deep.equal({});
    expect(validateLinkDraft(draft({ price: 'ten', weight: '-2' }), 'autolink', false, en)).to.deep.equal({
      store: 'Choose the store the listing belongs to.',
      sku: 'Enter the SKU the listing has in the store.',
      price: 'Enter a price of 0 or more, for example 12.50.',
      weight: 'Enter a weight in grams of 0 or more.',
    });
    expect(validateLinkDraft(draft({ sku: 'A-1' }), 'existing', true, en)).to.deep.equal({
      sellableId: 'Enter the id of the product variant this listing sells.',
      channelProductId: 'Enter the id of the channel product to link to.',
    });
    expect(validateLinkDraft(draft({ sku: 'A-1', sellableId: '7' }), 'new', true, en)).to.deep.equal({
      productTitle: 'Enter a title for the new channel product.',
    });
  });

  it('takes a barcode of 8, 12, 13 or 14 digits and nothing else', () => {
    const message = 'Enter the barcode as digits only: 8, 12, 13 or 14 of them.';
    for (const barcode of ['12345670', '012345678905', '5012345678900', '15012345678907', ' 12345670 ']) {
      expect(validateLinkDraft(draft({ sku: 'A-1', barcode }), 'autolink', true, en), barcode).to.deep.equal(
        {},
      );
    }
    for (const barcode of ['12x', '1234567', '123456789', '1234567890', '123456789012345', '1234 5670']) {
      expect(validateLinkDraft(draft({ sku: 'A-1', barcode }), 'autolink', true, en), barcode).to.deep.equal({
        barcode: message,
      });
    }
  });

  it('builds the body for each link mode from trimmed input', () => {
    const typed = draft({
      sku: ' A-1 ',
      title: ' Mug ',
      price: '4,20',
      weight: '',
      barcode: '  ',
      sellableId: ' 42 ',
      channelProductId: ' cp-9 ',
      productTitle: ' Mugs ',
      productDescription: '',
    });
    expect(linkInput(typed, 'autolink', 3)).to.deep.equal({
      channel_id: 3,
      remote_sku: 'A-1',
      remote_title: 'Mug',
      remote_price: 4.2,
      autolink: true,
    });
    expect(linkInput(typed, 'existing', 3)).to.include({ sellable_id: 42, channel_product_id: 'cp-9' });
    expect(linkInput({ ...typed, sellableId: 'v-42' }, 'new', '3')).to.deep.include({
      channel_id: '3',
      sellable_id: 'v-42',
      channel_product_attributes: { remote_title: 'Mugs' },
    });
  });

  it('places a 422 at the fields that show, and names the rest in the banner', () => {
    const failure = new OpsError('validation', 'Invalid', {
      status: 422,
      messages: ['has already been taken', "can't be blank", 'is not a number', 'Something else'],
      fieldErrors: {
        remote_sku: ['has already been taken'],
        channel_product_attributes: ["can't be blank"],
        channel_id: ['is not a number'],
      },
    });
    const { fields, banner } = placeValidationErrors(failure, 'autolink', true);
    expect(fields).to.deep.equal({ sku: 'has already been taken' });
    expect(banner.messages).to.deep.equal([
      "Channel product attributes: can't be blank",
      'Channel id: is not a number',
      'Something else',
    ]);
    expect(banner.cause).to.equal(failure);
    expect(placeValidationErrors(failure, 'new', false).fields).to.deep.equal({
      sku: 'has already been taken',
      productTitle: "can't be blank",
      store: 'is not a number',
    });
  });

  it('drops errors of mode-only fields', () => {
    expect(withoutModeErrors({ sku: 'a', sellableId: 'b', productTitle: 'c' })).to.deep.equal({ sku: 'a' });
  });
});
