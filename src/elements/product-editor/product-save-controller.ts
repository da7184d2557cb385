import { TaskStatus } from '@lit/task';
import type { Task } from '@lit/task';
import type { ClientCore } from '../../api/core.js';
import { updateKitContent, updateProduct, updateProductPropertyValue } from '../../api/endpoints/catalog.js';
import { OpsError } from '../../api/errors.js';
import { numericId } from '../../api/ids.js';
import { loadFailure, onDemand } from '../../api/load-on-demand.js';
import { withSellableEdit } from '../../api/order-edits.js';
import { ordersOf } from '../../api/order-store.js';
import { requestTask } from '../../shared/request-task.js';
import type { OpsHost } from '../../shared/request-task.js';
import type { SavePart, SaveRequest, SaveResult, SentPart } from './product-save.model.js';

/** What "Save product" makes of the changed fields, loaded on the first press. */
const loadModel = onDemand('product-save.model', () => import('./product-save.model.js'));

/** What a save came to; `unloaded` when its module could not be loaded, and nothing was sent. */
export type SaveRun = SaveResult | { kind: 'unloaded'; error: OpsError };

export interface ProductSaveOptions {
  /** What the save came to, once it is over (not when another save superseded it). */
  onComplete: (run: SaveRun) => void;
}

/**
 * "Save product" of a product editor: checks the changed fields and sends them in as few requests
 * as the API takes, each failure reported (`request-error`) and kept with the request it was for,
 * so one failed request leaves the others' results. What each request saved goes into the
 * client's order store at once, so every order it holds that carries the sellable (or its
 * product) shows it. Its `Task` is the controller it adds to the host: the save has no state of its
 * own beyond the task's, and nothing to reset.
 */
export class ProductSave {
  readonly #host: OpsHost;
  readonly #task: Task<readonly [SaveRequest], SaveRun>;

  constructor(host: OpsHost, options: ProductSaveOptions) {
    this.#host = host;
    this.#task = requestTask(host, {
      autoRun: false,
      task: async ([request]: readonly [SaveRequest], signal): Promise<SaveRun> => {
        const model = await loadModel().catch((error: unknown) => loadFailure(error));
        if (model instanceof OpsError) return { kind: 'unloaded', error: model };
        const errors = model.validateChanges(request);
        if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
        const results = await Promise.all(
          model.planSave(request).map((part) => this.#send(request.api, part, signal)),
        );
        for (const { part, error } of results) {
          if (!error) ordersOf(request.api).updateEach((order) => withSellableEdit(order, part.edit));
        }
        return model.saveOutcome(request, results);
      },
      onComplete: options.onComplete,
    });
  }

  /** Whether a save is under way. */
  get saving(): boolean {
    return this.#task.status === TaskStatus.PENDING;
  }

  /** Checks and saves the changed fields of `request`. */
  save(request: SaveRequest): void {
    void this.#task.run([request]);
  }

  /** Sends one part; a failure is reported and kept with it, so the other parts go on. */
  async #send(api: ClientCore, part: SavePart, signal: AbortSignal): Promise<SentPart> {
    try {
      if (part.kind === 'product') {
        return { part, product: await updateProduct(api, part.productId, part.input, { signal }) };
      }
      if (part.kind === 'property') {
        const name = part.field.name || undefined;
        const body = { product_property_name: name, value: part.value };
        await updateProductPropertyValue(api, part.edit.productId ?? '', part.field.entryId, body, {
          signal,
        });
      } else {
        const variantId = part.field.variantId;
        const body = {
          ...(variantId === undefined ? {} : { product_variant_id: numericId(variantId) }),
          quantity: part.quantity,
        };
        await updateKitContent(api, part.field.kitId, part.field.contentId, body, { signal });
      }
      return { part };
    } catch (error) {
      return { part, error: this.#host.reportError(error) };
    }
  }
}
