/**
 * src/react.ts, the `commerce-ops-elements/react` entry, generated from the custom elements
 * manifest as Shoelace's make-react does: one `@lit/react` wrapper per element, named after its
 * class, with an `on…` prop per `@fires` tag typed with the event's class (the manifest's event
 * type, which the analyzer plugin takes from the class that extends `opsEvent(<that name>)`).
 *
 * The file is generated into src/ and kept in git, so the repository type-checks and lints it like
 * any module; the build fails while it differs from what the manifest gives.
 *
 * - `npx tsx scripts/react-wrappers.ts` rewrites src/react.ts;
 * - `npx tsx scripts/react-wrappers.ts --check` only says whether it is current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { reactEventProp } from './docs.js';
import { projectRoot } from './elements.js';
import { analyzeSources, customElements, type CustomElementDeclaration, type Manifest } from './manifest.js';

const REACT_MODULE = 'src/react.ts';

const reactModulePath = join(projectRoot, REACT_MODULE);

const REGENERATE = 'npx tsx scripts/react-wrappers.ts';

/** Comments wrap a little inside prettier's print width, as the hand-written sources do. */
const PRINT_WIDTH = 100;

/** One event prop of a wrapper. */
interface WrapperEvent {
  name: string;
  prop: string;
  /** The event's class. */
  type: string;
  description: string;
}

/** What one wrapper is made of. */
interface Wrapper {
  tag: string;
  className: string;
  /** The define module that registers the element and exports its class. */
  defineModule: string;
  summary: string;
  events: WrapperEvent[];
}

/**
 * The specifier src/react.ts imports a module by: `src/x/y.ts` (the analyzer's paths) or
 * `dist/x/y.js` (the published manifest's) → `./x/y.js`.
 */
function specifier(path: string): string {
  const match = /^\/?(?:src|dist)\/(.+)\.[jt]s$/.exec(path);
  if (!match) throw new Error(`The manifest names the module ${path}, which is not under src/ or dist/.`);
  return `./${match[1]}.js`;
}

