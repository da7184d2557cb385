/**
 * Sizes: the single-file browser build as shipped, and each element bundled by an app the way a
 * bundler would (`import 'commerce-ops-elements/<tag>.js'`, tree-shaken, minified, with lit and
 * everything it pulls in).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions, type BuildResult, type Metafile, type Plugin } from 'esbuild';
import {
  BROWSER_TARGET,
  bundleBrowserSource,
  minifyTemplates,
  projectRoot,
  registeringSources,
  type Artifacts,
} from './artifacts.js';
import { lazyModulesExternal } from '../../scripts/lazy-modules.js';

export const PACKAGE_NAME = 'commerce-ops-elements';

export interface SizeEntry {
  /** `commerce-ops-elements.js` or a tag. */
  name: string;
  minBytes: number;
  gzipBytes: number;
  /** The inputs that weigh most in the minified output, by package or source folder. */
  largest?: Array<{ input: string; bytes: number }>;
  error?: string;
}

export interface SizeResults {
  browserBuild: SizeEntry;
  elements: SizeEntry[];
}

export function gzipSize(text: string | Buffer): number {
  return gzipSync(text, { level: 9 }).length;
}

/** `node_modules/@lit/task/…` → `@lit/task`; `src/api/schemas/order.ts` → `src/api/schemas`. */
function inputGroup(input: string): string {
  const inPackage = input.lastIndexOf('node_modules/');
  if (inPackage >= 0) {
    const parts = input.slice(inPackage + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? input);
  }
  const parts = input.split('/');
  return parts.length > 2 ? parts.slice(0, -1).join('/') : input;
}

type MetafileOutput = Metafile['outputs'][string];

function largestInputs(
  outputs: readonly (MetafileOutput | undefined)[],
  app: string,
): Array<{ input: string; bytes: number }> {
  const groups = new Map<string, number>();
  for (const output of outputs) {
    for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
      // Inputs are named relative to the app folder; name them from the project instead.
      const group = inputGroup(relative(projectRoot, resolve(app, input)));
      groups.set(group, (groups.get(group) ?? 0) + bytesInOutput);
    }
  }
  return [...groups]
    .map(([input, bytes]) => ({ input, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 8);
}

/** Without a build, `commerce-ops-elements/<tag>.js` is the define module `src/<tag>.ts`. */
function packageFromSource(): Plugin {
  return {
    name: 'package-from-source',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: new RegExp(`^${PACKAGE_NAME}/[a-z0-9-]+\\.js$`) }, (args) => ({
        path: join(projectRoot, 'src', args.path.slice(PACKAGE_NAME.length + 1).replace(/\.js$/, '.ts')),
        sideEffects: true,
      }));
    },
  };
}

/**
 * An app folder whose node_modules/commerce-ops-elements is this project, so the package is
 * resolved through its own package.json ("exports", "sideEffects") like an installed copy.
 */
function makeApp(): string {
  const app = mkdtempSync(join(tmpdir(), 'ops-bench-app-'));
  mkdirSync(join(app, 'node_modules'));
  symlinkSync(projectRoot, join(app, 'node_modules', PACKAGE_NAME), 'dir');
  return app;
}

/**
 * The output files a browser loads before the element runs: the entry and what it imports
 * statically, at any depth (paths as the metafile names them). What it loads with `import()`
 * (allocation-form's stock editor) waits for the click that needs it.
 */
function firstLoad(metafile: Metafile, entryPoint: string | undefined): string[] {
  // A module an element imports with `import()` is an entry point of the build too (ship-order's
  // elements, order-card's product-editor): the element's own is the one the build was asked for.
  const entry = Object.keys(metafile.outputs).find((path) => {
    const from = metafile.outputs[path]?.entryPoint;
    return from !== undefined && (entryPoint === undefined || from === entryPoint);
  });
  const files = new Set<string>();
  const visit = (path: string): void => {
    if (files.has(path)) return;
    files.add(path);
    for (const imported of metafile.outputs[path]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  if (entry) visit(entry);
  return [...files];
}

/** The esbuild options that split an element's bundle as an app's bundler splits it. */
export const SPLIT_AS_AN_APP: BuildOptions = {
  bundle: true,
  format: 'esm',
  splitting: true,
  platform: 'browser',
  target: BROWSER_TARGET,
  minify: true,
  treeShaking: true,
  legalComments: 'none',
  charset: 'utf8',
  write: false,
  metafile: true,
  logLevel: 'silent',
};

/**
 * What a browser first loads of a split build (`SPLIT_AS_AN_APP`, run in `workingDir`) from
 * `entryPoint` (the build's only entry point when not given): the size of those files, each
 * gzipped on its own as it travels, and their metafile outputs.
 */
export function firstLoadSize(
  result: BuildResult<{ write: false; metafile: true }>,
  workingDir: string,
  entryPoint?: string,
): { minBytes: number; gzipBytes: number; outputs: MetafileOutput[] } {
  const loaded = new Set(firstLoad(result.metafile, entryPoint && relative(workingDir, entryPoint)));
  const files = result.outputFiles.filter((file) => loaded.has(relative(workingDir, file.path)));
  return {
    minBytes: files.reduce((sum, file) => sum + file.contents.byteLength, 0),
    gzipBytes: files.reduce((sum, file) => sum + gzipSize(Buffer.from(file.contents)), 0),
    outputs: [...loaded].flatMap((path) => result.metafile.outputs[path] ?? []),
  };
}

async function bundleElement(app: string, tag: string, source: Artifacts['source']): Promise<SizeEntry> {
  try {
    const entry = join(app, `${tag}.entry.js`);
    writeFileSync(entry, `import '${PACKAGE_NAME}/${tag}.js';\n`);
    const result = await build({
      ...SPLIT_AS_AN_APP,
      write: false,
      metafile: true,
      entryPoints: [entry],
      absWorkingDir: app,
      outdir: join(app, 'out', tag),
      // An element is measured as a browser first loads it: what it imports on demand is left out.
      plugins: [
        ...(source === 'src' ? [packageFromSource(), registeringSources(), minifyTemplates()] : []),
        lazyModulesExternal(),
      ],
    });
    const { minBytes, gzipBytes, outputs } = firstLoadSize(result, app, entry);
    return { name: tag, minBytes, gzipBytes, largest: largestInputs(outputs, app) };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error);
    return { name: tag, minBytes: Number.NaN, gzipBytes: Number.NaN, error: message };
  }
}

export async function measureSizes(artifacts: Artifacts): Promise<SizeResults> {
  const script = Buffer.from(artifacts.browserScript, 'utf8');
  const browserBuild: SizeEntry = {
    name: 'commerce-ops-elements.js',
    minBytes: script.byteLength,
    gzipBytes: gzipSize(script),
  };
  try {
    // What weighs most, from the same bundle made of the sources (dist has no metafile).
    browserBuild.largest = largestInputs(
      Object.values((await bundleBrowserSource()).metafile.outputs),
      projectRoot,
    );
  } catch {
    // The sizes above stand without the breakdown.
  }
  const app = makeApp();
  try {
    const elements: SizeEntry[] = [];
    // One at a time: the machine is shared, and esbuild uses every core it finds.
    for (const tag of artifacts.tags) elements.push(await bundleElement(app, tag, artifacts.source));
    return { browserBuild, elements };
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
}
