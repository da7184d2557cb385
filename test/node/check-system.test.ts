import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

test('the check explains how to install a browser when none is found', () => {
  const result = spawnSync(process.execPath, ['scripts/check-system.mjs'], {
    env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
    encoding: 'utf8',
  });
  assert.equal(result.status, 1);
  assert.match(result.stderr, /apt-get install -y chromium/);
});

test('the check explains how to install Firefox when it is missing', () => {
  const result = spawnSync(process.execPath, ['scripts/check-system.mjs'], {
    env: { ...process.env, FIREFOX_PATH: '/nonexistent/firefox' },
    encoding: 'utf8',
  });
  assert.equal(result.status, 1);
  assert.match(result.stderr, /apt-get install -y firefox-esr/);
  assert.match(result.stderr, /FIREFOX_PATH/);
});

test('the check explains how to install Redis when redis-server is missing', () => {
  const result = spawnSync(process.execPath, ['scripts/check-system.mjs'], {
    env: { ...process.env, REDIS_SERVER_PATH: '/nonexistent/redis-server' },
    encoding: 'utf8',
  });
  assert.equal(result.status, 1);
  assert.match(result.stderr, /apt-get install -y redis-server/);
});

test('the check prints the versions of the browsers and the Redis server it found', () => {
  const result = spawnSync(process.execPath, ['scripts/check-system.mjs'], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /known to pass from Chromium 150 and Firefox ESR 140\.12/);
  assert.match(result.stdout, /Chromium \d+\.\d+/);
  assert.match(result.stdout, /Firefox \d+\.\d+/);
  assert.match(result.stdout, /Redis server v=\d+/);
});

test('the check explains how to install xvfb when xvfb-run is missing', () => {
  // An empty directory for PATH; Redis is named by its path, so only xvfb-run is missing.
  const redis = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();
  const empty = mkdtempSync(join(tmpdir(), 'no-programs-'));
  const result = spawnSync(process.execPath, ['scripts/check-system.mjs'], {
    env: { ...process.env, PATH: empty, REDIS_SERVER_PATH: redis },
    encoding: 'utf8',
  });
  assert.equal(result.status, 1);
  assert.match(result.stderr, /No xvfb-run found/);
  assert.match(result.stderr, /apt-get install -y xvfb/);
  assert.doesNotMatch(result.stderr, /redis-server found/);
});
