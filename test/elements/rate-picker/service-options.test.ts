import { expect } from '@open-wc/testing';
import type { Quote, ServiceOption } from '../../../src/api/index.js';
import { toResolvedLocale } from '../../../src/shared/locale.js';
import {
  chosenOptions,
  defaultOptionValues,
  keptOptionValues,
  optionError,
} from '../../../src/elements/rate-picker/service-options.model.js';
import { makeQuote } from '../../helpers/quote.js';
import { englishWords } from '../../helpers/rate-words.js';

const en = englishWords(toResolvedLocale('en-GB'));

const quote = (fields: Partial<Quote>): Quote =>
  makeQuote({ rateId: 'r', carrierId: 'dhl', serviceName: 'Express', ...fields });

function option(fields: Partial<ServiceOption> & Pick<ServiceOption, 'key' | 'type'>): ServiceOption {
  return { label: fields.key, values: [], default: null, multiple: false, ...fields };
}

describe('rate-picker service options', () => {
  it('starts options at their defaults and carries values over where they still apply', () => {
    const options = [
      option({
        key: 'signature',
        type: 'select',
        default: 'adult',
        values: [
          { value: 'adult', label: 'Adult' },
          { value: 'any', label: 'Anyone' },
        ],
      }),
      option({
        key: 'insurance',
        type: 'select',
        default: 'gold',
        values: [{ value: 'basic', label: 'Basic' }],
      }),
      option({ key: 'note', type: 'text' }),
    ];
    const withOptions = quote({ serviceOptions: options });
    expect(defaultOptionValues(withOptions)).to.deep.equal({ signature: 'adult', insurance: '', note: '' });
    expect(
      keptOptionValues(withOptions, { signature: 'any', insurance: 'gold', note: 'Ring twice' }),
    ).to.deep.equal({
      signature: 'any',
      insurance: '',
      note: 'Ring twice',
    });
  });

  it('checks number options against their range, with the range in the message', () => {
    const cover = option({ key: 'cover', type: 'number', min: 10, max: 500 });
    expect(optionError(cover, '', en)).to.equal(undefined);
    expect(optionError(cover, '50', en)).to.equal(undefined);
    expect(optionError(cover, 'lots', en)).to.equal('Enter a number, or leave it empty.');
    expect(optionError(cover, '501', en)).to.equal('Enter a number from 10 to 500, or leave it empty.');
    expect(optionError(option({ key: 'x', type: 'number', min: 10 }), '5', en)).to.equal(
      'Enter a number of at least 10, or leave it empty.',
    );
    expect(optionError(option({ key: 'x', type: 'number', max: 1000 }), '1500', en)).to.equal(
      'Enter a number of at most 1,000, or leave it empty.',
    );
    expect(optionError(option({ key: 'x', type: 'text' }), 'anything', en)).to.equal(undefined);
  });

  it('books filled-in valid values, numbers as numbers, and says when one is invalid', () => {
    const withOptions = quote({
      serviceOptions: [
        option({ key: 'cover', type: 'number', min: 10 }),
        option({ key: 'note', type: 'text' }),
        option({ key: 'empty', type: 'text' }),
      ],
    });
    expect(chosenOptions(withOptions, { cover: ' 25 ', note: 'Hi', empty: ' ' }, en)).to.deep.equal({
      options: { cover: 25, note: 'Hi' },
      valid: true,
    });
    expect(chosenOptions(withOptions, { cover: '5', note: 'Hi' }, en)).to.deep.equal({
      options: { note: 'Hi' },
      valid: false,
    });
  });
});
