import { t } from '../lib/i18n';
import { useOutboxEntries } from '../lib/offline/use-outbox';
import { useOnline } from '../lib/offline/use-online';
import { buttonClasses } from './button-styles';

/**
 * What the member made offline and is still on the phone (docs/features/kiswahili.md): each item with its kind and
 * text, marked "Waiting to send", and Send now for when the connection is back but slow to say so.
 * Nothing when the outbox is empty.
 */
export function OutboxPanel({ className = '' }: { className?: string }) {
  const { entries, sendNow } = useOutboxEntries();
  const online = useOnline();
  if (entries.length === 0) return null;
  return (
    <section
      aria-label={t('outbox.title', { count: entries.length })}
      className={`rounded-2xl border border-dashed border-brand-600 bg-brand-50 p-3 ${className}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-brand-900">
          {t('outbox.title', { count: entries.length })}
        </h2>
        {online && (
          <button type="button" onClick={sendNow} className={buttonClasses('secondary')}>
            {t('outbox.sendNow')}
          </button>
        )}
      </div>
      <ul className="mt-2 space-y-2">
        {entries.map((entry) => (
          <li
            key={entry.key}
            className="rounded-lg bg-white px-3 py-2 text-sm shadow-sm ring-1 ring-gray-900/5"
          >
            <p className="text-xs font-semibold text-gray-600">
              {t(`outbox.kind.${entry.kind}`)} · {t('outbox.waiting')}
            </p>
            {entry.summary && (
              <p className="break-words whitespace-pre-line text-gray-900">{entry.summary}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
