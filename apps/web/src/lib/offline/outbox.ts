import { createStore, get, update, type UseStore } from 'idb-keyval';
import { ApiError, apiFetch, isConnectionError, newIdempotencyKey, uploadWithProgress } from '../api';
import { authStore } from '../auth';
import { logError } from '../log';

/** What a member can create offline (docs/features/kiswahili.md): each is sent later with its first idempotency key. */
export type OutboxKind = 'post' | 'job' | 'bid' | 'offer' | 'message' | 'like' | 'comment';

/** One create kept on the phone until the server has answered it. */
export interface OutboxEntry {
  /** The call's `Idempotency-Key`, the same on every attempt: the server runs it at most once. */
  key: string;
  /** Whose it is: it is only ever sent while that member is signed in. */
  userId: number;
  kind: OutboxKind;
  /** The POST route, e.g. `/api/posts`. */
  path: string;
  /** A JSON body, or the fields of a multipart form (a picture is kept as its file). */
  json?: unknown;
  form?: [string, string | Blob][];
  /** A line the member recognises it by (the post's text, the job's title). */
  summary: string;
  createdAt: number;
}

export type OutboxEvent =
  | { type: 'queued'; entry: OutboxEntry }
  | { type: 'sent'; entry: OutboxEntry; answer: unknown }
  | { type: 'refused'; entry: OutboxEntry; error: ApiError };

/** Where the queue lives: IndexedDB in the browser (it outlives a closed tab and a restart). */
export interface OutboxStorage {
  read: () => Promise<OutboxEntry[]>;
  change: (updater: (queue: OutboxEntry[]) => OutboxEntry[]) => Promise<void>;
}

const QUEUE_KEY = 'queue';

function indexedDbStorage(): OutboxStorage {
  let store: UseStore | null = null;
  const db = () => (store ??= createStore('jamii-outbox', 'entries'));
  return {
    read: async () => (await get<OutboxEntry[]>(QUEUE_KEY, db())) ?? [],
    // One read-modify-write transaction, so two changes never lose one another.
    change: (updater) => update<OutboxEntry[]>(QUEUE_KEY, (queue) => updater(queue ?? []), db()),
  };
}

/** A queue in memory, for tests and for browsers without IndexedDB (kept while the page lives). */
export function memoryStorage(): OutboxStorage {
  let queue: OutboxEntry[] = [];
  return {
    read: () => Promise.resolve([...queue]),
    change: (updater) => {
      queue = updater([...queue]);
      return Promise.resolve();
    },
  };
}

let storage: OutboxStorage = typeof indexedDB === 'undefined' ? memoryStorage() : indexedDbStorage();
const listeners = new Set<(event: OutboxEvent) => void>();
let flushing: Promise<void> | null = null;

/** Tests: another storage (and a clean state). */
export function setOutboxStorage(next: OutboxStorage): void {
  storage = next;
  flushing = null;
}

export function subscribeOutbox(listener: (event: OutboxEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: OutboxEvent) {
  for (const listener of listeners) listener(event);
}

/** The member's entries still waiting, oldest first. */
export async function pendingEntries(userId: number): Promise<OutboxEntry[]> {
  return (await storage.read()).filter((entry) => entry.userId === userId);
}

/**
 * A refusal that will not change if the same call is sent again: a 4xx the route decided. Not final:
 * 401 (the session may be renewed), 408, 429, and 409 IDEMPOTENCY_KEY_IN_USE (the first try is
 * still running on the server).
 */
export function isFinalRefusal(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return false;
  if (error.status === 401 || error.status === 408 || error.status === 429) return false;
  return !(error.status === 409 && error.code === 'IDEMPOTENCY_KEY_IN_USE');
}

function transmit(entry: OutboxEntry, onProgress?: (percent: number) => void): Promise<unknown> {
  if (entry.form) {
    const body = new FormData();
    for (const [name, value] of entry.form) body.append(name, value);
    return uploadWithProgress(entry.path, { body, idempotencyKey: entry.key, onProgress });
  }
  return apiFetch(entry.path, { method: 'POST', body: entry.json, idempotencyKey: entry.key });
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

async function remove(key: string) {
  await storage.change((queue) => queue.filter((entry) => entry.key !== key));
}

async function flushNow(userId: number): Promise<void> {
  // The browser knows it has no connection: nothing to try.
  if (isOffline()) return;
  const tried = new Set<string>();
  for (;;) {
    const next = (await pendingEntries(userId)).find((entry) => !tried.has(entry.key));
    if (!next) return;
    tried.add(next.key);
    try {
      const answer = await transmit(next);
      await remove(next.key);
      emit({ type: 'sent', entry: next, answer });
    } catch (error) {
      if (isFinalRefusal(error)) {
        await remove(next.key);
        emit({ type: 'refused', entry: next, error });
        continue;
      }
      // Offline again, a slow or failing server, an ended session: the rest waits, in order.
      if (!isConnectionError(error)) logError('sending a kept item failed; it stays on the phone', error);
      return;
    }
  }
}

/**
 * Sends the member's kept items, oldest first, one at a time; each leaves the phone only after a 2xx
 * or a final refusal. Stops at the first that cannot be sent yet. One flush at a time per tab, and
 * one per browser where Web Locks exist (the idempotency key makes a race harmless anyway).
 */
export function flushOutbox(userId: number): Promise<void> {
  flushing ??= (async () => {
    try {
      const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
      if (locks) await locks.request('jamii-outbox', () => flushNow(userId));
      else await flushNow(userId);
    } catch (error) {
      logError('the outbox could not be read', error);
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

export type SendResult<T> = { queued: false; answer: T } | { queued: true; entry: OutboxEntry };

/** An outbox entry's fields (its key and time are added here), and the upload's progress. */
export type SendOrKeepInput = Omit<OutboxEntry, 'key' | 'createdAt'> & {
  onProgress?: (percent: number) => void;
};

/**
 * A create that survives a dropped connection: sent at once when online; kept on the phone (with
 * its idempotency key) when the phone is offline or the call fails for want of a connection, and
 * sent by `flushOutbox` when the connection returns. A server's refusal is thrown as usual.
 */
export async function sendOrKeep<T>(input: SendOrKeepInput): Promise<SendResult<T>> {
  const { onProgress, ...fields } = input;
  const entry: OutboxEntry = { ...fields, key: newIdempotencyKey(), createdAt: Date.now() };
  const keep = async (): Promise<SendResult<T>> => {
    await storage.change((queue) => [...queue, entry]);
    emit({ type: 'queued', entry });
    return { queued: true, entry };
  };
  if (isOffline()) return keep();
  try {
    return { queued: false, answer: (await transmit(entry, onProgress)) as T };
  } catch (error) {
    if (isConnectionError(error)) return keep();
    throw error;
  }
}

/** True for the answer of a create that was kept on the phone rather than sent. */
export function isKept(result: unknown): result is { queued: true; entry: OutboxEntry } {
  return typeof result === 'object' && result !== null && (result as { queued?: unknown }).queued === true;
}

/**
 * A JSON create (`POST path` with `json`) by the signed-in member through `sendOrKeep`; signed out,
 * a plain call (nothing is kept for nobody).
 */
export function createOrKeep<T>(
  kind: OutboxKind,
  path: string,
  json: unknown,
  summary: string,
): Promise<SendResult<T>> {
  const userId = authStore.getSnapshot().user?.id;
  if (userId === undefined) {
    return apiFetch<T>(path, { method: 'POST', body: json }).then((answer) => ({ queued: false, answer }));
  }
  return sendOrKeep<T>({ userId, kind, path, json, summary });
}
