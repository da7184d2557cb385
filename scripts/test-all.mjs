// `npm test`: everything that checks the project, in three phases whose suites run side by side
// (`concurrently`). Most of a browser or node suite's time is spent waiting on HTTP, timers and
// pages rather than on a core, so two or three share a 2-core machine; more at once starve the
// tests that time what they see (a scanner's burst of keys):
//
//   1. static (type check and lint) beside the build (dist/, which the package check uses);
//   2. the node tests beside Chromium (then Chromium's print suite under xvfb);
//   3. Firefox's two passes (live-account quirks, then its own files), each its own browser,
//      beside the package check.
//
// Each suite's output is printed whole once it ends, under its name. Every phase runs even when an
// earlier one failed, so one run shows every failure; the exit status is 1 when anything failed.
import concurrently from 'concurrently';

const PHASES = [
  [
    { name: 'static', command: 'npm run -s test:static' },
    { name: 'build', command: 'npm run -s build' },
  ],
  [
    { name: 'node', command: 'npm run -s test:node' },
    { name: 'chromium', command: 'npm run -s test:browser && npm run -s test:browser:print' },
  ],
  [
    { name: 'firefox-quirks', command: 'npm run -s test:browser:quirks' },
    { name: 'firefox', command: 'npm run -s test:browser:firefox' },
    { name: 'package', command: 'npm run -s test:package:check' },
  ],
];

const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const started = Date.now();
const failed = [];
const took = [];

for (const suites of PHASES) {
  const phaseStart = Date.now();
  const { result } = concurrently(suites, { group: true, prefix: '[{name}]' });
  const closes = await result.then(
    (events) => events,
    (events) => events,
  );
  for (const close of closes) {
    took.push(`${close.command.name} ${seconds(close.timings.durationSeconds * 1000)}`);
    if (close.exitCode !== 0) failed.push(close.command.name);
  }
  took.push(`phase ${seconds(Date.now() - phaseStart)}`);
}

console.log(`\nnpm test: ${seconds(Date.now() - started)} in all (${took.join(', ')})`);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}
