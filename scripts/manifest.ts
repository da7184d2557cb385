/**
 * The custom elements manifest, made by @custom-elements-manifest/analyzer from the sources with
 * custom-elements-manifest.config.mjs (the build publishes it; `npm run docs` renders it), and the
 * few of its types the tooling reads.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from './elements.js';

export interface Described {
  name: string;
  description?: string;
}

export interface ManifestMember extends Described {
  kind: 'field' | 'method';
  privacy?: 'public' | 'protected' | 'private';
  static?: boolean;
  readonly?: boolean;
  type?: { text: string };
  default?: string;
  attribute?: string;
}

export interface ManifestAttribute extends Described {
  fieldName?: string;
  type?: { text: string };
  default?: string;
}

export interface ManifestEvent extends Described {
  type?: { text: string };
}

export interface CustomElementDeclaration extends Described {
  kind: 'class';
  customElement: true;
  tagName: string;
  summary?: string;
  attributes?: ManifestAttribute[];
  members?: ManifestMember[];
  events?: ManifestEvent[];
  cssParts?: Described[];
  cssProperties?: Described[];
  slots?: Described[];
}

export interface ManifestExport {
  kind: 'js' | 'custom-element-definition';
  name: string;
  declaration: { name: string; module?: string; package?: string };
}

export interface Manifest {
  schemaVersion: string;
  modules: {
    kind: string;
    path: string;
    declarations?: ({ kind: string; name: string } & Record<string, unknown>)[];
    exports?: ManifestExport[];
  }[];
}

const CONFIG = 'custom-elements-manifest.config.mjs';

/** Runs the analyzer over the sources; writes nothing. */
export async function analyzeSources(): Promise<Manifest> {
  // Load the config first: when the analyzer cannot, it falls back to analysing every file and
  // to rewriting package.json.
  await import(pathToFileURL(join(projectRoot, CONFIG)).href);
  const analyzerCli = '@custom-elements-manifest/analyzer/cli.js';
  const { cli } = (await import(analyzerCli)) as {
    cli(options: { argv: string[]; cwd: string; noWrite: boolean }): Promise<Manifest>;
  };
  return cli({ argv: ['analyze', '--config', CONFIG, '--quiet'], cwd: projectRoot, noWrite: true });
}

/** The declarations of registered elements, in tag order. */
export function customElements(manifest: Manifest): CustomElementDeclaration[] {
  return manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .filter(
      (declaration) => declaration['customElement'] === true && typeof declaration['tagName'] === 'string',
    )
    .map((declaration) => declaration as unknown as CustomElementDeclaration)
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
}

/** Public instance members: what a host may set or call. */
export function publicMembers(element: CustomElementDeclaration): ManifestMember[] {
  return (element.members ?? []).filter(
    (member) =>
      !member.static &&
      !member.name.startsWith('#') &&
      (member.privacy === undefined || member.privacy === 'public'),
  );
}
