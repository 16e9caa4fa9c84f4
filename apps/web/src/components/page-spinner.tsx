import { t } from '../lib/i18n';

/** A full-screen spinner for a page that cannot show anything yet. */
export function PageSpinner() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center">
      <span className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 motion-reduce:animate-none" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
