import { aTimeout, expect } from '@open-wc/testing';
import { PAYLOADS } from './payloads.js';
import { dangerousUrl, injectionProblems, watchForScript } from './xss-check.js';

/**
 * The injection suites pass only if their detectors would see an injection. Here the payloads are
 * parsed as HTML on purpose, the way a template that used `innerHTML` would, and the detectors
 * must report them.
 */

function hostWithShadowHtml(markup: string): HTMLElement {
  const host = document.createElement('div');
  host.attachShadow({ mode: 'open' }).innerHTML = markup;
  document.body.append(host);
  return host;
}

describe('injection detectors', () => {
  it('the corpus has at least 30 payloads in every family', () => {
    expect(PAYLOADS.length).to.be.at.least(30);
    const families = new Set(PAYLOADS.map((payload) => payload.family));
    expect([...families]).to.have.members([
      'markup',
      'attribute breakout',
      'url',
      'obfuscated url',
      'data url',
      'template',
      'css',
      'unicode',
      'encoding',
    ]);
  });

  it('see markup payloads parsed into a shadow root, and the script they run', async () => {
    const watch = watchForScript();
    const markup = PAYLOADS.filter((payload) => payload.family === 'markup');
    const hosts = markup.map((payload) => hostWithShadowHtml(payload.text));
    try {
      for (const [index, host] of hosts.entries()) {
        // The parser drops some markup outright in this context (`<body onload>`): nothing to see.
        if (!host.shadowRoot!.querySelector('*')) continue;
        expect(injectionProblems(host), markup[index]!.text).not.to.deep.equal([]);
      }
      await aTimeout(200);
      expect(watch.problems().join()).to.contain('script ran');
    } finally {
      for (const host of hosts) host.remove();
      watch.stop();
    }
  });

  it('see a hostile URL in a link, however it is disguised, and let web addresses and images pass', () => {
    const urls = PAYLOADS.filter((payload) => ['url', 'obfuscated url', 'data url'].includes(payload.family))
      .map((payload) => payload.text)
      // As attribute values, entity-encoded forms and `//host` are relative web addresses to a browser.
      .filter((text) => !text.includes('&') && !text.startsWith('//'));
    expect(urls.length).to.be.at.least(10);
    for (const text of urls) {
      const host = document.createElement('div');
      const link = document.createElement('a');
      link.setAttribute('href', text);
      host.append(link);
      expect(injectionProblems(host), text).to.have.length(1);
    }
    expect(dangerousUrl('src', 'https://shop.example/a.png')).to.equal(undefined);
    expect(dangerousUrl('src', 'data:image/png;base64,iVBORw0KGgo=')).to.equal(undefined);
    expect(dangerousUrl('href', 'data:image/png;base64,iVBORw0KGgo=')).to.equal('data URL');
    expect(dangerousUrl('src', 'data:text/html,<p>')).to.equal('data URL');
  });
});
