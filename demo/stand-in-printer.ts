/**
 * What the sandbox's stand-in printers received (`/stand-in-printer/<tenant>/jobs`): the demo
 * server runs "Sandbox Zebra" (ZPL) and "Sandbox PDF printer" (PDF) for each tab's sandbox, raw
 * loopback listeners the print route writes to as it would to a port-9100 printer. Each ZPL job is
 * shown drawn as the label would print (a PNG the demo server renders), each PDF as a link to it.
 */
import { sandboxTenant } from './main.js';

interface ReceivedJob {
  seq: number;
  printerName: string;
  format: string;
  bytes: number;
  receivedAt: string;
  pdfBase64?: string;
  pngUrl?: string;
}

const jobsUrl = `/stand-in-printer/${sandboxTenant}/jobs`;

/** The printers the demo's elements can print to, as their `printer` attribute names them. */
export const STAND_IN_PRINTERS = [
  { id: 'sandbox-zebra', name: 'Sandbox Zebra (ZPL)' },
  { id: 'sandbox-pdf', name: 'Sandbox PDF printer' },
] as const;

function pdfLink(job: ReceivedJob): HTMLAnchorElement {
  const bytes = Uint8Array.from(atob(job.pdfBase64 ?? ''), (char) => char.charCodeAt(0));
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  link.target = '_blank';
  link.rel = 'noopener';
  link.textContent = 'Open the PDF it printed';
  return link;
}

function jobItem(job: ReceivedJob): HTMLLIElement {
  const item = document.createElement('li');
  const time = new Date(job.receivedAt).toLocaleTimeString();
  const facts = document.createElement('p');
  facts.textContent = `${job.printerName}: ${job.format}, ${(job.bytes / 1024).toFixed(1)} KB at ${time}`;
  item.append(facts);
  if (job.pngUrl) {
    const image = document.createElement('img');
    image.src = job.pngUrl;
    image.alt = `Job ${job.seq} as ${job.printerName} prints it: a 4 × 6 in label`;
    image.width = 203;
    image.height = 305;
    image.loading = 'lazy';
    item.append(image);
  } else if (job.pdfBase64) {
    item.append(pdfLink(job));
  }
  return item;
}

/**
 * Fills `panel` (a section with a `ol` and a `.muted` "nothing yet" line) with what the printers
 * received, newest first; `refresh` reads it again, and "Clear" (a button with `data-clear`) forgets it.
 */
export function standInPrinterPanel(panel: HTMLElement): { refresh: () => Promise<void> } {
  const list = panel.querySelector('ol');
  const empty = panel.querySelector<HTMLElement>('.muted');
  const refresh = async (): Promise<void> => {
    const answer = await fetch(jobsUrl);
    if (!answer.ok || !list) return;
    const { jobs } = (await answer.json()) as { jobs: ReceivedJob[] };
    for (const link of list.querySelectorAll('a')) URL.revokeObjectURL(link.href);
    list.replaceChildren(...jobs.toReversed().map(jobItem));
    if (empty) empty.hidden = jobs.length > 0;
  };
  panel.querySelector('[data-clear]')?.addEventListener('click', () => {
    void fetch(jobsUrl, { method: 'DELETE' }).then(refresh);
  });
  void refresh();
  return { refresh };
}
