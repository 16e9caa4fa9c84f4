import type { Language } from '@jamii/shared';

/** How every SMS Jamii sends ends: how to stop them (inbound STOP, docs/features/ussd.md). */
export const SMS_STOP = { en: 'STOP to end', sw: 'STOP kusitisha' } as const satisfies Record<
  Language,
  string
>;

export const withStop = (text: string, lang: Language) => `${text} ${SMS_STOP[lang]}`;
