import '../src/order-list.js';
import '../src/pick-list.js';
import { SEED_IDS } from '../src/sandbox/seed-ids.js';
import { eventLog, orderName, useSandbox } from './main.js';
import { addPageBar } from './settings.js';
import { demoTexts } from './texts.js';

// Back to the main page, and its language and theme switches.
addPageBar();

useSandbox();

const record = eventLog();
const list = document.querySelector('order-list');
const pick = document.querySelector('pick-list');
const pickTicked = document.querySelector<HTMLButtonElement>('#pick-ticked');
let ticked: number[] = [];

// The seed's orders for a pick list show first: two of tableware (one with a kit), one partly allocated.
if (pick)
  pick.orderIds = [SEED_IDS.orders.pickBowls, SEED_IDS.orders.pickPicnic, SEED_IDS.orders.partlyAllocated];

list?.addEventListener('selection-change', (event) => {
  ticked = event.detail.orderIds;
  if (pickTicked) pickTicked.disabled = ticked.length === 0;
  record(`selection-change: ${demoTexts().logChecked(ticked.length)}`);
});

pickTicked?.addEventListener('click', () => {
  if (pick) pick.orderIds = [...ticked];
});

pick?.addEventListener('row-picked', (event) => {
  const { sellableId, warehouseId, picked, kitId } = event.detail;
  record(
    `row-picked: sellable ${sellableId} at warehouse ${warehouseId}${kitId === null ? '' : ` (kit ${kitId})`} ${picked ? 'picked' : 'cleared'}`,
  );
});

pick?.addEventListener('pick-list-complete', (event) => {
  record(`pick-list-complete: ${event.detail.orderIds.map((id) => orderName(id)).join(', ')}`);
});

document.querySelector<HTMLElement>('.columns')?.addEventListener('request-error', (event) => {
  record(`request-error: ${event.detail.error.code} ${event.detail.error.messages.join('; ')}`);
});
