/**
 * Browser-test helper: reading a PDF back as a person or a scanner would. pdf.js gives each page's
 * size in points and its text; each page drawn on a canvas is read line by line with ZXing's
 * Code 128 reader, so a test sees the barcodes the paper really carries.
 */
import { BitArray, Code128Reader } from '@zxing/library';
// The legacy build: it brings what it uses that an older browser lacks (Firefox ESR 140 has no
// `Map.prototype.getOrInsertComputed`, which the modern build calls).
import { GlobalWorkerOptions, PDFWorker, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

GlobalWorkerOptions.workerSrc = new URL(
  '/node_modules/pdfjs-dist/legacy/build/pdf.worker.mjs',
  location.href,
).href;

/** One worker for every PDF a test file reads: starting one takes longer than reading a slip. */
let worker: PDFWorker | undefined;

export interface PdfPage {
  /** In points (1/72 inch). */
  readonly width: number;
  readonly height: number;
  /** The page's text, its runs joined by spaces in reading order. */
  readonly text: string;
  /** The Code 128 barcodes on the page, top to bottom. */
  readonly barcodes: readonly string[];
}

export interface ReadPdf {
  readonly pages: readonly PdfPage[];
  readonly title: string | undefined;
}

async function textOf(page: PDFPageProxy): Promise<string> {
  const content = await page.getTextContent();
  return content.items
    .map((item) => ('str' in item ? item.str : ''))
    .filter((text) => text.trim() !== '')
    .join(' ');
}

/** Pixels per point the page is drawn at: a 1 pt module becomes 2 px. */
const SCALE = 2;
/** Rows read apart, in pixels, and how far apart two reads of one text are two barcodes. */
const STEP = 3;
const SAME_BARCODE = 60 * SCALE;

async function barcodesOf(page: PDFPageProxy): Promise<string[]> {
  const viewport = page.getViewport({ scale: SCALE });
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(viewport.width);
  canvas.height = Math.ceil(viewport.height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D canvas');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas, canvasContext: context, viewport }).promise;
  const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
  const reader = new Code128Reader();
  const found: string[] = [];
  let last = '';
  let lastRow = -Infinity;
  for (let y = 0; y < height; y += STEP) {
    const row = new BitArray(width);
    let dark = 0;
    for (let x = 0; x < width; x += 1) {
      if ((data[(y * width + x) * 4 + 1] ?? 255) < 128) {
        row.set(x);
        dark += 1;
      }
    }
    if (dark < 20) continue;
    let text: string;
    try {
      text = reader.decodeRow(y, row, new Map()).getText();
    } catch {
      continue;
    }
    // One barcode is read on many rows; a new one starts with other text or well below.
    if (text !== last || y - lastRow > SAME_BARCODE) found.push(text);
    last = text;
    lastRow = y;
  }
  return found;
}

export async function readPdf(bytes: Uint8Array | ArrayBuffer | Blob): Promise<ReadPdf> {
  const data =
    bytes instanceof Blob ? new Uint8Array(await bytes.arrayBuffer()) : new Uint8Array(bytes.slice(0));
  const pdf: PDFDocumentProxy = await getDocument({
    data,
    isEvalSupported: false,
    worker: (worker ??= new PDFWorker()),
  }).promise;
  try {
    const pages: PdfPage[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const [, , width, height] = page.view;
      pages.push({
        width: width ?? 0,
        height: height ?? 0,
        text: await textOf(page),
        barcodes: await barcodesOf(page),
      });
    }
    const { info } = await pdf.getMetadata();
    const title = (info as { Title?: unknown }).Title;
    return { pages, title: typeof title === 'string' ? title : undefined };
  } finally {
    await pdf.destroy();
  }
}
