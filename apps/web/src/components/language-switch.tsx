import { useId, useState, useSyncExternalStore, type ChangeEvent } from 'react';
import { currentLanguage, LANGUAGES, onLanguageChange, t, type Language } from '../lib/i18n';
import { chooseLanguage } from '../lib/i18n/language-choice';
import { useToast } from '../lib/toast';

// Each language is named in itself, so a reader finds their own whatever the screen is in.
const LANGUAGE_NAMES: Record<Language, 'language.en' | 'language.sw'> = {
  en: 'language.en',
  sw: 'language.sw',
};

export function useCurrentLanguage(): Language {
  // The third: the landing page is also rendered at build time (src/prerender).
  return useSyncExternalStore(onLanguageChange, currentLanguage, currentLanguage);
}

interface LanguageSwitchProps {
  /** Shows the label ("Language") beside the menu; in bars it is read by screen readers only. */
  showLabel?: boolean;
  className?: string;
}

/** The language of the interface: English or Kiswahili, kept on the device and the account. */
export function LanguageSwitch({ showLabel = false, className = '' }: LanguageSwitchProps) {
  const id = useId();
  const toast = useToast();
  const language = useCurrentLanguage();
  const [isSwitching, setIsSwitching] = useState(false);

  async function handleChange(event: ChangeEvent<HTMLSelectElement>) {
    setIsSwitching(true);
    try {
      await chooseLanguage(event.target.value as Language);
    } catch {
      // The screens already changed; only the account missed it, and the next choice retries.
      toast.error(t('language.saveFailed'));
    } finally {
      setIsSwitching(false);
    }
  }

  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className={showLabel ? 'text-sm font-semibold text-gray-700' : 'sr-only'}>
        {t('language.label')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => void handleChange(event)}
        disabled={isSwitching}
        className="min-h-10 rounded-lg border border-gray-300 bg-white px-2 text-sm text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {t(LANGUAGE_NAMES[option])}
          </option>
        ))}
      </select>
    </div>
  );
}
