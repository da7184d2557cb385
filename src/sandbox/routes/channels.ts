import type { Hono } from 'hono';
import { isoNow } from '../context.js';
import type { SandboxContext } from '../context.js';
import {
  classicPaging,
  errorMessages,
  isRecord,
  jsonResponse,
  pageHeaders,
  paginate,
  readJson,
  toBoolean,
  toId,
} from '../http.js';
import { channelJson } from '../serialize.js';

/** GET /channels (paged, totals in headers) and POST /channels. */
export function registerChannelRoutes(app: Hono, ctx: SandboxContext): void {
  app.get('/channels', (c) => {
    const { page, perPage } = classicPaging(c);
    const result = paginate([...ctx.state.channels.values()], page, perPage);
    return jsonResponse(
      result.items.map((channel) => channelJson(channel, ctx.state)),
      200,
      pageHeaders(result),
    );
  });

  app.post('/channels', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return errorMessages(400, ['The request body is not valid JSON']);
    // The documented body is flat; a `channel` wrapper, as Rails clients often send, works too.
    const raw = isRecord(body.value) && isRecord(body.value.channel) ? body.value.channel : body.value;
    if (!isRecord(raw)) return errorMessages(400, ['The request body must be a JSON object']);
    const problems: string[] = [];
    const name = typeof raw.name === 'string' ? raw.name.trim() : '';
    if (!name) problems.push("Name can't be blank");
    // The spec lists the type codes it has seen, not the ones allowed: any code is taken.
    const typeCode = typeof raw.type_code === 'string' ? raw.type_code.trim() : '';
    if (!typeCode) problems.push("Type code can't be blank");
    let warehouseId = ctx.state.warehouses.keys().next().value ?? 0;
    if (raw.default_warehouse_id !== undefined && raw.default_warehouse_id !== null) {
      const requested = toId(raw.default_warehouse_id);
      if (requested === undefined || !ctx.state.warehouses.has(requested)) {
        problems.push(`Default warehouse ${String(raw.default_warehouse_id)} does not exist`);
      } else {
        warehouseId = requested;
      }
    }
    const currency = typeof raw.currency_code === 'string' ? raw.currency_code.toUpperCase() : null;
    if (currency !== null && !/^[A-Z]{3}$/.test(currency))
      problems.push('Currency code must be an ISO 4217 code');
    if (problems.length > 0) return errorMessages(422, problems);
    const channel = {
      id: ctx.state.nextId(),
      type_code: typeCode,
      name,
      short_name: typeof raw.short_name === 'string' ? raw.short_name : null,
      currency_code: currency,
      email: typeof raw.email === 'string' ? raw.email : null,
      state: 'active',
      default_warehouse_id: warehouseId,
      service_dictates_stock_level: toBoolean(raw.service_dictates_stock_level) ?? false,
      created_at: isoNow(ctx),
    };
    ctx.state.channels.set(channel.id, channel);
    return jsonResponse(channelJson(channel, ctx.state), 201);
  });
}
