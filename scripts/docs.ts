/**
 * `npm run docs`: rewrites the part of docs/elements.md between the `elements` markers with a
 * reference of every element (attributes and properties, events with their React props, parts, CSS
 * custom properties) rendered from the custom elements manifest, that is from the elements' JSDoc.
 * `npm run docs -- --check` only says whether docs/elements.md is current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { projectRoot } from './elements.js';
import {
  analyzeSources,
  customElements,
  publicMembers,
  type CustomElementDeclaration,
  type Described,
  type Manifest,
} from './manifest.js';

export const START_MARKER = '<!-- elements:start -->';
export const END_MARKER = '<!-- elements:end -->';

const referencePath = join(projectRoot, 'docs', 'elements.md');

/** Table cell text: one line, pipes escaped. */
function cell(text: string | undefined): string {
  return (text ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}

function code(text: string | undefined): string {
  return text ? `\`${cell(text)}\`` : '';
}

function table(header: string[], rows: string[][]): string {
  if (rows.length === 0) return '';
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

/** `note-added` → `onNoteAdded`, the React wrapper's prop. */
export function reactEventProp(eventName: string): string {
  return `on${eventName.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase())}`;
}

/** CSS custom properties every element documents, in the order the first one lists them. */
function sharedCssProperties(elements: CustomElementDeclaration[]): Described[] {
  const [first, ...rest] = elements;
  return (first?.cssProperties ?? []).filter((property) =>
    rest.every((element) => element.cssProperties?.some((other) => other.name === property.name)),
  );
}

function renderElement(element: CustomElementDeclaration, shared: Set<string>): string {
  const members = publicMembers(element);
  const fields = members.filter((member) => member.kind === 'field');
  const methods = members.filter((member) => member.kind === 'method');
  const attributeOf = new Map(
    (element.attributes ?? []).map((attribute) => [attribute.fieldName, attribute]),
  );

  const properties = table(
    ['Attribute', 'Property', 'Type', 'Default', 'Description'],
    fields.map((field) => {
      const attribute = attributeOf.get(field.name);
      return [
        code(attribute?.name) || '—',
        code(field.name) + (field.readonly ? ' (read-only)' : ''),
        code(field.type?.text),
        code(field.default ?? attribute?.default),
        cell(field.description),
      ];
    }),
  );
  const methodList = methods
    .map((method) => `- \`${method.name}()\`: ${cell(method.description)}`)
    .join('\n');
  const events = table(
    ['Event', 'React prop', 'Event type', 'Description'],
    (element.events ?? []).map((event) => [
      code(event.name),
      code(reactEventProp(event.name)),
      code(event.type?.text),
      cell(event.description),
    ]),
  );
  const parts = table(
    ['Part', 'Description'],
    (element.cssParts ?? []).map((part) => [code(part.name), cell(part.description)]),
  );
  const ownCssProperties = (element.cssProperties ?? []).filter((property) => !shared.has(property.name));
  const cssProperties = ownCssProperties.length
    ? `Also styled by ${ownCssProperties.map((property) => `\`${property.name}\` (${cell(property.description).replace(/\.$/, '')})`).join(', ')}.`
    : '';

  return [
    `## \`<${element.tagName}>\``,
    cell(element.summary ?? element.description),
    `Registers with \`import 'commerce-ops-elements/${element.tagName}.js'\`; class \`${element.name}\` from \`commerce-ops-elements\`; React component \`${element.name}\` from \`commerce-ops-elements/react\`.`,
    properties,
    methodList && `Methods:\n\n${methodList}`,
    events,
    parts,
    cssProperties,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** The generated reference, markers included. */
export function renderElements(manifest: Manifest): string {
  const elements = customElements(manifest);
  const shared = sharedCssProperties(elements);
  const sharedNames = new Set(shared.map((property) => property.name));
  return [
    START_MARKER,
    '<!-- Generated from the elements’ JSDoc by `npm run docs`: edit the JSDoc, then run it. -->',
    `Every element has a \`client\` property (a client from \`createClient()\`; the default client when unset), emits \`request-error\` when a request fails, and is styled by these CSS custom properties:`,
    table(
      ['CSS custom property', 'Description'],
      shared.map((property) => [code(property.name), cell(property.description)]),
    ),
    ...elements.map((element) => renderElement(element, sharedNames)),
    END_MARKER,
  ].join('\n\n');
}

/** docs/elements.md with the generated section replaced, formatted as `prettier --check` expects. */
export async function referenceWithElements(reference: string, manifest: Manifest): Promise<string> {
  const start = reference.indexOf(START_MARKER);
  const end = reference.indexOf(END_MARKER);
  if (start < 0 || end < start)
    throw new Error(`docs/elements.md needs the markers ${START_MARKER} and ${END_MARKER}`);
  const updated =
    reference.slice(0, start) + renderElements(manifest) + reference.slice(end + END_MARKER.length);
  const options = (await resolveConfig(referencePath)) ?? {};
  return format(updated, { ...options, filepath: referencePath });
}

/** The element reference as it is on disk. */
export function readReference(): string {
  return readFileSync(referencePath, 'utf8');
}

async function main(): Promise<void> {
  const reference = readReference();
  const updated = await referenceWithElements(reference, await analyzeSources());
  if (process.argv.includes('--check')) {
    if (updated !== reference) {
      console.error('docs/elements.md is out of date: run `npm run docs`.');
      process.exitCode = 1;
    }
    return;
  }
  if (updated !== reference) writeFileSync(referencePath, updated);
  console.log(updated === reference ? 'docs/elements.md is current' : 'docs/elements.md rewritten');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
