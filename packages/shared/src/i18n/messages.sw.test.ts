import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from '../index';
import { localizeMessage } from './index';
import { placeholdersOf, translateMessage } from './localize';
import { SW_MESSAGES } from './messages.sw';

/** Every message a zod schema carries: its own, its checks', and those of the schemas inside it. */
function schemaMessages(root: z.ZodType): Set<string> {
  const messages = new Set<string>();
  const seen = new Set<unknown>();
  const say = (error: unknown) => {
    if (typeof error !== 'function') return;
    // A message given as text becomes a function of the issue that ignores it.
    const message = (error as (issue: unknown) => unknown)({ input: undefined, code: 'custom' });
    const text =
      typeof message === 'string' ? message : (message as { message?: unknown } | undefined)?.message;
    if (typeof text === 'string') messages.add(text);
  };
  const walk = (schema: unknown) => {
    if (!schema || typeof schema !== 'object' || seen.has(schema) || !('_zod' in schema)) return;
    seen.add(schema);
    const def = (schema as { _zod: { def: Record<string, unknown> } })._zod.def;
    say(def.error);
    for (const check of (def.checks as { _zod: { def: { error?: unknown } } }[] | undefined) ?? []) {
      say(check._zod.def.error);
    }
    for (const [field, value] of Object.entries(def)) {
      if (field === 'shape' && value && typeof value === 'object') Object.values(value).forEach(walk);
      else if (Array.isArray(value)) value.forEach(walk);
      else if (field === 'getter' && typeof value === 'function') walk((value as () => unknown)());
      else walk(value);
    }
  };
  walk(root);
  return messages;
}

const exportedSchemas = Object.values(shared as Record<string, unknown>).filter(
  (value): value is z.ZodType => value instanceof z.ZodType,
);

const hasTranslation = (message: string) => translateMessage(message, SW_MESSAGES) !== message;

describe('Kiswahili for every validation and server message', () => {
  it('reads the schemas', () => {
    expect(exportedSchemas.length).toBeGreaterThan(40);
    expect(schemaMessages(shared.SignupInput)).toContain('*User name is required');
  });

  it('has every message an exported schema can give', () => {
    const missing = new Set<string>();
    for (const schema of exportedSchemas) {
      for (const message of schemaMessages(schema)) if (!hasTranslation(message)) missing.add(message);
    }
    // zod's own messages ('Invalid input: expected string…') are for clients that skip the form.
    const ours = [...missing].filter(
      (message) => !/^Invalid input|^Too (big|small)|^Invalid (string|option)/.test(message),
    );
    expect(ours).toEqual([]);
  });

  it('keeps the placeholders of each message', () => {
    const broken = Object.entries(SW_MESSAGES).filter(
      ([english, swahili]) =>
        JSON.stringify(placeholdersOf(english).sort()) !== JSON.stringify(placeholdersOf(swahili).sort()) ||
        swahili.trim() === '' ||
        // The marker of a form's messages stays where it is.
        english.startsWith('*') !== swahili.startsWith('*'),
    );
    expect(broken).toEqual([]);
  });
});

describe('localizeMessage', () => {
  it('answers English as written', () => {
    expect(localizeMessage('*User name is required', 'en')).toBe('*User name is required');
    expect(localizeMessage('Invalid username or password', 'en')).toBe('Invalid username or password');
  });

  it('translates a message, and one with numbers in it keeping its numbers', () => {
    expect(localizeMessage('*User name is required', 'sw')).toBe(SW_MESSAGES['*User name is required']);
    expect(localizeMessage('*At least 8 characters', 'sw')).toBe('*Angalau herufi 8');
    expect(localizeMessage('*3-30 characters', 'sw')).toBe('*Herufi 3 hadi 30');
  });

  it('translates a message around a text it carries', () => {
    expect(localizeMessage('Price cannot be more than the max price of KSh 5,000', 'sw')).toBe(
      'Bei isizidi bei ya juu ya KSh 5,000',
    );
    expect(localizeMessage('Invalid input: expected number, received NaN', 'sw')).toBe(
      'Taarifa si sahihi: ilitarajiwa number, imepokelewa NaN',
    );
    expect(localizeMessage('Your account is suspended: spam links', 'sw')).toBe(
      'Akaunti yako imesimamishwa: spam links',
    );
  });

  it('leaves a message it does not know in English, and a Kiswahili one as it is', () => {
    expect(localizeMessage('Something nobody wrote', 'sw')).toBe('Something nobody wrote');
    expect(localizeMessage('*Angalau herufi 8', 'sw')).toBe('*Angalau herufi 8');
    expect(localizeMessage('', 'sw')).toBe('');
    expect(localizeMessage('toString', 'sw')).toBe('toString');
  });
});
