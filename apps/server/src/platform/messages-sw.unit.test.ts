import path from 'node:path';
import { messageKey, SW_MESSAGES, translateMessage } from '@jamii/shared';
import { describe, expect, it } from 'vitest';
import { scanFolder, scanMessages, type FoundMessage } from '../test/message-scan';

// The second net behind packages/shared/src/i18n/messages.sw.test.ts (which reads the schemas): the
// sources of the shared rules and of the server, read for the messages they write, each of which
// needs its Kiswahili in SW_MESSAGES (docs/features/kiswahili.md). A message made from a template (`${what} not found`)
// needs at least one entry of its shape.
const sharedSrc = path.resolve(import.meta.dirname, '../../../../packages/shared/src');
const serverSrc = path.resolve(import.meta.dirname, '..');

const keys = Object.keys(SW_MESSAGES);
const hasTranslation = (message: string) => translateMessage(message, SW_MESSAGES) !== message;

/** A found template as a pattern over the table's keys: each `${…}` stands for any text. */
function templatePattern(found: FoundMessage): RegExp {
  const escape = (text: string) => messageKey(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${found.parts.map(escape).join('.*')}$`, 's');
}

/** Found messages with no Kiswahili: a plain text must translate, a template must match a key. */
function untranslated(found: readonly FoundMessage[]): string[] {
  return found
    .filter((m) => /[a-z]{2}/i.test(m.parts.join('')))
    .filter((m) =>
      m.parts.length === 1
        ? !hasTranslation(m.parts[0]!)
        : !keys.some((key) => templatePattern(m).test(key)) && !hasTranslation(m.parts.join('')),
    )
    .map((m) => `${m.file}:${m.line} ${m.parts.join('${…}')}`);
}

describe('Kiswahili for every message the rules and the server write', () => {
  it('has every message written in the shared rules', () => {
    // The notices' and emails' tables hold each text in both languages side by side (their own tests
    // check every kind in each); their keys are named after messages, not messages to translate.
    const bilingual = new Set(['notification-texts.ts', 'notification-emails.ts']);
    const found = scanFolder(sharedSrc).filter((m) => !m.file.startsWith('i18n') && !bilingual.has(m.file));
    expect(found.length).toBeGreaterThan(100);
    expect(untranslated(found)).toEqual([]);
  });

  it('has every message the server answers with', () => {
    const found = scanFolder(serverSrc, { server: true }).filter(
      // Start-up settings, demo content and the OpenAPI document's prose are not answers to a member.
      // The Daraja stand-in answers in Daraja's own words, as Safaricom's service does.
      (m) =>
        !m.file.startsWith('seed/') &&
        m.file !== 'config.ts' &&
        m.file !== 'platform/docs.ts' &&
        !m.file.endsWith('stand-in.ts'),
    );
    expect(found.length).toBeGreaterThan(100);
    expect(untranslated(found)).toEqual([]);
  });

  it('finds the messages of each kind of source', () => {
    const texts = (source: string, server = false) =>
      scanMessages('probe.ts', source, { server }).map((m) => m.parts.join('${…}'));
    expect(texts("z.string().min(1, 'Title is required').max(5, { error: `At most ${n}` });")).toEqual([
      'Title is required',
      'At most ${…}',
    ]);
    expect(
      texts(
        "throw notFound('Job'); throw forbidden('Only you'); throw conflict('X', 'Taken'); throw new AppError('Y', 400, 'Bad', { a: 'Field bad' }); throw validationError({ b: `B ${x}` });",
        true,
      ),
    ).toEqual(['Job not found', 'Only you', 'Taken', 'Bad', 'Field bad', 'B ${…}']);
    expect(texts("const INVALID = 'Invalid username or password'; const CODE = 'abc';")).toEqual([
      'Invalid username or password',
    ]);
    expect(
      texts(
        'export function tooMuchMessage(n: number) { if (n < 0) return undefined; return n > 5 ? `At most ${n}` : null; }',
      ),
    ).toEqual(['At most ${…}']);
    // The test fails on a message without its Kiswahili.
    expect(untranslated([{ file: 'x.ts', line: 1, parts: ['A message nobody translated'] }])).toHaveLength(1);
    expect(untranslated([{ file: 'x.ts', line: 1, parts: ['', ' nobody translated'] }])).toHaveLength(1);
  });
});
