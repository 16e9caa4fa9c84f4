import { WATCH_KINDS, WATCH_RATE, type WatchKind } from '@jamii/shared';

/** Whether the member (null: a visitor) may watch the thing; checked on `watch` and on re-checks. */
export type CanWatch = (userId: number | null, id: number) => Promise<boolean>;

/** An answer is trusted this long; the events that change it (blocks, hides…) forget it at once. */
const CHECK_TTL_MS = 10_000;
/** Answers kept per instance: a flood of distinct ids evicts the oldest, it cannot grow memory. */
const MAX_ANSWERS = 20_000;
/**
 * Checks that reach the database, per instance, visitors and members apart: how many at once, and
 * how much of each second they may take. A flood of anonymous sockets asking for ids nobody asked
 * before spends the visitors' share and no more, on a fast machine or a slow one, so the API and
 * members' watches keep their speed. Cached answers cost nothing and are not counted.
 */
const FRESH_CHECKS = {
  visitor: { atOnce: 1, msPerSecond: 50 },
  member: { atOnce: 4, msPerSecond: 200 },
} as const;
/** A socket sending this many times the limit within the window is not a client pacing itself. */
const DISCONNECT_AT = WATCH_RATE.max * 3;

/** The room of the sockets watching one thing (`post:12`, as `postRoom` names it). */
export const watchRoom = (kind: WatchKind, id: number) => `${kind}:${id}`;

/** The thing a room is about, for rooms named by `watchRoom`; null for every other room. */
export function parseWatchRoom(room: string): { kind: WatchKind; id: number } | null {
  const match = /^([a-z]+):(\d+)$/.exec(room);
  if (!match || !(WATCH_KINDS as readonly string[]).includes(match[1]!)) return null;
  return { kind: match[1] as WatchKind, id: Number(match[2]) };
}

/**
 * One socket's `watch` allowance: the timestamps of its last sends (refused ones count too).
 * Answers `ok`; `refused` for the first send over the limit (answered false, nothing checked);
 * `ignored` for the next ones (not answered at all: a client that waits for each answer stops
 * there, and costs nothing more); `abuse` far over it (the socket is to be disconnected).
 */
export function createWatchAllowance(now: () => number = Date.now) {
  const sent: number[] = [];
  return () => {
    const t = now();
    while (sent.length > 0 && t - sent[0]! >= WATCH_RATE.windowMs) sent.shift();
    sent.push(t);
    if (sent.length > DISCONNECT_AT) return 'abuse' as const;
    if (sent.length > WATCH_RATE.max + 1) return 'ignored' as const;
    return sent.length > WATCH_RATE.max ? ('refused' as const) : ('ok' as const);
  };
}

interface Answer {
  answer: Promise<boolean>;
  expires: number;
}

/**
 * The features' watch rules behind a cache shared by the instance's sockets: a thousand visitors
 * watching one post cost one query, and one in flight is shared. `epoch` changes on every
 * forgetting, so a check that was under way while a block or a hide committed is asked again.
 */
export function createWatchChecks(now: () => number = Date.now) {
  const guards = new Map<WatchKind, CanWatch>();
  /** Answers by thing (`post:12`), then by member (0: a visitor). */
  const answers = new Map<string, Map<number, Answer>>();
  let size = 0;
  let epoch = 0;
  const budget = {
    visitor: { second: 0, spentMs: 0, running: 0 },
    member: { second: 0, spentMs: 0, running: 0 },
  };

  /** Runs a fresh check within its share; null when the share is spent (nothing is asked). */
  function spend(who: 'visitor' | 'member', ask: () => Promise<boolean>): Promise<boolean> | null {
    const b = budget[who];
    const second = Math.floor(now() / 1000);
    if (b.second !== second) {
      b.second = second;
      b.spentMs = 0;
    }
    const share = FRESH_CHECKS[who];
    if (b.running >= share.atOnce || b.spentMs >= share.msPerSecond) return null;
    b.running++;
    const started = now();
    return ask().finally(() => {
      b.running--;
      b.spentMs += now() - started;
    });
  }

  function forgetThing(key: string) {
    const byMember = answers.get(key);
    if (!byMember) return;
    size -= byMember.size;
    answers.delete(key);
  }

  function remember(key: string, member: number, answer: Answer) {
    let byMember = answers.get(key);
    if (!byMember) answers.set(key, (byMember = new Map()));
    if (!byMember.has(member)) size++;
    byMember.set(member, answer);
    // The oldest things first (a Map keeps insertion order).
    for (const oldest of answers.keys()) {
      if (size <= MAX_ANSWERS) break;
      forgetThing(oldest);
    }
  }

  return {
    get epoch() {
      return epoch;
    },
    allow(kind: WatchKind, canWatch: CanWatch) {
      guards.set(kind, canWatch);
    },
    has(kind: WatchKind) {
      return guards.has(kind);
    },
    /**
     * The answer, cached or asked; null when this instance has spent its fresh checks for the
     * second (`fresh`: a re-check after an event, which is never refused).
     */
    check(kind: WatchKind, id: number, userId: number | null, fresh = false): Promise<boolean> | null {
      const guard = guards.get(kind);
      if (!guard) return Promise.resolve(false);
      const key = watchRoom(kind, id);
      const member = userId ?? 0;
      const cached = answers.get(key)?.get(member);
      if (cached && cached.expires > now()) return cached.answer;
      const answer = fresh
        ? guard(userId, id)
        : spend(userId === null ? 'visitor' : 'member', () => guard(userId, id));
      if (answer === null) return null;
      const entry = { answer, expires: now() + CHECK_TTL_MS };
      remember(key, member, entry);
      // A failed check is not remembered: the next one asks again.
      answer.catch(() => {
        if (answers.get(key)?.get(member) === entry) {
          answers.get(key)!.delete(member);
          size--;
        }
      });
      return answer;
    },
    /** The things changed (hidden, held, approved, their author suspended or restored). */
    forgetThings(kind: WatchKind, ids: readonly number[]) {
      epoch++;
      for (const id of ids) forgetThing(watchRoom(kind, id));
    },
    /** What these members may see changed (a block, an unblock, a role). */
    forgetMembers(userIds: readonly number[]) {
      epoch++;
      for (const byMember of answers.values()) for (const id of userIds) if (byMember.delete(id)) size--;
    },
  };
}

export type WatchChecks = ReturnType<typeof createWatchChecks>;
