import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { demoTexts } from '../../demo/texts.js';
import { waitFor } from '../helpers/elements.js';

/** A demo page in an iframe of the test page, once its script has run. */
async function openPage(path: string, ready: (doc: Document) => boolean): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.style.width = '1000px';
  frame.style.height = '700px';
  frame.src = `/demo/${path}`;
  document.body.append(frame);
  await waitFor(
    () => frame.contentDocument?.readyState === 'complete' && ready(frame.contentDocument),
    `${path} did not load`,
  );
  return frame;
}

function textOf(node: Element | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

describe('demo pages', () => {
  const frames: HTMLIFrameElement[] = [];

  afterEach(() => {
    for (const frame of frames.splice(0)) frame.remove();
    localStorage.removeItem('commerce-ops-demo-locale');
    localStorage.removeItem('commerce-ops-demo-theme');
    document.documentElement.lang = 'en';
  });

  after(() => emulateMedia({ colorScheme: 'light' }));

  it('counts checked orders with the language’s plural rules', () => {
    expect(demoTexts().logChecked(1)).to.equal('1 order checked');
    expect(demoTexts().logChecked(2)).to.equal('2 orders checked');
    document.documentElement.lang = 'fr';
    expect(demoTexts().logChecked(1)).to.equal('1 commande cochée');
    expect(demoTexts().logChecked(0)).to.equal('0 commande cochée');
    expect(demoTexts().logChecked(3)).to.equal('3 commandes cochées');
  });

  it('label-batch: the sandbox fault starts unticked, an empty log has no numbered item, and the page bar leads back', async () => {
    const frame = await openPage('label-batch.html', (doc) => doc.querySelector('.page-bar') !== null);
    frames.push(frame);
    const doc = frame.contentDocument!;
    expect(doc.querySelector<HTMLInputElement>('#fail-second')!.checked).to.equal(false);
    expect(doc.querySelectorAll('#event-log li')).to.have.length(0);
    expect(textOf(doc.querySelector('#event-log-empty'))).to.equal('No events yet.');
    expect(doc.querySelector('#event-log-empty')!.closest('ol')).to.equal(null);

    const bar = doc.querySelector('.page-bar')!;
    const back = bar.querySelector('a')!;
    expect(new URL(back.href).pathname).to.equal('/demo/');
    expect(textOf(back)).to.equal('← All demos');
    const [language, theme] = [...bar.querySelectorAll('select')];
    expect(textOf(language!.closest('label'))).to.match(/^Language/);
    expect(textOf(theme!.closest('label'))).to.match(/^Theme/);

    theme!.value = 'dark';
    theme!.dispatchEvent(new Event('change'));
    expect(doc.documentElement.dataset['theme']).to.equal('dark');
    expect(frame.contentWindow!.getComputedStyle(doc.body).backgroundColor).not.to.equal(
      'rgb(245, 247, 250)',
    );

    language!.value = 'de';
    language!.dispatchEvent(new Event('change'));
    expect(doc.documentElement.lang).to.equal('de');
    expect(textOf(back)).to.equal('← Alle Demos');
    expect(textOf(doc.querySelector('#event-log-empty'))).to.equal('Noch keine Ereignisse.');
  });

  it('the main page switches language and theme with the same settings as the single pages', async () => {
    const frame = await openPage('index.html', (doc) => doc.querySelector('#locale') !== null);
    frames.push(frame);
    const doc = frame.contentDocument!;
    expect(doc.querySelector('.page-bar')).to.equal(null);
    const locale = doc.querySelector<HTMLSelectElement>('#locale')!;
    locale.value = 'fr';
    locale.dispatchEvent(new Event('change'));
    expect(doc.documentElement.lang).to.equal('fr');
    expect(textOf(doc.querySelector('[data-text="language"]'))).to.equal('Langue');
    expect(localStorage.getItem('commerce-ops-demo-locale')).to.equal('fr');

    // The next single page opens in the language chosen here.
    const single = await openPage('order-card.html', (page) => page.querySelector('.page-bar') !== null);
    frames.push(single);
    expect(single.contentDocument!.documentElement.lang).to.equal('fr');
    expect(single.contentDocument!.querySelector<HTMLSelectElement>('.page-bar select')!.value).to.equal(
      'fr',
    );
  });

  it('follows the browser’s dark preference until a theme is chosen', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const frame = await openPage('order-card.html', (doc) => doc.querySelector('.page-bar') !== null);
    frames.push(frame);
    const doc = frame.contentDocument!;
    expect(doc.documentElement.dataset['theme']).to.equal('dark');
    const theme = doc.querySelectorAll<HTMLSelectElement>('.page-bar select')[1]!;
    expect(theme.value).to.equal('system');
    await emulateMedia({ colorScheme: 'light' });
    await waitFor(() => doc.documentElement.dataset['theme'] === 'light', 'the page follows the preference');
    theme.value = 'dark';
    theme.dispatchEvent(new Event('change'));
    await emulateMedia({ colorScheme: 'light' });
    expect(doc.documentElement.dataset['theme'], 'a chosen theme stays').to.equal('dark');
  });

  it('ship-order: the order shown is marked in the list and kept in the address for a reload', async () => {
    const frame = await openPage('ship-order.html', (doc) => doc.querySelector('.page-bar') !== null);
    frames.push(frame);
    const doc = frame.contentDocument!;
    const list = doc.querySelector('order-list')!;
    const current = () => list.shadowRoot?.querySelector('[aria-current="true"] .number');
    await waitFor(() => current() !== null && current() !== undefined, 'the open order is marked');
    expect(textOf(current())).to.equal('SB-1012');
    expect(new URL(frame.contentWindow!.location.href).searchParams.get('order')).to.equal('13359612');
    const heading = textOf(doc.querySelector('h1'));
    const shipping = await openPage('shipping.html', (page) => page.querySelector('h1') !== null);
    frames.push(shipping);
    expect(textOf(shipping.contentDocument!.querySelector('h1')), 'each page its own heading').not.to.equal(
      heading,
    );
  });

  it('in one column (a narrow window), the order list scrolls away instead of covering the work under it', async () => {
    const frame = await openPage('index.html', (doc) => doc.querySelector('order-list.orders') !== null);
    frames.push(frame);
    frame.style.width = '420px';
    const doc = frame.contentDocument!;
    const orders = doc.querySelector<HTMLElement>('.orders')!;
    const card = doc.querySelector<HTMLElement>('.workspace order-card')!;
    await waitFor(() => card.shadowRoot?.querySelector('h2') !== null, 'the order did not show');
    frame.contentWindow!.scrollTo(0, card.getBoundingClientRect().top + frame.contentWindow!.scrollY);
    const list = orders.getBoundingClientRect();
    const work = card.getBoundingClientRect();
    expect(list.bottom <= work.top || list.top >= work.bottom, 'the list lies over the order card').to.equal(
      true,
    );
  });

  it('the OAuth callback page is styled like the others, not in the browser’s serif default', async () => {
    const frame = await openPage('oauth-callback.html', (doc) => doc.querySelector('#status') !== null);
    frames.push(frame);
    const doc = frame.contentDocument!;
    await waitFor(() => doc.styleSheets.length > 0, 'no style sheet');
    const font = frame.contentWindow!.getComputedStyle(doc.body).fontFamily;
    expect(font).to.contain('system-ui');
  });
});
