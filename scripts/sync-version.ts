/**
 * Run by `npm version` (the `version` script) after it bumps package.json: writes the new version
 * into src/version.ts, which the browser build reports as `CommerceOps.version`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './elements.js';

const { version } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
  version: string;
};
const path = join(projectRoot, 'src/version.ts');
const source = readFileSync(path, 'utf8');
const updated = source.replace(/export const version = '[^']*';/, `export const version = '${version}';`);
if (!updated.includes(`'${version}'`))
  throw new Error(`src/version.ts has no \`export const version = '…';\` line`);
writeFileSync(path, updated);
console.log(`src/version.ts: ${version}`);
