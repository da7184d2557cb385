import { expect } from '@open-wc/testing';
import { parseQuantity } from '../../../src/elements/allocation-form/allocation-form.model.js';

describe('allocation-form model', () => {
  it('reads a quantity field as a whole number of units; an empty field is none', () => {
    expect(parseQuantity(' 12 ')).to.deep.equal({ ok: true, quantity: 12 });
    expect(parseQuantity('+3')).to.deep.equal({ ok: true, quantity: 3 });
    expect(parseQuantity('')).to.deep.equal({ ok: true, quantity: 0 });
    expect(parseQuantity('1.5')).to.deep.equal({ ok: false, negative: false });
    expect(parseQuantity('- 2')).to.deep.equal({ ok: false, negative: true });
  });
});
