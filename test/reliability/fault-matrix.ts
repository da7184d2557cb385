/**
 * The fault matrix: every element against every fault the sandbox can inject, for the request
 * that loads it and for its main write, one test file per family of elements
 * (fault-matrix-*.test.ts). Each case checks what a seller relies on when the network or the service
 * fails: a clear alert, a Retry that works once the fault is gone, what was typed kept, no
 * request sent again that must not be, no uncaught error, no spinner left, and the right
 * `request-error`.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/allocation-form.js';
import '../../src/label-downloader.js';
import '../../src/listing-linker.js';
import '../../src/order-card.js';
import '../../src/rate-picker.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../src/sandbox/seed-ids.js';
import { $, $$, button, labelled, shadow, textOf, typeInto, waitFor } from '../helpers/elements.js';
import {
  FAULTS,
  PERSISTENT,
  SLOW_ANSWER_MS,
  alerts,
  createHarness,
  expectedSends,
  nextEvent,
  sentTo,
  answered,
  spinning,
} from './helpers.js';
import type { Fault, Harness, RequestTarget } from './helpers.js';
import type { LoggedRequest } from '../helpers/sandbox.js';

const O = SEED_IDS.orders;
const S = SEED_IDS.sellables;
const MAKERS_MARKET = SEED_IDS.channels.makersMarket;
const BOOKING_PATH = '/shipping/api/v1/shipments';
const RATES_PATH = '/shipping/api/v1/rates';

/** Turning to another order while a request is slow. */
interface Abandon {
  /** Whether the slow answer is a success, a failure, or each in its own case. */
  answers: ReadonlyArray<'success' | 'failure'>;
  to: number;
  toNumber: string;
  /** The element is idle again (its action can be started anew). */
  idle(el: HTMLElement): boolean;
  /** What must hold once everything settled. */
  after?(h: Harness, el: HTMLElement): Promise<void>;
}

export interface Scenario {
  element: string;
  action: string;
  kind: 'load' | 'write';
  target: RequestTarget;
  booking?: boolean;
  /** Renders the element; resolves once it rendered (not necessarily loaded). */
  mount(h: Harness): Promise<HTMLElement>;
  /** Other elements the case renders, checked for accessibility too. */
  companions?(el: HTMLElement): HTMLElement[];
  /** Writes: waits until the element can be used, then does what the user does before the action. */
  prepare?(h: Harness, el: HTMLElement): Promise<void>;
  /** Writes: the user's click. */
  act?(el: HTMLElement): void;
  /** The words leading the banner (what did not happen), or what they are after `fault`. */
  context?: string | ((fault: Fault) => string);
  /** What the user typed, still there. */
  kept?(el: HTMLElement, fault: Fault): void;
  /** For faults after which the element offers no Retry by design: how the user tries again. */
  tryAgain?(fault: Fault, el: HTMLElement): (() => void) | undefined;
  /** Called before Retry; resolves once the action or load succeeded. */
  success(h: Harness, el: HTMLElement): Promise<void>;
  /** The request that succeeded carries what was typed. */
  sentBody?(body: unknown): void;
  /** More for this element after a fault (e.g. the ambiguous-booking warning). */
  extra?(fault: Fault, el: HTMLElement): void;
  abandon?: Abandon;
}

function heading(el: HTMLElement): string {
  return textOf($(el, 'h2'));
}

/** The control is not busy: enabled, or gone (an order fully allocated has no Allocate). */
/** The button takes a press again: neither disabled nor busy (`aria-disabled`, which keeps focus). */
function notBusy(el: HTMLElement, selector: string): boolean {
  const button = $<HTMLButtonElement>(el, selector);
  return button?.disabled !== true && button?.getAttribute('aria-disabled') !== 'true';
}

async function loadedOrder(el: HTMLElement, number: string): Promise<void> {
  await waitFor(() => heading(el).includes(number), `order ${number} did not show`);
}

function field(el: HTMLElement, id: string): HTMLInputElement {
  const found = $<HTMLInputElement>(el, `#${id}`);
  if (!found) throw new Error(`no #${id} in <${el.localName}>`);
  return found;
}

function record(value: unknown): Record<string, unknown> {
  expect(value).to.be.an('object');
  return value as Record<string, unknown>;
}

