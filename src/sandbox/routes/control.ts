/**
 * The control API under `{base}/__sandbox/`: tests and the demo steer the sandbox through it
 * (faults, settings, the request log, reset). It needs no credentials and is never logged.
 */
import { Hono } from 'hono';
import { parseFaultSpec } from '../faults.js';
import type { FaultQueue, FaultSpec, HeldRequests } from '../faults.js';
import { errorMessages, isRecord, jsonResponse, readJson, toNumber } from '../http.js';
import { mergeQuirks } from '../quirks.js';
import type { RateLimitSettings, SandboxConfig } from '../state.js';
import type { Json } from '../types.js';

export interface RequestLogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
  /** The parsed JSON body of the request, when it had one. */
  body?: Json;
  /** True when an injected fault answered (status 0: the connection was dropped). */
  fault?: boolean;
  at: string;
}

export interface ControlTarget {
  faults: FaultQueue;
  /** Requests a `hold` fault keeps waiting until `POST release`. */
  held: HeldRequests;
  config: SandboxConfig;
  requests(): RequestLogEntry[];
  clearRequests(): void;
  reset(): void;
  /** Moves the sandbox's clock on by `ms` (quote and code expiry, timestamps); gives the new time. */
  advanceClock(ms: number): number;
}

export const CONTROL_PREFIX = '/__sandbox';

/** Applies the settings a config body names; returns an error message when one is invalid. */
export function applyConfig(config: SandboxConfig, body: unknown): string | undefined {
  if (!isRecord(body)) return 'The config must be a JSON object';
  if (body.quoteTtlMs !== undefined) {
    const ttl = toNumber(body.quoteTtlMs);
    if (ttl === undefined || ttl < 0) return 'quoteTtlMs must be a number of milliseconds';
    config.quoteTtlMs = ttl;
  }
  if (body.rateLimit !== undefined) {
    const limit = parseRateLimit(body.rateLimit);
    if (limit === undefined) return 'rateLimit must be true, false or { perSecond, burst }';
    config.rateLimit = limit;
  }
  if (body.quoteNaming !== undefined) {
    if (body.quoteNaming !== 'sample' && body.quoteNaming !== 'schema')
      return "quoteNaming must be 'sample' or 'schema'";
    config.quoteNaming = body.quoteNaming;
  }
  if (body.quirks !== undefined) {
    const quirks = mergeQuirks(config.quirks, body.quirks);
    if (typeof quirks === 'string') return quirks;
    config.quirks = quirks;
  }
  if (body.shippingEnabled !== undefined) {
    if (typeof body.shippingEnabled !== 'boolean') return 'shippingEnabled must be true or false';
    config.shippingEnabled = body.shippingEnabled;
  }
  return undefined;
}

function parseRateLimit(value: unknown): boolean | RateLimitSettings | undefined {
  if (typeof value === 'boolean') return value;
  if (!isRecord(value)) return undefined;
  const perSecond = toNumber(value.perSecond);
  const burst = toNumber(value.burst);
  if (perSecond === undefined || burst === undefined || perSecond <= 0 || burst < 1) return undefined;
  return { perSecond, burst };
}

export function createControlApp(target: ControlTarget): Hono {
  const app = new Hono().basePath(CONTROL_PREFIX);

  app.get('/faults', () => jsonResponse(target.faults.list()));

  app.post('/faults', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return errorMessages(400, ['The request body is not valid JSON']);
    const specs: FaultSpec[] = [];
    for (const raw of Array.isArray(body.value) ? body.value : [body.value]) {
      const spec = parseFaultSpec(raw);
      if (typeof spec === 'string') return errorMessages(400, [spec]);
      specs.push(spec);
    }
    for (const spec of specs) target.faults.add(spec);
    if (specs.some((spec) => spec.hold)) target.held.arm();
    return jsonResponse(target.faults.list(), 201);
  });

  app.delete('/faults', () => {
    target.faults.clear();
    return new Response(null, { status: 204 });
  });

  app.get('/held', () => jsonResponse({ held: target.held.count }));

  app.post('/release', () => jsonResponse({ released: target.held.release() }));

  app.get('/config', () => jsonResponse({ ...target.config, quirks: { ...target.config.quirks } }));

  app.post('/config', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return errorMessages(400, ['The request body is not valid JSON']);
    const problem = applyConfig(target.config, body.value);
    if (problem) return errorMessages(400, [problem]);
    return jsonResponse({ ...target.config });
  });

  app.get('/requests', () => jsonResponse(target.requests()));

  app.delete('/requests', () => {
    target.clearRequests();
    return new Response(null, { status: 204 });
  });

  app.post('/clock', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return errorMessages(400, ['The request body is not valid JSON']);
    const ms = isRecord(body.value) ? toNumber(body.value.advanceMs) : undefined;
    if (ms === undefined || ms < 0) return errorMessages(400, ['advanceMs must be a number of milliseconds']);
    return jsonResponse({ now: new Date(target.advanceClock(ms)).toISOString() });
  });

  app.post('/reset', () => {
    target.reset();
    return new Response(null, { status: 204 });
  });

  app.notFound(() => errorMessages(404, ['Unknown sandbox control endpoint']));
  return app;
}
