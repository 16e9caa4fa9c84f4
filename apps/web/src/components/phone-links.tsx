import { formatKenyanPhone, telLink, whatsAppLink } from '@jamii/shared';
import { t } from '../lib/i18n';

/**
 * A phone number to tap (it calls) and, beside it, a WhatsApp chat with it (docs/features/phones-and-places.md). `text` is
 * the number as written; without it, the E.164 number is written the Kenyan way (0712 345 678).
 */
export function PhoneLinks({
  e164,
  text,
  linkClassName,
}: {
  e164: string;
  text?: string;
  linkClassName: string;
}) {
  const shown = text ?? formatKenyanPhone(e164);
  return (
    <>
      <a href={telLink(e164)} className={linkClassName}>
        {shown}
      </a>{' '}
      <a
        href={whatsAppLink(e164)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('phone.whatsappLabel', { number: shown })}
        className={`${linkClassName} text-[0.85em] whitespace-nowrap`}
      >
        {t('phone.whatsapp')}
      </a>
    </>
  );
}
