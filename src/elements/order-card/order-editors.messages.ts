import { defineMessages } from '../../shared/locale.js';

/**
 * The English text of order-card's customer and delivery method editors, loaded with them
 * (order-editor-forms.ts), never with the card: a namespace of its own, `order-card-editors`.
 */
const en = {
  customerEditor: 'Customer',
  email: 'Email',
  phone: 'Phone',
  mobile: 'Mobile',
  customerType: 'Customer type',
  typeNotSet: 'Not set',
  retail: 'Retail',
  wholesale: 'Wholesale',
  customerNotes: 'Customer notes',
  billingAddress: 'Billing address',
  firstName: 'First name',
  lastName: 'Last name',
  company: 'Company',
  address1: 'Address line 1',
  address2: 'Address line 2',
  city: 'City',
  country: 'Country',
  countryHint: 'Two-letter code, such as GB',
  postcode: 'Postcode',
  saveCustomer: 'Save customer',
  savingCustomer: 'Saving customer…',
  customerSaved: 'Customer saved.',
  customerNotSaved: 'The customer was not saved.',
  emailRequired: 'Enter an email address.',
  emailInvalid: 'Enter an email address such as name@example.com.',
  deliveryEditor: 'Delivery method',
  methodName: 'Delivery method name',
  methodCost: 'Delivery cost',
  methodWarning: 'The change applies to every order using this delivery method, not only this one.',
  saveDeliveryMethod: 'Save delivery method',
  savingDeliveryMethod: 'Saving delivery method…',
  deliveryMethodSaved: 'Delivery method saved.',
  deliveryMethodNotSaved: 'The delivery method was not saved.',
  nameRequired: 'Enter a name.',
  costInvalid: 'Enter a cost of 0 or more, such as 4.50.',
  nothingChanged: 'Nothing changed, nothing was saved.',
  cancel: 'Cancel',
};

/** English text of order-card's editors; a translation gives these keys with the same parameters. */
export type OrderCardEditorsMessages = typeof en;

declare module '../../shared/locale.js' {
  interface Translation {
    'order-card-editors': OrderCardEditorsMessages;
  }
}

export const orderCardEditorsMessages = defineMessages('order-card-editors', en);
