// Africa/Nairobi keeps UTC+3 all year (no summer time), so its hours are plain UTC arithmetic.
const NAIROBI_OFFSET_MS = 3 * 3600_000;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** The hour of the day (0–23) in Nairobi at `now`. */
export const nairobiHour = (now: Date) => new Date(now.getTime() + NAIROBI_OFFSET_MS).getUTCHours();

/** The calendar day in Nairobi at `now` (2026-12-02): the digest's and the SMS cap's day. */
export const nairobiDay = (now: Date) =>
  new Date(now.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 10);

/** The next `hour`:00 in Nairobi strictly after `now`. */
export function nextNairobiHour(now: Date, hour: number): Date {
  const local = now.getTime() + NAIROBI_OFFSET_MS;
  const todayAt = Math.floor(local / DAY_MS) * DAY_MS + hour * HOUR_MS;
  return new Date((todayAt > local ? todayAt : todayAt + DAY_MS) - NAIROBI_OFFSET_MS);
}

/** When the daily digest goes after `now`: the next 07:00 in Nairobi. */
export const nextDigestAt = (now: Date) => nextNairobiHour(now, 7);