// order-card

const NOTE = 'Fragile: pack the mug in its own box';

function mountCard(orderId: number) {
  return (h: Harness) =>
    fixture<HTMLElement>(html`<order-card .client=${h.client} order-id=${orderId}></order-card>`);
}

export const orderCardLoad: Scenario = {
  element: 'order-card',
  action: 'load',
  kind: 'load',
  target: { method: 'GET', path: `/orders/${O.unallocated}` },
  mount: mountCard(O.unallocated),
  success: async (_h, el) => {
    await loadedOrder(el, SEED_ORDER_NUMBERS.unallocated);
    expect($$(el, '[part="line-items"] tbody tr')).to.have.length(3);
  },
  abandon: {
    answers: ['success', 'failure'],
    to: O.withNotes,
    toNumber: SEED_ORDER_NUMBERS.withNotes,
    idle: (el) => notBusy(el, '[part="add-note-button"]'),
  },
};

export const orderCardNote: Scenario = {
  element: 'order-card',
  action: 'add note',
  kind: 'write',
  target: { method: 'POST', path: `/orders/${O.unallocated}/notes` },
  mount: mountCard(O.unallocated),
  prepare: async (_h, el) => {
    await loadedOrder(el, SEED_ORDER_NUMBERS.unallocated);
    typeInto(labelled<HTMLTextAreaElement>(el, 'Note'), NOTE);
  },
  act: (el) => button(el, 'Add note').click(),
  context: 'The note was not saved.',
  kept: (el) => {
    expect(labelled<HTMLTextAreaElement>(el, 'Note').value).to.equal(NOTE);
    expect($$(el, '.note-text').map(textOf)).not.to.include(NOTE);
  },
  success: async (_h, el) => {
    const added = nextEvent<{ note: { text?: string | null } }>(el, 'note-added');
    expect((await added).note.text).to.equal(NOTE);
    await waitFor(() => $$(el, '.note-text').map(textOf).includes(NOTE), 'the note did not show');
    expect(labelled<HTMLTextAreaElement>(el, 'Note').value).to.equal('');
  },
  sentBody: (body) => expect(body).to.deep.equal({ note: { text: NOTE } }),
  abandon: {
    answers: ['success', 'failure'],
    to: O.withNotes,
    toNumber: SEED_ORDER_NUMBERS.withNotes,
    idle: (el) => notBusy(el, '[part="add-note-button"]'),
    after: async (h, el) => {
      // Saved where it was written, and not shown on the order turned to.
      const saved = await h.inspector.getOrder(O.unallocated, { cache: 'reload' });
      expect((saved.employee_notes ?? []).map((note) => note.text)).to.include(NOTE);
      expect($$(el, '.note-text').map(textOf)).not.to.include(NOTE);
      expect(labelled<HTMLTextAreaElement>(el, 'Note').value).not.to.equal(NOTE);
      const other = await h.inspector.getOrder(O.withNotes, { cache: 'reload' });
      expect((other.employee_notes ?? []).map((note) => note.text)).not.to.include(NOTE);
    },
  },
};

// allocation-form

function mountAllocation(orderId: number) {
  return (h: Harness) =>
    fixture<HTMLElement>(html`<allocation-form .client=${h.client} order-id=${orderId}></allocation-form>`);
}

export const allocationLoad: Scenario = {
  element: 'allocation-form',
  action: 'load',
  kind: 'load',
  target: { method: 'GET', path: `/orders/${O.unallocated}` },
  mount: mountAllocation(O.unallocated),
  success: async (_h, el) => {
    await loadedOrder(el, SEED_ORDER_NUMBERS.unallocated);
    expect(field(el, `quantity-${S.beanieCharcoal}`).value).to.equal('2');
  },
  abandon: {
    answers: ['success', 'failure'],
    to: O.partlyAllocated,
    toNumber: SEED_ORDER_NUMBERS.partlyAllocated,
    idle: (el) => notBusy(el, '[part="allocate-button"]'),
  },
};

