// @ts-check
// Type-checked (checkJs) against the installed package's declarations, as an editor would.
import { createElement } from 'react';
import {
  configure,
  createClient,
  OAuthPopup,
  completeOAuthPopup,
  registerTranslation,
  version,
} from 'commerce-ops-elements';
import 'commerce-ops-elements/all.js';
import 'commerce-ops-elements/locales/de.js';
import {
  AllocationForm as AllocationFormComponent,
  LabelDownloader as LabelDownloaderComponent,
} from 'commerce-ops-elements/react';
import { createApiProxy, RedisRateLimitStore } from 'commerce-ops-elements/server';
import { createSandbox } from 'commerce-ops-elements/sandbox';

/** @typedef {import('commerce-ops-elements').OrderCard} OrderCard */
/** @typedef {import('commerce-ops-elements').OpsError} OpsError */
/** @typedef {import('commerce-ops-elements').Translation} Translation */

/** @type {string} */
const libraryVersion = version;
const client = createClient({ baseUrl: '/ops-api' });
configure({ baseUrl: '/ops-api', credentials: { apiKey: 'key' } });

// Tags are typed once their define modules are imported.
const card = document.createElement('order-card');
/** @type {OrderCard} */
const sameCard = card;
sameCard.orderId = 13359601;
sameCard.client = client;
// @ts-expect-error order-id is a number
card.orderId = 'SB-1001';
card.addEventListener('note-added', (event) => {
  /** @type {number} */
  const orderId = event.detail.orderId;
  return orderId;
});
document
  .createElement('allocation-form')
  .addEventListener('allocation-created', (event) => event.detail.order);
document.createElement('rate-picker').addEventListener('rate-selected', (event) => event.detail.quote);
document
  .createElement('label-downloader')
  .addEventListener('label-purchased', (event) => event.detail.format);
document.createElement('listing-linker').addEventListener('listing-linked', (event) => event.detail.listing);
document
  .createElement('product-editor')
  .addEventListener('product-updated', (event) => event.detail.sellableId);
card.addEventListener('request-error', (event) => {
  /** @type {OpsError} */
  const error = event.detail.error;
  return error.code;
});

createElement(AllocationFormComponent, {
  orderId: 13359601,
  onAllocationCreated: (event) => event.detail.allocation,
  onRequestError: (event) => event.detail.error.messages,
});
// An event prop is called with the event's own class (React's types are installed here).
createElement(LabelDownloaderComponent, {
  onLabelPurchased: (event) => {
    /** @type {import('commerce-ops-elements').LabelPurchasedEvent} */
    const purchased = event;
    // @ts-expect-error a label's detail has no order id
    return [purchased.detail.trackingNumber, event.detail.orderId];
  },
});
// @ts-expect-error label-downloader fires label-purchased, not labels-purchased
createElement(LabelDownloaderComponent, { onLabelsPurchased: () => undefined });

// A language of the host's own: any namespaces and keys, with the English parameter lists.
/** @type {Partial<Translation['order-card']>} */
const orderCardFr = { addNote: 'Ajouter une note', orderHeading: (number) => `Commande ${number}` };
registerTranslation('fr', { 'order-card': orderCardFr, common: { retry: 'Réessayer' } });
// @ts-expect-error orderHeading takes the order number as a string
registerTranslation('fr', { 'order-card': { orderHeading: (/** @type {number} */ number) => `${number}` } });

const popup = new OAuthPopup({
  authUrl: 'https://ops.example.com/oauth/authorize',
  clientId: 'client',
  redirectUri: 'https://app.example.com/oauth-callback.html',
  exchange: async () => ({ access_token: 'token' }),
});
createSandbox().fetch(new Request('http://sandbox.test/orders'));
createApiProxy({
  upstream: 'https://ops.example.com',
  authorize: async (request) => request.headers.get('x-user-id'),
  apiKey: 'key',
  allowedOrigins: ['https://app.example.com'],
  rateLimit: { store: new RedisRateLimitStore({ client: { eval: async () => 0, evalsha: async () => 0 } }) },
});
// @ts-expect-error authorize is required
createApiProxy({ upstream: 'https://ops.example.com', apiKey: 'key', allowedOrigins: [] });
export { completeOAuthPopup, libraryVersion, popup };
