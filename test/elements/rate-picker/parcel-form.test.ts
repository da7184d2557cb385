import { expect } from '@open-wc/testing';
import type { RatesRequest, ShippingConfig } from '../../../src/api/index.js';
import { toResolvedLocale } from '../../../src/shared/locale.js';
import {
  EMPTY_PARCEL,
  configurationIds,
  isConfigUnchecked,
  parcelDiffersFrom,
  parcelToForm,
  requestFromForm,
  toggleCarrier,
  validateParcelForm,
} from '../../../src/elements/rate-picker/parcel-form.model.js';
import type { ParcelForm } from '../../../src/elements/rate-picker/parcel-form.model.js';

const en = toResolvedLocale('en-GB');

const base: RatesRequest = {
  to_address: { name: 'Ada', country_code: 'GB' },
  from_address: { name: 'Depot', country_code: 'GB' },
  parcels: [{ weight: 850, weight_unit: 'g', hazmat: true, length: 9, dimension_unit: 'in' }],
};

function form(fields: Partial<ParcelForm>): ParcelForm {
  return { ...EMPTY_PARCEL, ...fields };
}

function config(id: string, configurationId: string | null, carrierId: string): ShippingConfig {
  return {
    id,
    type: 'shipping_config',
    configuration_id: configurationId,
    carrier_id: carrierId,
    relationships: {},
    shipping_services: [],
  };
}

describe('rate-picker parcel form', () => {
  it('fills the fields from a parcel, leaving missing or non-positive sizes empty', () => {
    expect(parcelToForm(undefined)).to.deep.equal(EMPTY_PARCEL);
    expect(
      parcelToForm({ weight: 1.5, weight_unit: 'kg', length: 30, width: 0, dimension_unit: 'in' }),
    ).to.deep.equal({
      weight: '1.5',
      weightUnit: 'kg',
      length: '30',
      width: '',
      height: '',
      dimensionUnit: 'in',
    });
  });

  it('names each problem at its field', () => {
    expect(validateParcelForm(form({ weight: '850' }), base, undefined, new Set(), en)).to.deep.equal({});
    const errors = validateParcelForm(
      form({ weight: '', weightUnit: 'stone', length: '-3', width: 'wide', dimensionUnit: 'yd' }),
      base,
      undefined,
      new Set(),
      en,
    );
    expect(errors).to.deep.equal({
      weight: 'Enter the parcel weight.',
      weightUnit: 'Choose a weight unit: oz, lb, g or kg.',
      length: 'Enter a size above 0, or leave it empty.',
      width: 'Enter a size above 0, or leave it empty.',
      dimensionUnit: 'Choose a dimension unit: in, cm, ft or m.',
    });
    expect(validateParcelForm(form({ weight: '0.001' }), base, undefined, new Set(), en).weight).to.equal(
      'The weight must be at least 0.01.',
    );
  });

  it('asks the dimension unit only when a size is given, and takes exactly one parcel', () => {
    expect(
      validateParcelForm(form({ weight: '1', dimensionUnit: 'yd' }), base, undefined, new Set(), en),
    ).to.deep.equal({});
    const two = {
      ...base,
      parcels: [...base.parcels, { weight: 1, weight_unit: 'g' }],
    } as unknown as RatesRequest;
    expect(validateParcelForm(form({ weight: '1' }), two, undefined, new Set(), en).parcels).to.equal(
      'A rates request takes exactly one parcel; this one has 2.',
    );
  });

  it('checks the carrier filter: at least one account, at most one per carrier', () => {
    const configs = [config('a', '11', 'dhl'), config('b', '12', 'dhl'), config('c', '13', 'ups')];
    const valid = form({ weight: '1' });
    expect(validateParcelForm(valid, base, configs, new Set(['a', 'b', 'c']), en).carriers).to.equal(
      'Tick at least one carrier.',
    );
    expect(validateParcelForm(valid, base, configs, new Set(['c']), en).carriers).to.equal(
      'Tick at most one account per carrier.',
    );
    expect(validateParcelForm(valid, base, configs, new Set(['b']), en)).to.deep.equal({});
    expect(configurationIds(configs, new Set(['b']))).to.deep.equal(['11', '13']);
    expect(configurationIds(configs, new Set())).to.equal(undefined);
  });

  it('starts a toggle from the configurations the request names', () => {
    const configs = [config('a', '11', 'dhl'), config('b', '12', 'ups'), config('c', '13', 'dpd')];
    const sent = ['11', '12'];
    expect(isConfigUnchecked(configs[2]!, new Set(), sent)).to.equal(true);
    expect(isConfigUnchecked(configs[0]!, new Set(), sent)).to.equal(false);
    expect([...toggleCarrier(configs, new Set(), sent, 'a', false)].sort()).to.deep.equal(['a', 'c']);
    expect([...toggleCarrier(configs, new Set(), sent, 'c', true)]).to.deep.equal([]);
    expect([...toggleCarrier(configs, new Set(['a']), undefined, 'a', true)]).to.deep.equal([]);
  });

  it('builds the request from the form, keeping parcel members the form does not edit', () => {
    const sized = requestFromForm(base, form({ weight: '2', weightUnit: 'kg', height: '5' }), ['11']);
    expect(sized.parcels).to.deep.equal([
      { weight: 2, weight_unit: 'kg', hazmat: true, height: 5, dimension_unit: 'cm' },
    ]);
    expect(sized.shipping_configuration_ids).to.deep.equal(['11']);
    expect(sized.to_address).to.equal(base.to_address);
    const unsized = requestFromForm(base, form({ weight: '2' }), undefined);
    expect(unsized.parcels).to.deep.equal([{ weight: 2, weight_unit: 'g', hazmat: true }]);
    expect('shipping_configuration_ids' in unsized).to.equal(false);
  });

  it('tells when the form no longer matches the parcel quoted', () => {
    const quoted = { weight: 2, weight_unit: 'kg' as const, height: 5, dimension_unit: 'cm' as const };
    expect(parcelDiffersFrom(form({ weight: '2', weightUnit: 'kg', height: '5' }), quoted)).to.equal(false);
    expect(parcelDiffersFrom(form({ weight: '3', weightUnit: 'kg', height: '5' }), quoted)).to.equal(true);
    expect(
      parcelDiffersFrom(form({ weight: '2', weightUnit: 'kg', height: '5', dimensionUnit: 'in' }), quoted),
    ).to.equal(true);
    expect(parcelDiffersFrom(form({ weight: '9' }), undefined)).to.equal(false);
  });
});
