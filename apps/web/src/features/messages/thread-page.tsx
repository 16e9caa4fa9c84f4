import type { ConversationDto, MessageDto } from '@jamii/shared';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BesideAvatar } from '../../components/avatar';
import { ListError } from '../../components/list-states';
import { ApiError } from '../../lib/api';
import { t, type PlainMessageKey } from '../../lib/i18n';
import { logError } from '../../lib/log';
import { pendingEntries, sendOrKeep, subscribeOutbox, type OutboxEntry } from '../../lib/offline/outbox';
import { flattenPages } from '../../lib/pages';
import { paths } from '../../lib/paths';
import {
  addToThread,
  applyRead,
  markConversationRead,
  newClientId,
  useConversation,
  useMessageCaches,
  useThread,
} from './api';
import { Composer } from './composer';
import { MessageBubble } from './message-bubble';

interface PendingMessage {
  clientId: string;
  body: string;
  createdAt: string;
  state: 'sending' | 'failed' | 'kept';
  /** The server's reason when it refused the message (403: a blocked pair). */
  failure?: string | undefined;
}

const CONTEXT_LABELS: Record<NonNullable<ConversationDto['context']>['type'], PlainMessageKey> = {
  job: 'messages.context.job',
  bid: 'messages.context.bid',
  offer: 'messages.context.offer',
  service: 'messages.context.service',
};

function contextPath(context: NonNullable<ConversationDto['context']>): string {
  if (context.type === 'job') return paths.jobDetails(context.id);
  if (context.type === 'service') return paths.services;
  return paths.bids;
}

function ThreadHeader({ conversation }: { conversation: ConversationDto | undefined }) {
  const other = conversation?.other;
  return (
    <header className="flex items-center gap-3 border-b border-gray-200 bg-white px-3 py-2">
      <Link
        to={paths.messages}
        className="inline-flex min-h-10 items-center rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span aria-hidden="true">←</span>
        <span className="ml-1">{t('messages.back')}</span>
      </Link>
      {other && (
        <>
          <BesideAvatar person={other}>
            <h1 className="truncate text-base font-bold text-gray-900">
              <Link to={paths.user(other.username)} className="hover:underline">
                {other.name}
              </Link>
            </h1>
            {conversation.context && (
              <Link
                to={contextPath(conversation.context)}
                className="block truncate text-xs font-medium text-brand-700 hover:underline"
              >
                {t(CONTEXT_LABELS[conversation.context.type])}
              </Link>
            )}
          </BesideAvatar>
        </>
      )}
    </header>
  );
}

/**
 * `/messages/{id}`: the thread, newest at the bottom, older messages on demand; sends at once on
 * screen (optimistic, with a client_id so a retry never doubles), takes live messages in, and
 * marks the conversation read while it is looked at.
 */
