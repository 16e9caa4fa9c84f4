import { translateMessage, type MessageTable } from './localize';
import { SW_MESSAGES } from './messages.sw';

export { messageKey, placeholdersOf, translateMessage, type MessageTable } from './localize';
export { SW_MESSAGES } from './messages.sw';

/** Every language's table; English needs none (its messages are the keys). */
export const MESSAGE_TABLES: Readonly<Record<string, MessageTable | undefined>> = { sw: SW_MESSAGES };

/**
 * A validation or server message (as the shared rules and the server write it, in English) in the
 * given language ('en', 'sw'). The web app loads the Kiswahili table with its Kiswahili catalogue and calls
 * `translateMessage` (lib/i18n `localize`), so the table is not in its first download.
 */
export function localizeMessage(message: string, language: string): string {
  return translateMessage(message, MESSAGE_TABLES[language]);
}
