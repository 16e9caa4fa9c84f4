import type { QuizResultInputValues } from '@jamii/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { logError } from '../../lib/log';
import { useToast } from '../../lib/toast';
import { postQuizResult, quizQueryKeys } from './results-api';

export type SaveStatus = 'saving' | 'saved' | 'failed';

interface UnsavedResult extends QuizResultInputValues {
  key: string;
}

// Finished rounds wait here until the server has them, so a dropped connection, a closed tab or a
// session that ended mid-round never loses a result: they are sent again the next time the quiz opens.
const storageKey = (userId: number) => `jamii.quiz.unsaved.${userId}`;

function isUnsavedResult(value: unknown): value is UnsavedResult {
  const item = value as UnsavedResult;
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof item.key === 'string' &&
    Number.isInteger(item.score) &&
    Number.isInteger(item.total)
  );
}

function readUnsaved(userId: number): UnsavedResult[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isUnsavedResult) : [];
  } catch {
    return [];
  }
}

function writeUnsaved(userId: number, results: UnsavedResult[]): void {
  try {
    if (results.length) localStorage.setItem(storageKey(userId), JSON.stringify(results));
    else localStorage.removeItem(storageKey(userId));
  } catch {
    // Storage can be blocked; the result is then kept for this visit only, in the page's state.
  }
}

/** A 4xx other than these will be answered the same however often the result is sent. */
function isRefusedForGood(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 408, 429].includes(error.status)
  );
}

let lastKey = 0;
const newKey = () => `${Date.now().toString(36)}-${(lastKey += 1)}`;

/**
 * Saves finished rounds (`POST /api/quiz/results`), one at a time and each once. A failure is shown
 * as a toast with a retry and in the answer of `statusOf`; the round stays queued until it is saved.
 */
export function useQuizResultSaver() {
  const { user } = useAuth();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const toast = useToast();
  const [statuses, setStatuses] = useState<Record<string, SaveStatus>>({});
  const isSending = useRef(false);
  // Results kept here too, for browsers whose storage is blocked.
  const inMemory = useRef<UnsavedResult[]>([]);
  const retryRef = useRef<() => void>(() => {});

  const setStatus = useCallback((keys: string[], status: SaveStatus) => {
    if (keys.length)
      setStatuses((current) => ({ ...current, ...Object.fromEntries(keys.map((k) => [k, status])) }));
  }, []);

  const flush = useCallback(async () => {
    if (userId === undefined || isSending.current) return;
    isSending.current = true;
    const pending = () => {
      const stored = readUnsaved(userId);
      const storedKeys = new Set(stored.map((r) => r.key));
      return [...stored, ...inMemory.current.filter((r) => !storedKeys.has(r.key))];
    };
    const forget = (key: string) => {
      inMemory.current = inMemory.current.filter((r) => r.key !== key);
      writeUnsaved(
        userId,
        readUnsaved(userId).filter((r) => r.key !== key),
      );
    };
    let savedAny = false;
    try {
      for (let next = pending()[0]; next; next = pending()[0]) {
        setStatus([next.key], 'saving');
        try {
          await postQuizResult({ score: next.score, total: next.total });
          forget(next.key);
          savedAny = true;
          setStatus([next.key], 'saved');
        } catch (error) {
          if (isRefusedForGood(error)) {
            logError('quiz result refused', error);
            forget(next.key);
            setStatus([next.key], 'failed');
            toast.error(errorMessage(error, t('quiz.save.failed')));
            continue;
          }
          setStatus(
            pending().map((r) => r.key),
            'failed',
          );
          toast.show({
            kind: 'error',
            message: t('quiz.save.failed'),
            action: { label: t('error.retry'), onClick: () => retryRef.current() },
          });
          break;
        }
      }
    } finally {
      isSending.current = false;
      if (savedAny) void queryClient.invalidateQueries({ queryKey: quizQueryKeys.all });
    }
  }, [userId, queryClient, toast, setStatus]);

  useEffect(() => {
    retryRef.current = () => void flush();
  }, [flush]);

  // Rounds left unsaved by an earlier visit are sent when the quiz opens.
  useEffect(() => {
    void flush();
  }, [flush]);

  /** Queues a finished round and sends it; answers the key to ask `statusOf` about. */
  const save = useCallback(
    (result: QuizResultInputValues): string => {
      const item = { key: newKey(), score: result.score, total: result.total };
      inMemory.current = [...inMemory.current, item];
      if (userId !== undefined) writeUnsaved(userId, [...readUnsaved(userId), item]);
      setStatus([item.key], 'saving');
      void flush();
      return item.key;
    },
    [userId, flush, setStatus],
  );

  const statusOf = useCallback(
    (key: string | null): SaveStatus | null => (key ? (statuses[key] ?? null) : null),
    [statuses],
  );

  return { save, statusOf, retry: () => void flush() };
}
