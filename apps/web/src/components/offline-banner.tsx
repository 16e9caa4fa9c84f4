import { t } from '../lib/i18n';
import { useOnline } from '../lib/offline/use-online';

/**
 * "You are offline" (docs/features/kiswahili.md) while the browser has no connection, gone when it returns. The
 * status region is always in the page, so screen readers announce the change.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div
      role="status"
      className={online ? 'sr-only' : 'bg-gray-900 px-4 py-2 text-center text-sm text-white'}
    >
      {!online && (
        <>
          <strong className="font-semibold">{t('offline.banner')}</strong>{' '}
          <span className="text-gray-200">{t('offline.bannerHint')}</span>
        </>
      )}
    </div>
  );
}
