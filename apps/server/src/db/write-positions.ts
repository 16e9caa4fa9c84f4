import type { Redis } from 'ioredis';

// Where each member's last write stands in the primary's WAL, for as long as a replica may still be
// behind it: a read for that member goes to a replica only once the replica has replayed that far.
// In memory for this instance and in Redis (when there is one) for the others behind the balancer.

/** How long after a write its member's reads wait for a replica to have replayed it. */
export const WRITE_POSITION_TTL_MS = 30_000;

/** A WAL position as PostgreSQL writes it (`16/B374D848`) → a number that compares. */
export function parseLsn(text: string): bigint {
  const [high = '', low = ''] = text.split('/');
  if (!/^[0-9A-F]{1,8}$/i.test(high) || !/^[0-9A-F]{1,8}$/i.test(low))
    throw new Error(`"${text}" is not a WAL position`);
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** No member named: a write by a visitor (signing up, logging in); every reader waits for those. */
const ANYONE = 'anyone';
/** Beyond any real position: until its time runs out, reads go to the primary. */
export const UNKNOWN_POSITION = (1n << 64n) - 1n;

export interface WritePositions {
  note(memberId: number | null, lsn: bigint): void;
  /** The position a replica must have replayed to serve this member (0: any). */
  required(memberId: number | null): Promise<bigint>;
  /** Forgets positions whose time has run out (memory only; Redis expires its own). */
  sweep(): void;
}

export function createWritePositions(opts: {
  redis?: Redis | undefined;
  keyPrefix?: string;
  now?: () => number;
}): WritePositions {
  const { redis, keyPrefix = 'jamii-lsn:', now = Date.now } = opts;
  const local = new Map<string, { lsn: bigint; until: number }>();
  const keyOf = (memberId: number | null) => (memberId === null ? ANYONE : String(memberId));
  const ready = () => redis?.status === 'ready';

  function fromMemory(key: string) {
    const entry = local.get(key);
    if (!entry || entry.until <= now()) return 0n;
    return entry.lsn;
  }

  async function fromRedis(keys: string[]) {
    if (!redis || !ready()) return 0n;
    try {
      const values = await redis.mget(...keys.map((k) => keyPrefix + k));
      return values.reduce((max, v) => (v && /^\d+$/.test(v) && BigInt(v) > max ? BigInt(v) : max), 0n);
    } catch {
      // Redis is a helper: without it this instance knows its own members' writes only.
      return 0n;
    }
  }

  return {
    note(memberId, lsn) {
      const key = keyOf(memberId);
      const known = fromMemory(key);
      local.set(key, { lsn: lsn > known ? lsn : known, until: now() + WRITE_POSITION_TTL_MS });
      if (redis && ready())
        void redis.set(keyPrefix + key, String(lsn), 'PX', WRITE_POSITION_TTL_MS).catch(() => undefined);
    },
    async required(memberId) {
      const keys = memberId === null ? [ANYONE] : [keyOf(memberId), ANYONE];
      const inMemory = keys.reduce((max, k) => (fromMemory(k) > max ? fromMemory(k) : max), 0n);
      const shared = await fromRedis(keys);
      return shared > inMemory ? shared : inMemory;
    },
    sweep() {
      const t = now();
      for (const [key, entry] of local) if (entry.until <= t) local.delete(key);
    },
  };
}
