/**
 * `npm run bench`: size, start-up, render, requests, memory and interaction of the elements, and
 * what a page with one element loads through the loader, measured on the built package in
 * headless Chromium. Prints a table, writes bench/results.json, rewrites the results section of docs/performance.md
 * between the bench markers, and exits non-zero when a budget is missed. Not part of `npm test`.
 *
 *   npx tsx bench/run.ts                       everything (builds first)
 *   npx tsx bench/run.ts --only=size,render    some sections; prints only, writes nothing
 *                                              (schemas: valibot against zod, bundled from sources)
 *   npx tsx bench/run.ts --no-build            measure dist/ as it is
 *   npx tsx bench/run.ts --src                 measure bundles of src/ instead of dist/
 */
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { chromium, type Browser } from 'playwright-core';
import { bundleHarness, prepareArtifacts, projectRoot } from './lib/artifacts.js';
import {
  elementsPageHtml,
  measureFlow,
  measureInteraction,
  measureMemory,
  measureRender,
  measureStartup,
  type BenchContext,
} from './lib/browser-runs.js';
import { makeFixtures } from './lib/fixtures.js';
import {
  evaluateBudgets,
  resultsTable,
  schemaComparisonTable,
  summaryLine,
  updateReadme,
  writeResults,
  type Results,
} from './lib/report.js';
import { startServer } from './lib/server.js';
import { measureSizes } from './lib/size.js';
import { measureLoader } from './lib/loader.js';
import { compareSchemaLibraries } from './lib/baseline.js';
import { measureBatch } from './lib/batch.js';
import { measurePickList } from './lib/pick-list.js';
import { measureScanToLabel } from './lib/scan-to-label.js';
import { measureProxy } from './lib/proxy.js';

const SECTIONS = [
  'size',
  'schemas',
  'startup',
  'render',
  'flow',
  'batch',
  'pick',
  'scan',
  'memory',
  'interaction',
  'loader',
  'proxy',
] as const;
type Section = (typeof SECTIONS)[number];

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--js-flags=--expose-gc',
  '--enable-precise-memory-info',
];

