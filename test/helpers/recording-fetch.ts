/**
 * A `fetch` for a client in browser tests that records every request the client hands to it,
 * with its signal: what the client sent, counted at the source, and whether it was cancelled.
 */

export interface RecordedCall {
  url: string;
  method: string;
  signal: AbortSignal | null;
  /** The send has its answer, or failed (cancelled ones included): nothing more can come of it. */
  settled: boolean;
}

export interface RecordingFetch {
  fetch: typeof fetch;
  calls: RecordedCall[];
}

export function recordingFetch(
  around: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> = (input, init) =>
    fetch(input, init),
): RecordingFetch {
  const calls: RecordedCall[] = [];
  return {
    calls,
    fetch: (input, init) => {
      const call: RecordedCall = {
        url: input instanceof Request ? input.url : String(input),
        method: init?.method ?? 'GET',
        signal: init?.signal ?? null,
        settled: false,
      };
      calls.push(call);
      return around(input, init).finally(() => {
        call.settled = true;
      });
    },
  };
}

/** The calls of `method` to the path of `url` (an absolute URL; the query is not compared). */
export function callsTo(calls: readonly RecordedCall[], method: string, url: string): RecordedCall[] {
  const path = new URL(url).pathname;
  return calls.filter((call) => call.method === method && new URL(call.url).pathname === path);
}
