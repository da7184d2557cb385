/**
 * Editor and type support generated from the custom elements manifest (the build calls
 * `writeEditorData` once custom-elements.json is made):
 *
 * - dist/vscode.html-custom-data.json: VS Code's HTML custom data (tags, attributes, their
 *   descriptions and, where the type is a set of strings, their values), for the `html.customData`
 *   setting;
 * - dist/jsx-react.d.ts, dist/jsx-preact.d.ts, dist/jsx-solid.d.ts: each framework's
 *   `JSX.IntrinsicElements` with every element's public properties, its attributes and an `on…`
 *   handler per event, typed with the element's own classes and `HTMLElementEventMap`;
 * - dist/vue.d.ts: Vue's `GlobalComponents`, so templates type-check the same properties and
 *   `@event` handlers.
 *
 * Each typings file has an empty module beside it (`export {};`), so an `import` of its package
 * entry resolves at run time too.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './elements.js';
import {
  customElements,
  publicMembers,
  type CustomElementDeclaration,
  type Manifest,
  type ManifestAttribute,
} from './manifest.js';

/** A settable property, with the attribute that sets it when there is one. */
interface Property {
  name: string;
  description: string;
  attribute?: string;
  typeText: string;
}

/** What the generators need of one element. */
export interface ElementData {
  tag: string;
  className: string;
  description: string;
  properties: Property[];
  /** Attributes whose name differs from their property's (`order-id` of `orderId`). */
  attributes: (ManifestAttribute & { propertyName?: string })[];
  events: { name: string; description: string }[];
}

/** The typings entries: package export name → file in dist/. */
export const TYPINGS_ENTRIES = {
  './jsx-react': 'jsx-react',
  './jsx-preact': 'jsx-preact',
  './jsx-solid': 'jsx-solid',
  './vue': 'vue',
} as const;

export const CUSTOM_DATA_FILE = 'vscode.html-custom-data.json';

