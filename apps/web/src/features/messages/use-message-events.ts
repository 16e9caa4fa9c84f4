import { useRealtimeEvent, useRealtimeResume } from '../../lib/realtime';
import { applyIncoming, useMessageCaches } from './api';

/**
 * Live messages for every screen of the signed-in layout: the open thread shows them at once, and
 * the conversation list and the unread badge follow. Mount once, in the common layout.
 */
export function useMessageEvents(): void {
  const { queryClient, userId } = useMessageCaches();
  useRealtimeEvent('message', (event) => {
    if (userId > 0) applyIncoming(queryClient, userId, event);
  });
  // Back from a rest in a hidden tab (data saver): what arrived meanwhile is read again.
  useRealtimeResume(() => {
    if (userId > 0) void queryClient.invalidateQueries({ queryKey: ['messages', userId] });
  });
}
