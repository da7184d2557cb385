import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { delimiter, join } from 'node:path';
import { Redis } from 'ioredis';

/** A real `redis-server` on a free loopback port, with no persistence, for one test file. */
export interface RedisServerHandle {
  port: number;
  url: string;
  /** A new client connected to it. */
  client(options?: { maxRetriesPerRequest?: number; enableOfflineQueue?: boolean }): Redis;
  stop(): Promise<void>;
}

function redisServerPath(): string {
  const configured = process.env.REDIS_SERVER_PATH;
  if (configured) return configured;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, 'redis-server'))) return join(dir, 'redis-server');
  }
  throw new Error('redis-server is not installed: sudo apt-get install -y redis-server (see README)');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startRedisServer(): Promise<RedisServerHandle> {
  const binary = redisServerPath();
  const port = await freePort();
  const child: ChildProcess = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--loglevel',
      'warning',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const clients: Redis[] = [];
  const client: RedisServerHandle['client'] = (options = {}) => {
    const redis = new Redis({ host: '127.0.0.1', port, lazyConnect: false, ...options });
    redis.on('error', () => undefined);
    clients.push(redis);
    return redis;
  };
  const probe = client({ maxRetriesPerRequest: 0 });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      if ((await probe.ping()) === 'PONG') break;
    } catch {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`redis-server did not start on port ${port}: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    client,
    stop: async () => {
      for (const redis of clients) redis.disconnect();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
