/**
 * `dist/merge-labels.js`, the one file beside the single-file browser build
 * (`commerce-ops-elements.js`): every PDF drawn with pdf-lib (about 180 KB gzip), which only a
 * press of a button needs: label-batch's merged labels (with their packing slips), pick-list's
 * pick list and label-downloader's packing slip. The single file fetches it on that press
 * (scripts/lazy-modules.ts); the package's modules and the loader's chunks load each part apart.
 */
export {
  defaultPaper,
  isPaper,
  labelsWithSlipsPdf,
  mergePdfLabels,
} from './elements/label-batch/merge-labels.js';
export { packingSlipPdf } from './documents/packing-slip-pdf.js';
export { pickListPdf } from './documents/pick-list-pdf.js';
