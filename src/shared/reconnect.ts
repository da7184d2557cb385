import { isOpsError } from '../api/errors.js';

/**
 * Makes one of an element's requests with `signal` tied to the element's connection (`tie`, which
 * aborts when the element leaves the page). When leaving the page cut the request short and the
 * element is back before the cut was heard (its own `signal` not aborted meanwhile), the request
 * is made once more, tied to the new connection. Any other failure is thrown as it came.
 */
export async function requestAcrossReconnect<R>(
  host: { readonly isConnected: boolean },
  signal: AbortSignal,
  tie: (signal: AbortSignal) => AbortSignal,
  request: (signal: AbortSignal) => Promise<R>,
): Promise<R> {
  const tied = tie(signal);
  try {
    return await request(tied);
  } catch (error) {
    // `tied` aborted while `signal` did not: the connection it was tied to ended.
    const cutShort = isOpsError(error) && error.code === 'aborted' && tied.aborted && !signal.aborted;
    if (!cutShort || !host.isConnected) throw error;
    return request(tie(signal));
  }
}
