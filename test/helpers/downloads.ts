/** What an element saves, recorded in browser tests instead of starting real downloads. */

export interface SavedFile {
  /** The `download` name of the link that was clicked. */
  name: string;
  /** The blob its object URL was made for. */
  blob: Blob;
}

export interface DownloadCapture {
  /** Each link clicked, in order. */
  saved: SavedFile[];
  /** Each object URL revoked, in order. */
  revoked: string[];
  /** Puts back `URL.createObjectURL`, `URL.revokeObjectURL` and the links' `click`. */
  restore(): void;
}

/**
 * Captures what the element saves: object URLs are handed out for the blobs, revoking one is
 * recorded, and the `<a download>` click is recorded instead of starting a real download.
 */
export function captureDownloads(): DownloadCapture {
  const blobs = new Map<string, Blob>();
  const saved: SavedFile[] = [];
  const revoked: string[] = [];
  const originalCreate = URL.createObjectURL;
  const originalRevoke = URL.revokeObjectURL;
  const originalClick = HTMLAnchorElement.prototype.click;
  let count = 0;
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:test-download-${(count += 1)}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    revoked.push(url);
  };
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '')! });
  };
  return {
    saved,
    revoked,
    restore() {
      URL.createObjectURL = originalCreate;
      URL.revokeObjectURL = originalRevoke;
      HTMLAnchorElement.prototype.click = originalClick;
    },
  };
}