function oneLine(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** The first paragraph of a JSDoc description. */
function firstParagraph(text: string | undefined): string {
  return oneLine((text ?? '').split(/\n\s*\n/)[0]);
}

export function elementData(manifest: Manifest): ElementData[] {
  return customElements(manifest).map((element: CustomElementDeclaration) => {
    const properties = publicMembers(element)
      .filter((member) => member.kind === 'field' && !member.readonly)
      .map((member) => ({
        name: member.name,
        description: oneLine(member.description),
        ...(member.attribute === undefined ? {} : { attribute: member.attribute }),
        typeText: member.type?.text ?? 'unknown',
      }));
    return {
      tag: element.tagName,
      className: element.name,
      description: oneLine(element.summary) || firstParagraph(element.description),
      properties,
      attributes: (element.attributes ?? []).map((attribute) => ({
        ...attribute,
        ...(attribute.fieldName === undefined ? {} : { propertyName: attribute.fieldName }),
      })),
      events: (element.events ?? []).map((event) => ({
        name: event.name,
        description: oneLine(event.description),
      })),
    };
  });
}

/** `type Name = 'a' | 'b';` declarations in the sources: names of string sets, for attribute values. */
function stringSetAliases(root: string): Map<string, string[]> {
  const aliases = new Map<string, string[]>();
  const files = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.d.ts'),
  );
  for (const file of files) {
    const source = readFileSync(join(root, 'src', file), 'utf8');
    for (const [, name = '', union = ''] of source.matchAll(/\btype (\w+) =\s*((?:\|?\s*'[^']*'\s*)+);/g)) {
      const values = stringLiterals(union);
      if (values) aliases.set(name, values);
    }
  }
  return aliases;
}

/** The strings of a union of string literals (`'a' | 'b'`), or undefined if it is anything else. */
function stringLiterals(typeText: string): string[] | undefined {
  const parts = typeText
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== '' && part !== 'undefined' && part !== 'null');
  if (parts.length === 0 || !parts.every((part) => /^'[^']*'$|^"[^"]*"$/.test(part))) return undefined;
  return parts.map((part) => part.slice(1, -1));
}

/** The values an attribute takes, where its type names a set of strings. */
function attributeValues(typeText: string | undefined, aliases: Map<string, string[]>): string[] | undefined {
  if (!typeText) return undefined;
  const literal = stringLiterals(typeText);
  if (literal) return literal;
  const named = typeText
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== 'undefined' && part !== 'null');
  return named.length === 1 ? aliases.get(named[0] ?? '') : undefined;
}

function isBoolean(typeText: string | undefined): boolean {
  return (typeText ?? '').replace(/\|\s*undefined/g, '').trim() === 'boolean';
}

/** VS Code's HTML custom data, version 1.1. */
export function htmlCustomData(elements: ElementData[], root: string = projectRoot): string {
  const aliases = stringSetAliases(root);
  const data = {
    $schema:
      'https://raw.githubusercontent.com/microsoft/vscode-html-languageservice/main/docs/customData.schema.json',
    version: 1.1,
    tags: elements.map((element) => ({
      name: element.tag,
      description: element.description,
      attributes: element.attributes.map((attribute) => {
        const values = attributeValues(attribute.type?.text, aliases);
        const description = [
          oneLine(attribute.description),
          attribute.default === undefined ? '' : `Default: ${attribute.default}.`,
        ]
          .filter(Boolean)
          .join(' ');
        return {
          name: attribute.name,
          ...(description ? { description } : {}),
          ...(values ? { values: values.map((name) => ({ name })) } : {}),
          ...(isBoolean(attribute.type?.text) ? { valueSet: 'v' } : {}),
        };
      }),
    })),
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** A JSDoc comment, indented. */
function doc(text: string, indent: string): string {
  return text ? `${indent}/** ${text.replace(/\*\//g, '*\\/')} */\n` : '';
}

function quote(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`;
}

/** The attributes set from markup whose name is not their property's, with the type markup gives. */
function attributeOnly(element: ElementData): { name: string; description: string; type: string }[] {
  const propertyNames = new Set(element.properties.map((property) => property.name));
  return element.attributes
    .filter((attribute) => !propertyNames.has(attribute.name))
    .map((attribute) => {
      const text = (attribute.type?.text ?? '').replace(/\|\s*undefined/g, '').trim();
      const type =
        text === 'number'
          ? 'number | string'
          : text === 'boolean'
            ? 'boolean'
            : stringLiterals(text)
              ? text
              : 'string';
      return { name: attribute.name, description: oneLine(attribute.description), type };
    });
}

type Flavour = 'react' | 'preact' | 'solid';

/** The members of one element's props: properties, attributes and one handler per event. */
function propsBody(element: ElementData, flavour: Flavour, indent: string): string {
  const lines: string[] = [];
  for (const property of element.properties) {
    lines.push(
      `${doc(property.description, indent)}${indent}${quote(property.name)}?: ${element.className}['${property.name}'];`,
    );
  }
  for (const attribute of attributeOnly(element)) {
    // Solid sets a custom element's props as properties, attribute names included.
    const propertyName = element.attributes.find((a) => a.name === attribute.name)?.propertyName;
    const type =
      flavour === 'solid' && propertyName ? `${element.className}['${propertyName}']` : attribute.type;
    lines.push(`${doc(attribute.description, indent)}${indent}${quote(attribute.name)}?: ${type};`);
  }
  for (const event of element.events) {
    const handler = `(event: HTMLElementEventMap['${event.name}']) => void`;
    lines.push(`${doc(event.description, indent)}${indent}'on${event.name}'?: ${handler};`);
    if (flavour === 'solid') lines.push(`${indent}'on:${event.name}'?: ${handler};`);
  }
  return lines.join('\n');
}

/** The names the element's own props use, which the framework's HTML attributes must not also type. */
function ownNames(element: ElementData, flavour: Flavour): string {
  const names = [
    ...element.properties.map((property) => property.name),
    ...attributeOnly(element).map((attribute) => attribute.name),
    ...element.events.flatMap((event) =>
      flavour === 'solid' ? [`on${event.name}`, `on:${event.name}`] : [`on${event.name}`],
    ),
  ];
  return names.map((name) => `'${name}'`).join(' | ');
}

const HEADER = (what: string) =>
  `// Generated by scripts/editor-data.ts from custom-elements.json: ${what}.\n`;

function classImport(elements: ElementData[], importFrom: string): string {
  return `import type { ${elements.map((element) => element.className).join(', ')} } from '${importFrom}';\n`;
}

/** React 19: `declare module 'react' { namespace JSX { … } }`. */
export function reactTypings(elements: ElementData[], importFrom: string): string {
  const entries = elements.map(
    (element) =>
      `${doc(element.description, '      ')}      '${element.tag}': Omit<DetailedHTMLProps<HTMLAttributes<${element.className}>, ${element.className}>, ${ownNames(element, 'react')}> & {\n${propsBody(element, 'react', '        ')}\n      };`,
  );
  return `${HEADER("the elements in React 19 JSX (`import type {} from 'commerce-ops-elements/jsx-react'`)")}import type { DetailedHTMLProps, HTMLAttributes } from 'react';
${classImport(elements, importFrom)}
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
${entries.join('\n')}
    }
  }
}
`;
}

/** Preact: `declare module 'preact' { namespace JSX { … } }`. */
export function preactTypings(elements: ElementData[], importFrom: string): string {
  const entries = elements.map(
    (element) =>
      `${doc(element.description, '      ')}      '${element.tag}': Omit<HTMLAttributes<${element.className}>, ${ownNames(element, 'preact')}> & {\n${propsBody(element, 'preact', '        ')}\n      };`,
  );
  return `${HEADER("the elements in Preact JSX (`import type {} from 'commerce-ops-elements/jsx-preact'`)")}import type { HTMLAttributes } from 'preact';
${classImport(elements, importFrom)}
declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
${entries.join('\n')}
    }
  }
}
`;
}

/** Solid: `declare module 'solid-js' { namespace JSX { … } }`. */
export function solidTypings(elements: ElementData[], importFrom: string): string {
  const entries = elements.map(
    (element) =>
      `${doc(element.description, '      ')}      '${element.tag}': Omit<JSX.HTMLAttributes<${element.className}>, ${ownNames(element, 'solid')}> & {\n${propsBody(element, 'solid', '        ')}\n      };`,
  );
  return `${HEADER("the elements in Solid JSX (`import type {} from 'commerce-ops-elements/jsx-solid'`)")}import type { JSX } from 'solid-js';
${classImport(elements, importFrom)}
declare module 'solid-js' {
  namespace JSX {
    interface IntrinsicElements {
${entries.join('\n')}
    }
  }
}
`;
}

/** Vue: `GlobalComponents`, in the form Vue's guide gives for custom elements. */
export function vueTypings(elements: ElementData[], importFrom: string): string {
  const entries = elements.map((element) => {
    const attributes = attributeOnly(element);
    const props = [
      ...element.properties.map(
        (property) =>
          `${doc(property.description, '        ')}        ${quote(property.name)}?: ${element.className}['${property.name}'];`,
      ),
      ...attributes.map(
        (attribute) =>
          `${doc(attribute.description, '        ')}        ${quote(attribute.name)}?: ${attribute.type};`,
      ),
    ];
    const events = element.events.map(
      (event) =>
        `${doc(event.description, '        ')}        '${event.name}': HTMLElementEventMap['${event.name}'];`,
    );
    return `${doc(element.description, '    ')}    '${element.tag}': CustomElementComponent<\n      ${element.className},\n      {\n${props.join('\n')}\n      },\n      {\n${events.join('\n')}\n      }\n    >;`;
  });
  return `${HEADER("the elements in Vue templates (`import type {} from 'commerce-ops-elements/vue'`)")}import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
${classImport(elements, importFrom)}
type EventHandlers<Events extends Record<string, Event>> = {
  [K in keyof Events as K extends string ? \`on\${Capitalize<CamelCase<K>>}\` : never]?: (event: Events[K]) => void;
};
type CamelCase<S extends string> = S extends \`\${infer Head}-\${infer Tail}\` ? \`\${Head}\${Capitalize<CamelCase<Tail>>}\` : S;

/** A custom element as a Vue component: \`$props\` and \`$emit\` type the template only. */
type CustomElementComponent<Element extends HTMLElement, Props, Events extends Record<string, Event>> = new () => Element & {
  /** @deprecated For template type-checking only; set the element's properties directly. */
  $props: HTMLAttributes & Props & EventHandlers<Events> & PublicProps;
  /** @deprecated For template type-checking only; elements dispatch DOM events. */
  $emit: EmitFn<{ [K in keyof Events]: (event: Events[K]) => void }>;
};

declare module 'vue' {
  interface GlobalComponents {
${entries.join('\n')}
  }
}
`;
}

/** Every generated file, by name, as the build writes it. */
export function editorFiles(
  manifest: Manifest,
  importFrom = './index.js',
  root: string = projectRoot,
): Record<string, string> {
  const elements = elementData(manifest);
  const files: Record<string, string> = {
    [CUSTOM_DATA_FILE]: htmlCustomData(elements, root),
    'jsx-react.d.ts': reactTypings(elements, importFrom),
    'jsx-preact.d.ts': preactTypings(elements, importFrom),
    'jsx-solid.d.ts': solidTypings(elements, importFrom),
    'vue.d.ts': vueTypings(elements, importFrom),
  };
  for (const name of Object.values(TYPINGS_ENTRIES)) files[`${name}.js`] = 'export {};\n';
  return files;
}

/** Writes the editor data and typings into `outdir` (dist/ in the build). */
export function writeEditorData(manifest: Manifest, outdir: string = join(projectRoot, 'dist')): void {
  mkdirSync(outdir, { recursive: true });
  for (const [name, text] of Object.entries(editorFiles(manifest))) writeFileSync(join(outdir, name), text);
}