export const allocationCreate: Scenario = {
  element: 'allocation-form',
  action: 'allocate',
  kind: 'write',
  target: { method: 'POST', path: `/orders/${O.unallocated}/allocations` },
  mount: mountAllocation(O.unallocated),
  prepare: async (_h, el) => {
    await loadedOrder(el, SEED_ORDER_NUMBERS.unallocated);
    typeInto(field(el, `quantity-${S.beanieCharcoal}`), '1');
    typeInto(field(el, `quantity-${S.toteNatural}`), '0');
  },
  act: (el) => button(el, 'Allocate').click(),
  context: 'Nothing was allocated.',
  kept: (el) => {
    expect(field(el, `quantity-${S.beanieCharcoal}`).value).to.equal('1');
    expect(field(el, `quantity-${S.mugWhite}`).value).to.equal('1');
    expect(field(el, `quantity-${S.toteNatural}`).value).to.equal('0');
    expect(textOf($(el, '[part="allocations"]'))).to.contain('Nothing allocated yet.');
  },
  success: async (_h, el) => {
    await nextEvent(el, 'allocation-created');
    await waitFor(() => $(el, '[part="result"]'), 'no result shown');
    expect(textOf($(el, '[part="result"]'))).to.contain('Allocated 2 items');
  },
  sentBody: (body) => {
    const allocation = record(record(body)['allocation']);
    expect(allocation['line_items_attributes']).to.have.deep.members([
      { sellable_id: S.beanieCharcoal, quantity: 1 },
      { sellable_id: S.mugWhite, quantity: 1 },
    ]);
  },
  abandon: {
    answers: ['success', 'failure'],
    to: O.partlyAllocated,
    toNumber: SEED_ORDER_NUMBERS.partlyAllocated,
    idle: (el) => notBusy(el, '[part="allocate-button"]'),
    after: async (h, el) => {
      const allocated = await h.inspector.getOrder(O.unallocated, { cache: 'reload' });
      expect(allocated.allocations ?? []).to.have.length(1);
      expect($(el, '[part="result"]')).to.equal(null);
      expect($$(el, '[part="remove-button"]')).to.have.length(1);
      const other = await h.inspector.getOrder(O.partlyAllocated, { cache: 'reload' });
      expect(other.allocations ?? []).to.have.length(1);
    },
  },
};

export const allocationRemove: Scenario = {
  element: 'allocation-form',
  action: 'remove allocation',
  kind: 'write',
  target: {
    method: 'DELETE',
    path: `/orders/${O.allocated}/allocations/${SEED_IDS.allocations.allocatedLondon}`,
  },
  mount: mountAllocation(O.allocated),
  prepare: async (_h, el) => {
    await loadedOrder(el, SEED_ORDER_NUMBERS.allocated);
    button(el, 'Remove allocation').click();
    await waitFor(() => $(el, '[part="confirm-remove"]'), 'no confirmation');
  },
  act: (el) => $<HTMLButtonElement>(el, '[part="confirm-remove-button"]')!.click(),
  context: 'The allocation was not removed.',
  kept: (el) => {
    expect($(el, '[part="confirm-remove"]')).to.exist;
    expect(textOf($(el, '[part="allocations"]'))).to.contain('London Fulfilment Centre');
  },
  success: async (_h, el) => {
    await nextEvent(el, 'allocation-deleted');
    await waitFor(
      () => textOf($(el, '[part="allocations"]')).includes('Nothing allocated yet.'),
      'the allocation still shows',
    );
    expect(textOf($(el, '[part="allocations"]'))).to.contain('Allocation removed.');
  },
  abandon: {
    answers: ['success', 'failure'],
    to: O.partlyAllocated,
    toNumber: SEED_ORDER_NUMBERS.partlyAllocated,
    idle: (el) => notBusy(el, '[part="confirm-remove-button"]'),
    after: async (h, el) => {
      const removed = await h.inspector.getOrder(O.allocated, { cache: 'reload' });
      expect(removed.allocations ?? []).to.have.length(0);
      expect(textOf($(el, '[part="allocations"]'))).not.to.contain('Allocation removed.');
      expect($$(el, '[part="remove-button"]')).to.have.length(1);
    },
  },
};

// rate-picker

function mountPicker(h: Harness): Promise<HTMLElement> {
  return fixture<HTMLElement>(html`<rate-picker .client=${h.client} order-id=${O.allocated}></rate-picker>`);
}

