import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { projectRoot } from '../../scripts/elements.js';

/** The README a newcomer reads in five minutes, and documentation whose links all lead somewhere. */

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading?.[1]) continue;
    const base = slug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const documents = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(projectRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

test('the README stays short: under 12 KB', () => {
  const size = statSync(join(projectRoot, 'README.md')).size;
  assert.ok(size < 12 * 1024, `README.md is ${size} bytes`);
});

test('CONTRIBUTING stays a guide a newcomer can hold: under 10 KB', () => {
  const size = statSync(join(projectRoot, 'CONTRIBUTING.md')).size;
  assert.ok(size < 10 * 1024, `CONTRIBUTING.md is ${size} bytes`);
});

test('every relative link in the README and docs/ leads to a file, and to a heading there', () => {
  const broken: string[] = [];
  for (const document of documents) {
    const markdown = readFileSync(join(projectRoot, document), 'utf8').replace(/```[\s\S]*?```/g, '');
    for (const match of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1] ?? '';
      if (/^[a-z]+:/i.test(target)) continue;
      const [path = '', anchor] = target.split('#');
      const file = path === '' ? join(projectRoot, document) : join(projectRoot, dirname(document), path);
      if (!existsSync(file)) {
        broken.push(`${document}: ${target} (no ${relative(projectRoot, file)})`);
        continue;
      }
      if (anchor && file.endsWith('.md') && !anchorsOf(readFileSync(file, 'utf8')).has(anchor))
        broken.push(`${document}: ${target} (no heading #${anchor})`);
    }
  }
  assert.deepEqual(broken, []);
});

test('the README links every element to its reference', () => {
  const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
  const reference = anchorsOf(readFileSync(join(projectRoot, 'docs/elements.md'), 'utf8'));
  for (const tag of [...reference].filter((anchor) => /^[a-z]+-[a-z-]+$/.test(anchor))) {
    if (!readFileSync(join(projectRoot, 'docs/elements.md'), 'utf8').includes(`## \`<${tag}>\``)) continue;
    assert.ok(readme.includes(`docs/elements.md#${tag}`), `README links ${tag}`);
  }
});
