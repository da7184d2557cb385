/**
 * Puts the PDF labels of a batch into one PDF, page after page, with pdf-lib; with their packing
 * slips, each label followed by its order's slip (the documents layer draws them), or one order's
 * slip alone for a printer of the host's server. Its own module, loaded with `import()` when the
 * labels are downloaded or printed, so pdf-lib stays out of the element's bundle.
 */
import { PDFDocument } from 'pdf-lib';
export { labelsWithSlipsPdf, packingSlipPdf } from '../../documents/packing-slip-pdf.js';
export { defaultPaper, isPaper } from '../../documents/paper.js';

export async function mergePdfLabels(files: readonly Uint8Array[]): Promise<Uint8Array<ArrayBuffer>> {
  const merged = await PDFDocument.create();
  for (const bytes of files) {
    const label = await PDFDocument.load(bytes);
    const pages = await merged.copyPages(label, label.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return new Uint8Array(await merged.save());
}
