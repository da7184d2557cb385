import { LabelDownloader } from './elements/label-downloader/label-downloader.js';
import { defineElement } from './shared/define.js';

defineElement('label-downloader', LabelDownloader);

declare global {
  interface HTMLElementTagNameMap {
    'label-downloader': LabelDownloader;
  }
}

export { LabelDownloader };
export type {
  LabelPurchasedDetail,
  RatesRequestedDetail,
} from './elements/label-downloader/label-downloader.events.js';
