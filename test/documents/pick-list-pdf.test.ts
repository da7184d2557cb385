import { expect } from '@open-wc/testing';
import { pickListPdf } from '../../src/documents/pick-list-pdf.js';
import type { PickListPdfInput, PickListPdfRow } from '../../src/documents/pick-list-pdf.js';
import { readPdf } from '../helpers/pdf.js';

function row(index: number, extra: Partial<PickListPdfRow> = {}): PickListPdfRow {
  return {
    location: `A-${index}`,
    sku: `SKU-${1000 + index}`,
    title: `Widget ${index}`,
    quantity: index,
    orders: [{ number: `SO-${10480 + index}`, quantity: index }],
    inKit: null,
    ...extra,
  };
}

function input(extra: Partial<PickListPdfInput> = {}): PickListPdfInput {
  return {
    sections: [{ warehouseName: 'Main warehouse', rows: [row(1), row(2)] }],
    notAllocated: [],
    date: new Date(2026, 11, 2),
    locale: 'en-GB',
    paper: 'a4',
    ...extra,
  };
}

describe('pickListPdf', () => {
  it('holds each row with its location, title, SKU, quantity and orders, and the SKU as a barcode', async () => {
    const pdf = await readPdf(
      await pickListPdf(
        input({
          sections: [
            {
              warehouseName: 'Main warehouse',
              rows: [
                row(2, {
                  title: 'Dog lead',
                  orders: [
                    { number: 'SO-10482', quantity: 2 },
                    { number: 'SO-10483', quantity: 1 },
                  ],
                  quantity: 3,
                }),
                row(10, { location: null, sku: 'LEAD-RED', title: 'Red collar', inKit: 'Puppy starter kit' }),
              ],
            },
          ],
        }),
      ),
    );
    expect(pdf.pages).to.have.length(1);
    const [page] = pdf.pages;
    expect(page?.text).to.contain('Pick at Main warehouse');
    for (const text of [
      'Location',
      'Item',
      'Quantity',
      'Orders',
      'A-2',
      'Dog lead',
      'SO-10482 × 2',
      'SO-10483 × 1',
    ]) {
      expect(page?.text).to.contain(text);
    }
    expect(page?.text).to.contain('Red collar');
    expect(page?.text).to.contain('in Puppy starter kit');
    expect(page?.barcodes).to.deep.equal(['SKU-1002', 'LEAD-RED']);
  });

  it('is legible on Letter and A4, in points', async () => {
    const letter = await readPdf(await pickListPdf(input({ paper: 'letter' })));
    expect([letter.pages[0]?.width, letter.pages[0]?.height]).to.deep.equal([612, 792]);
    const a4 = await readPdf(await pickListPdf(input({ paper: 'a4' })));
    expect(a4.pages[0]?.width).to.be.closeTo(595.28, 0.01);
    expect(a4.pages[0]?.height).to.be.closeTo(841.89, 0.01);
  });

  it('breaks pages between rows, never through one, and heads each page with its table', async () => {
    const rows = Array.from({ length: 24 }, (_, index) => row(index + 1));
    const pdf = await readPdf(
      await pickListPdf(input({ sections: [{ warehouseName: 'Main warehouse', rows }] })),
    );
    expect(pdf.pages.length).to.be.greaterThan(1);
    // Every row's barcode is read whole, on exactly one page.
    const barcodes = pdf.pages.flatMap((page) => page.barcodes);
    expect(barcodes).to.deep.equal(rows.map((entry) => entry.sku));
    for (const page of pdf.pages.slice(1)) expect(page.text).to.contain('Pick at Main warehouse (continued)');
    expect(pdf.pages.at(-1)?.text).to.contain(`Page ${pdf.pages.length} of ${pdf.pages.length}`);
  });

  it('has a section per warehouse and lists what is not allocated yet', async () => {
    const pdf = await readPdf(
      await pickListPdf(
        input({
          sections: [
            { warehouseName: 'Main warehouse', rows: [row(1)] },
            { warehouseName: 'Overflow', rows: [row(3)] },
          ],
          notAllocated: [{ number: 'SO-20001', sku: 'MUG-1', title: 'Mug', quantity: 4 }],
        }),
      ),
    );
    const text = pdf.pages.map((page) => page.text).join(' ');
    expect(text).to.contain('Pick at Main warehouse');
    expect(text).to.contain('Pick at Overflow');
    expect(text).to.contain('Not allocated yet');
    expect(text).to.contain('SO-20001');
    expect(text).to.contain('Mug');
    expect(pdf.pages.flatMap((page) => page.barcodes)).to.deep.equal(['SKU-1001', 'SKU-1003']);
  });

  it('draws text pdf-lib cannot encode as the nearest it can', async () => {
    const pdf = await readPdf(
      await pickListPdf(
        input({ sections: [{ warehouseName: 'Łódź 東京', rows: [row(1, { title: 'Ćma łyżka 茶' })] }] }),
      ),
    );
    expect(pdf.pages[0]?.text).to.contain('Pick at Lódz ??');
    expect(pdf.pages[0]?.text).to.contain('Cma lyzka ?');
  });
});
