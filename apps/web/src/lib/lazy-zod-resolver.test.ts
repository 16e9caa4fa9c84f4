import { LoginInput } from '@jamii/shared';
import { describe, expect, it, vi } from 'vitest';
import { lazyZodResolver } from './lazy-zod-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  it('loads the schema once, on the first check or preload, and checks as zodResolver does', async () => {
    const load = vi.fn(async () => LoginInput);
    const resolver = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();

    const empty = await resolver({ username: '', password: '', rememberMe: false }, undefined, options);
    expect(empty.values).toEqual({});
    expect(Object.keys(empty.errors)).toEqual(expect.arrayContaining(['username', 'password']));

    await resolver.preload();
    const valid = await resolver(
      { username: 'wanjiru_k', password: 'Mvua-Nyingi-2025!', rememberMe: true },
      undefined,
      options,
    );
    expect(valid.errors).toEqual({});
    expect(valid.values).toMatchObject({ password: 'Mvua-Nyingi-2025!', rememberMe: true });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
