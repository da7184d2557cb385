/**
 * URLs from API data go into `src` and `href` only when they are plainly web addresses: no
 * `javascript:`, no `data:` other than images, nothing the browser would run.
 */
export function safeUrl(value: unknown, { allowImageData = false } = {}): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  if (allowImageData && /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(trimmed)) return trimmed;
  let parsed: URL;
  try {
    parsed = new URL(trimmed, document.baseURI);
  } catch {
    return undefined;
  }
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
}
