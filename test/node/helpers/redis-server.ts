import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { delimiter, join } from 'node:path';
import { Redis, type RedisOptions } from 'ioredis';

/** A real `redis-server` on a free loopback port, with no persistence, for one test file. */
export interface RedisServerHandle {
  port: number;
  url: string;
  /** A new client connected to it. */
  client(options?: RedisOptions): Redis;
  /** Freezes the server (SIGSTOP): connections stay open, nothing is answered. */
  pause(): void;
  /** Lets a paused server run again (SIGCONT). */
  resume(): void;
  /** Kills the server (SIGKILL) and waits until it is gone; its port then refuses connections. */
  kill(): Promise<void>;
  /** Starts a new, empty server on the same port (after `kill`). */
  restart(): Promise<void>;
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

function spawnServer(binary: string, port: number): { child: ChildProcess; stderr: () => string } {
  const child = spawn(
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
  return { child, stderr: () => stderr };
}

export async function startRedisServer(): Promise<RedisServerHandle> {
  const binary = redisServerPath();
  const port = await freePort();
  let server = spawnServer(binary, port);
  const clients: Redis[] = [];
  const client: RedisServerHandle['client'] = (options = {}) => {
    const redis = new Redis({ host: '127.0.0.1', port, lazyConnect: false, ...options });
    redis.on('error', () => undefined);
    clients.push(redis);
    return redis;
  };
  const waitUntilUp = async () => {
    const probe = new Redis({ host: '127.0.0.1', port, maxRetriesPerRequest: 0, lazyConnect: true });
    probe.on('error', () => undefined);
    const deadline = Date.now() + 10_000;
    try {
      for (;;) {
        try {
          if (probe.status !== 'ready') await probe.connect();
          if ((await probe.ping()) === 'PONG') return;
        } catch {
          if (server.child.exitCode !== null || Date.now() > deadline)
            throw new Error(`redis-server did not start on port ${port}: ${server.stderr()}`);
          probe.disconnect();
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    } finally {
      probe.disconnect();
    }
  };
  await waitUntilUp();
  const kill = async () => {
    const { child } = server;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    client,
    pause: () => void server.child.kill('SIGSTOP'),
    resume: () => void server.child.kill('SIGCONT'),
    kill,
    restart: async () => {
      await kill();
      server = spawnServer(binary, port);
      await waitUntilUp();
    },
    stop: async () => {
      for (const redis of clients) redis.disconnect();
      const { child } = server;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGCONT');
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
