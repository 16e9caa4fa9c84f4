import { loadLanguage } from './index';
import { preferredLanguage } from './language-choice';

// Imported first by main.tsx, so the catalogue downloads while the rest of the app's modules run
// (its chunk is also preloaded by index.html for English, the most common first language). Only its
// first part: the messages of the first screens (parts/split.ts); any other screen completes it.
const language = preferredLanguage();

/** The first language's catalogue, its first part loaded; English if it could not be; settled either way. */
export const firstLanguageLoaded: Promise<void> = loadLanguage(language, 'first')
  .catch(() => (language === 'en' ? undefined : loadLanguage('en', 'first')))
  .catch(() => undefined);
