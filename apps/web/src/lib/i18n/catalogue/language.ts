// The language screens.
export const en = {
  'language.label': 'Language',
  'language.en': 'English',
  'language.sw': 'Kiswahili',
  'language.saveFailed': 'Your language could not be saved. Try again.',
  'language.settingsTitle': 'Language',
  'language.settingsHint': 'Screens, notifications and emails reach you in this language.',
} as const;

export const sw: { readonly [K in keyof typeof en]: string } = {
  'language.label': 'Lugha',
  'language.en': 'English',
  'language.sw': 'Kiswahili',
  'language.saveFailed': 'Lugha yako haikuweza kuhifadhiwa. Jaribu tena.',
  'language.settingsTitle': 'Lugha',
  'language.settingsHint': 'Kurasa, arifa na barua pepe zitakufikia kwa lugha hii.',
};
