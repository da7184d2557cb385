/**
 * Translations registered on demand: English until a pack is loaded, elements already on the page
 * render again when one is registered (also by another copy of the locale module), a partial
 * translation falls back to English key by key, a language serves its regional tags, and keys
 * named after `Object.prototype` members do no harm.
 *
 * The German pack is not imported up front: the first test checks the page without it.
 */
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { createClient } from '../../src/api/index.js';
import { orderCardMessages } from '../../src/elements/order-card/order-card.messages.js';
import '../../src/order-card.js';
import type { OrderCard } from '../../src/order-card.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../src/sandbox/seed-ids.js';
import { defineMessages, toResolvedLocale, translationSlot } from '../../src/shared/locale.js';
import type * as LocaleModule from '../../src/shared/locale.js';
import { registerTranslation } from '../../src/shared/translations.js';
import type * as TranslationsModule from '../../src/shared/translations.js';
import { createTestSandbox } from '../helpers/sandbox.js';
import { waitFor } from '../helpers/elements.js';

const NUMBER = SEED_ORDER_NUMBERS.withNotes;

function heading(el: OrderCard): string {
  return el.shadowRoot!.querySelector('h2')!.textContent!.trim();
}

function addNoteButton(el: OrderCard): string {
  return el.shadowRoot!.querySelector('[part="add-note-button"]')!.textContent!.trim();
}

function noteLabel(el: OrderCard): string {
  return el.shadowRoot!.querySelector('label[for="note-input"]')!.textContent!.trim();
}

