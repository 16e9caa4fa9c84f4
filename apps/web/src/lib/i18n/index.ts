import { en, type MessageKey } from './en';

export type { MessageKey } from './en';

/** The names inside `{…}` in a message, e.g. `'Hi {name}'` → `'name'`. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
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

/** Looks a message up in the catalogue and fills its `{placeholders}`. */
export function t<K extends MessageKey>(key: K, ...[vars]: VarsArgument<K>): string {
  const template: string = en[key];
  if (!vars) return template;
  const values: Record<string, string | number> = vars;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}
