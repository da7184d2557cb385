/**
 * The loader (`dist/loader.js`) and the chunks it loads (`dist/chunks/`): the package build, the
 * loader's test and the benchmark all make them with this.
 *
 * - chunks/<tag>.js: each element's define module, in one code-split build with the API chunks
 *   (`core`, `client`, `auth`, from src/loader/), so code they share is in shared chunks
 *   (`chunks/shared-<hash>.js`) that a page loads once. The names of the API chunks have no
 *   hyphen, so they never meet a tag.
 * - loader.js: src/loader/loader.ts with the tag list of scripts/elements.ts written in, bundled
 *   alone; it imports chunks only by URL, relative to itself.
 */
import { join } from 'node:path';
import { build, type BuildOptions, type OutputFile } from 'esbuild';
import { findElements, projectRoot, registeringSources } from './elements.js';
import { minifyTemplates } from './minify-templates.js';

export interface LoaderBuildOptions {
  /** Where loader.js goes; the chunks go to its `chunks/` folder. */
  outdir: string;
  /** esbuild targets, those of the single-file browser build. */
  target: string[];
  /** `false` keeps the files in memory (tests, benchmark). Default true. */
  write?: boolean;
}

/** Every file made, as esbuild reports it (`path` absolute, under `outdir`). */
export async function buildLoader({
  outdir,
  target,
  write = true,
}: LoaderBuildOptions): Promise<OutputFile[]> {
  const elements = findElements();
  const common: BuildOptions = {
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
  };
  const [chunks, loader] = await Promise.all([
    build({
      ...common,
      entryPoints: {
        ...Object.fromEntries(elements.map((element) => [element.tag, element.defineModule])),
        core: 'src/loader/core.ts',
        client: 'src/loader/client.ts',
        auth: 'src/loader/auth.ts',
      },
      splitting: true,
      chunkNames: 'shared-[hash]',
      outdir: join(outdir, 'chunks'),
    }),
    build({
      ...common,
      entryPoints: ['src/loader/loader.ts'],
      outfile: join(outdir, 'loader.js'),
      define: { ELEMENT_TAGS: JSON.stringify(elements.map((element) => element.tag)) },
    }),
  ]);
  return [...(loader.outputFiles ?? []), ...(chunks.outputFiles ?? [])];
}
