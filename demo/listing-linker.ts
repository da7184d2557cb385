import { configure } from '../src/api/index.js';
import '../src/listing-linker.js';
import { SANDBOX_CREDENTIALS } from '../src/sandbox/seed-ids.js';
import { sandboxBaseUrl } from './main.js';

configure({ baseUrl: sandboxBaseUrl, credentials: { apiKey: SANDBOX_CREDENTIALS.apiKey } });

const linker = document.querySelector('listing-linker');
const log = document.querySelector<HTMLOListElement>('#event-log');
let logged = 0;

function record(line: string): void {
  if (!log) return;
  if (logged === 0) log.replaceChildren();
  logged += 1;
  const item = document.createElement('li');
  item.textContent = line;
  log.prepend(item);
}

linker?.addEventListener('listing-linked', (event) => {
  const { listing } = event.detail;
  record(`listing-linked: ${listing.remote_sku ?? ''} (id ${listing.id})`);
});

linker?.addEventListener('request-error', (event) => {
  record(`request-error: ${event.detail.error.code} ${event.detail.error.messages.join('; ')}`);
});
