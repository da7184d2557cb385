import '../../src/locales/de.js';
import { expect, fixture, html } from '@open-wc/testing';
import { render } from 'lit';
import { OpsError } from '../../src/api/errors.js';
import { defineElement } from '../../src/shared/define.js';
import { formatDuration, formatMoney, humanizeCode } from '../../src/shared/format.js';
import { formatWeight } from '../../src/shared/format-measures.js';
import { resolveLocale, toResolvedLocale } from '../../src/shared/locale.js';
import { renderErrorBanner, renderLoading } from '../../src/shared/templates.js';

const en = toResolvedLocale('en-GB');
const de = toResolvedLocale('de-DE');

describe('locale resolution', () => {
  it('takes the nearest lang, crossing shadow roots, then the document', async () => {
    const outer = await fixture<HTMLDivElement>(html`<div lang="de-AT"><span></span></div>`);
    expect(resolveLocale(outer.querySelector('span')!)).to.deep.equal({ tag: 'de-AT', language: 'de' });

    const host = await fixture<HTMLDivElement>(html`<section lang="de"><div></div></section>`);
    const shadow = host.querySelector('div')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<p></p>';
    expect(resolveLocale(shadow.querySelector('p')!).language).to.equal('de');

    const plain = await fixture<HTMLDivElement>(html`<div></div>`);
    document.documentElement.lang = 'fr';
    expect(resolveLocale(plain)).to.deep.equal({ tag: 'fr', language: 'fr' });
    document.documentElement.lang = 'en';
  });

  it('gives a bare language the page’s region; a region given wins', async () => {
    document.documentElement.lang = 'en-GB';
    try {
      const bare = await fixture<HTMLDivElement>(html`<div lang="en"><span></span></div>`);
      expect(resolveLocale(bare.querySelector('span')!).tag).to.equal('en-GB');
      const us = await fixture<HTMLDivElement>(html`<div lang="en-US"><span></span></div>`);
      expect(resolveLocale(us.querySelector('span')!).tag).to.equal('en-US');
      const other = await fixture<HTMLDivElement>(html`<div lang="fr"><span></span></div>`);
      expect(resolveLocale(other.querySelector('span')!).tag).to.equal('fr');
    } finally {
      document.documentElement.lang = 'en';
    }
  });

  it('without any lang, takes the browser’s language', async () => {
    const plain = await fixture<HTMLDivElement>(html`<div></div>`);
    document.documentElement.removeAttribute('lang');
    try {
      expect(resolveLocale(plain).tag).to.equal(toResolvedLocale(navigator.language).tag);
    } finally {
      document.documentElement.lang = 'en';
    }
  });

  it('falls back to English for a malformed tag', () => {
    expect(toResolvedLocale('not a tag!!')).to.deep.equal({ tag: 'en', language: 'en' });
  });
});

describe('formatting', () => {
  it('formats money in the order currency and the reader locale', () => {
    expect(formatMoney(213.04, 'GBP', en)).to.equal('£213.04');
    expect(formatMoney(213.04, 'EUR', de)).to.match(/^213,04\s€$/);
    expect(formatMoney(null, 'GBP', en)).to.equal('—');
    expect(formatMoney(5, 'not-a-code', en)).to.equal('5.00 NOT-A-CODE');
    // The amount's own currency needs no country: "4,91 £", not "4,91 £GB" or "4,91 GBP".
    const fr = toResolvedLocale('fr');
    const es = toResolvedLocale('es');
    for (const [locale, currency, shown] of [
      [fr, 'GBP', /^4,91\s£$/],
      [fr, 'USD', /^4,91\s\$$/],
      [fr, 'EUR', /^4,91\s€$/],
      [de, 'GBP', /^4,91\s£$/],
      [de, 'USD', /^4,91\s\$$/],
      [es, 'GBP', /^4,91\s£$/],
      [es, 'USD', /^4,91\s\$$/],
      [es, 'EUR', /^4,91\s€$/],
    ] as const) {
      expect(formatMoney(4.91, currency, locale), `${locale.tag} ${currency}`).to.match(shown);
    }
  });

  it('formats weights with their unit and time left in words', () => {
    expect(formatWeight(1.5, 'kg', en)).to.equal('1.5 kg');
    expect(formatWeight(250, 'g', de)).to.equal('250 g');
    // Time left in words, so "14 min 58 sec" is never read as a clock time.
    expect(formatDuration(898_000, en)).to.equal('14 mins 58 secs');
    expect(formatDuration(898_000, toResolvedLocale('en-US'))).to.equal('14 min 58 sec');
    expect(formatDuration(3_600_000, en)).to.equal('1 hr');
    expect(formatDuration(-10, en)).to.equal('0 secs');
    expect(formatDuration(898_000, de)).to.equal('14 Min. 58 Sek.');
    expect(humanizeCode('awaiting_stock')).to.equal('Awaiting stock');
  });
});

