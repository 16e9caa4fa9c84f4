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

/**
 * Each language's catalogue is two chunks of its own (a member downloads only the language they
 * read): its first screens' messages, and the rest (parts/split.ts).
 */
const catalogues: Record<Language, Record<'first' | 'rest', () => Promise<Record<string, Message>>>> = {
  en: {
    first: () => import('./parts/en-first').then((module) => module.messages),
    rest: () => import('./parts/en-rest').then((module) => module.messages),
  },
  sw: {
    first: () =>
      import('./parts/sw-first').then((module) => {
        messageTables.sw = module.swMessages;
        return module.messages;
      }),
    rest: () => import('./parts/sw-rest').then((module) => module.messages),
  },
};

/** The locale of dates, times and numbers for each language. */
const LOCALES: Record<Language, string> = { en: 'en-KE', sw: 'sw-KE' };

/** What is loaded of one language: its messages, and each message's formatter once first used. */
interface LoadedLanguage {
  messages: Record<string, Message>;
  formatters: Map<string, IntlMessageFormat>;
  /** Whether its second part is in `messages` too. */
  isWhole: boolean;
  /** The second part's download, once started (cleared by a failure, so the next call tries again). */
  rest?: Promise<void>;
}

const loaded: Partial<Record<Language, LoadedLanguage>> = {};
const firstParts: Partial<Record<Language, Promise<LoadedLanguage>>> = {};
/** The last language asked for, settled either way: what `wholeCatalogue` waits for first. */
let lastLoad: Promise<void> = Promise.resolve();
let current: Language = 'en';
const listeners = new Set<() => void>();

function makeCurrent(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (current === language) return;
  current = language;
  for (const listener of listeners) listener();
}

/** A language's first part, downloaded once (again after a failure). */
function firstPartOf(language: Language): Promise<LoadedLanguage> {
  return (firstParts[language] ??= catalogues[language].first().then(
    // A copy: the second part is added to it, and the part module's own object stays its part.
    (messages) => (loaded[language] = { messages: { ...messages }, formatters: new Map(), isWhole: false }),
    (error: unknown) => {
      delete firstParts[language];
      throw error;
    },
  ));
}

/** Adds a language's second part to its messages, downloaded once (again after a failure). */
async function completeLanguage(language: Language): Promise<void> {
  const entry = await firstPartOf(language);
  if (entry.isWhole) return;
  await (entry.rest ??= catalogues[language].rest().then(
    (messages) => {
      Object.assign(entry.messages, messages);
      entry.isWhole = true;
    },
    (error: unknown) => {
      entry.rest = undefined;
      throw error;
    },
  ));
}

/**
 * Loads a language's catalogue (once) and makes it the current one: whole, or for the first screen
 * (lib/i18n/boot.ts) its first part, which the other screens complete before they draw (`wholeCatalogue`).
 */
export async function loadLanguage(language: Language, part: 'whole' | 'first' = 'whole'): Promise<void> {
  const loading = part === 'whole' ? completeLanguage(language) : firstPartOf(language);
  lastLoad = loading.then(
    () => undefined,
    () => undefined,
  );
  await loading;
  makeCurrent(language);
}

/**
 * Settles once the current language's catalogue is whole: every screen and dialog but the first
 * screens waits for this before it draws (app/screens.tsx, lib/lazy-component.ts). Rejects when
 * its second part could not be downloaded; the next call tries again.
 */
export async function wholeCatalogue(): Promise<void> {
  await lastLoad;
  await completeLanguage(current);
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
  const whole: LoadedLanguage = { messages, formatters: new Map(), isWhole: true };
  loaded[language] = whole;
  firstParts[language] = Promise.resolve(whole);
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