async function pickerReady(el: HTMLElement): Promise<void> {
  await waitFor(
    () => $(el, '[part="get-rates-button"]') && $(el, '[part="carriers"]'),
    'the parcel form did not show',
  );
}

export const ratesLoad: Scenario = {
  element: 'rate-picker',
  action: 'load',
  kind: 'load',
  target: { method: 'GET', path: `/orders/${O.allocated}` },
  mount: mountPicker,
  success: async (_h, el) => {
    await pickerReady(el);
    expect(heading(el)).to.contain(SEED_ORDER_NUMBERS.allocated);
    expect(Number(field(el, 'parcel-weight').value)).to.be.greaterThan(0);
  },
  abandon: {
    answers: ['success', 'failure'],
    to: O.partlyAllocated,
    toNumber: SEED_ORDER_NUMBERS.partlyAllocated,
    idle: (el) => notBusy(el, '[part="get-rates-button"]'),
  },
};

export const ratesGet: Scenario = {
  element: 'rate-picker',
  action: 'get rates',
  kind: 'write',
  target: { method: 'POST', path: RATES_PATH },
  mount: mountPicker,
  prepare: async (_h, el) => {
    await pickerReady(el);
    typeInto(field(el, 'parcel-weight'), '1234');
  },
  act: (el) => button(el, 'Get rates').click(),
  context: 'No rates could be fetched.',
  kept: (el) => {
    expect(field(el, 'parcel-weight').value).to.equal('1234');
    expect($$(el, '[part="rate"]')).to.have.length(0);
  },
  success: async (_h, el) => {
    await waitFor(() => $$(el, '[part="rate"]').length > 0, 'no quotes shown');
  },
  sentBody: (body) => {
    const parcels = record(body)['parcels'] as Array<Record<string, unknown>>;
    expect(parcels[0]!['weight']).to.equal(1234);
  },
  abandon: {
    answers: ['success', 'failure'],
    to: O.partlyAllocated,
    toNumber: SEED_ORDER_NUMBERS.partlyAllocated,
    idle: (el) => notBusy(el, '[part="get-rates-button"]'),
    after: async (_h, el) => {
      expect($$(el, '[part="rate"]')).to.have.length(0);
      expect(field(el, 'parcel-weight').value).not.to.equal('1234');
    },
  },
};

// label-downloader, following a rate-picker as a page places them

function pickerOf(el: HTMLElement): HTMLElement {
  return el.parentElement!.querySelector<HTMLElement>('rate-picker')!;
}

function mountPair(serviceCode?: string) {
  return async (h: Harness): Promise<HTMLElement> => {
    const page = await fixture<HTMLDivElement>(
      html`<div>
        <rate-picker id="picker" .client=${h.client} order-id=${O.allocated}></rate-picker>
        <label-downloader for="picker" .client=${h.client}></label-downloader>
      </div>`,
    );
    const downloader = page.querySelector<HTMLElement>('label-downloader')!;
    if (serviceCode) downloader.setAttribute('service-code', serviceCode);
    return downloader;
  };
}

/** Quotes the order in the picker and chooses Parcelway Standard, as the seller does. */
async function chooseRate(el: HTMLElement): Promise<void> {
  const picker = pickerOf(el);
  await pickerReady(picker);
  button(picker, 'Get rates').click();
  await waitFor(() => $$(picker, '[part="rate"]').length > 0, 'no quotes');
  const row = $$(picker, '[part="rate"]').find((candidate) =>
    textOf(candidate).includes('Parcelway Standard'),
  );
  row!.querySelector('input')!.click();
  await waitFor(() => $(el, '[part="buy-button"]'), 'nothing to buy');
}

async function labelBought(el: HTMLElement, format: string): Promise<void> {
  const detail = await nextEvent<{ format: string; trackingNumber: string | null }>(el, 'label-purchased');
  expect(detail.format).to.equal(format);
  await waitFor(() => $(el, '[part="result"]'), 'no label shown');
  expect(textOf($(el, '[part="result"]'))).to.contain(detail.trackingNumber ?? '');
  expect($(el, '[part="download-button"]')).to.exist;
}