export function ThreadPage({
  conversationId,
  messageActions,
}: {
  conversationId: number;
  /** Actions on the other member's messages (Report), composed in by the app. */
  messageActions?: ((message: MessageDto) => ReactNode) | undefined;
}) {
  const { queryClient, userId } = useMessageCaches();
  const conversation = useConversation(conversationId);
  const thread = useThread(conversationId);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const listRef = useRef<HTMLDivElement>(null);

  // Server pages are newest first; the screen reads top to bottom, oldest first.
  const messages = flattenPages(thread.data).slice().reverse();
  const delivered = new Set(messages.map((m) => m.client_id).filter(Boolean));
  const stillPending = pending.filter((p) => !delivered.has(p.clientId));
  const newest = messages.at(-1);
  const newestFromOther = [...messages].reverse().find((m) => m.sender_id !== userId)?.id ?? 0;

  // Read while looked at: on opening, as the other member's messages arrive, and when the member
  // comes back to a tab that got messages while it was in the background.
  const markedUpTo = useRef(0);
  const [isVisible, setIsVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const handleVisibility = () => setIsVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', handleVisibility);
    return () => document.removeEventListener('visibilitychange', handleVisibility);
  }, []);
  useEffect(() => {
    if (!thread.isSuccess || !isVisible || newestFromOther <= markedUpTo.current) return;
    markedUpTo.current = newestFromOther;
    markConversationRead(conversationId).then(
      (read) => applyRead(queryClient, userId, read),
      (error: unknown) => logError('marking a conversation read failed', error),
    );
  }, [thread.isSuccess, isVisible, newestFromOther, conversationId, queryClient, userId]);

  // Keep the newest message in view when one arrives or is sent (older pages keep their place).
  const bottomKey = `${newest?.id ?? 0}:${stillPending.length}`;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [bottomKey]);

  // Written offline (here or before a reload): shown as waiting until the outbox has sent them.
  const messagesPath = `/api/conversations/${conversationId}/messages`;
  useEffect(() => {
    if (userId <= 0) return;
    let live = true;
    const clientIdOf = (entry: OutboxEntry) => (entry.json as { client_id?: string } | undefined)?.client_id;
    void pendingEntries(userId).then((entries) => {
      if (!live) return;
      const kept = entries.filter((entry) => entry.kind === 'message' && entry.path === messagesPath);
      setPending((all) => [
        ...all,
        ...kept
          .filter((entry) => !all.some((p) => p.clientId === clientIdOf(entry)))
          .map((entry) => ({
            clientId: clientIdOf(entry) ?? entry.key,
            body: entry.summary,
            createdAt: new Date(entry.createdAt).toISOString(),
            state: 'kept' as const,
          })),
      ]);
    });
    const unsubscribe = subscribeOutbox((event) => {
      if (event.type !== 'sent' || event.entry.kind !== 'message' || event.entry.path !== messagesPath)
        return;
      const message = event.answer as MessageDto;
      addToThread(queryClient, userId, message);
      setPending((all) => all.filter((p) => p.clientId !== clientIdOf(event.entry)));
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [userId, messagesPath, queryClient]);

  function deliver(item: PendingMessage) {
    sendOrKeep<MessageDto>({
      userId,
      kind: 'message',
      path: messagesPath,
      json: { body: item.body, client_id: item.clientId },
      summary: item.body,
    }).then(
      (result) => {
        if (result.queued) {
          setPending((all) => all.map((p) => (p.clientId === item.clientId ? { ...p, state: 'kept' } : p)));
          return;
        }
        addToThread(queryClient, userId, result.answer);
        setPending((all) => all.filter((p) => p.clientId !== item.clientId));
      },
      (error: unknown) => {
        logError('sending a message failed', error);
        // A refusal says why; a lost connection or a server error just offers Try again.
        const failure = error instanceof ApiError && error.status === 403 ? error.message : undefined;
        setPending((all) =>
          all.map((p) => (p.clientId === item.clientId ? { ...p, state: 'failed', failure } : p)),
        );
      },
    );
  }

  function handleSend(body: string) {
    const item: PendingMessage = {
      clientId: newClientId(),
      body,
      createdAt: new Date().toISOString(),
      state: 'sending',
    };
    setPending((all) => [...all, item]);
    deliver(item);
  }

  function handleRetry(clientId: string) {
    const item = pending.find((p) => p.clientId === clientId);
    if (!item) return;
    setPending((all) => all.map((p) => (p.clientId === clientId ? { ...p, state: 'sending' } : p)));
    deliver({ ...item, state: 'sending' });
  }

  const notFound =
    conversationId === 0 || (conversation.error instanceof ApiError && conversation.error.status === 404);
  const name = conversation.data?.other.name;

  // On a phone the thread fills the screen above the bottom nav; the page itself never scrolls.
  return (
    <div className="fixed inset-x-0 top-0 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] mx-auto flex w-full max-w-2xl flex-col md:static md:h-[calc(100dvh-7rem)] md:py-4">
      <title>
        {t('page.title', { page: name ? t('messages.threadTitle', { name }) : t('messages.title') })}
      </title>
      <div className="flex min-h-0 flex-1 flex-col overflow-hidden bg-gray-50 md:rounded-2xl md:shadow-sm md:ring-1 md:ring-gray-900/5">
        <ThreadHeader conversation={conversation.data} />
        {notFound ? (
          <div className="p-4">
            <h1 className="text-lg font-semibold text-gray-900">{t('messages.notFound')}</h1>
            <Link
              to={paths.messages}
              className="mt-2 inline-block font-semibold text-brand-700 hover:underline"
            >
              {t('messages.backToList')}
            </Link>
          </div>
        ) : thread.isError && !thread.data ? (
          <div className="p-4">
            <ListError message={t('messages.threadLoadFailed')} onRetry={() => void thread.refetch()} />
          </div>
        ) : (
          <>
            {/* A scrolling log must be reachable by keyboard to be scrolled (WCAG 2.1.1, axe scrollable-region-focusable). */}
            <div
              ref={listRef}
              role="log"
              aria-label={t('messages.threadLabel')}
              // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
              tabIndex={0}
              className="min-h-0 flex-1 overflow-y-auto px-3 py-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
            >
              <ol className="flex flex-col gap-2">
                {thread.hasNextPage && (
                  <li className="flex justify-center">
                    <button
                      type="button"
                      onClick={() => void thread.fetchNextPage()}
                      disabled={thread.isFetchingNextPage}
                      className="rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-gray-900/10 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60"
                    >
                      {thread.isFetchingNextPage ? t('common.loading') : t('messages.loadOlder')}
                    </button>
                  </li>
                )}
                {thread.isPending && (
                  <li role="status" className="py-6 text-center text-sm text-gray-600">
                    {t('common.loading')}
                  </li>
                )}
                {thread.isSuccess && messages.length === 0 && stillPending.length === 0 && (
                  <li className="py-6 text-center text-sm text-gray-600">{t('messages.threadEmpty')}</li>
                )}
                {messages.map((message) => (
                  <MessageBubble
                    key={message.id}
                    message={message}
                    isMine={message.sender_id === userId}
                    actions={message.sender_id !== userId ? messageActions?.(message) : undefined}
                  />
                ))}
                {stillPending.map((item) => (
                  <MessageBubble
                    key={item.clientId}
                    message={{
                      body: item.body,
                      created_at: item.createdAt,
                      risk: { level: 'none', reasons: [] },
                    }}
                    isMine
                    state={item.state}
                    onRetry={() => handleRetry(item.clientId)}
                    failure={item.failure}
                  />
                ))}
              </ol>
            </div>
            <Composer onSend={handleSend} />
          </>
        )}
      </div>
    </div>
  );
}
