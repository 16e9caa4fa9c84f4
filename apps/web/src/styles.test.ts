import { readdirSync, readFileSync } from 'node:fs';
import path, { join } from 'node:path';
import { SMALL_SCREEN_MAX_PX } from '@jamii/shared';
import { describe, expect, it } from 'vitest';

// Vitest does not process CSS, so the stylesheet is read as text.
const css = readFileSync(join(import.meta.dirname, 'styles.css'), 'utf8');

describe('styles', () => {
  it('puts the md breakpoint at the SPEC small-screen width', () => {
    expect(css).toContain(`--breakpoint-md: ${SMALL_SCREEN_MAX_PX / 16}rem;`);
  });
});

// styles.css resets Tailwind's palette (`--color-*: initial`) and names the theme's colours; a class
// such as `bg-amber-50` that names a colour the theme lacks builds to nothing, and the element shows
// uncoloured. Every colour class in the source must name a theme colour.

const src = import.meta.dirname;
const theme = new Set([...css.matchAll(/--color-([a-z0-9-]+):/g)].map((m) => m[1]));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const COLOUR_CLASS =
  /\b(?:bg|text|ring|border|outline|from|via|to|fill|stroke|divide|placeholder|accent|decoration|caret)-([a-z]+-\d{2,3})\b/g;

describe('theme colours', () => {
  it('knows every colour a class names', () => {
    const missing = sourceFiles(src).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(COLOUR_CLASS)]
        .filter((m) => !theme.has(m[1]!))
        .map((m) => `${path.relative(src, file)}: ${m[0]}`),
    );
    expect(missing).toEqual([]);
  });

  it('would catch a colour the theme lacks', () => {
    expect(theme.has('brand-600')).toBe(true);
    expect(theme.has('amber-50')).toBe(false);
  });
});
