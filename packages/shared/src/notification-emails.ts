import { IntlMessageFormat } from 'intl-messageformat';
import type { Language } from './languages';
import type { NotificationCategory } from './notification-categories';
import { LOCALE_OF } from './notification-texts';

/**
 * The parts of a notification email and of the daily digest, in the member's language (ICU
 * MessageFormat, as the notices): the notice itself is rendered from its kind (notification-texts).
 */
export interface NotificationEmailTexts {
  greeting: string;
  open: string;
  button: string;
  why: string;
  whyJobAlert: string;
  stop: string;
  digestSubject: string;
  digestIntro: string;
  settings: string;
}

export const NOTIFICATION_EMAIL_TEXTS: Record<Language, NotificationEmailTexts> = {
  en: {
    greeting: 'Hello {name},',
    open: 'Open it in Jamii:',
    button: 'Open in Jamii',
    why: 'You get this email because email is on for “{category}” in your notification settings.',
    whyJobAlert: 'You get this email because you asked for job alerts by email.',
    stop: 'Stop these emails:',
    digestSubject: '{count, plural, one {# new notification on Jamii} other {# new notifications on Jamii}}',
    digestIntro: 'Here is what happened on Jamii since yesterday:',
    settings: 'Choose what Jamii emails you:',
  },
  sw: {
    greeting: 'Habari {name},',
    open: 'Ifungue kwenye Jamii:',
    button: 'Fungua kwenye Jamii',
    why: 'Unapokea barua pepe hii kwa sababu barua pepe zimewashwa kwa “{category}” katika mipangilio yako ya arifa.',
    whyJobAlert: 'Unapokea barua pepe hii kwa sababu uliomba arifa za kazi kwa barua pepe.',
    stop: 'Acha barua pepe hizi:',
    digestSubject: '{count, plural, one {Arifa # mpya kwenye Jamii} other {Arifa # mpya kwenye Jamii}}',
    digestIntro: 'Haya ndiyo yaliyotokea kwenye Jamii tangu jana:',
    settings: 'Chagua barua pepe unazotaka kutoka Jamii:',
  },
};

/** Each category's name in emails and on the unsubscribe page. */
export const NOTIFICATION_CATEGORY_NAMES: Record<Language, Record<NotificationCategory, string>> = {
  en: {
    follows: 'New followers',
    likes: 'Likes on my posts',
    comments: 'Comments and replies',
    mentions: 'Mentions of me',
    offers: 'Offers',
    applications: 'Applications',
    reviews: 'Reviews of me',
    messages: 'Messages',
  },
  sw: {
    follows: 'Wafuasi wapya',
    likes: 'Wanaopenda machapisho yangu',
    comments: 'Maoni na majibu',
    mentions: 'Wanaponitaja',
    offers: 'Ofa',
    applications: 'Maombi ya kazi',
    reviews: 'Tathmini kunihusu',
    messages: 'Ujumbe',
  },
};

/** One part of the email texts in `lang`, its placeholders filled. */
export function renderEmailPart(
  lang: Language,
  part: keyof NotificationEmailTexts,
  values: Record<string, string | number> = {},
): string {
  const text = new IntlMessageFormat(NOTIFICATION_EMAIL_TEXTS[lang][part], LOCALE_OF[lang]).format(values);
  return String(text);
}
