// Bundled with esbuild from the installed package: one wrapper rendered by react-dom, its event
// props recorded in `window.reactEvents` for the check to read.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { configure, createClient } from 'commerce-ops-elements';
import { OrderCard } from 'commerce-ops-elements/react';

window.reactEvents = [];
const record = (event) =>
  window.reactEvents.push({
    type: event.type,
    code: event.detail.error?.code,
    orderId: event.detail.orderId,
  });

configure({ baseUrl: '/api/react' });
const offline = createClient({
  baseUrl: '',
  fetch: () => Promise.reject(new TypeError('Failed to fetch')),
  retry: { retries: 0 },
});

createRoot(document.getElementById('root')).render([
  createElement(OrderCard, { key: 'card', id: 'card', orderId: 13359605, onNoteAdded: record }),
  createElement(OrderCard, { key: 'offline', orderId: 13359605, client: offline, onRequestError: record }),
]);
