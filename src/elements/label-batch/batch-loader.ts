/**
 * Loading a batch apart from the element: each order (from the client's order store when it holds
 * it), then one rates request for each order that can ship, with the request a `rate-picker` would
 * send. What each order comes to is handed to the element as it arrives.
 */
import type { ClientCore } from '../../api/core.js';
import { getOrder } from '../../api/endpoints/orders.js';
import { getRates } from '../../api/endpoints/shipping.js';
import { OpsError } from '../../api/errors.js';
import type { RatesRequest } from '../../api/index.js';
import { ratesRequestFromOrder, withRequestCurrency } from '../../shipping/rate-request.js';
import { allocationToShip, orderProblem } from './label-batch.model.js';
import type { BatchEntry } from './label-batch.model.js';
import { ratesProblem } from './batch-rates.model.js';
import type { Progress } from './label-batch.templates.js';

/** What loading tells the element. */
export interface LoadHooks {
  /** What is known now of one order's row. */
  patch: (orderId: number, change: Partial<BatchEntry>) => void;
  /** How far a phase has got (a fresh object each time); undefined once it is over. */
  progress: (phase: 'orders' | 'rates', progress: Progress | undefined) => void;
  /** Tells the page a request failed, and says how. */
  report: (error: unknown) => OpsError;
}

/** A load cut short: the task ends in error, which is not reported, and runs again on reconnection. */
function stopped(): OpsError {
  return new OpsError('aborted', 'The batch stopped loading.');
}

/**
 * Loads the orders `ids`, in that order, and gets rates for those that can ship. Throws an
 * `aborted` error when `signal` cut it short; a failed request only marks its order's row.
 */
export async function loadBatch(
  api: ClientCore,
  ids: readonly number[],
  signal: AbortSignal,
  hooks: LoadHooks,
): Promise<void> {
  if (ids.length === 0) return;
  const { patch, progress, report } = hooks;

  const orders: Progress = { done: 0, total: ids.length };
  progress('orders', { ...orders });
  const requests: Array<{ orderId: number; request: RatesRequest }> = [];
  await Promise.all(
    ids.map(async (orderId) => {
      try {
        // From the store when the client holds the order already (order-list puts its page there).
        const order = await getOrder(api, orderId, { signal });
        const allocation = allocationToShip(order);
        const request = ratesRequestFromOrder(order, allocation);
        const problem = orderProblem(order, allocation, request);
        if (signal.aborted) return;
        patch(orderId, {
          number: order.number ?? String(orderId),
          allocationId: allocation?.id,
          request: typeof request === 'object' ? request : undefined,
          problem,
        });
        if (!problem && typeof request === 'object') requests.push({ orderId, request });
      } catch (error) {
        const failure = report(error);
        if (failure.code === 'aborted' || signal.aborted) return;
        patch(orderId, { problem: { reason: 'notLoaded', error: failure } });
      } finally {
        orders.done += 1;
        if (!signal.aborted) progress('orders', { ...orders });
      }
    }),
  );
  if (signal.aborted) throw stopped();
  progress('orders', undefined);

  // In the batch's order, so rates arrive roughly as the table lists them.
  requests.sort((a, b) => ids.indexOf(a.orderId) - ids.indexOf(b.orderId));
  const rates: Progress = { done: 0, total: requests.length };
  progress('rates', { ...rates });
  await Promise.all(
    requests.map(async ({ orderId, request }) => {
      try {
        // One request per order; the client's throttle keeps them to 5 a second.
        const asked = Date.now();
        const result = await getRates(api, request, { signal });
        if (signal.aborted) return;
        patch(orderId, {
          rates: withRequestCurrency(result, request),
          ratesAt: asked,
          problem: ratesProblem(result),
        });
      } catch (error) {
        const failure = report(error);
        if (failure.code === 'aborted' || signal.aborted) return;
        patch(orderId, { problem: { reason: 'ratesFailed', error: failure } });
      } finally {
        rates.done += 1;
        if (!signal.aborted) progress('rates', { ...rates });
      }
    }),
  );
  if (signal.aborted) throw stopped();
  progress('rates', undefined);
}
