import type * as z from 'zod/mini';
import { GENERIC_MESSAGES } from './error-body.js';
import { OpsError } from './errors.js';

/**
 * Validates a response body. A body that does not fit is reported as `invalid_response`
 * (the zod issues kept as `cause` for developers), never passed on to crash a template.
 */
export function parseBody<S extends z.ZodMiniType>(schema: S, body: unknown, status?: number): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  return invalid(result.error, status);
}

function invalid(cause: unknown, status?: number): never {
  throw new OpsError('invalid_response', GENERIC_MESSAGES.invalid_response, {
    cause,
    ...(status === undefined ? {} : { status }),
  });
}
