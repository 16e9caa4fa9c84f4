import type { ConversationDto, MessageDto, MessageEvent } from '@jamii/shared';
import { useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { logError } from '../../lib/log';
import { cursorPages, flattenPages, isPagedList, type PagedList } from '../../lib/pages';

/** A page of the conversation list and of a thread. */
export const CONVERSATIONS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 30;

export const messageKeys = {
  all: ['messages'] as const,
  conversations: (userId: number) => ['messages', userId, 'conversations'] as const,
  conversation: (userId: number, id: number) => ['messages', userId, 'conversation', id] as const,
  thread: (userId: number, id: number) => ['messages', userId, 'thread', id] as const,
  unreadCount: (userId: number) => ['messages', userId, 'unread-count'] as const,
};

function useMemberId(): number {
  return useAuth().user?.id ?? 0;
}

/** `/messages`: my conversations, most recent first. */
export function useConversations() {
  const userId = useMemberId();
  return useInfiniteQuery({
    queryKey: messageKeys.conversations(userId),
    ...cursorPages<ConversationDto>('/api/conversations', { limit: CONVERSATIONS_PAGE_SIZE }),
    enabled: userId > 0,
  });
}

/** One conversation: the other member and the context, for the thread's header. */
export function useConversation(id: number) {
  const userId = useMemberId();
  return useQuery({
    queryKey: messageKeys.conversation(userId, id),
    queryFn: ({ signal }) => apiFetch<ConversationDto>(`/api/conversations/${id}`, { signal }),
    enabled: userId > 0 && id > 0,
  });
}

/** A thread's messages, newest first as the server pages them (the screen shows them oldest first). */
export function useThread(id: number) {
  const userId = useMemberId();
  return useInfiniteQuery({
    queryKey: messageKeys.thread(userId, id),
    ...cursorPages<MessageDto>(`/api/conversations/${id}/messages`, { limit: MESSAGES_PAGE_SIZE }),
    enabled: userId > 0 && id > 0,
  });
}

/** The navigation's badge: unread messages over all conversations; a failure counts as none. */
export function useMessagesUnreadCount() {
  const userId = useMemberId();
  return useQuery({
    queryKey: messageKeys.unreadCount(userId),
    queryFn: async ({ signal }) => {
      try {
        return (await apiFetch<{ count: number }>('/api/conversations/unread-count', { signal })).count;
      } catch (error) {
        if (signal.aborted) throw error;
        logError('loading the unread message count failed', error);
        return 0;
      }
    },
    enabled: userId > 0,
  });
}

export function markConversationRead(conversationId: number): Promise<ConversationDto> {
  return apiFetch<ConversationDto>(`/api/conversations/${conversationId}/read`, { method: 'POST' });
}

/** A random id for one send, kept across its retries. */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Puts a message into a cached thread once (newest first), whichever way it came. */
export function addToThread(queryClient: QueryClient, userId: number, message: MessageDto): void {
  queryClient.setQueryData<PagedList<MessageDto>>(
    messageKeys.thread(userId, message.conversation_id),
    (data) => {
      if (!isPagedList<MessageDto>(data)) return data;
      if (flattenPages(data).some((m) => m.id === message.id)) return data;
      const [first, ...rest] = data.pages;
      if (!first) return data;
      return { ...data, pages: [{ ...first, data: [message, ...first.data] }, ...rest] };
    },
  );
}

/**
 * A `message` pushed live (to both members' sockets): into its thread if that is loaded; the list
 * and the badge are read again (one small request each, only where they are shown).
 */
export function applyIncoming(queryClient: QueryClient, userId: number, event: MessageEvent): void {
  addToThread(queryClient, userId, event.message);
  void queryClient.invalidateQueries({ queryKey: messageKeys.conversations(userId) });
  if (event.message.sender_id !== userId) {
    void queryClient.invalidateQueries({ queryKey: messageKeys.unreadCount(userId) });
  }
}

/** After marking a conversation read: its row and the badge take the new state. */
export function applyRead(queryClient: QueryClient, userId: number, conversation: ConversationDto): void {
  queryClient.setQueryData(messageKeys.conversation(userId, conversation.id), conversation);
  void queryClient.invalidateQueries({ queryKey: messageKeys.unreadCount(userId) });
  void queryClient.invalidateQueries({ queryKey: messageKeys.conversations(userId) });
}

/** The query client and member id, for screens that update the caches themselves. */
export function useMessageCaches() {
  return { queryClient: useQueryClient(), userId: useMemberId() };
}