describe('translations', () => {
  it('ties a namespace to its messages at compile time: a misspelled namespace does not type-check', () => {
    // The type-check (npm test) fails if this line stops being an error.
    // @ts-expect-error 'order-cart' is no namespace of Translation
    const misspelled = defineMessages('order-cart', { addNote: 'Add note' });
    expect(misspelled(toResolvedLocale('en'))).to.deep.equal({ addNote: 'Add note' });
  });

  let client: ReturnType<typeof createClient>;

  beforeEach(async () => {
    const sandbox = await createTestSandbox();
    client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
  });

  /** An order card under `lang`, once its order has loaded. */
  async function card(lang: string): Promise<OrderCard> {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div lang=${lang}>
        <order-card .client=${client} order-id=${SEED_IDS.orders.withNotes}></order-card>
      </div>`,
    );
    const el = wrapper.querySelector('order-card')!;
    await waitFor(() => el.shadowRoot!.querySelector('h2'), 'the order did not render');
    return el;
  }

  it('shows English under lang="de" while no German is registered', async () => {
    const el = await card('de');
    await expect(el).to.be.accessible();
    expect(heading(el)).to.equal(`Order ${NUMBER}`);
    expect(addNoteButton(el)).to.equal('Add note');
    // Numbers and dates still follow the tag.
    expect(el.shadowRoot!.querySelector('[part="totals"]')!.textContent).to.match(/\d,\d\d\s£/);
  });

  it('renders elements already on the page again when the German pack is loaded', async () => {
    const german = await card('de');
    await expect(german).to.be.accessible();
    const english = await card('en-GB');
    expect(heading(german)).to.equal(`Order ${NUMBER}`);

    await import('../../src/locales/de.js');
    await waitFor(() => heading(german) === `Bestellung ${NUMBER}`, 'the card did not turn German');
    expect(addNoteButton(german)).to.equal('Notiz hinzufügen');
    expect(heading(english)).to.equal(`Order ${NUMBER}`);

    // Changing `lang` afterwards still switches.
    german.parentElement!.lang = 'en';
    await waitFor(() => heading(german) === `Order ${NUMBER}`, 'the card did not turn back to English');
  });

  it('falls back to English key by key for a partial translation', async () => {
    registerTranslation('nl', { 'order-card': { addNote: 'Notitie toevoegen' } });
    const el = await card('nl');
    await expect(el).to.be.accessible();
    expect(addNoteButton(el)).to.equal('Notitie toevoegen');
    expect(heading(el)).to.equal(`Order ${NUMBER}`);
    expect(noteLabel(el)).to.equal('Note');
    expect(orderCardMessages(toResolvedLocale('nl')).noteLabel).to.equal('Note');

    // A later registration for the same language adds keys and keeps the earlier ones.
    registerTranslation('nl', { 'order-card': { noteLabel: 'Notitie' } });
    await waitFor(() => noteLabel(el) === 'Notitie', 'the second registration did not show');
    expect(addNoteButton(el)).to.equal('Notitie toevoegen');
  });

  it('uses a translation registered for "fr" under lang="fr-CA"', async () => {
    registerTranslation('fr', { 'order-card': { orderHeading: (number: string) => `Commande ${number}` } });
    const el = await card('fr-CA');
    await expect(el).to.be.accessible();
    expect(heading(el)).to.equal(`Commande ${NUMBER}`);
    expect(addNoteButton(el)).to.equal('Add note');
  });

  it('reaches the elements on the page from another copy of the locale module', async () => {
    const el = await card('pt-BR');
    await expect(el).to.be.accessible();
    expect(heading(el)).to.equal(`Order ${NUMBER}`);

    // The same source under another URL is a second module instance, as a separately built pack
    // has: its registry is the page's one.
    const locale = new URL('../../src/shared/locale.ts?second-copy', import.meta.url).href;
    const localeCopy = (await import(locale)) as typeof LocaleModule;
    expect(localeCopy.translationSlot).not.to.equal(translationSlot);
    expect(localeCopy.translationSlot() === translationSlot()).to.equal(true);
    const url = new URL('../../src/shared/translations.ts?second-copy', import.meta.url).href;
    const copy = (await import(url)) as typeof TranslationsModule;
    expect(copy.registerTranslation).not.to.equal(registerTranslation);
    copy.registerTranslation('pt', {
      'order-card': { orderHeading: (number: string) => `Pedido ${number}` },
    });
    await waitFor(() => heading(el) === `Pedido ${NUMBER}`, 'the card did not hear the other copy');
  });

  it('ignores keys named after Object.prototype members and values of the wrong kind', async () => {
    const pack = JSON.parse(`{
      "__proto__": { "polluted": "yes" },
      "constructor": { "polluted": "yes" },
      "order-card": {
        "__proto__": { "polluted": "yes" },
        "constructor": "Konstruktor",
        "hasOwnProperty": "nein",
        "orderHeading": "not a function",
        "noteLabel": "Anteckning"
      }
    }`) as Parameters<typeof registerTranslation>[1];
    registerTranslation('sv', pack);

    expect(({} as Record<string, unknown>)['polluted']).to.equal(undefined);
    expect(Object.hasOwn(Object.prototype, 'polluted')).to.equal(false);
    const messages = orderCardMessages(toResolvedLocale('sv'));
    expect(Object.hasOwn(messages, 'constructor')).to.equal(false);
    expect(Object.hasOwn(messages, 'hasOwnProperty')).to.equal(false);
    expect(messages.orderHeading('7')).to.equal('Order 7');
    expect(messages.noteLabel).to.equal('Anteckning');

    const el = await card('sv');
    await expect(el).to.be.accessible();
    expect(heading(el)).to.equal(`Order ${NUMBER}`);
    expect(noteLabel(el)).to.equal('Anteckning');
  });

  it('keeps merged messages per language until a translation is registered', () => {
    const before = orderCardMessages(toResolvedLocale('it'));
    expect(orderCardMessages(toResolvedLocale('it-CH'))).to.equal(before);
    registerTranslation('it', { 'order-card': { noteLabel: 'Nota' } });
    const after = orderCardMessages(toResolvedLocale('it'));
    expect(after).not.to.equal(before);
    expect(after.noteLabel).to.equal('Nota');
    expect(before.noteLabel).to.equal('Note');
  });

  it('registers without starting a lang observer when no element listens', () => {
    fixtureCleanup();
    const Original = window.MutationObserver;
    let created = 0;
    window.MutationObserver = class extends Original {
      constructor(callback: MutationCallback) {
        super(callback);
        created += 1;
      }
    };
    try {
      registerTranslation('da', { common: { retry: 'Prøv igen' } });
    } finally {
      window.MutationObserver = Original;
    }
    expect(created).to.equal(0);
  });
});
