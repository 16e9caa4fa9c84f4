import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { FreshQueryClient } from '../lib/query-client';
import { authStore } from '../lib/auth';
import { clearMemberCaches } from '../lib/offline/service-worker';
import { useCurrentLanguage } from '../components/language-switch';
import { ToastProvider } from '../components/toast/toast-provider';

const MAX_RETRIES = 2;

/** A 4xx answer will not change on retry; a dropped connection or a 5xx might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new FreshQueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // Data costs members money: reuse an answer for a minute and do not refetch on every tab switch.
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        // Always ask: offline, the service worker answers with the last copy seen (docs/features/kiswahili.md), and
        // a call that cannot be answered fails with a retry instead of waiting without a word.
        networkMode: 'always',
      },
      // Creates made offline are kept on the phone by the outbox (lib/offline), not paused here.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** When the member leaves (logout, session ended, another account), nothing of theirs stays cached. */
function useClearCacheOnAccountChange(queryClient: QueryClient) {
  useEffect(() => {
    let userId = authStore.getSnapshot().user?.id;
    return authStore.subscribe(() => {
      const nextId = authStore.getSnapshot().user?.id;
      if (nextId === userId) return;
      if (userId !== undefined) {
        queryClient.clear();
        // Nor in the service worker's caches, which answer offline.
        void clearMemberCaches();
      }
      userId = nextId;
    });
  }, [queryClient]);
}

/**
 * A change of language redraws every screen in the new one (screens read `t()` as they render), and
 * refetches what the server wrote in the old one (notifications).
 */
function useRedrawOnLanguageChange(queryClient: QueryClient): string {
  const language = useCurrentLanguage();
  const shown = useRef(language);
  useEffect(() => {
    if (shown.current === language) return;
    shown.current = language;
    void queryClient.invalidateQueries();
  }, [language, queryClient]);
  return language;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useClearCacheOnAccountChange(queryClient);
  const language = useRedrawOnLanguageChange(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <Fragment key={language}>{children}</Fragment>
      </ToastProvider>
    </QueryClientProvider>
  );
}
