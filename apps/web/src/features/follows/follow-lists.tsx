import type { UserDto } from '@jamii/shared';
import { CardSkeletons } from '../../components/card-skeleton';
import { EmptyState, ListError } from '../../components/list-states';
import { MorePages } from '../../components/load-more';
import { t } from '../../lib/i18n';
import { flattenPages } from '../../lib/pages';
import { useFollowList, type FollowSide } from './api';
import { PersonRow } from './person-row';

function FollowList({ member, side }: { member: UserDto; side: FollowSide }) {
  const list = useFollowList(member.username, side);
  const title =
    side === 'followers'
      ? t('people.followersOf', { name: member.name })
      : t('people.followingOf', { name: member.name });
  if (list.isPending) return <CardSkeletons count={2} />;
  if (list.isError) return <ListError message={t('list.loadFailed')} onRetry={() => void list.refetch()} />;
  const people = flattenPages(list.data);
  return (
    <section aria-label={title}>
      <h2 className="mb-2 text-base font-bold text-gray-900">{title}</h2>
      {people.length === 0 ? (
        <EmptyState>
          {side === 'followers' ? t('people.followersEmpty') : t('people.followingEmpty')}
        </EmptyState>
      ) : (
        <>
          <ul className="divide-y divide-gray-100 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-gray-900/5">
            {people.map((person, index) => (
              <PersonRow key={person.id} person={person} index={index} />
            ))}
          </ul>
          <MorePages list={list} />
        </>
      )}
    </section>
  );
}

/** The profile's followers list (a tab without a button, opened from the count). */
export function FollowersTab({ member }: { member: UserDto }) {
  return <FollowList member={member} side="followers" />;
}

/** The profile's following list (a tab without a button, opened from the count). */
export function FollowingTab({ member }: { member: UserDto }) {
  return <FollowList member={member} side="following" />;
}
