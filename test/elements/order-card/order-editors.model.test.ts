import { expect } from '@open-wc/testing';
import { OpsError } from '../../../src/api/errors.js';
import type { Order } from '../../../src/api/index.js';
import {
  customerDraft,
  customerInput,
  CUSTOMER_WORDS,
  CUSTOMER,
  ADDRESS,
  methodDraft,
  methodInput,
  parseCost,
  placeErrors,
  withCustomer,
  withDeliveryMethod,
} from '../../../src/elements/order-card/order-editors.model.js';
import { orderCardEditorsMessages } from '../../../src/elements/order-card/order-editors.messages.js';
import { toResolvedLocale } from '../../../src/shared/locale.js';

const en = orderCardEditorsMessages(toResolvedLocale('en'));

const customer = {
  id: '12137221',
  email: 'amelia@example.test',
  phone: '020 7946 0000',
  customer_type: 'retail',
  billing_address: { first_name: 'Amelia', last_name: 'Hart', city: 'London', zip: 'N1 9GU' },
};

describe("order-card editors' model", () => {
  it('sends only what changed, and the email always', () => {
    const initial = customerDraft(customer);
    expect(initial.phone).to.equal('020 7946 0000');
    expect(initial.mobile).to.equal('');
    expect(customerInput({ ...initial }, initial, en)).to.deep.equal({ input: undefined });
    expect(customerInput({ ...initial, phone: '999', city: 'Leeds' }, initial, en)).to.deep.equal({
      input: { email: 'amelia@example.test', phone: '999', billing_address_attributes: { city: 'Leeds' } },
    });
    expect(customerInput({ ...initial, email: ' ' }, initial, en)).to.deep.equal({
      errors: { email: en.emailRequired },
    });
    expect(customerInput({ ...initial, email: 'amelia' }, initial, en)).to.deep.equal({
      errors: { email: en.emailInvalid },
    });
  });

  it('takes a cost of 0 or more, with a point or a comma', () => {
    expect(parseCost('4.50')).to.equal(4.5);
    expect(parseCost('4,5')).to.equal(4.5);
    expect(parseCost('0')).to.equal(0);
    expect(parseCost('-1')).to.equal(undefined);
    expect(parseCost('four')).to.equal(undefined);
    const initial = methodDraft({ id: 171784, name: 'Standard delivery', cost: 3.95 });
    expect(initial).to.deep.equal({ name: 'Standard delivery', cost: '3.95' });
    expect(methodInput({ ...initial, cost: '3.950' }, initial, en)).to.deep.equal({ input: undefined });
    expect(methodInput({ name: ' ', cost: 'x' }, initial, en)).to.deep.equal({
      errors: { name: en.nameRequired, cost: en.costInvalid },
    });
    expect(methodInput({ ...initial, cost: '5' }, initial, en)).to.deep.equal({ input: { cost: 5 } });
  });

  it("places the API's messages at the fields they name, the rest for the banner", () => {
    const error = new OpsError('validation', 'The service did not accept the request.', {
      status: 422,
      messages: ['Email is invalid', 'Customer type must be retail or wholesale', 'Something else'],
      fromApi: true,
    });
    expect(placeErrors(error, CUSTOMER_WORDS, [...CUSTOMER, ...ADDRESS])).to.deep.equal({
      placed: { email: 'Email is invalid', customer_type: 'Customer type must be retail or wholesale' },
      rest: ['Something else'],
    });
  });

  it('puts a saved customer or delivery method into the orders it concerns, and leaves the others', () => {
    const order = {
      id: 1,
      customer,
      delivery_method: { id: 171784, name: 'Standard delivery', cost: 3.95 },
      delivery_cost: 3.95,
    } as Order;
    const saved = withCustomer(order, { id: 12137221, email: 'new@example.test', phone: '1' });
    expect(saved.customer?.email).to.equal('new@example.test');
    expect(saved.customer?.billing_address?.city).to.equal('London');
    expect(withCustomer(order, { id: 5, email: 'x@example.test' })).to.equal(order);

    const method = withDeliveryMethod(order, { id: '171784', name: 'Standard', cost: 4.5 });
    expect(method.delivery_method).to.deep.equal({ id: 171784, name: 'Standard', cost: 4.5 });
    expect(method.delivery_cost).to.equal(3.95);
    expect(withDeliveryMethod(order, { id: 171785, cost: 1 })).to.equal(order);
  });
});
