/**
 * The sandbox: a stateful in-memory fake of the whole Commerce Operations API, for the demo page,
 * the browser tests and integrators' own tests (`commerce-ops-elements/sandbox`).
 */
export { createSandbox, DEFAULT_QUOTE_TTL_MS } from './sandbox.js';
export type { Sandbox, SandboxOptions } from './sandbox.js';
export { createSandboxHost, createNodeListener } from './host.js';
export type { SandboxHost, SandboxHostOptions } from './host.js';
export { FAULT_HEADER, isDroppedConnection } from './faults.js';
export { withLocalCors, isLocalOrigin } from './cors.js';
export type { FaultBody, FaultSpec } from './faults.js';
export type { RequestLogEntry } from './routes/control.js';
export type { RateLimitSettings, SandboxConfig, SandboxSettings, SandboxState } from './state.js';
export type { SeedOptions } from './seed.js';
export type { SandboxQuirks } from './state.js';
export { LARGE_ORDER_LINE_ITEMS, SANDBOX_CREDENTIALS, SEED_IDS, SEED_ORDER_NUMBERS } from './seed-ids.js';
