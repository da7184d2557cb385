/**
 * What the rate picker works out from what it holds, with no element around it: the allocation
 * to quote and the rates request an order gives. What it makes of quotes (the selection, the
 * choice kept across fresh quotes, the announcement) is in rate-results.model.ts, loaded with them.
 */
import type { Allocation, Order, RatesRequest } from '../../api/index.js';
import { ratesRequestFromOrder } from '../../shipping/rate-request.js';
import type { OrderRequestProblem } from '../../shipping/rate-request.js';

/** The request an order gives before the parcel and carrier filter are applied, or why there is none. */
export type OrderRequest = RatesRequest | OrderRequestProblem | 'alreadyShipped';

/** The allocation to quote: the one of `allocationId`, else the first without a label, else the first. */
export function allocationOf(order: Order, allocationId: string | undefined): Allocation | undefined {
  const allocations = order.allocations ?? [];
  return (
    allocations.find((allocation) => String(allocation.id) === allocationId) ??
    allocations.find((allocation) => !allocation.shipment) ??
    allocations[0]
  );
}

/**
 * The request of an order's allocation, built once per order version and allocation (an order
 * can have a thousand line items): each call of the function returned remembers the last.
 */
export function orderRequests(): (order: Order, allocationId: string | undefined) => OrderRequest {
  let cached: { order: Order; allocation: Allocation | undefined; request: OrderRequest } | undefined;
  return (order, allocationId) => {
    const allocation = allocationOf(order, allocationId);
    // Its label is bought (here or elsewhere): no rate may be chosen beside it. An order of several
    // allocations shows `shipped` only once each has its label, so the allocation's own counts too.
    if (order.status === 'shipped' || allocation?.shipment) return 'alreadyShipped';
    if (cached?.order === order && cached.allocation === allocation) return cached.request;
    const request = ratesRequestFromOrder(order, allocation);
    cached = { order, allocation, request };
    return request;
  };
}
