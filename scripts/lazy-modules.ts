/**
 * The one module the single-file browser build does not hold: label-batch's `merge-labels.js`
 * (pdf-lib, about 180 KB gzip), which only "Download labels" / "Print labels" of several labels
 * needs. Everything else an element loads with `import()` (its editors, the booking, the label
 * store, …) is written into the single file (`dynamicImportsInline`, scripts/rolldown.ts), so a
 * page that serves `commerce-ops-elements.js` alone can do every task but merge labels.
 *
 * - The single-file build leaves its `import()` as an import of `./merge-labels.js`: a classic
 *   script resolves `import()` against its own URL, so `dist/commerce-ops-elements.js` loads
 *   `dist/merge-labels.js`, which the build writes beside it (`lazyModuleEntries`).
 * - The package's ESM (one file per module) and the loader's split chunks keep every lazy module
 *   apart already; the benchmark measures an element as first loaded, without them.
 *
 * It is imported through `onDemand` (src/api/load-on-demand.ts), which retries a failed load at
 * the URL the browser named in its error with `?retry=<n>`.
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
