import { configure } from '../src/api/index.js';
import '../src/order-card.js';
import { SANDBOX_CREDENTIALS, SEED_IDS } from '../src/sandbox/seed-ids.js';
import { sandboxBaseUrl } from './main.js';

configure({ baseUrl: sandboxBaseUrl, credentials: { apiKey: SANDBOX_CREDENTIALS.apiKey } });

const card = document.querySelector('order-card');
const requested = Number(new URLSearchParams(location.search).get('order'));
if (card) card.orderId = Number.isFinite(requested) && requested > 0 ? requested : SEED_IDS.orders.withNotes;
