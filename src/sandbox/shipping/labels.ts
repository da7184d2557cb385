/**
 * Real label documents: a 4×6 inch PDF label and a ZPL label for thermal printers, and an A4
 * customs (commercial) invoice for international shipments, so downloads and printing can be
 * tried end to end. Documents travel Base64-encoded, as the live service sends them.
 */
import { PDFDict, PDFDocument, PDFName, PDFString, StandardFonts, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { ContentsItem, ShippingAddressInput } from './rate-records.js';

export interface LabelDetails {
  trackingNumber: string;
  carrierName: string;
  serviceName: string;
  from: ShippingAddressInput;
  to: ShippingAddressInput;
  weightGrams: number;
  reference: string | null;
  shippedAt: Date;
  messages: string[];
}

export interface InvoiceDetails {
  invoiceNumber: string;
  trackingNumber: string;
  from: ShippingAddressInput;
  to: ShippingAddressInput;
  contents: ContentsItem[];
  currency: string;
  issuedAt: Date;
}

/** Standard PDF fonts only encode WinAnsi; anything else would throw while drawing. */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

function addressLines(address: ShippingAddressInput): string[] {
  return rawAddressLines(address).map(printable);
}

function write(page: PDFPage, text: string, x: number, y: number, font: PDFFont, size: number): void {
  page.drawText(printable(text), { x, y, font, size, color: rgb(0, 0, 0) });
}

/** Marks the document with the tracking number in its metadata, readable without inflating streams. */
function tagDocument(document: PDFDocument, title: string, trackingNumber: string): void {
  document.setTitle(title);
  document.setProducer('Commerce Operations sandbox');
  document.setCreator('Commerce Operations sandbox');
  // setTitle created the Info dictionary; a literal string keeps the number greppable in the file.
  const info = document.context.lookup(document.context.trailerInfo.Info, PDFDict);
  info.set(PDFName.of('TrackingNumber'), PDFString.of(trackingNumber));
}

/** Bars derived from the tracking number: looks like a barcode, scans as nothing. */
function drawBars(page: PDFPage, text: string, x: number, y: number, width: number, height: number): void {
  const pattern: number[] = [2, 1, 1];
  for (const char of text) {
    const code = char.charCodeAt(0);
    pattern.push(1 + (code % 3), 1 + ((code >> 2) % 2), 1 + ((code >> 3) % 3), 1 + ((code >> 1) % 2));
  }
  pattern.push(2, 1, 1);
  const unit = width / pattern.reduce((sum, bar) => sum + bar, 0);
  let cursor = x;
  pattern.forEach((bar, index) => {
    if (index % 2 === 0) page.drawRectangle({ x: cursor, y, width: bar * unit, height, color: rgb(0, 0, 0) });
    cursor += bar * unit;
  });
}

export async function renderPdfLabel(details: LabelDetails): Promise<string> {
  const document = await PDFDocument.create();
  tagDocument(document, `Shipping label ${details.trackingNumber}`, details.trackingNumber);
  const page = document.addPage([288, 432]);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);

  write(page, details.carrierName, 14, 400, bold, 18);
  write(page, details.serviceName, 14, 384, regular, 11);
  page.drawLine({ start: { x: 10, y: 374 }, end: { x: 278, y: 374 }, thickness: 1.5 });

  write(page, 'FROM', 14, 360, bold, 7);
  addressLines(details.from).forEach((line, index) => write(page, line, 14, 350 - index * 9, regular, 8));

  write(page, 'SHIP TO', 14, 290, bold, 8);
  addressLines(details.to).forEach((line, index) => write(page, line, 14, 274 - index * 15, bold, 13));

  page.drawLine({ start: { x: 10, y: 175 }, end: { x: 278, y: 175 }, thickness: 1.5 });
  write(page, labelWeight(details.weightGrams), 14, 160, regular, 9);
  write(page, labelDate(details.shippedAt), 150, 160, regular, 9);
  if (details.reference) write(page, `Ref: ${details.reference}`, 14, 148, regular, 9);

  drawBars(page, details.trackingNumber, 24, 72, 240, 56);
  write(page, 'TRACKING', 14, 56, bold, 7);
  write(page, details.trackingNumber, 14, 38, bold, 16);
  details.messages
    .slice(0, 2)
    .forEach((message, index) => write(page, message, 14, 22 - index * 10, regular, 7));

  return document.saveAsBase64({ useObjectStreams: false });
}

/**
 * Field data for a field opened with `^FH`: `^`, `~` and `_` (the hex indicator) and every byte
 * outside printable ASCII become `_xx`, non-ASCII characters as their UTF-8 bytes, which `^CI28`
 * prints. Control characters are dropped.
 */
