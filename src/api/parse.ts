import * as v from 'valibot';
import { GENERIC_MESSAGES } from './error-body.js';
import { OpsError } from './errors.js';

/**
 * Validates a response body. A body that does not fit is reported as `invalid_response`
 * (the schema issues kept as `cause` for developers), never passed on to crash a template.
 */
export function parseBody<S extends v.GenericSchema>(
  schema: S,
  body: unknown,
  status?: number,
): v.InferOutput<S> {
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  throw new OpsError('invalid_response', GENERIC_MESSAGES.invalid_response, {
    cause: result.issues,
    ...(status === undefined ? {} : { status }),
  });
}
