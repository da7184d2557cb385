/**
 * The loader (`dist/loader.js`) and the chunks it loads (`dist/chunks/`): the package build, the
 * loader's test and the benchmark all make them with this.
 *
 * - chunks/<tag>.js: each element's define module, in one code-split rolldown build with the API
 *   chunks (`core`, `client`, `auth`, from src/loader/). The names of the API chunks have no
 *   hyphen, so they never meet a tag.
 * - chunks/core.js is also the common chunk: every module that more than half the elements use
 *   (lit, the shared base class, the transport, zod, the order store, …), counted by the code of
 *   it each element's own bundle holds, and every small one that two or more use whose imports are
 *   all in it (unless those elements load a chunk of their own anyway, which it then joins), with
 *   the default client's `configureBaseUrl`. The rest of what elements share is in chunks by the
 *   set of elements that use it (`shared-<hash>.js`). A page so fetches a few files for one
 *   element, and each shared module exists once on a page however many elements it has. Modules
 *   are cut along what uses them (`endpoints/orders.ts`, `order-listing.ts` and `allocations.ts`,
 *   say), so the common chunk holds little that a page does not run.
 * - chunks/<module>-<hash>.js: what an element loads with `import()` when asked (the stock editor,
 *   the PDF merge), named after its module.
 * - An element's chunk is never imported statically by another chunk, as it registers its element;
 *   a define module's `import()` of another element's (`provideElement`, src/shared/inner-elements.ts)
 *   loads that element's chunk.
 * - loader.js: src/loader/loader.ts with the files each chunk imports written in (`CHUNK_FILES`,
 *   whose keys with a hyphen are the tags of scripts/elements.ts), bundled alone by esbuild; it
 *   imports chunks only by URL, relative to itself.
 *
 * The chunks get the transforms every other build gets from its esbuild plugins (templates
 * minified, define modules kept for their side effects): see scripts/rolldown.ts.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build, type Metafile, type OutputFile, type Plugin as EsbuildPlugin } from 'esbuild';
import { rolldown, type OutputChunk } from 'rolldown';
import { findElements, projectRoot, registeringSources, type ElementEntry } from './elements.js';
import { minifyTemplates } from './minify-templates.js';
import { browserInput } from './rolldown.js';

export interface LoaderBuildOptions {
  /** Where loader.js goes; the chunks go to its `chunks/` folder. */
  outdir: string;
  /** Browser targets, those of the single-file browser build (esbuild's names). */
  target: string[];
  /** `false` keeps the files in memory (tests, benchmark). Default true. */
  write?: boolean;
}

/** A chunk as written: its file name in `chunks/`, its code, the chunk files it imports. */
interface Chunk {
  fileName: string;
  code: string;
  imports: string[];
  isEntry: boolean;
}

/** The chunk the loader imports to apply `data-base-url`, which is also the common chunk. */
const CORE = 'core';
/**
 * Bytes (rendered, after tree-shaking) under which a module two elements share joins the common
 * chunk: below that, a file of its own (its imports from the common chunk, one more request) costs
 * the pages that use it about as much as the module costs the pages that do not (`shared/url.ts`,
 * which order-card and connect-account share, is some 650).
 */
const SMALL_SHARED = 700;

/**
 * The files made (`path` absolute, under `outdir`): all of them with `write: false`, else the
 * chunks (esbuild reports no file it wrote).
 */
export async function buildLoader({
  outdir,
  target,
  write = true,
}: LoaderBuildOptions): Promise<OutputFile[]> {
  const elements = findElements();
  const input: Record<string, string> = {
    ...Object.fromEntries(elements.map((element) => [element.tag, join(projectRoot, element.defineModule)])),
    [CORE]: join(projectRoot, 'src/loader/core.ts'),
    client: join(projectRoot, 'src/loader/client.ts'),
    auth: join(projectRoot, 'src/loader/auth.ts'),
  };
  const chunks = await buildChunks(input, await modulesUsed(elements, target), target);
  const loader = await build({
    absWorkingDir: projectRoot,
    tsconfig: join(projectRoot, 'tsconfig.json'),
    logLevel: 'warning',
    charset: 'utf8',
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target,
    minify: true,
    legalComments: 'eof',
    write,
    plugins: [registeringSources(), minifyTemplates()],
    entryPoints: ['src/loader/loader.ts'],
    outfile: join(outdir, 'loader.js'),
    define: {
      CHUNK_FILES: JSON.stringify(chunkFiles(chunks)),
    },
  });
  const chunkOutputs = chunks.map((chunk) => outputFile(join(outdir, 'chunks', chunk.fileName), chunk.code));
  if (write) {
    await mkdir(join(outdir, 'chunks'), { recursive: true });
    await Promise.all(chunkOutputs.map((file) => writeFile(file.path, file.contents)));
  }
  return [...(loader.outputFiles ?? []), ...chunkOutputs];
}

