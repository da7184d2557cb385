import { expect } from '@open-wc/testing';
import { PDFDocument } from 'pdf-lib';
import { labelsWithSlipsPdf, packingSlipPdf } from '../../src/documents/packing-slip-pdf.js';
import { readPdf } from '../helpers/pdf.js';
import { slipOrder } from './order-fixture.js';
import '../../src/locales/de.js';

async function labelPdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([288, 432]).drawText(text, { x: 20, y: 400, size: 14 });
  return doc.save();
}

describe('packingSlipPdf', () => {
  it('shows the store, the order number as a barcode, the date, address, method, items and note', async () => {
    const pdf = await readPdf(await packingSlipPdf([slipOrder()], { locale: 'en-GB', paper: 'a4' }));
    expect(pdf.pages).to.have.length(1);
    const [page] = pdf.pages;
    for (const text of [
      'Paws & Co',
      'Packing slip',
      'SO-10482',
      '30 Nov 2026',
      'Deliver to',
      'Ada Lovelace',
      '12 Engine Row',
      'London N1 9GU',
      'United Kingdom',
      'Royal Mail Tracked 48',
      'Dog lead',
      'LEAD-RED',
      'Colour: Red',
      'Size: Large',
      'Note from the customer',
      'Leave it with the neighbour at number 29, please.',
    ]) {
      expect(page?.text).to.contain(text);
    }
    expect(page?.barcodes).to.deep.equal(['SO-10482']);
    expect(pdf.title).to.equal('Packing slip SO-10482');
  });

  it('has no prices by default, and prices when asked', async () => {
    const plain = await readPdf(await packingSlipPdf([slipOrder()], { locale: 'en-GB', paper: 'a4' }));
    expect(plain.pages[0]?.text).not.to.contain('£');
    expect(plain.pages[0]?.text).not.to.contain('Price');
    const priced = await readPdf(
      await packingSlipPdf([slipOrder()], { locale: 'en-GB', paper: 'a4', prices: true }),
    );
    for (const text of ['Price', '£12.50', '£25.00', 'Subtotal', '£42.00', '£3.50', '£45.50']) {
      expect(priced.pages[0]?.text).to.contain(text);
    }
  });

  it('leaves the note out when the customer wrote none', async () => {
    const pdf = await readPdf(
      await packingSlipPdf([slipOrder({ customer_note: null })], { locale: 'en', paper: 'letter' }),
    );
    expect(pdf.pages[0]?.text).not.to.contain('Note from the customer');
  });

  it('is A4, Letter or 4×6 inches, and the barcode reads on each', async () => {
    const sizes: [paper: 'a4' | 'letter' | '4x6', width: number, height: number][] = [
      ['a4', 595.28, 841.89],
      ['letter', 612, 792],
      ['4x6', 288, 432],
    ];
    for (const [paper, width, height] of sizes) {
      const pdf = await readPdf(await packingSlipPdf([slipOrder()], { locale: 'en', paper }));
      expect(pdf.pages[0]?.width).to.be.closeTo(width, 0.01);
      expect(pdf.pages[0]?.height).to.be.closeTo(height, 0.01);
      expect(pdf.pages.flatMap((page) => page.barcodes)).to.deep.equal(['SO-10482']);
    }
  });

  it('gives each order its own slip, from a new page, and a long one runs on without cutting an item', async () => {
    const many = slipOrder({
      number: '20015',
      line_items: Array.from({ length: 40 }, (_, index) => ({
        id: index + 1,
        quantity: 1,
        sellable: { id: 100 + index, full_title: `Treat ${index + 1}`, sku_code: `TREAT-${index + 1}` },
      })),
    });
    const pdf = await readPdf(await packingSlipPdf([slipOrder(), many], { locale: 'en', paper: '4x6' }));
    expect(pdf.pages.length).to.be.greaterThan(3);
    expect(pdf.pages.flatMap((page) => page.barcodes)).to.deep.equal(['SO-10482', '20015']);
    expect(pdf.pages[2]?.text).to.contain('Packing slip 20015 (continued)');
    const text = pdf.pages.map((page) => page.text).join(' ');
    for (let index = 1; index <= 40; index += 1) expect(text).to.contain(`Treat ${index} SKU TREAT-${index}`);
  });

  it('speaks German, and draws names and notes outside Latin-1 without failing', async () => {
    const order = slipOrder({
      deliver_to: {
        first_name: 'Łukasz',
        last_name: 'Żółć',
        address1: 'ul. Świętokrzyska 1',
        city: 'Kraków',
        zip: '30-001',
        country: 'PL',
      },
      customer_note: { text: 'Bitte klingeln 🔔 — 谢谢' },
    });
    const pdf = await readPdf(await packingSlipPdf([order], { locale: 'de-DE', paper: 'a4' }));
    const text = pdf.pages[0]?.text ?? '';
    for (const words of [
      'Lieferschein',
      'Bestellnummer',
      'Lieferadresse',
      'Nachricht des Kunden',
      'Lukasz Zólc',
      'ul. Swietokrzyska 1',
      '30-001 Kraków',
      'Polen',
      'Bitte klingeln ? — ??',
    ]) {
      expect(text).to.contain(words);
    }
  });

  it('puts each label before its order’s slip in one file', async () => {
    const second = slipOrder({ id: 502, number: 'SO-10483' });
    const pdf = await readPdf(
      await labelsWithSlipsPdf(
        [
          { label: await labelPdf('LABEL ONE'), order: slipOrder() },
          { label: await labelPdf('LABEL TWO'), order: second },
        ],
        { locale: 'en', paper: '4x6' },
      ),
    );
    expect(
      pdf.pages.map((page) => (page.text.includes('LABEL') ? page.text : page.barcodes.join())),
    ).to.deep.equal(['LABEL ONE', 'SO-10482', 'LABEL TWO', 'SO-10483']);
  });
});