function oneLine(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** The module declaring each class of the manifest; a name declared twice cannot be imported by name. */
function classModules(manifest: Manifest): Map<string, string | undefined> {
  const modules = new Map<string, string | undefined>();
  for (const module of manifest.modules) {
    for (const declaration of module.declarations ?? []) {
      if (declaration.kind !== 'class') continue;
      modules.set(declaration.name, modules.has(declaration.name) ? undefined : module.path);
    }
  }
  return modules;
}

/** The module whose `custom-element-definition` export registers `tag`. */
function defineModuleOf(manifest: Manifest, element: CustomElementDeclaration): string {
  const module = manifest.modules.find((candidate) =>
    candidate.exports?.some(
      (entry) => entry.kind === 'custom-element-definition' && entry.name === element.tagName,
    ),
  );
  if (!module) throw new Error(`The manifest has no module that registers <${element.tagName}>.`);
  if (!module.exports?.some((entry) => entry.kind === 'js' && entry.name === element.name)) {
    throw new Error(`${module.path} registers <${element.tagName}> but does not export ${element.name}.`);
  }
  return module.path;
}

/** The wrappers the manifest describes, in tag order, or why it cannot describe them. */
export function wrappers(manifest: Manifest): Wrapper[] {
  const modules = classModules(manifest);
  return customElements(manifest).map((element) => ({
    tag: element.tagName,
    className: element.name,
    defineModule: defineModuleOf(manifest, element),
    summary: oneLine(element.summary ?? element.description?.split(/\n\s*\n/)[0]),
    events: (element.events ?? []).map((event) => {
      const type = event.type?.text ?? '';
      if (!/^[A-Za-z_$][\w$]*$/.test(type) || !modules.get(type)) {
        throw new Error(
          `<${element.tagName}> fires ${event.name}, whose type in the manifest is ${type ? `\`${type}\`` : 'missing'}: ` +
            "an event is a class of its own, declared once: `class SomeEvent extends opsEvent<Detail>('some-event') {}`.",
        );
      }
      return {
        name: event.name,
        prop: reactEventProp(event.name),
        type,
        description: oneLine(event.description),
      };
    }),
  }));
}

/** A JSDoc comment, indented, on one line when it fits the print width and wrapped when not. */
function doc(text: string, indent = ''): string {
  if (!text) return '';
  const escaped = text.replace(/\*\//g, '*\\/');
  const single = `${indent}/** ${escaped} */`;
  if (single.length <= PRINT_WIDTH) return `${single}\n`;
  const lines: string[] = [];
  for (const word of escaped.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${indent} * ${last} ${word}`.length <= PRINT_WIDTH) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else {
      lines.push(word);
    }
  }
  return `${indent}/**\n${lines.map((line) => `${indent} * ${line}\n`).join('')}${indent} */\n`;
}

/** src/react.ts as the manifest gives it, before formatting. */
export function renderWrappers(manifest: Manifest): string {
  const all = wrappers(manifest);
  const modules = classModules(manifest);
  const eventTypesByModule = new Map<string, Set<string>>();
  for (const event of all.flatMap((wrapper) => wrapper.events)) {
    const module = specifier(modules.get(event.type) ?? '');
    eventTypesByModule.set(module, (eventTypesByModule.get(module) ?? new Set()).add(event.type));
  }
  const sorted = <T>(items: Iterable<T>, key: (item: T) => string): T[] =>
    [...items].sort((a, b) => key(a).localeCompare(key(b)));

  const elementImports = sorted(all, (wrapper) => wrapper.defineModule).map(
    (wrapper) =>
      `import { ${wrapper.className} as ${wrapper.className}Element } from '${specifier(wrapper.defineModule)}';`,
  );
  const eventImports = sorted(eventTypesByModule, ([module]) => module).map(
    ([module, types]) => `import type { ${sorted(types, (type) => type).join(', ')} } from '${module}';`,
  );
  const components = all.map((wrapper) => {
    const events = wrapper.events.map(
      (event) =>
        `${doc(event.description, '    ')}    ${event.prop}: '${event.name}' as EventName<${event.type}>,`,
    );
    return `${doc(wrapper.summary)}export const ${wrapper.className} = /* @__PURE__ */ createComponent({
  react: React,
  tagName: '${wrapper.tag}',
  elementClass: ${wrapper.className}Element,
  displayName: '${wrapper.className}',
  events: {
${events.join('\n')}
  },
});`;
  });

  return `/**
 * \`commerce-ops-elements/react\`: React components wrapping the elements (\`@lit/react\`), with
 * properties as props and each event as an \`on…\` prop typed with its class (\`onNoteAdded\`
 * receives a \`NoteAddedEvent\`). Importing this module registers the elements under their own
 * tags, which the wrappers render.
 *
 * Generated from the custom elements manifest by scripts/react-wrappers.ts; do not edit. After
 * changing an element's tag, class or \`@fires\` tags, run
 * \`${REGENERATE}\`: the build fails while this file is out of date.
 */
import * as React from 'react';
import { createComponent, type EventName } from '@lit/react';
${elementImports.join('\n')}
${eventImports.join('\n')}

${components.join('\n\n')}
`;
}

/** src/react.ts as the manifest gives it, formatted as `prettier --check` expects. */
export async function reactModule(manifest: Manifest): Promise<string> {
  const options = (await resolveConfig(reactModulePath)) ?? {};
  return format(renderWrappers(manifest), { ...options, filepath: reactModulePath });
}

/** Throws unless src/react.ts is what the manifest gives. */
export async function checkReactModule(manifest: Manifest): Promise<void> {
  if ((await reactModule(manifest)) !== readFileSync(reactModulePath, 'utf8')) {
    throw new Error(`${REACT_MODULE} is out of date with the elements: run \`${REGENERATE}\`.`);
  }
}

/**
 * A TypeScript module that compiles only if every wrapper of `importFrom` has an `on…` prop for
 * each event of the manifest, called with exactly that event's class as `HTMLElementEventMap` has
 * it: the package check compiles it against the installed package and React's own types.
 */
export function eventPropTypeChecks(manifest: Manifest, importFrom: string): string {
  const checks = wrappers(manifest).flatMap((wrapper) =>
    wrapper.events.map(
      (event) =>
        `export type ${wrapper.className}${event.prop[0]?.toUpperCase()}${event.prop.slice(1)} = Expect<\n` +
        `  Same<Received<typeof Wrappers.${wrapper.className}, '${event.prop}'>, HTMLElementEventMap['${event.name}']>\n>;`,
    ),
  );
  return `// Generated by scripts/react-wrappers.ts from custom-elements.json: one type per event prop.
import type * as Wrappers from '${importFrom}';

/** What the \`on…\` prop \`Prop\` of \`Component\` is called with (\`unknown\` if it has no such prop). */
type Received<Component extends (props: never) => unknown, Prop extends string> =
  Parameters<Component>[0] extends { [key in Prop]?: ((event: infer E) => void) | undefined } ? E : never;
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

${checks.join('\n')}
`;
}

async function main(): Promise<void> {
  const current = readFileSync(reactModulePath, 'utf8');
  const generated = await reactModule(await analyzeSources());
  if (process.argv.includes('--check')) {
    if (generated !== current) {
      console.error(`${REACT_MODULE} is out of date: run \`${REGENERATE}\`.`);
      process.exitCode = 1;
      return;
    }
    console.log(`${REACT_MODULE} is current`);
    return;
  }
  if (generated !== current) writeFileSync(reactModulePath, generated);
  console.log(`${REACT_MODULE} ${generated === current ? 'is current' : 'rewritten'}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