/** Faults after which the label may have been bought although no answer said so. */
const inDoubt = (fault: Fault): boolean =>
  ['network', 'timeout', 'server', 'invalid_response'].includes(fault.code);

/** After a failure that leaves the purchase in doubt the seller is told to check the order before buying again. */
function warnsWhenInDoubt(fault: Fault, el: HTMLElement): void {
  const said = textOf(shadow(el));
  const warned =
    said.includes('may have been bought') && said.includes('Check the order before you buy again');
  expect(warned, 'the warning that the label may have been bought').to.equal(inDoubt(fault));
  if (inDoubt(fault)) expect($(el, '[part="retry-button"]'), 'a Retry that could buy twice').to.equal(null);
}

/** What a booking failure says: "not bought", or, when in doubt, that it may have been bought. */
const bookingContext = (fault: Fault): string =>
  inDoubt(fault) ? 'may have been bought' : 'The label was not bought.';

/**
 * In doubt, trying again takes the second confirmation once the order was read again ("Buy a new
 * label anyway"), then "Buy label".
 */
function buyAgainWhenInDoubt(fault: Fault, el: HTMLElement): (() => void) | undefined {
  if (!inDoubt(fault)) return undefined;
  return () =>
    void (async () => {
      await waitFor(() => $(el, '[part="buy-again-button"]') !== null, 'no "Buy a new label anyway"');
      $(el, '[part="buy-again-button"]')!.click();
      await waitFor(() => $(el, '[part="buy-button"]') !== null, 'no "Buy label" after confirming');
      button(el, 'Buy label').click();
    })();
}

export const labelBuy: Scenario = {
  element: 'label-downloader',
  action: 'buy label',
  kind: 'write',
  target: { method: 'POST', path: BOOKING_PATH },
  booking: true,
  mount: mountPair(),
  companions: (el) => [pickerOf(el)],
  prepare: async (_h, el) => {
    await chooseRate(el);
    typeInto(labelled<HTMLSelectElement>(el, 'Label format'), 'ZPL');
  },
  act: (el) => button(el, 'Buy label').click(),
  context: bookingContext,
  tryAgain: buyAgainWhenInDoubt,
  kept: (el, fault) => {
    // In doubt the form is locked away until the second confirmation, which brings it back as it was.
    if (!inDoubt(fault)) expect(labelled<HTMLSelectElement>(el, 'Label format').value).to.equal('ZPL');
    expect((el as HTMLElement & { labelFormat: string }).labelFormat).to.equal('ZPL');
    expect($(el, '[part="result"]')).to.equal(null);
  },
  success: (_h, el) => labelBought(el, 'ZPL'),
  sentBody: (body) => expect(record(body)['label_format']).to.equal('ZPL'),
  extra: warnsWhenInDoubt,
};

export const labelByServiceCode: Scenario = {
  element: 'label-downloader',
  action: 'buy label by service code',
  kind: 'write',
  target: { method: 'POST', path: '/shipments' },
  booking: true,
  mount: mountPair('PW_STANDARD'),
  companions: (el) => [pickerOf(el)],
  prepare: (_h, el) => chooseRate(el),
  act: (el) => button(el, 'Buy label').click(),
  context: bookingContext,
  tryAgain: buyAgainWhenInDoubt,
  kept: (el, fault) => {
    if (!inDoubt(fault)) expect(textOf($(el, '[part="summary"]'))).to.contain('PW_STANDARD');
    expect($(el, '[part="result"]')).to.equal(null);
  },
  success: (_h, el) => labelBought(el, 'PDF'),
  sentBody: (body) => expect(record(body)['service_code']).to.equal('PW_STANDARD'),
  extra: warnsWhenInDoubt,
};

// listing-linker

const SKU = 'MM-TOTE-NAT';
const TITLE = 'Canvas tote, natural';

function mountLinker(h: Harness): Promise<HTMLElement> {
  return fixture<HTMLElement>(
    html`<listing-linker .client=${h.client} channel-id=${MAKERS_MARKET}></listing-linker>`,
  );
}

async function listingsShown(el: HTMLElement): Promise<void> {
  await waitFor(
    () =>
      $(el, '[part="listings-table"][aria-busy="false"]') &&
      $$(el, '[part="listings-table"] tbody tr').length > 0,
    'the listings did not show',
  );
}

