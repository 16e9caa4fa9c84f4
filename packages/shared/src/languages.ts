// Plain constants with no zod: the web app's entry chunk reads them.

/** The languages of the interface (docs/features/kiswahili.md): English and Kiswahili. English is the default. */
export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
