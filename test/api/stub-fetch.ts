/**
 * A scripted `fetch` for client tests: each call takes the next queued answer and is recorded
 * (URL, method, headers, parsed body) so tests can assert exactly what went over the wire.
 */

export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Headers;
  /** The JSON body, parsed; undefined when none was sent. */
  body: unknown;
  signal: AbortSignal | null;
  /** `performance.now()` when the request was sent. */
  at: number;
}

type Answer = (request: RecordedRequest) => Response | Promise<Response>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function text(body: string, status: number, contentType = 'text/plain'): Response {
  return new Response(body, { status, headers: { 'Content-Type': contentType } });
}

export function empty(status: number, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers });
}

export class StubFetch {
  readonly calls: RecordedRequest[] = [];
  readonly #answers: Answer[] = [];
  #fallback: Answer | undefined;

  /** The function to pass as the client's `fetch` option. */
  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    const rawBody = typeof init.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      // Resolved as the browser's own fetch would, also in a srcdoc frame (whose location is about:srcdoc).
      url: new URL(String(input), document.baseURI),
      method: init.method ?? 'GET',
      headers,
      body: rawBody === undefined ? undefined : (JSON.parse(rawBody) as unknown),
      signal: init.signal ?? null,
      at: performance.now(),
    };
    this.calls.push(request);
    const answer = this.#answers.shift() ?? this.#fallback;
    if (!answer) throw new Error(`unexpected request ${request.method} ${request.url.pathname}`);
    return answer(request);
  };

  /** Queues a response (a fresh copy per call is made by `answer` when given a function). */
  reply(response: Response | Answer): this {
    this.#answers.push(typeof response === 'function' ? response : () => response);
    return this;
  }

  /** Queues a JSON response. */
  replyJson(body: unknown, status = 200, headers: Record<string, string> = {}): this {
    return this.reply(() => json(body, status, headers));
  }

  /** Queues a network failure, the way `fetch` reports one. */
  failNetwork(): this {
    return this.reply(() => Promise.reject(new TypeError('Failed to fetch')));
  }

  /** Queues an answer that never comes; it rejects like `fetch` does when its signal aborts. */
  hang(): this {
    return this.reply(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          const signal = request.signal;
          if (!signal) return;
          if (signal.aborted) reject(signal.reason);
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        }),
    );
  }

  /** Answers every request that has no queued answer. */
  always(answer: Answer): this {
    this.#fallback = answer;
    return this;
  }

  get last(): RecordedRequest {
    const call = this.calls.at(-1);
    if (!call) throw new Error('no request was sent');
    return call;
  }
}

/** Reads one of the live-service samples copied into test/fixtures/samples. */
export async function sample(name: string): Promise<unknown> {
  const response = await fetch(`/test/fixtures/samples/${name}`);
  if (!response.ok) throw new Error(`missing sample ${name}`);
  return response.json() as Promise<unknown>;
}

/** Resolves with the rejection of `promise`, failing when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
