/**
 * A bought label's packing slip as a file: the order read (from the order store when it holds it),
 * and its slip drawn by the documents layer. Loaded with `import()` on the first press of
 * "Download packing slip" or "Print packing slip", with pdf-lib, so neither weighs on the element.
 */
import type { ClientCore } from '../../api/core.js';
import { getOrder } from '../../api/endpoints/orders.js';
import { onDemand } from '../../api/load-on-demand.js';
import { defaultPaper, isPaper } from '../../documents/paper.js';
import { fileNamePart } from '../../shared/label-files.js';
import type { ResolvedLocale } from '../../shared/locale.js';

/** pdf-lib is loaded apart from this code: the single-file build leaves it in merge-labels.js. */
const loadSlipPdf = onDemand('packing-slip-pdf', () => import('../../documents/packing-slip-pdf.js'));

export interface PackingSlipRequest {
  readonly orderId: number;
  readonly locale: ResolvedLocale;
  /** `slip-prices` */
  readonly prices: boolean;
  /** `slip-size`: `a4`, `letter` or `4x6`; else the locale's paper. */
  readonly size: string | undefined;
  readonly signal?: AbortSignal;
}

export async function packingSlipFile(
  api: ClientCore,
  request: PackingSlipRequest,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; name: string }> {
  const order = await getOrder(api, request.orderId, { signal: request.signal });
  const { packingSlipPdf } = await loadSlipPdf();
  const size = request.size?.trim().toLowerCase();
  const bytes = await packingSlipPdf([order], {
    locale: request.locale.tag,
    paper: isPaper(size) ? size : defaultPaper(request.locale.tag),
    prices: request.prices,
  });
  return { bytes, name: `packing-slip-${fileNamePart(order.number?.trim() || String(order.id))}.pdf` };
}
