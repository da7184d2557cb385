import type { CSSResult } from 'lit';

/**
 * Adds the styles of a module loaded on demand (its own `css`) to an element's shadow root, once (lit's own `adoptStyles` replaces the sheets instead):
 * the element's static styles stay what its first paint needs. The sheet is a constructed one,
 * which a strict Content-Security-Policy allows; a browser without them shows the part unstyled.
 */
export function addStylesOnce(root: Node, styles: CSSResult): void {
  if (!(root instanceof ShadowRoot)) return;
  const sheet = styles.styleSheet;
  if (!sheet || root.adoptedStyleSheets.includes(sheet)) return;
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
