/**
 * The server's and the forms' messages in the member's language (docs/features/kiswahili.md). The English message is
 * the key (gettext style): the validation rules in this package and the server write English, which
 * stays the API's answer; a table per language gives each English message its translation.
 *
 * In a key, `{n}` stands for a number (`'*At least {n} characters'` matches '*At least 8
 * characters'; the numbers are put back in order), and `{name}` for any text (`'Your account is
 * suspended: {reason}'`). A translation has the same placeholders. A message without a translation
 * stays in English.
 */
export type MessageTable = Readonly<Record<string, string>>;

const NUMBER = /\d+/g;
const PLACEHOLDER = /\{(\w+)\}/g;

/** The key of a message: each run of digits becomes `{n}`. */
export function messageKey(message: string): string {
  return message.replace(NUMBER, '{n}');
}

/** The placeholders of a key or translation, in order: `['n', 'n']`, `['reason']`. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

interface CompiledTable {
  /** Keys with only numbers in them, looked up by the message's key. */
  plain: Map<string, string>;
  /** Keys with a text placeholder, tried in turn. */
  patterns: { pattern: RegExp; names: string[]; translation: string }[];
}

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

function compile(table: MessageTable): CompiledTable {
  const plain = new Map<string, string>();
  const patterns: CompiledTable['patterns'] = [];
  for (const [key, translation] of Object.entries(table)) {
    const names = placeholdersOf(key);
    if (names.every((name) => name === 'n')) {
      plain.set(key, translation);
      continue;
    }
    const source = key
      .split(PLACEHOLDER)
      .map((piece, i) => (i % 2 === 0 ? escape(piece) : piece === 'n' ? '(\\d+)' : '(.+?)'))
      .join('');
    // The source is one of our own catalogue's keys, escaped, with a lazy group per placeholder.
    // eslint-disable-next-line security/detect-non-literal-regexp
    patterns.push({ pattern: new RegExp(`^${source}$`, 's'), names, translation });
  }
  return { plain, patterns };
}

const compiled = new WeakMap<MessageTable, CompiledTable>();

function fill(translation: string, names: readonly string[], values: readonly string[]): string {
  const byName = new Map<string, string[]>();
  names.forEach((name, i) => byName.set(name, [...(byName.get(name) ?? []), values[i] ?? '']));
  return translation.replace(PLACEHOLDER, (whole, name: string) => byName.get(name)?.shift() ?? whole);
}

/** A message in a table's language, or the message itself when the table has no translation of it. */
export function translateMessage(message: string, table: MessageTable | undefined): string {
  if (!table || !message) return message;
  let found = compiled.get(table);
  if (!found) {
    found = compile(table);
    compiled.set(table, found);
  }
  const exact = Object.hasOwn(table, message) ? table[message] : undefined;
  if (exact !== undefined && placeholdersOf(message).length === 0) return exact;
  const key = messageKey(message);
  const plain = found.plain.get(key);
  if (plain !== undefined) {
    const numbers = message.match(NUMBER) ?? [];
    return fill(
      plain,
      numbers.map(() => 'n'),
      numbers,
    );
  }
  for (const { pattern, names, translation } of found.patterns) {
    const match = pattern.exec(message);
    if (match) return fill(translation, names, match.slice(1));
  }
  return message;
}
