import { formatDateTime, formatTimeAgo } from '../lib/time';

/** A card's time: how long ago, with the full local date and time on hover and for machines. */
export function TimeAgo({ iso, className = '' }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {formatTimeAgo(iso)}
    </time>
  );
}
