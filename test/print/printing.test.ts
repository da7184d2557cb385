import { aTimeout, expect, fixture, html, oneEvent } from '@open-wc/testing';
import { createClient } from '../../src/api/index.js';
import type { OpsClient } from '../../src/api/index.js';
import '../../src/label-batch.js';
import type { LabelBatch } from '../../src/label-batch.js';
import '../../src/label-downloader.js';
import type { LabelDownloader } from '../../src/label-downloader.js';
import '../../src/rate-picker.js';
import '../../src/ship-order.js';
import type { ShipOrder } from '../../src/ship-order.js';
import { SEED_IDS } from '../../src/sandbox/seed-ids.js';
import { $, shadow, textOf, waitFor, waitForValue } from '../helpers/elements.js';
import { createTestSandbox } from '../helpers/sandbox.js';
import type { TestSandbox } from '../helpers/sandbox.js';
import { buyButton, chooseRate, renderPair } from '../helpers/shipping.js';

/**
 * Every Print button, pressed in a browser that shows PDFs in a page and so prints them: headed
 * Chromium (under a virtual display in CI). Headless Chromium shows no PDF in a page, and printing
 * a PDF frame there crashed the tab; the element suites test what happens there (the file is saved,
 * and the element says so).
 */

const O = SEED_IDS.orders;

/**
 * How long the print dialog is given to crash or hang the tab (it does so as it opens): the page
 * must still answer after it, and every later step runs on the same page, so a later crash fails them.
 */
const AFTER_PRINT_MS = 900;

interface Printed {
  frame: HTMLIFrameElement;
  /** The PDF the frame printed. */
  pdf: Blob;
}

/**
 * Presses `button` (inside `host`'s shadow root) as a user does, and checks what a print must
 * leave: a hidden frame holding the PDF, no fallback tab, focus still on the button, no notice
 * that the file was saved instead, and a page that still answers once the print dialog is up.
 */
async function pressPrint(host: HTMLElement, button: HTMLButtonElement): Promise<Printed> {
  const opened: unknown[] = [];
  const open = window.open;
  window.open = (...args: Parameters<typeof window.open>) => {
    opened.push(args);
    return null;
  };
  try {
    button.focus();
    button.click();
    const frame = await waitForValue(
      () => shadow(host).querySelector<HTMLIFrameElement>('iframe.print-frame'),
      'no print frame',
    );
    await aTimeout(AFTER_PRINT_MS);
    expect(host.isConnected, 'the page survived the print').to.equal(true);
    expect(opened, 'the frame printed: no tab opened instead').to.deep.equal([]);
    expect(shadow(host).activeElement === button, 'focus stayed on the Print button').to.equal(true);
    expect(frame.getAttribute('aria-hidden')).to.equal('true');
    expect(textOf($(host, '[part="file-notice"]')), 'nothing was saved instead').to.equal('');
    const pdf = await (await fetch(frame.src)).blob();
    expect(await pdf.slice(0, 4).text()).to.equal('%PDF');
    return { frame, pdf };
  } finally {
    window.open = open;
  }
}

async function buy(downloader: LabelDownloader): Promise<void> {
  const button = await waitForValue(() => {
    const candidate = buyButton(downloader);
    return candidate && !candidate.disabled ? candidate : null;
  }, 'no Buy label');
  const purchased = oneEvent(downloader, 'label-purchased');
  button.click();
  await purchased;
  await downloader.updateComplete;
}

describe('printing, in a browser that shows PDFs in a page', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;

  before(() => {
    // The suite's premise: otherwise every Print saves the file instead, as tested elsewhere.
    expect(navigator.pdfViewerEnabled, 'this browser shows PDFs in a page').to.equal(true);
  });

  beforeEach(() => {
    sandbox = createTestSandbox();
    client = createClient({
      baseUrl: sandbox.baseUrl,
      credentials: { apiKey: sandbox.apiKey },
      appToken: sandbox.appToken,
    });
  });

  it('label-downloader: "Print label", then "Print again" after a reload', async () => {
    const { picker, downloader } = await renderPair(client, O.allocated);
    await expect(downloader).to.be.accessible();
    await chooseRate(picker);
    await buy(downloader);
    const print = await waitForValue(
      () => $<HTMLButtonElement>(downloader, '[part="print-button"]'),
      'no Print',
    );
    expect(textOf(print)).to.equal('Print label');
    await pressPrint(downloader, print);
    await expect(downloader).to.be.accessible();

    // A reload: new elements offer the kept label again, with "Print again".
    picker.parentElement!.remove();
    const again = await renderPair(
      createClient({
        baseUrl: sandbox.baseUrl,
        credentials: { apiKey: sandbox.apiKey },
        appToken: sandbox.appToken,
      }),
      O.allocated,
    );
    const printAgain = await waitForValue(
      () => $<HTMLButtonElement>(again.downloader, '[part="stored"] [part="print-button"]'),
      'no Print again',
    );
    expect(textOf(printAgain)).to.equal('Print again');
    await pressPrint(again.downloader, printAgain);
  });

  it('ship-order: "Print label" in the done state', async () => {
    const el = await fixture<ShipOrder>(
      html`<ship-order .client=${client} order-id=${O.allocated}></ship-order>`,
    );
    await expect(el).to.be.accessible();
    const picker = await waitForValue(
      () => $(el, 'rate-picker')?.shadowRoot && $(el, 'rate-picker'),
      'no rates',
    );
    await waitFor(() => $(picker, '[part="header"]'), 'the picker did not load');
    await chooseRate(picker as never);
    const downloader = await waitForValue(() => $<LabelDownloader>(el, 'label-downloader'), 'no label');
    await buy(downloader);
    await waitFor(() => $(el, '[part="done"]'), 'no done state');
    const print = await waitForValue(
      () => $<HTMLButtonElement>(downloader, '[part="print-button"]'),
      'no Print',
    );
    await pressPrint(downloader, print);
    await expect(el).to.be.accessible();
  });

  it('label-batch: "Print labels" prints the bought labels as one PDF', async () => {
    const el = await fixture<LabelBatch>(
      html`<label-batch
        .client=${client}
        order-ids=${[O.allocated, O.partlyAllocated].join(',')}
      ></label-batch>`,
    );
    await expect(el).to.be.accessible();
    const buyLabels = await waitForValue(() => {
      const candidate = $<HTMLButtonElement>(el, '[part="buy-button"]');
      return candidate && !candidate.disabled && candidate.getAttribute('aria-disabled') !== 'true'
        ? candidate
        : null;
    }, 'no Buy labels');
    const purchased = oneEvent(el, 'labels-purchased');
    buyLabels.click();
    await purchased;
    const print = await waitForValue(
      () => $<HTMLButtonElement>(el, '[part="print-button"]'),
      'no Print labels',
    );
    expect(textOf(print)).to.equal('Print labels');
    const { pdf } = await pressPrint(el, print);
    expect(pdf.size).to.be.greaterThan(0);
    await expect(el).to.be.accessible();
  });
});
