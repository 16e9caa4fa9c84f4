/**
 * What the list screens of a USSD session showed, remembered for a few minutes in this process.
 *
 * Each callback replays the session from its answers, and an answer to a list ("2") means the second
 * line the person saw. Without this, the replay loads every list it passes again just to map an answer
 * to an id: a job list costs a query that the callback's own screen does not need. With it, only the
 * last screen of a callback reads the database; the lists it passed are the ones the person read,
 * even if a job was posted since (which a fresh load would slip into the numbering).
 *
 * It is an optimisation only: several instances behind a balancer share no memory, so a callback that
 * lands where the screen was not shown loads the list again, as every callback did before.
 */

/** A gateway session lasts a few minutes at most (each screen has 15 s to be answered by the network). */
export const SHOWN_TTL_MS = 5 * 60_000;
/**
 * Bounds the memory: a job list is five ids (some 200 bytes), offers and conversations keep their
 * text cut to a screen (2 KB at most), so 20 MB at the very worst; 200 sessions at once keep some 600.
 */
export const SHOWN_MAX_ENTRIES = 10_000;

export interface ShownLists {
  /** The list the session's screen after `position` answers showed under `key`, if remembered here. */
  recall<T>(position: number, key: string): T | undefined;
  remember(position: number, key: string, value: unknown): void;
}

interface Entry {
  value: unknown;
  expires: number;
}

export function createShownStore({
  ttlMs = SHOWN_TTL_MS,
  maxEntries = SHOWN_MAX_ENTRIES,
  now = Date.now,
}: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
  // A Map keeps insertion order: the first key is the oldest, dropped first when full.
  const entries = new Map<string, Entry>();

  return {
    get size() {
      return entries.size;
    },
    /** The lists of one session: the gateway's sessionId with the calling number. */
    forSession(session: string): ShownLists {
      const at = (position: number, key: string) => `${session}\u0000${position}\u0000${key}`;
      return {
        recall<T>(position: number, key: string) {
          const id = at(position, key);
          const entry = entries.get(id);
          if (!entry) return undefined;
          if (entry.expires <= now()) {
            entries.delete(id);
            return undefined;
          }
          return entry.value as T;
        },
        remember(position, key, value) {
          const id = at(position, key);
          entries.delete(id);
          const time = now();
          entries.set(id, { value, expires: time + ttlMs });
          // Every entry lives as long, so the oldest expire first: drop them, then any over the bound.
          for (const [oldest, entry] of entries) {
            if (entry.expires > time && entries.size <= maxEntries) break;
            entries.delete(oldest);
          }
        },
      };
    },
  };
}

export type ShownStore = ReturnType<typeof createShownStore>;
