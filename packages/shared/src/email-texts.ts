import { IntlMessageFormat } from 'intl-messageformat';
import type { Language } from './languages';
import { LOCALE_OF } from './notification-texts';

/**
 * The emails the server sends, in the recipient's language (docs/features/kiswahili.md): a subject and a plain-text
 * body per kind, ICU MessageFormat as the notification texts. The English ones are the emails as
 * they were.
 */
export interface EmailParams {
  /** Signup and resend: the confirmation link (48 hours). */
  verify_email: { name: string; link: string };
  /** Forgot password: the reset link (one hour). */
  reset_password: { name: string; link: string };
  /** After a password change: where to reset it if it was not them. */
  password_changed: { name: string; link: string };
}
export type EmailKind = keyof EmailParams;

export interface EmailText {
  subject: string;
  body: string;
}

export const EMAIL_TEXTS: Record<Language, Record<EmailKind, EmailText>> = {
  en: {
    verify_email: {
      subject: 'Confirm your email for Jamii',
      body: [
        'Hello {name},',
        '',
        'Open this link within 48 hours to confirm this is your email:',
        '',
        '{link}',
        '',
        'If you did not create a Jamii account, ignore this email.',
      ].join('\n'),
    },
    reset_password: {
      subject: 'Reset your Jamii password',
      body: [
        'Hello {name},',
        '',
        'Someone (hopefully you) asked to reset the password of your Jamii account.',
        'Open this link within one hour to choose a new password:',
        '',
        '{link}',
        '',
        'If you did not ask for this, ignore this email: your password stays the same.',
      ].join('\n'),
    },
    password_changed: {
      subject: 'Your Jamii password was changed',
      body: [
        'Hello {name},',
        '',
        'The password of your Jamii account was just changed.',
        'If this was not you, reset your password at once:',
        '',
        '{link}',
      ].join('\n'),
    },
  },
  sw: {
    verify_email: {
      subject: 'Thibitisha barua pepe yako ya Jamii',
      body: [
        'Habari {name},',
        '',
        'Fungua kiungo hiki ndani ya saa 48 ili kuthibitisha kwamba barua pepe hii ni yako:',
        '',
        '{link}',
        '',
        'Kama hukufungua akaunti ya Jamii, puuza barua pepe hii.',
      ].join('\n'),
    },
    reset_password: {
      subject: 'Badilisha nenosiri lako la Jamii',
      body: [
        'Habari {name},',
        '',
        'Mtu fulani (tunatumaini ni wewe) ameomba kubadilisha nenosiri la akaunti yako ya Jamii.',
        'Fungua kiungo hiki ndani ya saa moja ili kuchagua nenosiri jipya:',
        '',
        '{link}',
        '',
        'Kama hukuomba hivi, puuza barua pepe hii: nenosiri lako litabaki lilivyo.',
      ].join('\n'),
    },
    password_changed: {
      subject: 'Nenosiri lako la Jamii limebadilishwa',
      body: [
        'Habari {name},',
        '',
        'Nenosiri la akaunti yako ya Jamii limebadilishwa sasa hivi.',
        'Kama si wewe uliyelibadilisha, badilisha nenosiri lako mara moja:',
        '',
        '{link}',
      ].join('\n'),
    },
  },
};

export const EMAIL_KINDS = Object.keys(EMAIL_TEXTS.en) as EmailKind[];

/** An email's subject and body in the recipient's language. */
export function renderEmail<K extends EmailKind>(kind: K, params: EmailParams[K], lang: Language): EmailText {
  const text = EMAIL_TEXTS[lang][kind];
  const format = (message: string) =>
    String(new IntlMessageFormat(message, LOCALE_OF[lang], undefined, { ignoreTag: true }).format(params));
  return { subject: format(text.subject), body: format(text.body) };
}
