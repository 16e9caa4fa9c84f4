import { t } from '../lib/i18n';
import { formatDateTime } from '../lib/time';

/** "(edited)" beside a time, on an item its owner changed (DESIGN §8.2); nothing otherwise. */
export function EditedMarker({ editedAt }: { editedAt: string | null | undefined }) {
  if (!editedAt) return null;
  return (
    <span className="text-sm text-gray-500" title={formatDateTime(editedAt)}>
      {t('common.edited')}
    </span>
  );
}