export function zplFieldData(text: string): string {
  const encoder = new TextEncoder();
  let escaped = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) continue;
    if (code < 0x7f && char !== '^' && char !== '~' && char !== '_') {
      escaped += char;
      continue;
    }
    for (const byte of encoder.encode(char)) {
      escaped += `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
  }
  return escaped;
}

/** One field: position, then the font or barcode command, then `^FH^FD…^FS`. */
function zplField(origin: string, command: string, text: string): string {
  return `^FO${origin}${command}^FH^FD${zplFieldData(text)}^FS`;
}

function rawAddressLines(address: ShippingAddressInput): string[] {
  const town = [address.town, address.county, address.postcode].filter(Boolean).join(' ');
  return [address.name, address.company, address.line1, address.line2, town, address.country_code].filter(
    (line): line is string => Boolean(line && line.trim()),
  );
}

/** The same facts as the PDF label (carrier, service, addresses, weight, date, reference, tracking). */
export function renderZplLabel(details: LabelDetails): string {
  const to = rawAddressLines(details.to);
  const from = rawAddressLines(details.from);
  const lines = [
    '^XA',
    '^CI28',
    '^PW812',
    '^LL1218',
    zplField('40,40', '^A0N,50,50', details.carrierName),
    zplField('40,100', '^A0N,30,30', details.serviceName),
    '^FO30,145^GB750,3,3^FS',
    zplField('40,165', '^A0N,22,22', 'FROM'),
    ...from.map((line, index) => zplField(`40,${195 + index * 26}`, '^A0N,24,24', line)),
    zplField('40,380', '^A0N,26,26', 'SHIP TO'),
    ...to.map((line, index) => zplField(`40,${420 + index * 44}`, '^A0N,40,40', line)),
    '^FO30,740^GB750,3,3^FS',
    zplField('40,760', '^A0N,26,26', labelWeight(details.weightGrams)),
    zplField('420,760', '^A0N,26,26', labelDate(details.shippedAt)),
    ...(details.reference ? [zplField('40,795', '^A0N,26,26', `Ref: ${details.reference}`)] : []),
    zplField('60,840', '^BY3^BCN,200,Y,N,N', details.trackingNumber),
    zplField('40,1080', '^A0N,22,22', 'TRACKING'),
    ...details.messages
      .slice(0, 2)
      .map((message, index) => zplField(`40,${1120 + index * 30}`, '^A0N,24,24', message)),
    '^XZ',
  ];
  return lines.join('\n');
}

function labelWeight(grams: number): string {
  return `Weight: ${(grams / 1000).toFixed(2)} kg`;
}

function labelDate(at: Date): string {
  return `Date: ${at.toISOString().slice(0, 10)}`;
}

/** Base64 of the text's UTF-8 bytes. */
export function base64Text(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function renderCustomsInvoice(details: InvoiceDetails): Promise<string> {
  const document = await PDFDocument.create();
  tagDocument(document, `Commercial invoice ${details.invoiceNumber}`, details.trackingNumber);
  const page = document.addPage([595, 842]);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);

  write(page, 'COMMERCIAL INVOICE', 40, 790, bold, 20);
  write(page, `Invoice: ${details.invoiceNumber}`, 40, 765, regular, 10);
  write(page, `Date: ${details.issuedAt.toISOString().slice(0, 10)}`, 40, 751, regular, 10);
  write(page, `Tracking number: ${details.trackingNumber}`, 40, 737, regular, 10);
  write(page, 'Reason for export: Sale of goods', 40, 723, regular, 10);

  write(page, 'SHIPPER / EXPORTER', 40, 690, bold, 9);
  addressLines(details.from).forEach((line, index) => write(page, line, 40, 676 - index * 13, regular, 10));
  write(page, 'CONSIGNEE', 310, 690, bold, 9);
  addressLines(details.to).forEach((line, index) => write(page, line, 310, 676 - index * 13, regular, 10));

  const columns = [40, 250, 290, 340, 420, 500];
  const headers = ['Description', 'Qty', 'Origin', 'HS code', 'Unit value', 'Total'];
  let y = 570;
  headers.forEach((header, index) => write(page, header, columns[index] ?? 40, y, bold, 9));
  page.drawLine({ start: { x: 40, y: y - 5 }, end: { x: 555, y: y - 5 }, thickness: 1 });
  let total = 0;
  for (const item of details.contents.slice(0, 30)) {
    y -= 16;
    const lineTotal = item.quantity * item.value;
    total += lineTotal;
    const cells = [
      item.description.slice(0, 38),
      String(item.quantity),
      item.countryOfManufacture,
      item.tariffCode ?? '-',
      item.value.toFixed(2),
      lineTotal.toFixed(2),
    ];
    cells.forEach((cell, index) => write(page, cell, columns[index] ?? 40, y, regular, 9));
  }
  y -= 22;
  write(page, `Total value (${details.currency}): ${total.toFixed(2)}`, 340, y, bold, 11);
  write(
    page,
    'I declare that the information on this invoice is true and correct and that the goods are of the stated origin.',
    40,
    90,
    regular,
    8,
  );
  write(page, 'Signed: Sandbox Goods Ltd', 40, 70, regular, 9);
  return document.saveAsBase64({ useObjectStreams: false });
}
