/**
 * Label documents arrive Base64-encoded. These turn them into files the browser saves or prints,
 * through short-lived object URLs that are revoked once the browser has them.
 */

/** Long enough for the browser to start the download before the URL goes away. */
const REVOKE_AFTER_MS = 1000;
/** A print dialog stays open as long as the user likes; the frame is removed well after. */
const PRINT_FRAME_LIFETIME_MS = 60_000;

/** The bytes of a Base64 document, or undefined when it is not valid Base64. */
export function decodeBase64(content: string | null | undefined): Uint8Array<ArrayBuffer> | undefined {
  if (!content) return undefined;
  try {
    const binary = atob(content.replace(/\s+/g, ''));
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return undefined;
  }
}

/** A file name part from API text: letters, digits, dashes and underscores only. */
export function fileNamePart(value: string): string {
  return value.trim().replace(/[^A-Za-z0-9_-]+/g, '_') || 'shipment';
}

/** Saves `bytes` as `fileName` through a temporary `<a download>` inside `container`. */
export function saveFile(
  container: ParentNode,
  bytes: Uint8Array<ArrayBuffer>,
  fileName: string,
  type: string,
): void {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  container.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * How a PDF was printed: `dialog`, the browser's print dialog from a hidden frame; `saved`, the
 * browser shows no PDF in a page (`navigator.pdfViewerEnabled` false: headless Chromium, a viewer
 * turned off), so printing a PDF frame would fail, or crash the tab, and the file was saved for
 * the user to print from their PDF reader.
 */
export type PrintOutcome = 'dialog' | 'saved';

/** Whether the browser shows a PDF inside a page, and so can print it from a frame. */
export function canPrintPdf(): boolean {
  return navigator.pdfViewerEnabled !== false;
}

/**
 * Opens the print dialog for a PDF from a hidden frame; where the browser cannot show a PDF in a
 * page, saves it as `fileName` instead. Should the frame refuse to print, the PDF opens in a new
 * tab for the user to print.
 */
export function printPdf(
  container: ParentNode,
  bytes: Uint8Array<ArrayBuffer>,
  title: string,
  fileName: string,
): PrintOutcome {
  if (!canPrintPdf()) {
    saveFile(container, bytes, fileName, 'application/pdf');
    return 'saved';
  }
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const frame = document.createElement('iframe');
  frame.className = 'print-frame';
  frame.title = title;
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  frame.addEventListener(
    'load',
    () => {
      try {
        // Focus stays where the user pressed Print: the frame prints without taking it.
        frame.contentWindow?.print();
      } catch {
        window.open(url, '_blank', 'noopener');
      }
    },
    { once: true },
  );
  frame.src = url;
  container.append(frame);
  setTimeout(() => {
    frame.remove();
    URL.revokeObjectURL(url);
  }, PRINT_FRAME_LIFETIME_MS);
  return 'dialog';
}
