import { t } from '../lib/i18n';
import { formatDateTime } from '../lib/time';

/** "(edited)" beside a time, on an item its owner changed (docs/design.md#offers-that-behave-like-a-marketplace); nothing otherwise. */
export function EditedMarker({ editedAt }: { editedAt: string | null | undefined }) {
  if (!editedAt) return null;
  return (
    <span className="text-sm text-gray-500" title={formatDateTime(editedAt)}>
      {t('common.edited')}
    </span>
  );
}
