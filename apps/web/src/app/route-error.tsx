import { buttonClasses } from '../components/button-styles';
import { OfflineBanner } from '../components/offline-banner';
import { t } from '../lib/i18n';

/**
 * Shown when a page fails, most often because its code could not be downloaded on a weak
 * connection; it lives in the main bundle for that reason.
 */
export function RouteError() {
  return (
    <>
      {/* This page stands in for the whole app, its frame included: it says offline itself. */}
      <OfflineBanner />
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
        <title>{t('page.title', { page: t('error.pageTitle') })}</title>
        <h1 className="text-2xl font-bold">{t('error.pageTitle')}</h1>
        <p className="max-w-sm text-gray-600">{t('error.pageBody')}</p>
        <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
          {t('error.retry')}
        </button>
      </main>
    </>
  );
}
