/**
 * Browser-test helpers for layout: what in an element's shadow DOM sticks out of its box, is cut
 * off without an ellipsis, or hides content behind a scroll that a keyboard or a screen reader
 * cannot reach. Each finding is one line naming the element and the part, so a failure says
 * what broke.
 */

/** Rounding of sub-pixel layout: a box may report one pixel more than it holds. */
const ROUNDING = 1;

/** How a node is named in a finding: its part, else its tag and class. */
function describe(node: Element): string {
  const part = node.getAttribute('part');
  if (part) return `[part="${part}"]`;
  const classes = [...node.classList].map((name) => `.${name}`).join('');
  return `${node.localName}${classes}`;
}

function overflows(node: Element): boolean {
  return node.scrollWidth > node.clientWidth + ROUNDING;
}

/**
 * What sticks out past the right edge of `box`'s content: the innermost elements beyond it, so a
 * finding names the select or the table that widened the card rather than the card alone.
 */
function stickingOut(box: Element): string {
  const edge = box.getBoundingClientRect().left + box.clientLeft + box.clientWidth + ROUNDING;
  const beyond = [...box.querySelectorAll('*')].filter((node) => node.getBoundingClientRect().right > edge);
  const innermost = beyond.filter((node) => !beyond.some((other) => other !== node && node.contains(other)));
  if (innermost.length === 0) return '';
  const names = [...new Set(innermost.map(describe))];
  return ` (beyond it: ${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''})`;
}

