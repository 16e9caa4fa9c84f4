import type { ReactNode } from 'react';
import { t } from '../lib/i18n';
import { buttonClasses } from './button-styles';

/** An honest empty list (docs/design.md#principles: never sample data). */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-gray-300 bg-white px-4 py-10 text-center text-gray-600">
      {children}
    </p>
  );
}

/** A list that could not be loaded, with a retry. */
export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-8 text-center shadow-sm ring-1 ring-gray-900/5">
      <p className="text-gray-700">{message}</p>
      <button type="button" onClick={onRetry} className={buttonClasses('secondary')}>
        {t('error.retry')}
      </button>
    </div>
  );
}
