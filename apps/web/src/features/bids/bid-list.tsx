import type { UserDto } from '@jamii/shared';
import { CardSkeletons } from '../../components/card-skeleton';
import { EmptyState, ListError } from '../../components/list-states';
import { MorePages } from '../../components/load-more';
import { t } from '../../lib/i18n';
import { flattenPages } from '../../lib/pages';
import { useBidsList } from './api';
import { BidItem } from './bid-item';

/** Bid requests, newest first (all of them, or one member's), more as one scrolls. */
export function BidList({ userId }: { userId?: number }) {
  const bids = useBidsList(userId === undefined ? {} : { userId });
  if (bids.isPending) return <CardSkeletons count={2} />;
  if (bids.isError) return <ListError message={t('list.loadFailed')} onRetry={() => void bids.refetch()} />;
  const items = flattenPages(bids.data);
  if (items.length === 0)
    return <EmptyState>{userId === undefined ? t('bids.empty') : t('bids.userEmpty')}</EmptyState>;
  return (
    <div className="space-y-3">
      {items.map((bid) => (
        <BidItem key={bid.id} bid={bid} />
      ))}
      <MorePages list={bids} />
    </div>
  );
}

/** A profile's bids tab. */
export function UserBids({ member }: { member: UserDto }) {
  return <BidList userId={member.id} />;
}