/** Text shown folded to single spaces. */
function shownText(node: Element): string {
  return (node.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Whether the whole text of a node cut with an ellipsis is still there for everyone: in a
 * `title` (a tooltip) or an `aria-label` on it or around it, or in the name a button or link
 * takes from its content.
 */
function fullTextCarried(node: Element, text: string): boolean {
  for (let current: Element | null = node; current; current = current.parentElement) {
    if (current.getAttribute('title')?.includes(text)) return true;
    if (current.getAttribute('aria-label')?.includes(text)) return true;
    if (current.matches('button, a[href]') && shownText(current).includes(text)) return true;
  }
  return false;
}

/** Hidden on purpose: for screen readers only (`.visually-hidden`), or not rendered at all. */
function hiddenOnPurpose(node: Element, style: CSSStyleDeclaration): boolean {
  return style.display === 'none' || style.visibility === 'hidden' || node.clientWidth <= ROUNDING;
}

/**
 * How much wider than it is a select would have to be to show its chosen option whole (0 when it
 * does): the width of a copy holding only that option, sized by its content.
 */
function selectShortfall(select: HTMLSelectElement): number {
  const chosen = select.selectedOptions[0];
  if (!chosen || !select.parentNode) return 0;
  const probe = select.cloneNode(false) as HTMLSelectElement;
  probe.removeAttribute('id');
  probe.removeAttribute('part');
  probe.append(chosen.cloneNode(true));
  probe.style.cssText =
    'position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none;flex:none;inset:0 auto auto 0';
  select.parentNode.insertBefore(probe, select);
  const needed = probe.getBoundingClientRect().width;
  probe.remove();
  const shortfall = needed - select.getBoundingClientRect().width;
  return shortfall > ROUNDING ? shortfall : 0;
}

/** Room from `node`'s right edge to the right edge of the content of `box`. */
function roomBeside(node: Element, box: Element): number {
  const style = getComputedStyle(box);
  const right =
    box.getBoundingClientRect().right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
  return right - node.getBoundingClientRect().right;
}

/**
 * Everything wrong with how `host` fits its container, as lines prefixed with `where`:
 * - the host, or an element with a `part`, is wider inside than its box (`scrollWidth >
 *   clientWidth`, one pixel allowed for rounding), or the host is wider than its container;
 * - text cut off without an ellipsis; text cut with one whose full value is in no `title`, no
 *   `aria-label` and no button or link name;
 * - a select too narrow for its chosen option, unless it ends the text with an ellipsis (its
 *   value, the chosen option, is announced whole and listed whole when opened) because the
 *   element has no more room for it;
 * - a scroll region that holds more than it shows but has no name or cannot take focus;
 * - a pager whose buttons do not share one row.
 *
 * A text field whose value is longer than its box is none of these: the value scrolls under the
 * caret and is read whole.
 */
export function layoutProblems(host: HTMLElement, where: string): string[] {
  const problems: string[] = [];
  const root = host.shadowRoot;
  if (!root) return [`${where}: <${host.localName}> has no shadow root`];
  const container = host.parentElement;
  const tag = `<${host.localName}>`;

  if (overflows(host)) {
    problems.push(
      `${where}: ${tag} is ${host.scrollWidth} px wide inside a ${host.clientWidth} px box${stickingOut(root.firstElementChild ?? host)}`,
    );
  }
  if (container) {
    const room = container.clientWidth;
    const width = host.getBoundingClientRect().width;
    if (width > room + ROUNDING) {
      problems.push(`${where}: ${tag} is ${Math.round(width)} px wide in a ${room} px container`);
    }
  }

  for (const node of root.querySelectorAll('*')) {
    const style = getComputedStyle(node);
    if (hiddenOnPurpose(node, style)) continue;
    // A field's value longer than its box scrolls under the caret and is read whole: not cut.
    if (node instanceof HTMLTextAreaElement || (node instanceof HTMLInputElement && node.type === 'text'))
      continue;
    const name = `${tag} ${describe(node)}`;
    const tooWide = overflows(node);

    if (node.hasAttribute('part') && tooWide) {
      problems.push(
        `${where}: ${name} is ${node.scrollWidth} px wide inside a ${node.clientWidth} px box${stickingOut(node)}`,
      );
    }
    const shortfall = node instanceof HTMLSelectElement ? selectShortfall(node) : 0;
    if (shortfall > 0) {
      const option = `"${shownText((node as HTMLSelectElement).selectedOptions[0]!)}"`;
      const room = roomBeside(node, node.closest('td, th') ?? root.firstElementChild ?? host);
      if (style.textOverflow !== 'ellipsis') {
        problems.push(`${where}: ${name} cuts its chosen option ${option}`);
      } else if (room >= shortfall) {
        problems.push(
          `${where}: ${name} cuts its chosen option ${option} though ${Math.round(room)} px are free`,
        );
      }
    }
    if (!tooWide) continue;
    const clipping = style.overflowX === 'hidden' || style.overflowX === 'clip';
    const scrolling = style.overflowX === 'auto' || style.overflowX === 'scroll';
    if (clipping) {
      const text = shownText(node);
      if (style.textOverflow !== 'ellipsis') {
        problems.push(`${where}: ${name} cuts "${text.slice(0, 60)}" without an ellipsis`);
      } else if (!fullTextCarried(node, text)) {
        problems.push(`${where}: ${name} ends "${text.slice(0, 60)}" with an ellipsis and no title or name`);
      }
    }
    if (scrolling) {
      const named = node.hasAttribute('aria-label') || node.hasAttribute('aria-labelledby');
      const focusable = (node as HTMLElement).tabIndex >= 0;
      if (!named || !focusable || !node.hasAttribute('role')) {
        problems.push(
          `${where}: ${name} scrolls sideways (${node.scrollWidth} px in ${node.clientWidth} px) ` +
            `without being a named, focusable region`,
        );
      }
    }
  }

  for (const pager of root.querySelectorAll('[part~="pager"]')) {
    const buttons = [...pager.querySelectorAll('button')].filter((button) => button.offsetParent !== null);
    const tops = new Set(buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
    // Stacked on purpose in a narrow column: every button as wide as the pager, one under another.
    const stacked = buttons.every(
      (button) => Math.abs(button.getBoundingClientRect().width - pager.clientWidth) <= ROUNDING,
    );
    if (tops.size > 1 && !stacked) {
      problems.push(
        `${where}: ${tag} [part="pager"] puts "${shownText(buttons.at(-1)!)}" on another row than ` +
          `"${shownText(buttons[0]!)}"`,
      );
    }
  }
  return problems;
}

/** Elements whose text is not laid out as text of the page: a select's options, a field's value. */
const NOT_PAGE_TEXT = 'select, option, textarea, script, style, template';

/** The width inside an element's padding and borders. */
function contentWidth(element: Element): number {
  const style = getComputedStyle(element);
  return element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
}

/**
 * Words broken across lines though the element could hold them on one line: a number, a price, a
 * date or a word split where it has no break of its own ("£13.0 / 0", "Ena / mel", "SB- / 1001"),
 * whether its own box is too narrow or a column was squeezed. A word wider than the whole element
 * (a 2,000-character note, a long URL) may break, and so may a compound of words after its hyphen
 * ("peut- / être"); an e-mail address breaks at its `<wbr>`s, which end its text nodes.
 */
export function brokenWords(host: HTMLElement, where: string): string[] {
  const problems: string[] = [];
  const root = host.shadowRoot;
  const card = root?.firstElementChild;
  if (!root || !card) return [];
  const room = contentWidth(card) + ROUNDING;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const parent = node.parentElement;
    if (!parent || parent.closest(NOT_PAGE_TEXT) || parent.getClientRects().length === 0) continue;
    // A word, or a part of a compound of lower-case words up to its hyphen.
    for (const word of node.data.matchAll(/\S*?\p{Ll}-(?=\p{L})|\S+/gu)) {
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const boxes = [...range.getClientRects()].filter((box) => box.width > 0);
      const lines = new Set(boxes.map((box) => Math.round(box.top)));
      if (lines.size < 2) continue;
      const width = boxes.reduce((sum, box) => sum + box.width, 0);
      if (width <= room) {
        problems.push(
          `${where}: <${host.localName}> ${describe(parent)} breaks "${word[0].slice(0, 40)}" over ${lines.size} lines`,
        );
      }
    }
  }
  return problems;
}
