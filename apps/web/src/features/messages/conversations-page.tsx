import type { ConversationDto } from '@jamii/shared';
import { Link } from 'react-router';
import { Avatar } from '../../components/avatar';
import { CardSkeletons } from '../../components/card-skeleton';
import { TimeAgo } from '../../components/time-ago';
import { PagedList } from '../../components/paged-list';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useConversations } from './api';

function ConversationRow({ conversation, myId }: { conversation: ConversationDto; myId: number }) {
  const { other, last_message: last, unread } = conversation;
  const isUnread = unread > 0;
  const preview = last
    ? last.sender_id === myId
      ? t('messages.previewMine', { text: last.body })
      : last.body
    : t('messages.noMessagesYet');
  return (
    <li data-testid="conversation" data-unread={isUnread}>
      <Link
        to={paths.message(conversation.id)}
        className="flex items-center gap-3 px-4 py-3 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      >
        <Avatar person={other} size="md" />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <p className={`truncate text-gray-900 ${isUnread ? 'font-bold' : 'font-semibold'}`}>
              {other.name}
            </p>
            <TimeAgo iso={conversation.updated_at} className="shrink-0 text-xs text-gray-600" />
          </div>
          <div className="flex items-center justify-between gap-2">
            <p className={`truncate text-sm ${isUnread ? 'font-semibold text-gray-900' : 'text-gray-600'}`}>
              {preview}
            </p>
            {isUnread && (
              <span className="flex shrink-0 items-center">
                <span
                  aria-hidden="true"
                  data-testid="unread-dot"
                  className="size-2.5 rounded-full bg-brand-600"
                />
                <span className="sr-only">{t('messages.unreadInConversation', { count: unread })}</span>
              </span>
            )}
          </div>
        </div>
      </Link>
    </li>
  );
}

/** `/messages`: my conversations, most recent first, with an unread dot. */
export function ConversationsPage() {
  const list = useConversations();
  const myId = useAuth().user?.id ?? 0;
  return (
    <div className="mx-auto w-full max-w-2xl px-3 py-4 sm:px-4 sm:py-6">
      <title>{t('page.title', { page: t('messages.title') })}</title>
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-gray-900">{t('messages.title')}</h1>
      <PagedList
        list={list}
        loading={<CardSkeletons count={3} />}
        loadFailed={t('messages.loadFailed')}
        empty={t('messages.empty')}
        label={t('messages.listLabel')}
        className="divide-y divide-gray-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-900/5"
        renderItem={(conversation) => <ConversationRow conversation={conversation} myId={myId} />}
      />
    </div>
  );
}
