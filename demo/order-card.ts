import '../src/order-card.js';
import { SEED_IDS } from '../src/sandbox/seed-ids.js';
import { useSandbox } from './main.js';
import { addPageBar } from './settings.js';

// Back to the main page, and its language and theme switches.
addPageBar();

useSandbox();

const card = document.querySelector('order-card');
const requested = Number(new URLSearchParams(location.search).get('order'));
if (card) card.orderId = Number.isFinite(requested) && requested > 0 ? requested : SEED_IDS.orders.withNotes;
