import { translateMessage, type MessageTable } from '@jamii/shared';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import type { en } from './en';
import type { Language } from './languages';
import { isPlainText } from './plain-text';

export type MessageKey = keyof typeof en;
export { LANGUAGES, type Language } from './languages';

// Messages are ICU MessageFormat (`{name}`, `{count, plural, one {# follower} other {# followers}}`).
// The types below read the argument names out of a message, so a missing or misspelt value is a
// type error. Only the first word of a `{…}` is an argument; a plural branch (`one {…}`,
// `other {…}`, `=0 {…}`) holds none of its own.
type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other' | `=${number}`;
type OpensBranch<Before extends string> = Before extends
  `${string}${PluralCategory}` | `${string}${PluralCategory} `
  ? true
  : false;
type Identifier<S extends string> = S extends `${string}${' ' | '#' | '{'}${string}` ? never : S;
type ArgumentName<S extends string> = S extends `${infer Name},${string}` ? Identifier<Name> : Identifier<S>;
type Placeholders<S extends string> = S extends `${infer Before}{${infer After}`
  ? | (OpensBranch<Before> extends true
        ? never
        : After extends `${infer Inside}}${string}`
          ? ArgumentName<Inside>
          : never)
    | Placeholders<After>
  : never;

export type MessageVars<K extends MessageKey> = Record<Placeholders<(typeof en)[K]>, string | number>;

/** A message with placeholders needs its values; one without takes none. */
type VarsArgument<K extends MessageKey> = [Placeholders<(typeof en)[K]>] extends [never]
  ? []
  : [vars: MessageVars<K>];

/** Keys of messages without placeholders: the type for labels kept in lists and tables. */
export type PlainMessageKey = {
  [K in MessageKey]: [Placeholders<(typeof en)[K]>] extends [never] ? K : never;
}[MessageKey];

/**
 * The validation and server messages (English, as packages/shared and the server write them) of
 * each language but English, installed with its catalogue (packages/shared/src/i18n).
 */
const messageTables: Partial<Record<Language, MessageTable>> = {};

/**
 * A catalogue's message: its text, or in the build, for a message with arguments, its syntax tree
 * (precompile-messages.ts), which the formatter takes as it is.
 */
type Message = string | MessageFormatElement[];

/** Each catalogue is its own chunk: a member downloads only the language they read. */
const catalogues: Record<Language, () => Promise<Record<string, Message>>> = {
  en: () => import('./en').then((module) => module.en),
  sw: () =>
    import('./sw').then((module) => {
      messageTables.sw = module.swMessages;
      return module.sw;
    }),
};

/** The locale of dates, times and numbers for each language. */
const LOCALES: Record<Language, string> = { en: 'en-KE', sw: 'sw-KE' };

/** What is loaded of one language: its messages, and each message's formatter once first used. */
interface LoadedLanguage {
  messages: Record<string, Message>;
  formatters: Map<string, IntlMessageFormat>;
}

const loaded: Partial<Record<Language, LoadedLanguage>> = {};
let current: Language = 'en';
const listeners = new Set<() => void>();

function makeCurrent(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (current === language) return;
  current = language;
  for (const listener of listeners) listener();
}

/** Loads a language's catalogue (once) and makes it the current one. */
export async function loadLanguage(language: Language): Promise<void> {
  loaded[language] ??= { messages: await catalogues[language](), formatters: new Map() };
  makeCurrent(language);
}

/**
 * A validation message (a form's, from the shared rules) or a server's message (an answer's
 * `message` and `errors`) in the current language; English as it came when there is no translation.
 */
export function localize(message: string): string {
  return translateMessage(message, messageTables[currentLanguage()]);
}

/**
 * Installs the English catalogue already in memory (tests) and makes it current. English only:
 * another language also needs its table of validation and server messages, which loadLanguage
 * installs with it; a catalogue installed here would stay without one for every later test file
 * sharing the modules.
 */
export function installCatalogue(language: 'en', messages: Record<string, string>): void {
  loaded[language] = { messages, formatters: new Map() };
  makeCurrent(language);
}

export function currentLanguage(): Language {
  return current;
}

/** The Intl locale for the current language: `en-KE` or `sw-KE`. */
export function currentLocale(): string {
  return LOCALES[current];
}

/** Calls `listener` after every change of language; returns the unsubscribe. */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A precompiled message as text again: its words and its arguments' `{names}`. */
const asText = (message: Message): string =>
  typeof message === 'string'
    ? message
    : message
        .map((part) => (part.type === TYPE.literal ? part.value : `{${'value' in part ? part.value : ''}}`))
        .join('');

/**
 * Looks a message up in the current catalogue and fills its arguments. Numbers are passed as text,
 * so `{id}` or `{max}` print as given ("User 1234"); a plural's `#` still formats its count
 * ("1,200 likes"). An unknown key answers itself; a message missing a value, its text as written.
 */
export function t<K extends MessageKey>(key: K, ...[vars]: VarsArgument<K>): string {
  const language = loaded[current];
  const message = language?.messages[key];
  if (language === undefined || message === undefined) return key;
  if (typeof message === 'string' && isPlainText(message)) return message;
  let formatter = language.formatters.get(key);
  if (!formatter) {
    formatter = new IntlMessageFormat(message, LOCALES[current], undefined, { ignoreTag: true });
    language.formatters.set(key, formatter);
  }
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries((vars ?? {}) as Record<string, string | number>)) {
    values[name] = String(value);
  }
  try {
    return String(formatter.format(values));
  } catch {
    return asText(message);
  }
}
