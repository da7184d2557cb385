/**
 * The tab's `sessionStorage`, where the page may use it (a sandboxed frame or a browser setting can
 * refuse it): what a reload of the tab should keep, and nothing longer-lived.
 */
export function tabStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}