/** The chunks: one rolldown build of every element's define module and the API chunks. */
async function buildChunks(
  input: Record<string, string>,
  used: Map<string, Set<string>>,
  target: string[],
): Promise<Chunk[]> {
  const options = browserInput(input, target);
  const bundle = await rolldown({
    ...options,
    // The common chunk holds src/loader/core.ts and serves as the `core` entry itself.
    preserveEntrySignatures: 'allow-extension',
  });
  try {
    // A first pass gives each module's size after tree-shaking, for the rule of the common chunk.
    const sized = await bundle.generate({ format: 'es', minify: true });
    const sizes = new Map<string, number>();
    for (const chunk of sized.output) {
      if (chunk.type !== 'chunk') continue;
      for (const [id, module] of Object.entries(chunk.modules)) sizes.set(id, module.renderedLength);
    }
    const tagCount = Object.keys(input).filter((name) => name.includes('-')).length;
    const common = new CommonModules(input, used, tagCount, sizes);
    const { output } = await bundle.generate({
      format: 'es',
      minify: true,
      comments: { legal: true, annotation: false, jsdoc: false },
      entryFileNames: '[name].js',
      // A module loaded on demand keeps its name (`stock-editor-<hash>.js`), by which a failed load
      // is told apart from a failure of what it imports (src/api/load-on-demand.ts).
      chunkFileNames: (chunk) => (chunk.isDynamicEntry ? '[name]-[hash].js' : 'shared-[hash].js'),
      codeSplitting: {
        // Each module by its own users; chunk imports are checked for cycles below.
        includeDependenciesRecursively: false,
        groups: [
          {
            name: (id, context) => (common.has(id, context) ? CORE : null),
            debugName: 'common',
          },
          {
            name: (id, context) => common.sharedOnDemand(id, context),
            debugName: 'shared with what an element loads on demand',
          },
        ],
      },
    });
    const chunks = output.filter((file): file is OutputChunk => file.type === 'chunk');
    const entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
    assertNoImportCycle(chunks);
    return chunks.map(({ fileName, code, imports, isEntry }) => {
      // An element's chunk registers it: nothing may import one for the code it holds.
      const imported = imports.find((file) => entries.has(file) && file !== `${CORE}.js`);
      if (imported) throw new Error(`chunks/${fileName} imports the entry chunk ${imported}`);
      return { fileName, code, imports, isEntry };
    });
  } finally {
    await bundle.close();
  }
}

/**
 * Chunks that import each other in a circle would run one before what it imports has run (a class
 * extending one not defined yet): the build fails instead.
 */
function assertNoImportCycle(chunks: readonly OutputChunk[]): void {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const done = new Set<string>();
  const visit = (fileName: string, path: string[]): void => {
    if (path.includes(fileName)) {
      throw new Error(
        `chunks import each other: ${[...path.slice(path.indexOf(fileName)), fileName].join(' → ')}`,
      );
    }
    if (done.has(fileName)) return;
    for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported, [...path, fileName]);
    done.add(fileName);
  };
  for (const chunk of chunks) visit(chunk.fileName, []);
}

/** Leaves every `import()` out of a bundle: what an element loads on demand is no module it shares. */
function dynamicImportsExternal(): EsbuildPlugin {
  return {
    name: 'dynamic-imports-external',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, (args) =>
        args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
      );
    },
  };
}

/**
 * Which elements use each module (by absolute path): those whose define module, bundled alone by
 * esbuild and tree-shaken, holds code of it. The import graph would say more: a module that names
 * another's functions only to pass them on (`export { listOrders } from …`) would count as using
 * them, and so would an element that imports one function of a module whose other functions need
 * more.
 */