describe('state templates', () => {
  it('shows the error in words, the API messages and a Retry button', async () => {
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    let retried = 0;
    const error = new OpsError('validation', 'x', { status: 422, messages: ['Remote SKU is missing'] });
    render(renderErrorBanner({ error, locale: en, onRetry: () => retried++ }), container);
    const alert = container.querySelector('[role="alert"]')!;
    expect(alert.textContent).to.contain('The service did not accept the request.');
    expect(alert.textContent).to.contain('Remote SKU is missing');
    container.querySelector('button')!.click();
    expect(retried).to.equal(1);

    render(renderErrorBanner({ error: new OpsError('network', 'offline'), locale: de }), container);
    expect(container.textContent).to.contain('Der Dienst ist nicht erreichbar');
    expect(container.querySelector('button')).to.equal(null);
  });

  it('explains a refused key once, in the reader language, beside the API words', async () => {
    const { errorFromResponse } = await import('../../src/api/error-body.js');
    const { readErrorText } = await import('../../src/api/error-read.js');
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    const error = errorFromResponse(401, readErrorText('{"error":"Unauthorized"}', 'application/json'));
    render(renderErrorBanner({ error, locale: de }), container);
    const text = container.textContent!;
    expect(text).to.contain('API-Schlüssel oder Anmeldung wurden abgelehnt');
    expect(text).to.contain('Unauthorized');
    expect(text).not.to.contain('regenerated');
  });

  it('announces loading as a status', async () => {
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    render(renderLoading(de), container);
    expect(container.querySelector('[role="status"]')!.textContent).to.contain('Wird geladen');
  });
});

describe('defineElement', () => {
  it('does not throw when the tag is already taken', () => {
    class First extends HTMLElement {}
    class Second extends HTMLElement {}
    defineElement('ops-test-define', First);
    expect(() => defineElement('ops-test-define', Second)).not.to.throw();
    expect(customElements.get('ops-test-define')).to.equal(First);
  });

  it('leaves a class alone that the host registered under its own name', () => {
    class HostNamed extends HTMLElement {}
    customElements.define('acme-host-named', HostNamed);
    expect(() => defineElement('ops-host-named', HostNamed)).not.to.throw();
    expect(customElements.get('ops-host-named')).to.equal(undefined);
  });
});

describe('safeUrl', () => {
  it('keeps web addresses and drops anything a browser would run', async () => {
    const { safeUrl } = await import('../../src/shared/url.js');
    expect(safeUrl('https://images.example.test/a.jpg')).to.equal('https://images.example.test/a.jpg');
    expect(safeUrl('/images/a.png')).to.equal(new URL('/images/a.png', document.baseURI).href);
    expect(safeUrl('javascript:alert(1)')).to.equal(undefined);
    expect(safeUrl(' JaVaScRiPt:alert(1)')).to.equal(undefined);
    expect(safeUrl('data:text/html,<script>alert(1)</script>', { allowImageData: true })).to.equal(undefined);
    expect(safeUrl('data:image/png;base64,AAAA', { allowImageData: true })).to.equal(
      'data:image/png;base64,AAAA',
    );
    expect(safeUrl('data:image/png;base64,AAAA')).to.equal(undefined);
    expect(safeUrl('data:image/svg+xml,%3Csvg%3E', { allowImageData: true })).to.equal(
      'data:image/svg+xml,%3Csvg%3E',
    );
    expect(safeUrl(42)).to.equal(undefined);
  });
});

describe('formatCountry', () => {
  it('names a two-letter region in the reader language', async () => {
    const { formatCountry } = await import('../../src/shared/format.js');
    expect(formatCountry('GB', en)).to.equal('United Kingdom');
    expect(formatCountry('de', de)).to.equal('Deutschland');
    expect(formatCountry('Middle Earth', en)).to.equal('Middle Earth');
    expect(formatCountry(null, en)).to.equal('');
  });
});

describe('status badges', () => {
  it('name known states in the reader language and unknown ones in words', async () => {
    const { renderStatusBadge } = await import('../../src/shared/templates.js');
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    const statuses: [string, string, string, string][] = [
      ['awaiting_payment', 'Awaiting payment', 'Wartet auf Zahlung', 'warning'],
      ['awaiting_stock', 'Awaiting stock', 'Wartet auf Bestand', 'warning'],
      ['awaiting_fulfillment', 'Ready to ship', 'Versandbereit', 'info'],
      ['shipped', 'Shipped', 'Versandt', 'success'],
      ['on_hold', 'On hold', 'Angehalten', 'danger'],
      ['cancelled', 'Cancelled', 'Storniert', 'danger'],
      ['refunded', 'Refunded', 'Erstattet', 'neutral'],
    ];
    for (const [status, english, german, tone] of statuses) {
      render(renderStatusBadge(status, de), container);
      expect(container.textContent!.trim(), status).to.equal(german);
      expect(container.querySelector('.badge')!.className, status).to.equal(`badge ${tone}`);
      render(renderStatusBadge(status, en), container);
      expect(container.textContent!.trim(), status).to.equal(english);
    }
    render(renderStatusBadge('in_customs_review', en), container);
    expect(container.textContent!.trim()).to.equal('In customs review');
    render(renderStatusBadge('constructor', en), container);
    expect(container.textContent!.trim()).to.equal('Constructor');
    expect(container.querySelector('.badge')!.className).to.equal('badge neutral');
  });
});
