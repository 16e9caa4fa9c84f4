import type { BlockedMember } from '@jamii/shared';
import { buttonClasses } from '../../components/button-styles';
import { CardAvatar } from '../../components/card-avatar';
import { PageSpinner } from '../../components/page-spinner';
import { TimeAgo } from '../../components/time-ago';
import { PagedList } from '../../components/paged-list';
import { t } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useToast } from '../../lib/toast';
import { useBlock, useBlockedMembers } from './api';
import { NameLink } from '../../components/name-link';

function BlockedRow({ member }: { member: BlockedMember }) {
  const toast = useToast();
  const block = useBlock();
  return (
    <li className="flex items-center gap-3 py-3">
      <CardAvatar name={member.name} picture={member.profile_pic} />
      <div className="min-w-0 flex-1">
        <NameLink to={paths.user(member.username)} className="block truncate">
          {member.name}
        </NameLink>
        <p className="truncate text-sm text-gray-600">
          {member.username} · <TimeAgo iso={member.blocked_at} />
        </p>
      </div>
      <button
        type="button"
        className={buttonClasses('secondary')}
        disabled={block.isPending}
        aria-label={`${t('blocks.unblock')} ${member.name}`}
        onClick={() =>
          block.mutate(
            { username: member.username, block: false },
            {
              onSuccess: () => toast.success(t('blocks.unblocked', { name: member.name })),
              onError: () => toast.error(t('blocks.failed')),
            },
          )
        }
      >
        {block.isPending ? t('blocks.unblocking') : t('blocks.unblock')}
      </button>
    </li>
  );
}

/** Settings › Blocked members: whom I blocked, newest first, each with Unblock (docs/design.md#trust-and-safety). */
export function BlockedMembersPage() {
  const list = useBlockedMembers();
  return (
    <div className="mx-auto w-full max-w-3xl px-3 py-4 sm:px-4 sm:py-6">
      <title>{t('page.title', { page: t('blocks.title') })}</title>
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-gray-900">{t('blocks.title')}</h1>
      <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6">
        <PagedList
          list={list}
          loading={<PageSpinner />}
          loadFailed={t('blocks.loadFailed')}
          empty={t('blocks.empty')}
          label={t('blocks.title')}
          className="divide-y divide-gray-100"
          renderItem={(member) => <BlockedRow member={member} />}
        />
      </section>
    </div>
  );
}
