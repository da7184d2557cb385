import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A loopback port nobody listens on (it was free a moment ago). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A raw (port 9100) printer on a free loopback port. */
export interface RawPrinterHandle {
  port: number;
  uri: string;
  /** Each job received, whole (one per connection the sender ended). */
  jobs(): Buffer[];
  /** Connections accepted so far, whether or not they sent anything. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * `keep` reads each connection to its end, keeps the bytes and closes, as a label printer does;
 * `silent` takes the connection and never reads or closes it (a printer that hangs).
 */
export async function startRawPrinter(mode: 'keep' | 'silent' = 'keep'): Promise<RawPrinterHandle> {
  const jobs: Buffer[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (mode === 'silent') {
      socket.pause();
      return;
    }
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('end', () => jobs.push(Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    uri: `socket://127.0.0.1:${port}`,
    jobs: () => [...jobs],
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A CUPS scheduler of the test's own, with one queue whose device is a file. */
export interface CupsHandle {
  port: number;
  /** The queue's IPP URI. */
  uri: string;
  /** What the queue wrote to its file device so far. */
  printed(): Buffer;
  stop(): Promise<void>;
}

const CUPSD = process.env['CUPSD_PATH'] ?? '/usr/sbin/cupsd';
const LPADMIN = process.env['LPADMIN_PATH'] ?? '/usr/sbin/lpadmin';

/** Whether `cupsd` and `lpadmin` are installed (the test is skipped, saying so, when not). */
export function cupsInstalled(): boolean {
  return existsSync(CUPSD) && existsSync(LPADMIN);
}

/** The PPD of the test queue: PDF in, passed through as it is by `filter`. */
function ppd(filter: string): string {
  return `*PPD-Adobe: "4.3"
*FormatVersion: "4.3"
*FileVersion: "1.0"
*LanguageVersion: English
*LanguageEncoding: ISOLatin1
*PCFileName: "TESTPDF.PPD"
*Manufacturer: "Test"
*Product: "(Test PDF)"
*ModelName: "Test PDF file"
*ShortNickName: "Test PDF file"
*NickName: "Test PDF file"
*PSVersion: "(3010.000) 0"
*LanguageLevel: "3"
*ColorDevice: False
*DefaultColorSpace: Gray
*FileSystem: False
*Throughput: "1"
*cupsFilter: "application/pdf 0 ${filter}"
*OpenUI *PageSize: PickOne
*DefaultPageSize: A4
*PageSize A4: "<</PageSize[595 842]>>setpagedevice"
*CloseUI: *PageSize
*DefaultImageableArea: A4
*ImageableArea A4: "0 0 595 842"
*DefaultPaperDimension: A4
*PaperDimension A4: "595 842"
`;
}

/**
 * Starts `cupsd` in the foreground with every file in a temporary folder, listening only on a
 * free loopback port, and adds the queue `test-pdf` (see DEVELOPERS.md, "Printers in the tests").
 */
export async function startCups(): Promise<CupsHandle> {
  const root = mkdtempSync(join(tmpdir(), 'cups-test-'));
  // Filters run as the `User` below: as root that is `lp`, who must reach the folder.
  chmodSync(root, 0o755);
  for (const dir of ['spool', 'spool/tmp', 'cache', 'state', 'log'])
    mkdirSync(join(root, dir), { recursive: true });
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? 'lp' : userInfo().username;
  const group = asRoot ? 'lp' : spawnSync('id', ['-gn'], { encoding: 'utf8' }).stdout.trim();
  writeFileSync(
    join(root, 'cupsd.conf'),
    `Listen 127.0.0.1:${port}
WebInterface No
Browsing No
LogLevel warn
DefaultAuthType None
<Location />
  Order allow,deny
  Allow from 127.0.0.1
</Location>
<Location /admin>
  Order allow,deny
  Allow from 127.0.0.1
</Location>
<Policy default>
  <Limit All>
    Order allow,deny
    Allow from 127.0.0.1
  </Limit>
</Policy>
`,
  );
  writeFileSync(
    join(root, 'cups-files.conf'),
    `User ${user}
Group ${group}
${asRoot ? '' : `SystemGroup ${group}\n`}FileDevice Yes
ServerRoot ${root}
StateDir ${root}/state
CacheDir ${root}/cache
RequestRoot ${root}/spool
TempDir ${root}/spool/tmp
AccessLog ${root}/log/access_log
ErrorLog ${root}/log/error_log
PageLog ${root}/log/page_log
`,
  );
  // A raw queue runs no filter, and without one CUPS writes nothing to a file device: the queue's
  // PPD names this pass-through filter instead.
  const filter = join(root, 'pdf-to-file');
  writeFileSync(filter, '#!/bin/sh\nif [ -n "$6" ]; then exec cat "$6"; else exec cat; fi\n', {
    mode: 0o755,
  });
  writeFileSync(join(root, 'test.ppd'), ppd(filter));
  // CUPS opens a file device without creating it.
  const printedPath = join(root, 'printed.pdf');
  writeFileSync(printedPath, '');

  const child: ChildProcess = spawn(
    CUPSD,
    ['-f', '-c', join(root, 'cupsd.conf'), '-s', join(root, 'cups-files.conf')],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const log = (): string => {
    const file = join(root, 'log/error_log');
    return `${stderr}${existsSync(file) ? readFileSync(file, 'utf8') : ''}`;
  };
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`cupsd exited (${child.exitCode}): ${log()}`);
      const up = await new Promise<boolean>((resolve) => {
        const probe = connect({ host: '127.0.0.1', port }, () => {
          probe.destroy();
          resolve(true);
        });
        probe.once('error', () => resolve(false));
      });
      if (up) break;
      if (Date.now() > deadline) throw new Error(`cupsd did not listen on ${port}: ${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await run(
      LPADMIN,
      [
        '-h',
        `127.0.0.1:${port}`,
        '-p',
        'test-pdf',
        '-E',
        '-v',
        `file://${printedPath}`,
        '-P',
        join(root, 'test.ppd'),
      ],
      { timeout: 10_000 },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port,
    uri: `ipp://127.0.0.1:${port}/printers/test-pdf`,
    printed: () => readFileSync(printedPath),
    stop,
  };
}
