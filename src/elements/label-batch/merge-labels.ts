/**
 * Puts the PDF labels of a batch into one PDF, page after page, with pdf-lib. Its own module,
 * loaded with `import()` when the labels are downloaded or printed, so pdf-lib stays out of the
 * element's bundle.
 */
import { PDFDocument } from 'pdf-lib';

export async function mergePdfLabels(files: readonly Uint8Array[]): Promise<Uint8Array<ArrayBuffer>> {
  const merged = await PDFDocument.create();
  for (const bytes of files) {
    const label = await PDFDocument.load(bytes);
    const pages = await merged.copyPages(label, label.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return new Uint8Array(await merged.save());
}
