import { expect, fixture, html } from '@open-wc/testing';
import { html as litHtml, LitElement } from 'lit';
import type { TemplateResult } from 'lit';
import { isOpsError } from '../../src/api/errors.js';
import { InnerElementView } from '../../src/shared/inner-element-view-controller.js';
import { loadElement, provideElement } from '../../src/shared/inner-elements.js';
import { toResolvedLocale } from '../../src/shared/locale.js';
import { waitFor } from '../helpers/elements.js';

/** An element whose define module is "loaded" by `define()`. */
class InnerPart extends HTMLElement {
  connectedCallback(): void {
    this.textContent = 'Inner part';
  }
}

let count = 0;
/** A tag no test used before. */
const freshTag = (): string => `inner-part-${++count}`;

/** A load that fails `failures` times (as a fetch that did not arrive), then defines `tag`. */
function flakyLoad(tag: string, failures: number): { load: () => Promise<unknown>; calls: () => number } {
  let calls = 0;
  return {
    calls: () => calls,
    load: async () => {
      calls += 1;
      if (calls <= failures) throw new Error(`The module of <${tag}> did not arrive`);
      customElements.define(tag, class extends InnerPart {});
    },
  };
}

/** A host that renders one inner tag as the elements do. */
class InnerHost extends LitElement {
  static override properties = { tag: { type: String } };
  declare tag: string;
  locale = toResolvedLocale('en');
  view = new InnerElementView(this);

  protected override render(): TemplateResult {
    return this.view.render(this.tag, () => litHtml`${document.createElement(this.tag)}`);
  }
}
customElements.define('inner-host', InnerHost);

describe('inner elements', () => {
  it('resolves at once for a tag already defined, without loading anything', async () => {
    const tag = freshTag();
    customElements.define(tag, class extends InnerPart {});
    const { load, calls } = flakyLoad(freshTag(), 0);
    provideElement(tag, load);
    await loadElement(tag);
    expect(calls()).to.equal(0);
  });

  it('runs the load provided for a tag once, then resolves at once', async () => {
    const tag = freshTag();
    const { load, calls } = flakyLoad(tag, 0);
    provideElement(tag, load);
    await Promise.all([loadElement(tag), loadElement(tag)]);
    expect(customElements.get(tag)).to.not.equal(undefined);
    await loadElement(tag);
    expect(calls()).to.equal(1);
  });

  it('rejects a failed load as load_failed, and loads again when asked again', async () => {
    const tag = freshTag();
    const { load, calls } = flakyLoad(tag, 1);
    provideElement(tag, load);
    const error: unknown = await loadElement(tag).catch((failure: unknown) => failure);
    expect(isOpsError(error) && error.code).to.equal('load_failed');
    expect(isOpsError(error) && error.message).to.equal(
      'Part of this page could not be loaded. Check the connection and try again.',
    );
    await loadElement(tag);
    expect(calls()).to.equal(2);
    expect(customElements.get(tag)).to.not.equal(undefined);
  });

  it('rejects a tag nothing provides, naming it', async () => {
    const error: unknown = await loadElement('inner-part-unknown').catch((failure: unknown) => failure);
    expect(isOpsError(error)).to.equal(true);
    expect((error as Error).message).to.include('<inner-part-unknown> is not registered');
  });

  it('shows "Loading…" while the tag loads, the failure with Retry, and the element once Retry loaded it', async () => {
    const tag = freshTag();
    let release: (arrived: boolean) => void = () => undefined;
    provideElement(tag, async () => {
      const arrived = await new Promise<boolean>((resolve) => (release = resolve));
      if (!arrived) throw new Error(`The module of <${tag}> did not arrive`);
      customElements.define(tag, class extends InnerPart {});
    });
    const el = await fixture<InnerHost>(html`<inner-host .tag=${tag}></inner-host>`);
    await expect(el).to.be.accessible();
    const root = el.shadowRoot!;
    expect(root.querySelector('[role="status"]')?.textContent?.trim()).to.equal('Loading…');
    release(false);
    await waitFor(() => root.querySelector('[role="alert"]'), 'the failure did not show');
    expect(root.querySelector('[role="alert"]')!.textContent).to.include(
      'Part of this page could not be loaded',
    );
    expect(root.querySelector(tag)).to.equal(null);
    root.querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
    await el.updateComplete;
    expect(root.querySelector('[role="status"]')?.textContent?.trim()).to.equal('Loading…');
    release(true);
    await waitFor(() => root.querySelector(tag), 'the element did not show after Retry');
    expect(root.querySelector('[role="alert"]')).to.equal(null);
    expect(root.querySelector(tag)!.textContent).to.equal('Inner part');
    await expect(el).to.be.accessible();
  });
});
