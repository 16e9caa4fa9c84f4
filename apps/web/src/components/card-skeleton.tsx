import { t } from '../lib/i18n';

/** Grey stand-ins for cards while a list's first page loads, the size of real cards (no jump after). */
export function CardSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      <span className="sr-only">{t('common.loading')}</span>
      {Array.from({ length: count }, (_, index) => (
        <div
          key={index}
          aria-hidden="true"
          className="animate-pulse rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5 motion-reduce:animate-none"
        >
          <div className="flex items-center gap-3">
            <div className="size-10 rounded-full bg-gray-200" />
            <div className="flex-1 space-y-2">
              <div className="h-3 w-1/3 rounded bg-gray-200" />
              <div className="h-3 w-1/4 rounded bg-gray-100" />
            </div>
          </div>
          <div className="mt-4 space-y-2">
            <div className="h-3 rounded bg-gray-100" />
            <div className="h-3 w-5/6 rounded bg-gray-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