function parseArgs(argv: string[]) {
  const only = argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  const sections = only ? only.split(',').map((name) => name.trim()) : [...SECTIONS];
  const unknown = sections.filter((name) => !(SECTIONS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new Error(`Unknown section ${unknown.join(', ')}; sections are ${SECTIONS.join(', ')}`);
  }
  return {
    sections: new Set(sections as Section[]),
    partial: only !== undefined,
    runBuild: !argv.includes('--no-build'),
    forceSource: argv.includes('--src'),
  };
}

function commit(): string {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: projectRoot,
      encoding: 'utf8',
    });
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: projectRoot,
      encoding: 'utf8',
    });
    return `${hash.trim()}${dirty.trim() ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

function step(name: string): () => void {
  const started = performance.now();
  process.stdout.write(`• ${name}…`);
  return () => process.stdout.write(` ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const started = performance.now();

  let done = step(options.runBuild && !options.forceSource ? 'npm run build' : 'preparing scripts');
  const artifacts = await prepareArtifacts(options);
  done();
  if (artifacts.build.ran && !artifacts.build.ok) {
    console.error(
      `  npm run build failed; measuring bundles of src/ instead:\n${artifacts.build.error ?? ''}`,
    );
  }
  console.log(
    `  measuring ${artifacts.source === 'dist' ? 'dist/' : 'src/ bundles'}; elements: ${artifacts.tags.join(', ')}`,
  );

  const errors: Record<string, string> = {};
  const results: Omit<Results, 'budgets' | 'passed'> = {
    generatedAt: new Date().toISOString(),
    commit: commit(),
    source: artifacts.source,
    build: artifacts.build,
    machine: { cpus: cpus().length, node: process.version, chromium: '' },
    errors,
  };

  const attempt = async <T>(section: Section, run: () => Promise<T>): Promise<T | undefined> => {
    if (!options.sections.has(section)) return undefined;
    const finish = step(section);
    try {
      return await run();
    } catch (error) {
      errors[section] =
        error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
      return undefined;
    } finally {
      finish();
      if (errors[section]) console.error(`  ${section} failed: ${errors[section]}`);
    }
  };

  results.size = await attempt('size', () => measureSizes(artifacts));
  results.schemas = await attempt('schemas', () => compareSchemaLibraries());

  results.proxy = await attempt('proxy', () => measureProxy());

  const needsBrowser = SECTIONS.some(
    (section) =>
      section !== 'size' && section !== 'schemas' && section !== 'proxy' && options.sections.has(section),
  );
  if (needsBrowser) {
    const server = await startServer();
    let browser: Browser | undefined;
    try {
      done = step('fixtures, harness and Chromium');
      const [fixtures, harness] = await Promise.all([makeFixtures(), bundleHarness()]);
      server.route('/commerce-ops-elements.js', 'text/javascript', artifacts.browserScript);
      for (const [file, text] of artifacts.besideFiles) server.route(`/${file}`, 'text/javascript', text);
      server.route('/harness.js', 'text/javascript', harness);
      server.route('/elements.html', 'text/html', elementsPageHtml());
      browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
      results.machine.chromium = browser.version();
      done();
      const context: BenchContext = { browser, server, tags: artifacts.tags };
      results.startup = await attempt('startup', () => measureStartup(context, artifacts.browserScript));
      results.render = await attempt('render', () => measureRender(context, fixtures));
      results.flow = await attempt('flow', () => measureFlow(context));
      results.batch = await attempt('batch', () => measureBatch(context));
      results.pick = await attempt('pick', () => measurePickList(context));
      results.scan = await attempt('scan', () => measureScanToLabel(context));
      results.memory = await attempt('memory', () => measureMemory(context));
      results.interaction = await attempt('interaction', () => measureInteraction(context));
      results.loader = await attempt('loader', () => measureLoader(context, artifacts.source));
    } finally {
      await browser?.close();
      await server.close();
    }
  }

  const budgets = evaluateBudgets(results);
  const final: Results = { ...results, budgets, passed: budgets.every((budget) => budget.pass) };
  console.log(`\n${summaryLine(final)}\n\n${resultsTable(final)}\n`);
  if (final.size) {
    console.log('What weighs most (minified bytes, before gzip):');
    for (const entry of [final.size.browserBuild, ...final.size.elements]) {
      const largest = (entry.largest ?? []).slice(0, 5);
      const parts = largest.map((input) => `${input.input} ${(input.bytes / 1024).toFixed(1)} KB`);
      if (parts.length) console.log(`  ${entry.name}: ${parts.join(', ')}`);
    }
    console.log('');
  }
  if (final.schemas) console.log(`${schemaComparisonTable(final.schemas)}\n`);
  if (final.flow) {
    console.log(`Requests of the ship-an-order flow (order ${final.flow.orderId}):`);
    for (const request of final.flow.requests) console.log(`  ${request}`);
    console.log('');
  }
  if (final.batch) {
    const { batch } = final;
    console.log(
      `label-batch, ${batch.orders} orders from ids to "Buy labels" enabled: ${batch.ms} ms, then ${batch.buyMs} ms to buy; ` +
        `${batch.orderFetches} order fetches, ${batch.ratesRequests} rates requests, ${batch.checkRequests} check requests, ${batch.total} requests in all, ` +
        `${batch.repeated.length} repeated${batch.error ? ` (${batch.error})` : ''}\n`,
    );
  }
  if (final.pick) {
    const { pick } = final;
    console.log(
      `pick-list for ${pick.orders} orders: from ids to the table shown (${pick.rows} rows) ${pick.ms} ms, then to the PDF made ${pick.pdfMs} ms; ` +
        `${pick.orderFetches} order reads, ${pick.total} requests in all, ${pick.repeated.length} repeated${pick.error ? ` (${pick.error})` : ''}\n`,
    );
  }
  const failed = budgets.filter((budget) => !budget.pass);
  for (const budget of failed) console.log(`✗ ${budget.name}: ${budget.actual} (budget ${budget.limit})`);
  if (options.partial) {
    console.log('Some sections only: bench/results.json and docs/performance.md are left as they were.');
  } else {
    writeResults(projectRoot, final);
    await updateReadme(projectRoot, final);
    console.log('Wrote bench/results.json and the docs/performance.md section.');
  }
  console.log(
    `${failed.length === 0 ? 'All budgets met' : `${failed.length} budget(s) missed`} in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  );
  return failed.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`\n${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
