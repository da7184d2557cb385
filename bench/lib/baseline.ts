/**
 * What the schema library costs: the browser build and every element bundled from this tree's
 * sources and, in the same run and the same way, from the sources of the last commit that
 * validated responses with valibot. The earlier sources are taken with `git archive` into a
 * folder under the system's temporary directory (never inside the project), which resolves the
 * project's own node_modules plus valibot, installed there with npm at the version that commit's
 * package-lock.json names. The folder is kept between runs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { findElements } from '../../scripts/elements.js';
import { lazyModulesExternal } from '../../scripts/lazy-modules.js';
import { BROWSER_TARGET, minifyTemplates, projectRoot, registeringSources } from './artifacts.js';
import { firstLoadSize, gzipSize, SPLIT_AS_AN_APP } from './size.js';

/** The last commit whose response schemas were valibot's. */
export const VALIBOT_COMMIT = '9ef698119b6f7413ada73459369c0e6f04c09607';

export interface BundleSize {
  minBytes: number;
  gzipBytes: number;
}

export interface ComparisonEntry {
  /** `commerce-ops-elements.js` or a tag. */
  name: string;
  /** Built from the valibot commit; missing when that commit has no such element. */
  valibot?: BundleSize;
  zod: BundleSize;
}

export interface SchemaComparison {
  valibotCommit: string;
  valibotVersion: string;
  zodVersion: string;
  entries: ComparisonEntry[];
}

function run(command: string, args: string[], cwd: string, input?: Buffer): Buffer {
  return execFileSync(command, args, {
    cwd,
    input,
    maxBuffer: 256 * 1024 * 1024,
    stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
}

/** The version of `name` that a package-lock.json at `root` installs. */
function lockedVersion(root: string, name: string): string {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages?: Record<string, { version?: string }>;
  };
  const version = lock.packages?.[`node_modules/${name}`]?.version;
  if (!version) throw new Error(`${root}/package-lock.json does not lock ${name}`);
  return version;
}

/**
 * The sources of `commit` in a temporary folder, ready to bundle: `<folder>/tree` holds src/,
 * scripts/ and the package files; `<folder>/tree/node_modules` is the project's; valibot is
 * installed in `<folder>/node_modules`, where resolution from the tree looks next.
 */
export function prepareValibotTree(commit: string = VALIBOT_COMMIT): { tree: string; version: string } {
  const folder = join(tmpdir(), `commerce-ops-elements-bench-${commit.slice(0, 12)}`);
  const tree = join(folder, 'tree');
  const ready = join(folder, 'ready');
  if (existsSync(ready)) return { tree, version: readFileSync(ready, 'utf8').trim() };

  rmSync(folder, { recursive: true, force: true });
  mkdirSync(tree, { recursive: true });
  const archive = run(
    'git',
    [
      'archive',
      '--format=tar',
      commit,
      'src',
      'scripts',
      'package.json',
      'package-lock.json',
      'tsconfig.json',
    ],
    projectRoot,
  );
  run('tar', ['-x', '-C', tree], tree, archive);
  symlinkSync(join(projectRoot, 'node_modules'), join(tree, 'node_modules'), 'dir');

  const version = lockedVersion(tree, 'valibot');
  writeFileSync(join(folder, 'package.json'), '{ "private": true }\n');
  run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', `valibot@${version}`],
    folder,
  );
  writeFileSync(ready, `${version}\n`);
  return { tree, version };
}

async function bundleSize(root: string, entry: string, format: 'esm' | 'iife'): Promise<BundleSize> {
  // As a browser first loads it: what an element imports on demand is left out.
  const plugins = [registeringSources(root), minifyTemplates(), lazyModulesExternal()];
  if (format === 'esm') {
    const result = await build({
      ...SPLIT_AS_AN_APP,
      write: false,
      metafile: true,
      absWorkingDir: root,
      entryPoints: [join(root, entry)],
      outdir: join(root, 'split-out'),
      plugins,
    });
    const { minBytes, gzipBytes } = firstLoadSize(result, root);
    return { minBytes, gzipBytes };
  }
  const result = await build({
    absWorkingDir: root,
    entryPoints: [join(root, entry)],
    bundle: true,
    format,
    platform: 'browser',
    target: BROWSER_TARGET,
    minify: true,
    treeShaking: true,
    legalComments: 'eof',
    charset: 'utf8',
    write: false,
    logLevel: 'silent',
    plugins,
  });
  const code = Buffer.from(result.outputFiles[0]?.contents ?? new Uint8Array());
  return { minBytes: code.byteLength, gzipBytes: gzipSize(code) };
}

/** The browser build and each element of the tree at `root`, bundled from its sources. */
async function treeSizes(root: string): Promise<Map<string, BundleSize>> {
  const sizes = new Map<string, BundleSize>();
  sizes.set('commerce-ops-elements.js', await bundleSize(root, 'src/browser.ts', 'iife'));
  // One at a time: the machine is shared, and esbuild uses every core it finds.
  for (const { tag, defineModule } of findElements(root)) {
    sizes.set(tag, await bundleSize(root, defineModule, 'esm'));
  }
  return sizes;
}

/** This tree (zod) and the valibot commit, bundled the same way in one run. */
export async function compareSchemaLibraries(): Promise<SchemaComparison> {
  const valibot = prepareValibotTree();
  const [withValibot, withZod] = [await treeSizes(valibot.tree), await treeSizes(projectRoot)];
  const entries: ComparisonEntry[] = [...withZod].map(([name, zod]) => {
    const before = withValibot.get(name);
    return before ? { name, valibot: before, zod } : { name, zod };
  });
  return {
    valibotCommit: VALIBOT_COMMIT.slice(0, 7),
    valibotVersion: valibot.version,
    zodVersion: lockedVersion(projectRoot, 'zod'),
    entries,
  };
}
