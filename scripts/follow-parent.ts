import { readFileSync } from 'node:fs';

/**
 * Ends this process when whoever started it is gone. `npm start` runs Vite under `sh -c`, and
 * stopping npm stops neither: Vite was left serving, a child of init, holding the port. So the
 * dev server watches its parent and, when that is npm's shell, the shell's parent too, and
 * closes (then exits) as soon as one of them has ended or its terminal hangs up.
 */
export function followParent(close: () => Promise<void>, intervalMs = 500): void {
  const watched = [process.ppid];
  const shell = parentOf(process.ppid);
  if (shell !== undefined && shell > 1 && commandOf(process.ppid).startsWith('sh')) watched.push(shell);
  let closing = false;
  const stop = (): void => {
    if (closing) return;
    closing = true;
    clearInterval(timer);
    const exit = (): never => process.exit(0);
    close().then(exit, exit);
    // Whatever close() waits on, the process is gone soon after.
    setTimeout(exit, 2000).unref();
  };
  const timer = setInterval(() => {
    if (process.ppid !== watched[0] || !watched.every(alive)) stop();
  }, intervalMs);
  timer.unref();
  // Vite closes on SIGTERM itself; a closed terminal only hangs up.
  process.once('SIGHUP', stop);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The parent of `pid` where /proc tells (Linux); undefined elsewhere. */
function parentOf(pid: number): number | undefined {
  try {
    // "pid (comm) state ppid …": the command may hold spaces and parentheses, so read after the last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]?.split('/').pop() ?? '';
  } catch {
    return '';
  }
}
