import type { Hono } from 'hono';
import { isoNow } from '../context.js';
import type { SandboxContext } from '../context.js';
import {
  classicPaging,
  errorMessages,
  isRecord,
  jsonResponse,
  notFoundResponse,
  pageHeaders,
  paginate,
  readJson,
  toId,
  toNumber,
} from '../http.js';
import { allocationProblems, applyAllocation, mergeLines, removeAllocation } from '../orders/allocate.js';
import type { AllocationLine } from '../orders/allocate.js';
import { noteJson, orderJson, orderStatus } from '../serialize.js';
import type { Order } from '../types.js';

/** GET /orders, GET /orders/{id}, POST /orders/{id}/notes, allocations create and delete. */
export function registerOrderRoutes(app: Hono, ctx: SandboxContext): void {
  app.get('/orders', (c) => {
    // The live service's documented default page size for orders is 12.
    const { page, perPage } = classicPaging(c, 12);
    const matches = orderFilter(ctx, (name) => c.req.query(name));
    const orders = [...ctx.state.orders.values()]
      .filter(matches)
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    const result = paginate(orders, page, perPage);
    return jsonResponse(
      result.items.map((order) => orderJson(order, ctx.state)),
      200,
      pageHeaders(result),
    );
  });

  app.get('/orders/:id', (c) => {
    const order = ctx.state.orders.get(toId(c.req.param('id')) ?? 0);
    return order ? jsonResponse(orderJson(order, ctx.state)) : notFoundResponse();
  });

  app.post('/orders/:id/notes', async (c) => {
    const order = ctx.state.orders.get(toId(c.req.param('id')) ?? 0);
    if (!order) return notFoundResponse();
    const body = await readJson(c);
    if (!body.ok) return errorMessages(400, ['The request body is not valid JSON']);
    const note = isRecord(body.value) ? body.value.note : undefined;
    if (!isRecord(note)) return errorMessages(400, ['note is missing']);
    const text = typeof note.text === 'string' ? note.text.trim() : '';
    if (!text) return errorMessages(422, ["Text can't be blank"]);
    const created = {
      id: ctx.state.nextId(),
      order_id: order.id,
      text,
      created_at: isoNow(ctx),
      created_by_id: ctx.state.ownerId,
    };
    order.employee_notes.push(created);
    order.updated_at = created.created_at;
    return jsonResponse(noteJson(created, ctx.state), 201);
  });

  app.post('/orders/:id/allocations', async (c) => {
    const order = ctx.state.orders.get(toId(c.req.param('id')) ?? 0);
    if (!order) return notFoundResponse();
    const body = await readJson(c);
    if (!body.ok) return errorMessages(400, ['The request body is not valid JSON']);
    const allocation = isRecord(body.value) ? body.value.allocation : undefined;
    if (!isRecord(allocation)) return errorMessages(400, ['allocation is missing']);
    const warehouseId = toId(allocation.warehouse_id);
    if (warehouseId === undefined) return errorMessages(422, ['warehouse_id is missing or not an id']);
    const rawLines = allocation.line_items_attributes;
    if (!Array.isArray(rawLines)) return errorMessages(422, ['line_items_attributes must be an array']);
    const lines: AllocationLine[] = [];
    for (const raw of rawLines) {
      const sellableId = isRecord(raw) ? toId(raw.sellable_id) : undefined;
      const quantity = isRecord(raw) ? toNumber(raw.quantity) : undefined;
      if (sellableId === undefined || quantity === undefined) {
        return errorMessages(422, ['Each line item needs a sellable_id and a quantity']);
      }
      // A zero quantity means "nothing from this line", as allocation forms send every line.
      if (quantity !== 0) lines.push({ sellableId, quantity });
    }
    const merged = mergeLines(lines);
    const problems = allocationProblems(ctx.state, order, warehouseId, merged);
    if (problems.length > 0) return errorMessages(422, problems);
    applyAllocation(ctx.state, order, {
      id: ctx.state.nextId(),
      warehouseId,
      lines: merged,
      userId: ctx.state.ownerId,
      at: isoNow(ctx),
    });
    return jsonResponse(orderJson(order, ctx.state), 201);
  });

  app.delete('/orders/:id/allocations/:allocationId', (c) => {
    const order = ctx.state.orders.get(toId(c.req.param('id')) ?? 0);
    if (!order) return notFoundResponse();
    const allocationId = toId(c.req.param('allocationId'));
    const allocation = order.allocations.find((candidate) => candidate.id === allocationId);
    if (!allocation) return notFoundResponse();
    removeAllocation(ctx.state, order, allocation, isoNow(ctx));
    return jsonResponse(orderJson(order, ctx.state));
  });
}

/**
 * The filters the live service documents for `GET /orders`: `status`, `query` (order number,
 * customer e-mail or name), `tags` (a tag name), `allocated_at` (a warehouse id), `since_id`,
 * `created_at_min`, `updated_at_min`. Values it cannot read filter nothing out.
 */
function orderFilter(
  ctx: SandboxContext,
  query: (name: string) => string | undefined,
): (order: Order) => boolean {
  const status = query('status')?.trim();
  const text = query('query')?.trim().toLowerCase();
  const tag = query('tags')?.trim().toLowerCase();
  const warehouseId = toId(query('allocated_at'));
  const sinceId = toId(query('since_id'));
  const createdMin = Date.parse(query('created_at_min') ?? '');
  const updatedMin = Date.parse(query('updated_at_min') ?? '');
  return (order) => {
    if (status && orderStatus(order) !== status) return false;
    if (sinceId !== undefined && order.id <= sinceId) return false;
    if (!Number.isNaN(createdMin) && Date.parse(order.created_at) < createdMin) return false;
    if (!Number.isNaN(updatedMin) && Date.parse(order.updated_at) < updatedMin) return false;
    if (warehouseId !== undefined && !order.allocations.some((a) => a.warehouse_id === warehouseId))
      return false;
    if (tag && !order.tag_ids.some((id) => ctx.state.tags.get(id)?.name.toLowerCase() === tag)) return false;
    if (text) {
      const customer = ctx.state.customers.get(order.customer_id);
      const haystack = [
        order.number,
        customer?.email,
        order.deliver_to.first_name,
        order.deliver_to.last_name,
        order.deliver_to.company,
        order.deliver_to.email,
      ]
        .filter(Boolean)
        .join(' ')
        .toLowerCase();
      if (!haystack.includes(text)) return false;
    }
    return true;
  };
}
