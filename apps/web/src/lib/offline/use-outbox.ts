import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '../auth';
import { t } from '../i18n';
import { useToast } from '../toast';
import { flushOutbox, pendingEntries, subscribeOutbox, type OutboxEntry, type OutboxKind } from './outbox';

/** How often the outbox is tried while the app is open, besides `online` and the start. */
const RETRY_EVERY_MS = 30_000;

/** The cached lists a sent item belongs in, refreshed once it has been sent. */
const LISTS: Record<OutboxKind, QueryKey> = {
  post: ['posts'],
  like: ['posts'],
  comment: ['comments'],
  job: ['jobs'],
  bid: ['bids'],
  offer: ['bids'],
  message: ['messages'],
};

type SentHandler = (queryClient: QueryClient, answer: unknown) => void;
const sentHandlers = new Map<OutboxKind, SentHandler>();

/**
 * What a feature does with the server's answer to one of its kept items, once its lists have been
 * refetched. The refetch alone may not show the item: on a slow connection the service worker
 * answers a list from its cache after 5 s, and that copy was taken before the item was sent.
 */
export function onOutboxSent<T>(kind: OutboxKind, handler: (queryClient: QueryClient, answer: T) => void) {
  sentHandlers.set(kind, handler as SentHandler);
}

/**
 * Sends what the member kept on the phone while offline, at start, whenever the connection
 * returns and every 30 s, and says so: "Sent" when an item has reached the server, the server's reason when it was
 * refused. Mounted once, in the signed-in frame.
 */
export function useOutboxSender(): void {
  const { user } = useAuth();
  const userId = user?.id;
  const toast = useToast();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (userId === undefined) return;
    const flush = () => void flushOutbox(userId);
    const unsubscribe = subscribeOutbox((event) => {
      if (event.entry.userId !== userId) return;
      // A kept item is announced by the form that kept it ("Saved on your phone…").
      if (event.type === 'queued') return;
      if (event.type === 'sent') {
        toast.success(t('outbox.sent'));
        const { kind } = event.entry;
        void queryClient
          .invalidateQueries({ queryKey: LISTS[kind] })
          .then(() => sentHandlers.get(kind)?.(queryClient, event.answer));
      } else {
        toast.error(t('outbox.refused', { reason: event.error.message }));
      }
    });
    window.addEventListener('online', flush);
    // A call that timed out on a slow connection was kept while the browser still said online: no
    // `online` event will come for it, so the outbox is also tried every so often (an empty one
    // costs an IndexedDB read, no request).
    const timer = setInterval(flush, RETRY_EVERY_MS);
    flush();
    return () => {
      unsubscribe();
      clearInterval(timer);
      window.removeEventListener('online', flush);
    };
  }, [userId, toast, queryClient]);
}

/** The member's items waiting on the phone, oldest first, kept up to date; and a way to send them now. */
export function useOutboxEntries(): { entries: OutboxEntry[]; sendNow: () => void } {
  const { user } = useAuth();
  const userId = user?.id;
  const [entries, setEntries] = useState<OutboxEntry[]>([]);

  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    const load = () =>
      void pendingEntries(userId).then((next) => {
        if (live) setEntries(next);
      });
    load();
    const unsubscribe = subscribeOutbox(load);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [userId]);

  const sendNow = useCallback(() => {
    if (userId !== undefined) void flushOutbox(userId);
  }, [userId]);
  return { entries: userId === undefined ? [] : entries, sendNow };
}
