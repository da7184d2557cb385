/**
 * A failed assertion whose value is an element fails its browser test file at once, in both
 * engines: the runner cannot send an element out of the page, and such a file used to hang until
 * the runner's 240 s limit.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';

const FIXTURE = 'test/fixtures/runner/fails-on-element.ts';
const LIMIT_MS = 60_000;

function runFixture(config: string): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'node_modules/@web/test-runner/dist/bin.js',
        '--config',
        config,
        '--files',
        FIXTURE,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), LIMIT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: Date.now() - started });
    });
  });
}

for (const [engine, config] of [
  ['Chromium', 'web-test-runner.config.mjs'],
  ['Firefox', 'web-test-runner.firefox.config.mjs'],
] as const) {
  test(`${engine}: an assertion that fails on an element fails its file promptly, naming the element`, async () => {
    const run = await runFixture(config);
    assert.notEqual(run.code, 0, 'the run fails');
    assert.ok(run.ms < LIMIT_MS, `the run ended by itself (${run.ms} ms)`);
    assert.match(run.output, /0 passed, 1 failed/);
    assert.match(run.output, /AssertionError: expected <body>/);
  });
}
