/**
 * The rate picker's rates request: a new request aborts the one in flight and a superseded
 * answer is dropped; a failure keeps its request for "Retry"; and when the request was sent from
 * inside the picker (its "Get rates" is disabled while rates load, so focus would drop), the
 * answer takes focus once it is drawn. A request sent from elsewhere (a label downloader's "Get
 * new rates") never pulls focus into the picker, whether it succeeds or fails.
 *
 * The quotes' view (rate-results.ts) is loaded with `import()` beside the first request, so a page
 * where nobody asks for rates never downloads it: the picker shows its loading state until both the
 * answer and the view are there, and a view that could not be loaded fails the request with
 * `load_failed` ("Part of this page could not be loaded"), whose "Retry" loads it again.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { TaskStatus } from '@lit/task';
import type { Task } from '@lit/task';
import type { ClientCore } from '../../api/core.js';
import { getRates } from '../../api/endpoints/shipping.js';
import type { OpsError } from '../../api/errors.js';
import type { RatesRequest, RatesResult } from '../../api/index.js';
import { onDemand } from '../../api/load-on-demand.js';
import type { RequestTaskConfig } from '../../shared/ops-element.js';
import type * as RateResults from './rate-results.js';

/** The quotes' view: its templates, styles and model. */
export type ResultsView = typeof RateResults;

const loadResults = onDemand('rate-results', () => import('./rate-results.js'));

interface Answer {
  request: RatesRequest;
  result: RatesResult;
  view: ResultsView;
}

type RatesArgs = readonly [RatesRequest];

/** Where focus goes once the answer is drawn, the first that is there. */
const ANSWER_FOCUS = [
  '[part="rate"] input:checked',
  '[part="rate"] input',
  '[part="retry-button"]',
  '.no-quotes',
];

export interface RatesControllerOptions {
  /** Makes the task through the element, so a failure reaches the page as `request-error`. */
  requestTask: (config: RequestTaskConfig<RatesArgs, Answer>) => Task<RatesArgs, Answer>;
  api: () => ClientCore;
  /** The rates of the request last sent arrived, with the view that shows them. */
  onQuoted: (request: RatesRequest, result: RatesResult, view: ResultsView) => void;
}

export type RatesHost = ReactiveControllerHost & HTMLElement & { readonly renderRoot: ParentNode };

export class RatesController implements ReactiveController {
  readonly #host: RatesHost;
  readonly #task: Task<RatesArgs, Answer>;
  /** The request being quoted or last quoted, for "Retry"; undefined once cancelled. */
  #attempted: RatesRequest | undefined;
  /** The rates' answer replaced the content under focus: focus goes to it after the next render. */
  #focusAnswer = false;
  /** The quotes' view, there once the first rates have arrived (it comes with them). */
  #view: ResultsView | undefined;

  constructor(host: RatesHost, options: RatesControllerOptions) {
    this.#host = host;
    host.addController(this);
    this.#task = options.requestTask({
      autoRun: false,
      task: async ([request], signal) => {
        const [result, view] = await Promise.all([
          getRates(options.api(), request, { signal }),
          loadResults(),
        ]);
        // The quotes' styles join the picker's before they are drawn.
        view.addResultsStyles(host.renderRoot);
        return { request, result, view };
      },
      onComplete: ({ request, result, view }) => {
        this.#view = view;
        if (request === this.#attempted) options.onQuoted(request, result, view);
      },
    });
  }

  /** The quotes' view, once loaded: the picker has no quotes before it. */
  get view(): ResultsView | undefined {
    return this.#view;
  }

  /** Whether rates are being fetched. */
  get loading(): boolean {
    return this.#task.status === TaskStatus.PENDING && this.#attempted !== undefined;
  }

  /** Why the last request got no rates (not a cancelled one's), with that request for "Retry". */
  get failure(): { error: OpsError; request: RatesRequest } | undefined {
    const request = this.#attempted;
    if (this.#task.status !== TaskStatus.ERROR || !request) return undefined;
    const error = this.#task.error as OpsError;
    return error.code === 'aborted' ? undefined : { error, request };
  }

  /** Asks for the rates of `request`, superseding any request in flight. */
  async fetch(request: RatesRequest): Promise<void> {
    // The disabled "Get rates" loses focus while rates load; the answer takes it (when focus was here).
    this.#focusAnswer = this.#host.matches(':focus-within');
    this.#attempted = request;
    await this.#task.run([request]);
  }

  /** Drops the request in flight and forgets the last one. */
  cancel(): void {
    this.#attempted = undefined;
    this.#task.abort();
  }

  hostUpdated(): void {
    if (!this.#focusAnswer || this.loading) return;
    this.#focusAnswer = false;
    // The chosen quote, else the first; the failure's Retry; or the notice that no carrier quoted.
    for (const selector of ANSWER_FOCUS) {
      const target = this.#host.renderRoot.querySelector<HTMLElement>(selector);
      if (target) {
        target.focus();
        return;
      }
    }
  }
}
