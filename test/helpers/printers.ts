/**
 * What the sandbox's stand-in printers received: "Sandbox Zebra" (`sandbox-zebra`, ZPL) and
 * "Sandbox PDF printer" (`sandbox-pdf`, PDF), loopback listeners of the test server that keep the
 * bytes each print job wrote to them, per sandbox tenant.
 */
import type { TestSandbox } from './sandbox.js';
import { waitFor } from './elements.js';

export interface ReceivedJob {
  seq: number;
  printerId: string;
  format: string;
  bytes: number;
  /** The ZPL as text (ZPL printer). */
  zpl?: string;
  /** The PDF, Base64 (PDF printer). */
  pdfBase64?: string;
}

function tenantOf(sandbox: TestSandbox): string {
  return new URL(sandbox.baseUrl).pathname.split('/').pop()!;
}

/** The jobs the tenant's stand-in printers received, oldest first. */
export async function receivedJobs(sandbox: TestSandbox): Promise<ReceivedJob[]> {
  const answer = await fetch(`${location.origin}/stand-in-printer/${tenantOf(sandbox)}/jobs`);
  return ((await answer.json()) as { jobs: ReceivedJob[] }).jobs;
}

/** Waits until the stand-in printers have received `count` jobs, and resolves with them. */
export async function jobsReceived(sandbox: TestSandbox, count: number): Promise<ReceivedJob[]> {
  let jobs: ReceivedJob[] = [];
  await waitFor(async () => {
    jobs = await receivedJobs(sandbox);
    return jobs.length >= count;
  }, `the printers did not receive ${count} job(s)`);
  return jobs;
}

/** A PDF job's bytes. */
export function pdfBytes(job: ReceivedJob): Uint8Array {
  return Uint8Array.from(atob(job.pdfBase64 ?? ''), (char) => char.charCodeAt(0));
}
