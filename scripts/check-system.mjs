// The tests need programs the machine already has: nothing here downloads a browser or a server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The first executable called `name` on PATH, or null. */
export function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

const problems = [];

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  problems.push(`No Chromium found at ${chromium}.
Browser tests run in Debian's Chromium. Install it with:

  sudo apt-get update && sudo apt-get install -y chromium

or point CHROMIUM_PATH at another Chromium or Chrome binary.`);
}

const firefox = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
if (!existsSync(firefox)) {
  problems.push(`No Firefox found at ${firefox}.
The element, reliability and API browser suites run a second time in Debian's Firefox ESR.
Install it with:

  sudo apt-get update && sudo apt-get install -y firefox-esr

or point FIREFOX_PATH at another Firefox binary.`);
}

if (!onPath('xvfb-run')) {
  problems.push(`No xvfb-run found on PATH.
The Print buttons are tested in headed Chromium (headless Chromium cannot print a PDF), on a
virtual display. Install Debian's package with:

  sudo apt-get update && sudo apt-get install -y xvfb`);
}

const redis = process.env.REDIS_SERVER_PATH ?? onPath('redis-server');
if (!redis || !existsSync(redis)) {
  problems.push(`No redis-server found${process.env.REDIS_SERVER_PATH ? ` at ${process.env.REDIS_SERVER_PATH}` : ' on PATH'}.
The API proxy's shared rate limit is tested against a real Redis, started on a free loopback
port for the test. Install Debian's package with:

  sudo apt-get update && sudo apt-get install -y redis-server

or point REDIS_SERVER_PATH at another redis-server binary.`);
}

const cupsd = process.env.CUPSD_PATH ?? '/usr/sbin/cupsd';
const lpadmin = process.env.LPADMIN_PATH ?? '/usr/sbin/lpadmin';
if (!existsSync(cupsd) || !existsSync(lpadmin)) {
  problems.push(`No CUPS scheduler found (${[cupsd, lpadmin].filter((path) => !existsSync(path)).join(', ')} missing).
The print routes are tested against a real IPP printer: a cupsd of the test's own on a free
loopback port, with a queue added by lpadmin. Install Debian's packages with:

  sudo apt-get update && sudo apt-get install -y cups-daemon cups-client

or point CUPSD_PATH and LPADMIN_PATH at other binaries.`);
}

if (problems.length > 0) {
  console.error(problems.join('\n\n'));
  process.exit(1);
}

/** The oldest builds the suite is known to pass on (Debian 12's on 2026-11-29). */
export const OLDEST_KNOWN_GOOD = { Chromium: 150, 'Firefox ESR': '140.12' };

/** What `binary --version` prints of itself, on one line, or why it could not tell. */
export function versionOf(binary) {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 20_000 });
  // Debian's Chromium wrapper prints a shell warning on stderr before the version on some machines.
  const line = (result.stdout ?? '').trim().split('\n').pop()?.trim();
  return line || `version unknown (${result.error?.message ?? `exit ${result.status}`})`;
}

console.log(`Programs the tests start (browsers known to pass from Chromium ${OLDEST_KNOWN_GOOD.Chromium} and Firefox ESR ${OLDEST_KNOWN_GOOD['Firefox ESR']}):
  ${versionOf(chromium)} (${chromium})
  ${versionOf(firefox)} (${firefox})
  ${versionOf(redis)} (${redis})
  CUPS scheduler (${cupsd}, ${lpadmin})`);
