import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { config } from 'zod/v4/core';

const settingModule = join(import.meta.dirname, 'zod-jitless.ts');

describe('zod-jitless', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('makes zod jitless when zod loads after it (the build: forms load zod after main.tsx ran it)', () => {
    // A process of its own: zod is loaded once per process, and the tests' copy is loaded already.
    const script = `await import(${JSON.stringify(settingModule)});
      const { config } = await import('zod/v4/core');
      const { z } = await import('zod');
      let compiled = 0;
      const Real = globalThis.Function;
      globalThis.Function = function (...args) { compiled += 1; return Real(...args); };
      const parsed = z.object({ title: z.string() }).parse({ title: 'Fundi' });
      console.log(JSON.stringify({ jitless: config().jitless, parsed, compiled }));`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: join(import.meta.dirname, '../..'),
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(JSON.parse(output)).toEqual({ jitless: true, parsed: { title: 'Fundi' }, compiled: 0 });
  });

  it('makes zod jitless when zod was loaded first: object schemas parse without compiling code', async () => {
    // The web tests share their modules (isolate: false): zod is loaded, perhaps set already.
    await import('./zod-jitless');
    expect(config().jitless).toBe(true);
    const compile = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ title: z.string().min(1), pay: z.number() });
    expect(schema.parse({ title: 'Fundi', pay: 1500 })).toEqual({ title: 'Fundi', pay: 1500 });
    expect(schema.safeParse({ title: '', pay: 1500 }).success).toBe(false);
    expect(compile).not.toHaveBeenCalled();
  });
});
