import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './lib.mjs';

// The README, docs/ and bench/ are read from a clone: every relative link must land on a file of the
// repository (and on a heading, when it names one), and none may point outside it.

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : markdownFiles(file);
    return name.endsWith('.md') ? [file] : [];
  });
}

const FILES = [
  path.join(root, 'README.md'),
  ...markdownFiles(path.join(root, 'docs')),
  ...markdownFiles(path.join(root, 'bench')),
];

/** The text outside code blocks and code spans, where a link is a link. */
const prose = (text: string) => text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchors for a file's headings: lower case, punctuation dropped, spaces as hyphens. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const text = readFileSync(file, 'utf8').replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
  for (const [, heading] of text.matchAll(/^#{1,6} +(.+?) *$/gm)) {
    const base = heading!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\- _]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const [, target] of prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(https?:|mailto:)/.test(target!)) continue;
    const [where, anchor] = target!.split('#') as [string, string | undefined];
    const resolved = where ? path.resolve(path.dirname(file), decodeURI(where)) : file;
    const name = `${path.relative(root, file)} → ${target}`;
    if (path.relative(root, resolved).startsWith('..')) broken.push(`${name} (outside the repository)`);
    else if (!existsSync(resolved)) broken.push(`${name} (no such file)`);
    else if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor))
      broken.push(`${name} (no such heading)`);
  }
  return broken;
}

describe('the documentation', () => {
  it('is found: the README, docs/ and bench/', () => {
    expect(FILES.map((f) => path.relative(root, f))).toEqual(
      expect.arrayContaining(['README.md', 'docs/README.md', 'docs/design.md', 'bench/README.md']),
    );
  });

  it('links only to files and headings that exist in the repository', () => {
    expect(FILES.flatMap(brokenLinks)).toEqual([]);
  });

  it('maps in the README a tree that exists: every file and folder its layout names', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const block = /^## Layout\n\n```text\n([\s\S]*?)^```$/m.exec(readme)?.[1] ?? '';
    const named: string[] = [];
    let parent = '';
    for (const line of block.split('\n')) {
      const top = /^(\S+)/.exec(line)?.[1];
      const child = /^ {2}(\S+)/.exec(line)?.[1];
      if (top) named.push((parent = top.endsWith('/') ? top : ''), top);
      else if (child && parent) named.push(`${parent}${child}`);
    }
    const checked = [...new Set(named.filter((p) => p && !/[<*]/.test(p)))];
    expect(checked.length).toBeGreaterThan(15);
    expect(checked.filter((p) => !existsSync(path.join(root, p)))).toEqual([]);
  });

  it('keeps the README to one short read', () => {
    expect(readFileSync(path.join(root, 'README.md'), 'utf8').split('\n').length).toBeLessThan(200);
  });

  it('cites docs, not documents outside the repository, their sections or issue numbers', () => {
    // Built from parts, so this file does not match itself.
    const citation = new RegExp(['\\.\\./shared', 'SPEC [§]', 'DESIGN [§]', '[Ii]ssue [0-9]'].join('|'));
    const scripts = readdirSync(path.join(root, 'scripts')).map((name) => path.join(root, 'scripts', name));
    const benchScripts = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const file = path.join(dir, name);
        return statSync(file).isDirectory() ? benchScripts(file) : /\.(mjs|ts)$/.test(name) ? [file] : [];
      });
    const cited = [...FILES, ...scripts, ...benchScripts(path.join(root, 'bench'))].filter((file) =>
      citation.test(readFileSync(file, 'utf8')),
    );
    expect(cited.map((f) => path.relative(root, f))).toEqual([]);
  });
});
