/**
 * Modules an element loads with `import()` only when asked (label-batch's `merge-labels.js`, which
 * holds pdf-lib, its view of rates, loaded with the first rates, and its actions, loaded by "Buy
 * labels", "Refresh rates for …" or the label files;
 * the label store, which the elements that buy labels open once they have a label to
 * keep or an order to look up; allocation-form's stock editor, opened by "Adjust stock for …", its
 * summary of an allocation, loaded when "Allocate" sends one, and its removal of one, loaded when
 * "Remove allocation" is pressed;
 * listing-linker's store form, opened by "Create store", and its checks of "Link listing"; the
 * reader of the API proxy's session, loaded with the first session asked for;
 * order-card's editors, opened by "Edit customer", "Edit delivery method" or "Edit product …";
 * rate-picker's quotes,
 * loaded with the first rates).
 * The single file cannot share code with a file beside it, so each holds what it imports: the
 * stock editor and listing-linker's modules import nothing (their callers hand them what they
 * use), the label store only the few names of label-storage.ts. A bundle without code splitting would inline them, so:
 *
 * - the single-file browser build leaves each as an `import()` of `./<file>` beside it: a classic
 *   script resolves `import()` against its own URL, so `dist/commerce-ops-elements.js` loads
 *   `dist/<file>`, which the build writes (`lazyModuleEntries`);
 * - the benchmark measures an element without them, as a browser first loads it.
 *
 * The package's ESM (one file per module) and the loader's split chunks keep them apart already.
 * Each is imported through `onDemand` (src/api/load-on-demand.ts), which retries a failed load at
 * the URL the browser named in its error with `?retry=<n>` (for the single file, the file beside it).
 */
import type { Plugin } from 'esbuild';

export interface LazyModule {
  /** How the element imports it. */
  specifier: string;
  /** Its source, from the project root. */
  source: string;
  /** The file beside the browser build. */
  file: string;
}

export const LAZY_MODULES: readonly LazyModule[] = [
  {
    specifier: './merge-labels.js',
    source: 'src/elements/label-batch/merge-labels.ts',
    file: 'merge-labels.js',
  },
  {
    // The label store: raw IndexedDB, no Lit, nothing it shares with the elements but a few names.
    specifier: './label-store.js',
    source: 'src/shipping/label-store.ts',
    file: 'label-store.js',
  },
  {
    // allocation-form's stock editor: it takes everything it uses from its caller (a kit).
    specifier: './stock-editor.js',
    source: 'src/elements/allocation-form/stock-editor.ts',
    file: 'stock-editor.js',
  },
  {
    // label-batch's purchase, the orders read again after it, "Refresh rates for …" and the label
    // files, loaded on the first press that needs them: a kit too, besides its own modules and the
    // label files (which the element does not import).
    specifier: './batch-actions.js',
    source: 'src/elements/label-batch/batch-actions.ts',
    file: 'batch-actions.js',
  },
  {
    // label-batch's view of rates (the controls, the table, "Buy labels") and which quote each row
    // gets, loaded with the first rates request: a kit too, besides its own modules and the quote
    // ranking (which the element does not import).
    specifier: './batch-rates.js',
    source: 'src/elements/label-batch/batch-rates.ts',
    file: 'batch-rates.js',
  },
  {
    // allocation-form's summary of what an allocation did, loaded when "Allocate" sends one: a kit too.
    specifier: './allocation-result.js',
    source: 'src/elements/allocation-form/allocation-result.ts',
    file: 'allocation-result.js',
  },
  {
    // allocation-form's removal of an allocation, loaded when "Remove allocation" is pressed: a kit too.
    specifier: './removal-request.js',
    source: 'src/elements/allocation-form/removal-request.ts',
    file: 'removal-request.js',
  },
  {
    // Booking and its one reading of an answer, loaded on the first "Buy": it runs with a kit.
    specifier: './booking.js',
    source: 'src/shipping/booking.ts',
    file: 'booking.js',
  },
  {
    // The reader of the API proxy's session and a role's refusals in words, loaded with the first
    // session asked for (a client made with `session: true`): a kit too.
    specifier: './session-read.js',
    source: 'src/shared/session-read.ts',
    file: 'session-read.js',
  },
  {
    // The OAuth sign-in flow, loaded when an OAuthPopup is made: it takes what it uses from it (a kit).
    specifier: './oauth-flow.js',
    source: 'src/auth/oauth-flow.ts',
    file: 'oauth-flow.js',
  },
  {
    // product-editor's save ("Save product"): it takes everything it uses from its caller (a kit).
    specifier: './product-save.js',
    source: 'src/elements/product-editor/product-save.ts',
    file: 'product-save.js',
  },
  {
    // listing-linker's form for a new store, opened by "Create store": a kit too.
    specifier: './store-form.js',
    source: 'src/elements/listing-linker/store-form.ts',
    file: 'store-form.js',
  },
  {
    // listing-linker's checks of "Link listing", loaded on the first input in its form: a kit too.
    specifier: './link-submit.js',
    source: 'src/elements/listing-linker/link-submit.ts',
    file: 'link-submit.js',
  },
  {
    // order-card's customer and delivery method editors and its open product editor: like the stock
    // editor, they take what they use from their caller (a kit, which editor-kit.ts makes), besides
    // their own model and English text.
    specifier: './order-editor-forms.js',
    source: 'src/elements/order-card/order-editor-forms.ts',
    file: 'order-editor-forms.js',
  },
  {
    // rate-picker's quotes, their service options and what it makes of a choice, loaded with the
    // first rates: they take what they share with the picker from it (a kit), besides their model.
    specifier: './rate-results.js',
    source: 'src/elements/rate-picker/rate-results.ts',
    file: 'rate-results.js',
  },
];

/** Leaves every lazy module's `import()` as an import of `./<file>`, outside the bundle. */
export function lazyModulesExternal(): Plugin {
  return {
    name: 'lazy-modules-external',
    setup(pluginBuild) {
      for (const lazy of LAZY_MODULES) {
        const filter = new RegExp(`^${lazy.specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
        pluginBuild.onResolve({ filter, namespace: 'file' }, (args) =>
          args.kind === 'dynamic-import' ? { path: `./${lazy.file}`, external: true } : undefined,
        );
      }
    },
  };
}

/** Entry points (`{ 'merge-labels': 'src/…/merge-labels.ts' }`) to build each lazy module into one ES module. */
export function lazyModuleEntries(): Record<string, string> {
  return Object.fromEntries(LAZY_MODULES.map((lazy) => [lazy.file.replace(/\.js$/, ''), lazy.source]));
}