export const listingsLoad: Scenario = {
  element: 'listing-linker',
  action: 'load',
  kind: 'load',
  target: { method: 'GET', path: '/api/v2/channel_sellables' },
  mount: mountLinker,
  context: 'The listings could not be loaded.',
  success: async (_h, el) => {
    await listingsShown(el);
    expect($$(el, '[part="listings-table"] tbody tr')).to.have.length(2);
  },
};

export const storesLoad: Scenario = {
  element: 'listing-linker',
  action: 'load stores',
  kind: 'load',
  target: { method: 'GET', path: '/channels' },
  mount: (h) => fixture<HTMLElement>(html`<listing-linker .client=${h.client}></listing-linker>`),
  context: 'The stores could not be loaded.',
  success: async (_h, el) => {
    await listingsShown(el);
    expect(labelled<HTMLSelectElement>(el, 'Store').value).to.equal(String(MAKERS_MARKET));
  },
};

export const listingLink: Scenario = {
  element: 'listing-linker',
  action: 'link listing',
  kind: 'write',
  target: { method: 'POST', path: '/api/v2/channel_sellables' },
  mount: mountLinker,
  prepare: async (_h, el) => {
    await listingsShown(el);
    typeInto(labelled(el, 'Remote SKU'), SKU);
    typeInto(labelled(el, 'Remote title'), TITLE);
  },
  act: (el) => button(el, 'Link listing').click(),
  context: 'The listing was not linked.',
  kept: (el) => {
    expect(labelled(el, 'Remote SKU').value).to.equal(SKU);
    expect(labelled(el, 'Remote title').value).to.equal(TITLE);
  },
  // A 422 says the input needs changing, so the element offers no Retry; sending the form again is how.
  tryAgain: (fault, el) =>
    fault.code === 'validation' ? () => button(el, 'Link listing').click() : undefined,
  success: async (_h, el) => {
    const linked = nextEvent<{ listing: { remote_sku?: string | null } }>(el, 'listing-linked');
    expect((await linked).listing.remote_sku).to.equal(SKU);
    await waitFor(
      () => textOf($(el, '[part="notice"]')).includes(`Listing ${SKU}`),
      'the linked listing was not announced',
    );
    await waitFor(
      () =>
        $(el, '[part="listings-table"][aria-busy="false"]') &&
        textOf($(el, '[part="listings-table"] tbody tr')).includes(SKU),
      'the new listing did not show',
    );
  },
  sentBody: (body) => {
    const attributes = record(record(record(body)['data'])['attributes']);
    expect(attributes['remote_sku']).to.equal(SKU);
    expect(attributes['remote_title']).to.equal(TITLE);
  },
};

// The cases

async function checkAccessible(scenario: Scenario, el: HTMLElement): Promise<void> {
  await expect(el).to.be.accessible();
  for (const other of scenario.companions?.(el) ?? []) await expect(other).to.be.accessible();
}

/**
 * Waits until the client sent `target` `count` times (its retries included) and the sandbox logged
 * them, then checks no further send follows. The client's own sends are counted at its `fetch`: a
 * browser may resend a request on its own after a dropped connection, which the sandbox logs too.
 */
async function expectSends(
  h: Harness,
  target: RequestTarget,
  count: number,
  dropped = false,
): Promise<LoggedRequest[]> {
  const what = `${target.method} ${target.path}`;
  await waitFor(() => h.clientSends(target) >= count, `${what} was not sent ${count} times`);
  await waitFor(
    async () => (await sentTo(h.sandbox, target)).length >= count,
    `${what} did not reach the sandbox`,
  );
  // Every send answered: with all its retries made, the client sends it no more.
  await waitFor(() => h.sendsOf(target).every((send) => send.settled), `${what} was not answered`);
  expect(h.clientSends(target), `${what} sent by the client`).to.equal(count);
  const logged = await sentTo(h.sandbox, target);
  if (dropped) expect(logged.length, `${what} logged`).to.be.at.least(count);
  else expect(logged, `${what} logged`).to.have.length(count);
  return logged;
}

