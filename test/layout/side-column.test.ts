import { expect, fixture, html } from '@open-wc/testing';
import { createClient } from '../../src/api/index.js';
import type { OpsClient } from '../../src/api/index.js';
import '../../src/order-card.js';
import '../../src/order-list.js';
import '../../src/pack-check.js';
import { SEED_IDS } from '../../src/sandbox/seed-ids.js';
import { $, $$, waitFor } from '../helpers/elements.js';
import { layoutProblems } from '../helpers/layout.js';
import { createTestSandbox } from '../helpers/sandbox.js';

/** A real admin's side column: 240 px wide. */
const COLUMN = 240;

function overlaps(a: Element, b: Element): boolean {
  const one = a.getBoundingClientRect();
  const two = b.getBoundingClientRect();
  return (
    one.left < two.right - 1 &&
    two.left < one.right - 1 &&
    one.top < two.bottom - 1 &&
    two.top < one.bottom - 1
  );
}

/** Whether a text is laid out on one line (a range over it has one box per line). */
function oneLine(node: Element): boolean {
  const range = document.createRange();
  range.selectNodeContents(node);
  const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
  return tops.size === 1;
}

describe('in a 240 px side column', () => {
  let client: OpsClient;

  beforeEach(() => {
    const sandbox = createTestSandbox();
    client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
  });

  it('order-list: nothing past its edge, no badge over the item count, "Page x of y" on one line', async () => {
    const column = await fixture<HTMLDivElement>(
      html`<div style="width: ${COLUMN}px">
        <order-list .client=${client} page-size="10"></order-list>
      </div>`,
    );
    const list = column.querySelector('order-list')!;
    await waitFor(() => $$(list, '[part="order-button"]').length > 0, 'the orders did not load');
    await expect(list).to.be.accessible();
    expect(layoutProblems(list, `${COLUMN} px`)).to.deep.equal([]);
    for (const row of $$(list, '[part="order-button"]')) {
      const badge = row.querySelector('[part="badge"]');
      const count = row.querySelector('.count');
      if (badge && count) expect(overlaps(badge, count), `${row.textContent?.trim()}`).to.equal(false);
      if (count) expect(oneLine(count), 'an item count on one line').to.equal(true);
    }
    const position = $(list, '[part="pager"] [aria-live]')!;
    expect(oneLine(position), `"${position.textContent}" on one line`).to.equal(true);
    const edge = column.getBoundingClientRect().right;
    for (const button of $$(list, '[part="pager"] button')) {
      expect(
        button.getBoundingClientRect().right <= edge + 1,
        `"${button.textContent?.trim()}" inside`,
      ).to.equal(true);
    }
  });

  it('pack-check: nothing past its edge, each count on one line', async () => {
    const column = await fixture<HTMLDivElement>(
      html`<div style="width: ${COLUMN}px">
        <pack-check .client=${client} order-id=${SEED_IDS.orders.customsMissing}></pack-check>
      </div>`,
    );
    const pack = column.querySelector('pack-check')!;
    await waitFor(() => $(pack, '[part="lines"]'), 'the order did not load');
    await expect(pack).to.be.accessible();
    expect(layoutProblems(pack, `${COLUMN} px`)).to.deep.equal([]);
    for (const count of $$(pack, '[part="count"], [part="progress"]')) {
      expect(oneLine(count), `"${count.textContent?.trim()}" on one line`).to.equal(true);
    }
  });

  it('order-card: an e-mail address breaks only after its @ or a dot, never inside a word', async () => {
    const column = await fixture<HTMLDivElement>(
      html`<div style="width: ${COLUMN}px">
        <order-card .client=${client} order-id=${SEED_IDS.orders.customsMissing}></order-card>
      </div>`,
    );
    const card = column.querySelector('order-card')!;
    await waitFor(() => $(card, '.email'), 'the customer did not show');
    await expect(card).to.be.accessible();
    const email = $(card, '.email')!;
    expect(email.getAttribute('title')).to.equal(email.textContent);
    // Each line of the address ends at a break it allows: after "@" or "." or at its end.
    const range = document.createRange();
    const lines = new Map<number, string>();
    const text = email.textContent ?? '';
    let offset = 0;
    for (const node of email.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      for (let index = 0; index < (node.textContent ?? '').length; index += 1) {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        lines.set(top, (lines.get(top) ?? '') + text[offset + index]);
      }
      offset += (node.textContent ?? '').length;
    }
    expect(lines.size, 'the address is longer than the column, so it breaks').to.be.greaterThan(1);
    for (const line of [...lines.values()].slice(0, -1)) {
      expect(/[@.]$/.test(line), `"${line}" ends at an @ or a dot`).to.equal(true);
    }
  });
});
