/**
 * The rate picker's rates request: a new request aborts the one in flight and a superseded
 * answer is dropped; a failure keeps its request for "Retry"; and when the request was sent from
 * inside the picker (its "Get rates" is disabled while rates load, so focus would drop), the
 * answer takes focus once it is drawn (`focusAfter`). A request sent from elsewhere (a label
 * downloader's "Get new rates") never pulls focus into the picker, whether it succeeds or fails.
 *
 * The quotes' view (their templates, rate-results.templates.ts, and what the picker makes of them,
 * rate-results.model.ts) is loaded with `import()` beside the first request, so a page where nobody
 * asks for rates never downloads it: the picker shows its loading state until both the answer and
 * the view are there, and a view that could not be loaded fails the request with `load_failed`
 * ("Part of this page could not be loaded"), whose "Retry" loads it again.
 */
import type { ReactiveController } from 'lit';
import { TaskStatus } from '@lit/task';
import type { Task } from '@lit/task';
import { getRates } from '../../api/endpoints/shipping.js';
import type { OpsError } from '../../api/errors.js';
import type { RatesRequest, RatesResult } from '../../api/index.js';
import { onDemand } from '../../api/load-on-demand.js';
import { focusAfter, focusIsWith } from '../../shared/focus.js';
import { requestTask } from '../../shared/request-task.js';
import type { OpsHost } from '../../shared/request-task.js';
import { SentFor } from '../../shared/sent-for.js';
import type * as ResultsModel from './rate-results.model.js';
import type * as ResultsTemplates from './rate-results.templates.js';

/** The quotes' view: their templates and styles, and what the picker makes of them. */
export type ResultsView = typeof ResultsTemplates & typeof ResultsModel;

const loadTemplates = onDemand('rate-results.templates', () => import('./rate-results.templates.js'));
const loadModel = onDemand('rate-results.model', () => import('./rate-results.model.js'));

async function loadResults(): Promise<ResultsView> {
  const [templates, model] = await Promise.all([loadTemplates(), loadModel()]);
  return { ...templates, ...model };
}

interface Answer {
  request: RatesRequest;
  result: RatesResult;
  view: ResultsView;
}

/** Where focus goes once the answer is drawn, the first that is there. */
const ANSWER_FOCUS = [
  '[part="rate"] input:checked',
  '[part="rate"] input',
  '[part="retry-button"]',
  '.no-quotes',
];

/** What the rates are about, of the picker. */
export interface RatesHost extends OpsHost {
  /**
   * What rates are asked for now: the picker's own request, or its order and allocation. When it
   * changes, the request in flight and the last failure are no longer the picker's.
   */
  readonly ratesFor: unknown;
}

export interface RatesControllerOptions {
  /** The rates of the request last sent arrived, with the view that shows them. */
  onQuoted: (request: RatesRequest, result: RatesResult, view: ResultsView) => void;
}

/**
 * The rates of a picker (`host`): its client asks the carriers, and a failure reaches the page as
 * `request-error` from it.
 */
export class RatesController implements ReactiveController {
  readonly #host: RatesHost;
  readonly #task: Task<readonly [RatesRequest], Answer>;
  /** The request being quoted or last quoted, for "Retry"; undefined once the picker moved on. */
  #attempted: RatesRequest | undefined;
  /** What the picker's rates were about (`ratesFor`) as that request went. */
  readonly #sentFor = new SentFor<unknown>();
  /** The request was sent with focus in the picker: the answer takes it once it is drawn. */
  #focusAnswer = false;
  /** The quotes' view, there once the first rates have arrived (it comes with them). */
  #view: ResultsView | undefined;

  constructor(host: RatesHost, { onQuoted }: RatesControllerOptions) {
    this.#host = host;
    host.addController(this);
    this.#task = requestTask(host, {
      autoRun: false,
      task: async ([request]: readonly [RatesRequest], signal) => {
        const [result, view] = await Promise.all([getRates(host.api, request, { signal }), loadResults()]);
        // The quotes' styles join the picker's before they are drawn.
        view.addResultsStyles(host.renderRoot);
        return { request, result, view };
      },
      onComplete: ({ request, result, view }) => {
        this.#view = view;
        if (request === this.#attempted) onQuoted(request, result, view);
      },
    });
  }

  /** The quotes' view, once loaded: the picker has no quotes before it. */
  get view(): ResultsView | undefined {
    return this.#view;
  }

  /** Whether rates are being fetched. */
  get loading(): boolean {
    return this.#task.status === TaskStatus.PENDING && this.#current();
  }

  /** Why the last request got no rates (not a cancelled one's), with that request for "Retry". */
  get failure(): { error: OpsError; request: RatesRequest } | undefined {
    const request = this.#attempted;
    if (this.#task.status !== TaskStatus.ERROR || !request || !this.#current()) return undefined;
    const error = this.#task.error as OpsError;
    return error.code === 'aborted' ? undefined : { error, request };
  }

  /** Asks for the rates of `request`, superseding any request in flight. */
  async fetch(request: RatesRequest): Promise<void> {
    // The disabled "Get rates" loses focus while rates load; the answer takes it (when focus was here).
    this.#focusAnswer = focusIsWith(this.#host);
    this.#attempted = request;
    this.#sentFor.send(this.#host.ratesFor);
    await this.#task.run([request]);
  }

  /** The last request was sent for what the picker is about now. */
  #current(): boolean {
    return this.#attempted !== undefined && this.#sentFor.isFor(this.#host.ratesFor);
  }

  /** Another order, allocation or request: the request in flight is dropped, the last one forgotten. */
  hostUpdate(): void {
    if (this.#attempted === undefined || this.#current()) return;
    this.#attempted = undefined;
    this.#sentFor.forget();
    this.#task.abort();
  }

  hostUpdated(): void {
    if (!this.#focusAnswer || this.loading) return;
    this.#focusAnswer = false;
    // The chosen quote, else the first; the failure's Retry; or the notice that no carrier quoted.
    void focusAfter(this.#host, ANSWER_FOCUS, { had: true });
  }
}