async function runFault(scenario: Scenario, fault: Fault): Promise<void> {
  const h = createHarness(fault.client);
  try {
    const { target } = scenario;
    if (scenario.kind === 'load') await h.sandbox.fault(fault.spec(target));
    const el = await scenario.mount(h);
    await checkAccessible(scenario, el);
    if (scenario.kind === 'write') {
      await scenario.prepare!(h, el);
      await h.sandbox.fault(fault.spec(target));
      scenario.act!(el);
    }

    // The failure, explained.
    await waitFor(() => alerts(el).length > 0 && !spinning(el), 'no alert showed');
    await answered(() => h.sendsOf(target), el, `${target.method} ${target.path} was not answered`);
    const [alert, ...more] = alerts(el);
    expect(more, 'more than one alert').to.have.length(0);
    const said = textOf(alert);
    expect(said).to.match(fault.explains);
    const context = typeof scenario.context === 'function' ? scenario.context(fault) : scenario.context;
    if (context) expect(said).to.contain(context);
    expect(said).not.to.match(/nginx|<\/?[a-z]/i);
    expect(spinning(el), 'a spinner left').to.equal(false);
    // The banner is the same markup whatever the fault; its accessibility is checked once per action.
    if (fault === FAULTS[0]) await checkAccessible(scenario, el);
    expect(h.requestErrors.map((seen) => seen.code)).to.deep.equal([fault.code]);
    expect(h.requestErrors[0]!.target).to.equal(el);
    scenario.kept?.(el, fault);
    scenario.extra?.(fault, el);
    const failedSends = expectedSends(target, fault.name, scenario.booking ?? false);
    const logged = await expectSends(h, target, failedSends, fault.name === 'network failure');
    const acted = logged.filter((entry) => !entry.fault);
    expect(acted, 'requests the API acted on despite the fault').to.have.length(0);

    // Retry, once the fault is gone.
    await h.sandbox.clearFaults();
    const succeeded = scenario.success(h, el);
    const tryAgain = scenario.tryAgain?.(fault, el);
    if (tryAgain) {
      tryAgain();
    } else {
      const retry = alert!.querySelector<HTMLButtonElement>('[part="retry-button"]');
      expect(retry, 'a Retry button').to.exist;
      expect(textOf(retry)).to.equal('Retry');
      retry!.click();
    }
    await succeeded;
    await waitFor(() => !spinning(el), 'a spinner left after Retry');
    expect(alerts(el), 'an alert left after Retry').to.have.length(0);
    expect(h.clientSends(target), 'sends by the client in all').to.equal(failedSends + 1);
    const served = (await sentTo(h.sandbox, target)).filter((entry) => !entry.fault);
    expect(served, 'requests the API acted on').to.have.length(1);
    scenario.sentBody?.(served[0]!.body);
    expect(h.requestErrors, 'request-error after Retry').to.have.length(1);
    expect(h.uncaught, 'uncaught errors').to.deep.equal([]);
  } finally {
    h.dispose();
  }
}

/** What the API holds of an order that a write could change. */
async function orderState(h: Harness, orderId: number): Promise<string> {
  const order = await h.inspector.getOrder(orderId, { cache: 'reload' });
  return JSON.stringify({
    notes: (order.employee_notes ?? []).map((note) => note.text),
    allocations: (order.allocations ?? []).map((allocation) => allocation.id),
  });
}

/**
 * The user starts the load or the action, then turns to another order while the answer is slow.
 * A slow success settles quietly on the new order; a slow failure may be told, but nothing the
 * element then offers (Retry) may act on the order turned to.
 */
