import { defineMessages } from '../../shared/locale.js';

const en = {
  heading: 'Shipping label',
  noSelection: 'Choose a shipping rate to buy its label here.',
  youAreBuying: 'You are buying',
  shipment: (index: string) => `Shipment ${index}`,
  carrier: 'Carrier',
  service: 'Service',
  serviceCode: 'Service code',
  delivery: 'Delivery',
  deliveryBy: (date: string) => `By ${date}`,
  noEstimate: 'No estimate',
  shipTo: 'Ship to',
  parcel: 'Parcel',
  options: 'Options',
  price: 'Price',
  total: 'Total',
  priceAfterPurchase: 'Charged by the carrier account; shown once the label is bought.',
  optionsMayAdd: 'Chosen options may add to the price.',
  labelFormat: 'Label format',
  labelFormatPdf: 'PDF (print on paper or label sheets)',
  labelFormatZpl: 'ZPL (thermal label printers)',
  pdfOnly: 'Labels bought by service code come as PDF.',
  buyLabel: 'Buy label',
  buying: 'Buying label…',
  fixOptions: 'Some shipping options are not valid yet. Fix them in the rate list before buying.',
  quoteExpired: 'This quote has expired, so it can no longer be bought. Get new rates, then buy.',
  getNewRates: 'Get new rates',
  alreadyBought: 'This shipment has been booked already. Get new rates to ship another parcel.',
  bought: (count: number) => (count === 1 ? 'Label bought.' : `${count} labels bought.`),
  trackingNumber: 'Tracking number',
  untracked: 'Not tracked',
  charged: 'Charged',
  downloadLabel: 'Download label',
  printLabel: 'Print label',
  downloadAgain: 'Download again',
  printAgain: 'Print again',
  storedHeading: 'Labels already bought for this order',
  notKept:
    'This browser could not keep a copy of the label (a private window or full storage): download it now, it cannot be fetched again later.',
  printFrameTitle: 'Label to print',
  printSaved: (file: string) =>
    `This browser cannot print from the page, so the label was saved as ${file}: print it from your PDF reader.`,
  zplHint: 'Send the ZPL file to your thermal label printer.',
  downloadInvoice: 'Download customs invoice',
  downloadSlip: 'Download packing slip',
  printSlip: 'Print packing slip',
  makingSlip: 'Making the packing slip…',
  slipNotMade: 'The packing slip could not be made.',
  slipFrameTitle: 'Packing slip to print',
  slipPrintSaved: (file: string) =>
    `This browser cannot print from the page, so the packing slip was saved as ${file}: print it from your PDF reader.`,
  invoiceHint: 'Print the customs invoice and attach it to the parcel.',
  fileUnreadable: 'The file sent by the service could not be read.',
  notBought: 'The label was not bought.',
  shipmentNotBought: (what: string) => `The label for ${what} was not bought.`,
  mayHaveBought: (what: string) =>
    `The service did not confirm the label for ${what}, so it may have been bought. Check the order before you buy again, or you may pay twice.`,
  readingOrder: 'Reading the order again…',
  orderShowsLabel:
    'The order now shows a label for this shipment: it was bought. Download it from your account.',
  orderShowsNoLabel: 'The order shows no label yet. Buy again only if you are sure none was bought.',
  orderNotRead: 'The order could not be read again. Read it again, or check the shipments in your account.',
  checkAccount: 'Check the shipments in your account before you buy again.',
  readOrderAgain: 'Read the order again',
  thisOrder: 'this order',
  boughtElsewhere: (order: string, at: string | null, tracking: string | null) =>
    `A label for ${order} was bought on another device${at ? ` at ${at}` : ''}${tracking ? ` (tracking ${tracking})` : ''}.`,
  boughtMomentsAgo: (order: string, at: string | null, tracking: string | null) =>
    `A label for ${order} was bought moments ago${at ? `, at ${at}` : ''}${tracking ? ` (tracking ${tracking})` : ''}.`,
  bookedElsewhere: (order: string) => `A label for ${order} is bought, or being bought, on another device.`,
  pendingChecking: (order: string) =>
    `A label for ${order} may have been bought moments ago: checking the order…`,
  pendingUnclear: (order: string, since: string | null) =>
    `A label for ${order} may have been bought moments ago${since ? ` (booked at ${since})` : ''}, and the order does not show it yet. Check the order before you buy again, or you may pay twice.`,
  secondLabelHint: 'Buy another only if this parcel really needs a second label: both are paid for.',
  buyAgainAnyway: 'Buy a new label anyway',
};

/** English text of <label-downloader>; a translation gives these keys with the same parameters. */
export type LabelDownloaderMessages = typeof en;

declare module '../../shared/locale.js' {
  interface Translation {
    'label-downloader': LabelDownloaderMessages;
  }
}

export const labelDownloaderMessages = defineMessages('label-downloader', en);