async function modulesUsed(elements: ElementEntry[], target: string[]): Promise<Map<string, Set<string>>> {
  const used = new Map<string, Set<string>>();
  // One at a time: the machine may be shared, and esbuild uses every core it finds.
  for (const element of elements) {
    const result = await build({
      absWorkingDir: projectRoot,
      tsconfig: join(projectRoot, 'tsconfig.json'),
      logLevel: 'warning',
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target,
      treeShaking: true,
      write: false,
      metafile: true,
      entryPoints: [element.defineModule],
      outfile: join(projectRoot, `${element.tag}.js`),
      plugins: [registeringSources(), dynamicImportsExternal()],
    });
    const output = Object.values((result.metafile as Metafile).outputs)[0];
    for (const [path, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
      if (bytesInOutput === 0) continue;
      const id = join(projectRoot, path);
      const tags = used.get(id) ?? new Set<string>();
      tags.add(element.tag);
      used.set(id, tags);
    }
  }
  return used;
}

interface ModuleGraph {
  getModuleInfo(id: string): {
    importers: readonly string[];
    importedIds: readonly string[];
    dynamicImporters: readonly string[];
  } | null;
}

/**
 * Which modules go into the common chunk: those that more than half the elements use (by the code
 * of theirs each element's bundle holds, `modulesUsed`), and those that two or more use that are
 * smaller than `SMALL_SHARED` bytes and import only modules of the common chunk (unless the modules
 * importing one are all in one chunk of the same elements, or a larger module that exactly its
 * elements use has a chunk, which it then joins), with src/loader/core.ts. A module one element
 * uses stays in that element's chunk; the other modules two or more elements share (the shipping
 * API of rate-picker and label-downloader, say) are in chunks by the set of elements that use
 * them. A module is placed by its own users, not by those of the modules that import it
 * (`includeDependenciesRecursively: false`): `order-store.ts`, which every element showing orders
 * uses, names `withStockEntry` of `order-edits.ts`, which only allocation-form uses.
 */
class CommonModules {
  readonly #common = new Map<string, boolean>();

  constructor(
    readonly input: Record<string, string>,
    readonly used: Map<string, Set<string>>,
    readonly tagCount: number,
    readonly sizes: Map<string, number>,
  ) {}

  has(id: string, graph: ModuleGraph): boolean {
    if (id === this.input[CORE]) return true;
    const known = this.#common.get(id);
    if (known !== undefined) return known;
    // Assumed out while its imports are looked at, so an import cycle ends.
    this.#common.set(id, false);
    const users = this.used.get(id)?.size ?? 0;
    const common =
      users * 2 > this.tagCount ||
      // A module without code of its own (`lit/index.js`, which only passes lit's modules on)
      // goes where what it imports goes.
      ((users >= 2 || (this.sizes.get(id) ?? 0) === 0) &&
        (this.sizes.get(id) ?? 0) < SMALL_SHARED &&
        (graph.getModuleInfo(id)?.importedIds ?? []).every((imported) => this.has(imported, graph)) &&
        !this.#ridesWithImporters(id, graph) &&
        !this.#ridesWithSameUsers(id));
    this.#common.set(id, common);
    return common;
  }

  /**
   * The chunk of `id` when one element's code and a module that element loads on demand both import
   * it (`allocation-form.messages.ts`, which the stock editor imports too): left to rolldown, it would
   * stay in the element's chunk and the chunk loaded on demand would import that one, which no chunk
   * may (the element's chunk may have been loaded at a retry URL). It goes to a chunk of its own,
   * which both import; null for any other module.
   */
  sharedOnDemand(id: string, graph: ModuleGraph): string | null {
    const users = this.used.get(id);
    if (users?.size !== 1 || this.has(id, graph)) return null;
    const elements = new Set(Object.values(this.input));
    const seen = new Set<string>();
    const pending = [id];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      if (seen.has(next) || elements.has(next)) continue;
      seen.add(next);
      const info = graph.getModuleInfo(next);
      // A module loaded with import() that is not an element's define module: code loaded on demand.
      if (next !== id && (info?.dynamicImporters.length ?? 0) > 0) return `on-demand-${[...users][0]}`;
      pending.push(...(info?.importers ?? []));
    }
    return null;
  }

  /**
   * Whether a module too large for the common chunk is used by exactly the elements that use `id`
   * (`tab-storage.ts` and lit's `directive-helpers.js`, which pack-check, pick-list and ship-order
   * use): their pages load that module's chunk anyway, so `id` stays out of the common chunk and
   * goes with it, and no page loads a file more for it.
   */
  #ridesWithSameUsers(id: string): boolean {
    const users = this.used.get(id);
    if (users === undefined) return false;
    for (const [other, theirs] of this.used) {
      if (
        other !== id &&
        theirs.size === users.size &&
        (this.sizes.get(other) ?? 0) >= SMALL_SHARED &&
        [...users].every((tag) => theirs.has(tag))
      ) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether every module that imports `id` is outside the common chunk and used by the same
   * elements (`limits.messages.ts`, which only spend-limits.ts imports): then `id` is in their
   * chunk, and no page loads a file more for it.
   */
  #ridesWithImporters(id: string, graph: ModuleGraph): boolean {
    const users = this.used.get(id);
    const importers = graph.getModuleInfo(id)?.importers ?? [];
    return (
      users !== undefined &&
      importers.length > 0 &&
      importers.every((importer) => {
        const theirs = this.used.get(importer);
        return (
          !this.has(importer, graph) &&
          theirs?.size === users.size &&
          [...users].every((tag) => theirs.has(tag))
        );
      })
    );
  }
}

/**
 * For each chunk the loader imports by name (`order-card`, `core`, …), every file it imports at
 * any depth, so the loader can fetch them all at once instead of one level at a time. The keys are
 * also the loader's list of tags: every element's chunk is named after its tag.
 */
function chunkFiles(chunks: Chunk[]): Record<string, string[]> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (fileName: string, found: Set<string>): Set<string> => {
    if (found.has(fileName)) return found;
    found.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, found);
    return found;
  };
  return Object.fromEntries(
    chunks
      .filter((chunk) => chunk.isEntry)
      .map((chunk) => {
        const files = closure(chunk.fileName, new Set());
        files.delete(chunk.fileName);
        return [chunk.fileName.slice(0, -'.js'.length), [...files]];
      }),
  );
}

function outputFile(path: string, text: string): OutputFile {
  const contents = new TextEncoder().encode(text);
  return { path, contents, hash: '', text };
}
