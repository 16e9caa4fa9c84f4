import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMALL_SCREEN_MAX_PX } from '@jamii/shared';
import { describe, expect, it } from 'vitest';

// Vitest does not process CSS, so the stylesheet is read as text.
const css = readFileSync(join(import.meta.dirname, 'styles.css'), 'utf8');

describe('styles', () => {
  it('puts the md breakpoint at the SPEC small-screen width', () => {
    expect(css).toContain(`--breakpoint-md: ${SMALL_SCREEN_MAX_PX / 16}rem;`);
  });
});
