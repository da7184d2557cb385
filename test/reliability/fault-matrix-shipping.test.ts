/** The fault matrix (fault-matrix.ts) of rate-picker and label-downloader: each load and write against every fault. */
import { describeFaultMatrix, ratesLoad, ratesGet, labelBuy, labelByServiceCode } from './fault-matrix.js';

describeFaultMatrix('fault matrix: rate-picker and label-downloader', [
  ratesLoad,
  ratesGet,
  labelBuy,
  labelByServiceCode,
]);
