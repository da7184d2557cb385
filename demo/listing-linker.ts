import '../src/listing-linker.js';
import { eventLog, useSandbox } from './main.js';
import { addPageBar } from './settings.js';

// Back to the main page, and its language and theme switches.
addPageBar();

useSandbox();

const linker = document.querySelector('listing-linker');
const record = eventLog();

linker?.addEventListener('listing-linked', (event) => {
  const { listing } = event.detail;
  record(`listing-linked: ${listing.remote_sku ?? ''} (id ${listing.id})`);
});

linker?.addEventListener('request-error', (event) => {
  record(`request-error: ${event.detail.error.code} ${event.detail.error.messages.join('; ')}`);
});
