/**
 * What the benchmark measures: the package as `npm run build` makes it (dist/), or, when there is
 * no build or it failed, bundles of src/ made here the same way the build makes them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { findElements, projectRoot, registeringSources } from '../../scripts/elements.js';
import { LAZY_MODULES, lazyModuleEntries, lazyModulesExternal } from '../../scripts/lazy-modules.js';
import { minifyTemplates } from '../../scripts/minify-templates.js';
import { bundleBrowserScript } from '../../scripts/rolldown.js';

export { minifyTemplates, projectRoot, registeringSources };

/** The browser build's targets (scripts/build.ts); app bundles of one element use the same. */
export const BROWSER_TARGET = ['es2022', 'chrome116', 'firefox124', 'safari17.4'];

export const BROWSER_BUILD = 'dist/commerce-ops-elements.js';

export interface BuildStep {
  /** Whether `npm run build` was run (it is skipped with --no-build, --src, or when there is no such script). */
  ran: boolean;
  ok: boolean;
  seconds?: number;
  /** The last lines the build printed when it failed. */
  error?: string;
}

export interface Artifacts {
  /** `dist`: the built package; `src`: bundles of the sources made by the benchmark. */
  source: 'dist' | 'src';
  build: BuildStep;
  /** Every element, from its define module `src/<tag>.ts`. */
  tags: string[];
  /** The single-file browser build (a classic script). */
  browserScript: string;
  /**
   * The files beside it that it loads with `import()` when asked (`booking.js`, `stock-editor.js`,
   * …; scripts/lazy-modules.ts), by file name: a page served the script alone fails on "Buy".
   */
  besideFiles: Map<string, string>;
}

export interface ArtifactOptions {
  /** Run `npm run build` first when package.json has that script. */
  runBuild: boolean;
  /** Measure bundles of src/ even when dist/ is there. */
  forceSource: boolean;
}

function hasBuildScript(): boolean {
  const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  return typeof pkg.scripts?.['build'] === 'string';
}

function runBuild(): BuildStep {
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  if (result.status === 0) return { ran: true, ok: true, seconds };
  const output = `${result.stdout ?? ''}\n${result.stderr ?? ''}`
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('npm warn'));
  return { ran: true, ok: false, seconds, error: output.slice(-12).join('\n') };
}

function firstLines(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n').slice(0, 4).join('\n');
}

/**
 * src/browser.ts bundled as dist/commerce-ops-elements.js is (scripts/rolldown.ts), and the
 * metafile of the same bundle made by esbuild, which says what weighs most.
 */
export async function bundleBrowserSource(): Promise<{ text: string; metafile: Metafile }> {
  const text = await bundleBrowserScript(BROWSER_TARGET).catch((error: unknown) => {
    throw new Error(`src/browser.ts does not bundle: ${firstLines(error)}`);
  });
  const result = await build({
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: projectRoot,
    entryPoints: ['src/browser.ts'],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: BROWSER_TARGET,
    minify: true,
    legalComments: 'eof',
    charset: 'utf8',
    write: false,
    plugins: [registeringSources(), minifyTemplates(), lazyModulesExternal()],
  }).catch((error: unknown) => {
    throw new Error(`src/browser.ts does not bundle: ${firstLines(error)}`);
  });
  return { text, metafile: result.metafile };
}

export async function prepareArtifacts(options: ArtifactOptions): Promise<Artifacts> {
  let step: BuildStep = { ran: false, ok: true };
  if (options.runBuild && !options.forceSource && hasBuildScript()) step = runBuild();
  const tags = findElements().map((element) => element.tag);
  const distScript = join(projectRoot, BROWSER_BUILD);
  if (!options.forceSource && step.ok && existsSync(distScript)) {
    const beside = new Map(
      LAZY_MODULES.map(({ file }) => [file, readFileSync(join(projectRoot, 'dist', file), 'utf8')]),
    );
    return {
      source: 'dist',
      build: step,
      tags,
      browserScript: readFileSync(distScript, 'utf8'),
      besideFiles: beside,
    };
  }
  return {
    source: 'src',
    build: step,
    tags,
    browserScript: (await bundleBrowserSource()).text,
    besideFiles: await bundleBesideFiles(),
  };
}

/** The lazy modules as the package build writes them beside the single file (scripts/build.ts). */
async function bundleBesideFiles(): Promise<Map<string, string>> {
  const result = await build({
    absWorkingDir: projectRoot,
    entryPoints: lazyModuleEntries(),
    outdir: join(projectRoot, 'dist'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: BROWSER_TARGET,
    minify: true,
    legalComments: 'eof',
    write: false,
    logLevel: 'silent',
    plugins: [registeringSources(), minifyTemplates()],
  });
  return new Map(result.outputFiles.map((file) => [file.path.split(/[\\/]/).pop() ?? file.path, file.text]));
}

/** The in-page harness (bench/page/harness.ts) as a classic script; it imports no library code. */
export async function bundleHarness(): Promise<string> {
  const result = await build({
    absWorkingDir: projectRoot,
    entryPoints: ['bench/page/harness.ts'],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
  });
  return result.outputFiles[0]?.text ?? '';
}
