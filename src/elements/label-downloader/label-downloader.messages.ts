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
  printFrameTitle: 'Label to print',
  zplHint: 'Send the ZPL file to your thermal label printer.',
  downloadInvoice: 'Download customs invoice',
  invoiceHint: 'Print the customs invoice and attach it to the parcel.',
  fileUnreadable: 'The file sent by the service could not be read.',
  notBought: 'The label was not bought.',
  shipmentNotBought: (what: string) => `The label for ${what} was not bought.`,
  mayHaveBought:
    'The service may have bought the label even so. Check the shipments in your account before you retry, or you may pay twice.',
};

/** English text of <label-downloader>; a translation gives these keys with the same parameters. */
export type LabelDownloaderMessages = typeof en;

declare module '../../shared/locale.js' {
  interface Translation {
    'label-downloader': LabelDownloaderMessages;
  }
}

export const labelDownloaderMessages = defineMessages('label-downloader', en);