async function runAbandon(scenario: Scenario, abandon: Abandon, failing: boolean): Promise<void> {
  const h = createHarness();
  try {
    const { target } = scenario;
    const slow = failing
      ? { ...target, delayMs: SLOW_ANSWER_MS, status: 500, body: 'html', times: PERSISTENT }
      : { ...target, delayMs: SLOW_ANSWER_MS, times: 1 };
    const otherBefore = await orderState(h, abandon.to);
    if (scenario.kind === 'load') await h.sandbox.fault(slow);
    const el = await scenario.mount(h);
    await checkAccessible(scenario, el);
    if (scenario.kind === 'write') {
      await scenario.prepare!(h, el);
      await h.sandbox.fault(slow);
      scenario.act!(el);
      await waitFor(() => spinning(el) || !abandon.idle(el), 'the action did not start');
    }
    el.setAttribute('order-id', String(abandon.to));
    await loadedOrder(el, abandon.toNumber);
    // The slow answer has come (or was cancelled) by now.
    const sends =
      failing && scenario.kind === 'write' ? expectedSends(target, '500 with an HTML body', false) : 1;
    await waitFor(() => h.clientSends(target) >= sends, `${target.method} ${target.path} was not sent`);
    if (h.sendsOf(target).every((send) => send.signal?.aborted)) {
      // The element cancelled it when the user turned. A busy browser may not have put it on the
      // wire yet, so the sandbox need not have seen it; no answer can reach the element either way.
      await waitFor(() => abandon.idle(el) && !spinning(el), 'the element did not settle');
      await answered(() => h.sendsOf(target), el, 'a cancelled send did not end');
      expect(h.clientSends(target), 'sends by the client').to.equal(sends);
      expect((await sentTo(h.sandbox, target)).length, 'sends the sandbox saw').to.be.at.most(sends);
    } else {
      await expectSends(h, target, sends);
    }
    await waitFor(() => abandon.idle(el) && !spinning(el), 'the element did not settle');
    await answered(() => h.fetches, el, 'a send was not answered');
    expect(heading(el)).to.contain(abandon.toNumber);
    expect(spinning(el), 'a spinner left').to.equal(false);
    if (failing) {
      expect(
        h.requestErrors.every((seen) => seen.code === 'server'),
        'only the failure reported',
      ).to.equal(true);
      const retry = alerts(el)
        .map((alert) => alert.querySelector<HTMLButtonElement>('[part="retry-button"]'))
        .find((found) => found !== null);
      if (retry) {
        await h.sandbox.clearFaults();
        const before = h.fetches.length;
        retry.click();
        await waitFor(() => h.fetches.length > before, 'Retry sent nothing');
        await answered(() => h.fetches, el, 'what Retry sent was not answered');
        await waitFor(() => abandon.idle(el) && !spinning(el), 'the element did not settle after Retry');
      }
      const written = (await h.sandbox.requests()).filter(
        (entry) => entry.method !== 'GET' && entry.path.startsWith(`/orders/${abandon.to}/`),
      );
      expect(written, `writes to order ${abandon.to}, which the user did not act on`).to.deep.equal([]);
    } else {
      expect(alerts(el), 'alerts').to.have.length(0);
      expect(h.requestErrors, 'request-error events').to.deep.equal([]);
      await abandon.after?.(h, el);
    }
    expect(await orderState(h, abandon.to), `order ${abandon.to}`).to.equal(otherBefore);
    await checkAccessible(scenario, el);
    expect(h.uncaught, 'uncaught errors').to.deep.equal([]);
  } finally {
    h.dispose();
  }
}

/**
 * The fault matrix of `scenarios`: each against every fault, and turning to another order while
 * a request is slow where the scenario says how.
 */
export function describeFaultMatrix(name: string, scenarios: readonly Scenario[]): void {
  describe(name, () => {
    const results = { total: 0, passed: 0 };

    afterEach(function (this: Mocha.Context) {
      results.total += 1;
      if (this.currentTest?.state === 'passed') results.passed += 1;
    });

    after(() => {
      console.log(`${name}: ${results.total} cases, ${results.passed} passed`);
    });

    for (const scenario of scenarios) {
      describe(`${scenario.element}: ${scenario.action}`, () => {
        for (const fault of FAULTS) {
          it(`${fault.name}: explains it, keeps the input, and Retry ${scenario.kind === 'load' ? 'loads' : 'completes the action'}`, async () => {
            await runFault(scenario, fault);
          });
        }
        const abandon = scenario.abandon;
        if (abandon?.answers.includes('success')) {
          it('slow answer abandoned by changing order-id: the new order shows, quietly', async () => {
            await runAbandon(scenario, abandon, false);
          });
        }
        if (abandon?.answers.includes('failure')) {
          it('slow failure abandoned by changing order-id: nothing acts on the new order', async () => {
            await runAbandon(scenario, abandon, true);
          });
        }
      });
    }
  });
}
