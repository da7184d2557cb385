import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A loopback port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function serves(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return check();
}

test('stopping `npm start` frees its port: the dev server does not outlive npm', async () => {
  const port = await freePort();
  const npm = spawn('npm', ['start', '--', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    detached: true,
    stdio: 'ignore',
  });
  const group = npm.pid;
  assert.ok(group, 'npm started');
  try {
    assert.ok(await until(() => serves(port), 30_000), 'the dev server answers');
    process.kill(group, 'SIGTERM');
    assert.ok(await until(async () => !(await serves(port)), 5000), 'the port is free within 5 s');
  } finally {
    // Whatever the outcome, nothing this test started stays behind.
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});
