import type { SandboxConfig, SandboxState } from './state.js';

/**
 * What route handlers share. `state` is replaced by `reset()`, so handlers read it from here on
 * every request instead of keeping a reference.
 */
export interface SandboxContext {
  state: SandboxState;
  config: SandboxConfig;
  /** Milliseconds since the epoch; injectable so tests can move time (quote and code expiry). */
  now(): number;
  /** The path prefix the sandbox is mounted under ('' at the root), for absolute links. */
  basePath: string;
}

export function isoNow(ctx: SandboxContext): string {
  return new Date(ctx.now()).toISOString();
}
