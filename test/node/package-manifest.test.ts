import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findElements, projectRoot } from '../../scripts/elements.js';
import { analyzeSources, customElements, publicMembers, type Manifest } from '../../scripts/manifest.js';
import {
  END_MARKER,
  START_MARKER,
  reactEventProp,
  referenceWithElements,
  readReference,
  renderElements,
} from '../../scripts/docs.js';

/** Reactive properties of an element class: `static properties` keys, with their options. */
function reactiveProperties(tag: string): Map<string, string> {
  const source = readFileSync(join(projectRoot, `src/elements/${tag}/${tag}.ts`), 'utf8');
  const block = /static override properties = \{([\s\S]*?)\n {2}\};/.exec(source)?.[1] ?? '';
  return new Map(
    [...block.matchAll(/^\s{4}(\w+): \{([^}]*)\}/gm)].map(([, name = '', options = '']) => [name, options]),
  );
}

describe('custom-elements.json', () => {
  let manifest: Manifest;
  before(async () => {
    manifest = await analyzeSources();
  });

  test('lists every element under its tag, linked from its define module', () => {
    const listed = customElements(manifest).map((element) => [element.tagName, element.name]);
    const defined = findElements().map((element) => [element.tag, element.className]);
    assert.deepEqual(listed.sort(), defined.sort());
    for (const { tag, className } of findElements()) {
      const definition = manifest.modules.find((module) => module.path === `src/${tag}.ts`)?.exports;
      assert.deepEqual(
        definition?.find((entry) => entry.kind === 'custom-element-definition'),
        {
          kind: 'custom-element-definition',
          name: tag,
          declaration: { name: className, module: `src/elements/${tag}/${tag}.ts` },
        },
      );
    }
  });

  test('public reactive properties are listed with their attributes; state is not', () => {
    for (const element of customElements(manifest)) {
      const members = new Map(publicMembers(element).map((member) => [member.name, member]));
      const attributes = new Map(
        (element.attributes ?? []).map((attribute) => [attribute.fieldName, attribute.name]),
      );
      assert.ok(members.has('client'), `${element.tagName} client`);
      for (const [name, options] of reactiveProperties(element.tagName)) {
        if (options.includes('state: true')) {
          assert.ok(!members.has(name), `${element.tagName}.${name} is internal state`);
          assert.ok(!attributes.has(name), `${element.tagName}.${name} has no attribute`);
          continue;
        }
        assert.ok(members.has(name), `${element.tagName}.${name} is listed`);
        assert.ok(members.get(name)?.description, `${element.tagName}.${name} is described`);
        const attribute = /attribute: '([^']+)'/.exec(options)?.[1];
        if (options.includes('attribute: false'))
          assert.ok(!attributes.has(name), `${element.tagName}.${name}`);
        else
          assert.equal(
            attributes.get(name),
            attribute ?? name.toLowerCase(),
            `${element.tagName}.${name} attribute`,
          );
      }
    }
  });

  test('events have names, types and descriptions; parts and CSS properties are listed', () => {
    for (const element of customElements(manifest)) {
      assert.ok(element.summary, `${element.tagName} @summary`);
      const events = element.events ?? [];
      assert.ok(
        events.some((event) => event.name === 'request-error'),
        `${element.tagName} request-error`,
      );
      for (const event of events) {
        assert.match(event.name, /^[a-z]+(-[a-z]+)+$/, `${element.tagName} event name`);
        assert.match(event.type?.text ?? '', /Event$/, `${element.tagName} ${event.name} type`);
        assert.ok(event.description, `${element.tagName} ${event.name} description`);
      }
      assert.ok((element.cssParts ?? []).length > 0, `${element.tagName} parts`);
      for (const property of element.cssProperties ?? []) assert.match(property.name, /^--ops-/);
    }
  });

  test('the design’s events are there', () => {
    const events = new Map(
      customElements(manifest).map((element) => [
        element.tagName,
        element.events?.map((event) => event.name),
      ]),
    );
    assert.ok(events.get('order-card')?.includes('note-added'));
    assert.ok(events.get('allocation-form')?.includes('allocation-created'));
    assert.ok(events.get('allocation-form')?.includes('allocation-deleted'));
    assert.ok(events.get('rate-picker')?.includes('rate-selected'));
    assert.ok(events.get('label-downloader')?.includes('label-purchased'));
    assert.ok(events.get('listing-linker')?.includes('listing-linked'));
  });

  test('docs/elements.md is rendered from it and current (`npm run docs`)', async () => {
    const rendered = renderElements(manifest);
    assert.ok(rendered.startsWith(START_MARKER) && rendered.endsWith(END_MARKER));
    for (const element of customElements(manifest))
      assert.ok(rendered.includes(`## \`<${element.tagName}>\``));
    const reference = readReference();
    assert.equal(
      await referenceWithElements(reference, manifest),
      reference,
      'docs/elements.md is out of date: run `npm run docs`',
    );
  });

  test('React event props are named after the events', () => {
    assert.equal(reactEventProp('note-added'), 'onNoteAdded');
    assert.equal(reactEventProp('request-error'), 'onRequestError');
    const react = readFileSync(join(projectRoot, 'src/react.ts'), 'utf8');
    for (const element of customElements(manifest)) {
      for (const event of element.events ?? []) {
        if (event.name === 'request-error') continue;
        assert.ok(
          react.includes(`${reactEventProp(event.name)}: '${event.name}'`),
          `react.ts ${reactEventProp(event.name)}`,
        );
      }
    }
  });
});
