import { currentLocale } from './index';

/**
 * A formatter for the current language's locale (`en-KE` or `sw-KE`), made once per locale: Intl
 * formatters are costly to build and cheap to reuse, and the language can change while the page is
 * open. Call the answer each time a value is formatted, never keep its result.
 */
export function perLocale<Formatter>(make: (locale: string) => Formatter): () => Formatter {
  const made = new Map<string, Formatter>();
  return () => {
    const locale = currentLocale();
    let formatter = made.get(locale);
    if (!formatter) {
      formatter = make(locale);
      made.set(locale, formatter);
    }
    return formatter;
  };
}
