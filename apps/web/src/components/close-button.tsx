import { t } from '../lib/i18n';
import { CloseIcon } from './icons';

/** The round × at the top right of a sheet or a panel, named "Close". */
export function CloseButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={t('common.close')}
      onClick={onClick}
      className="inline-flex size-10 items-center justify-center rounded-full text-gray-500 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <CloseIcon className="size-5" />
    </button>
  );
}
