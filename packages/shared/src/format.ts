// Plain helpers with no zod: the web app imports them on every page, so they must not pull in
// the validation schemas' modules.

/** Usernames are stored with a leading @ (docs/design.md#behaviour-the-specification-leaves-open). */
export function normalizeUsername(raw: string): string {
  const username = raw.trim();
  return username.startsWith('@') ? username : `@${username}`;
}

export function stripAt(username: string): string {
  return username.startsWith('@') ? username.slice(1) : username;
}

/** Money is in Kenya shillings unless a listing says US dollars (docs/design.md#money-in-kenya-shillings). */
export const CURRENCIES = ['KES', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'KES';

// docs/design.md#money-in-kenya-shillings writes KSh and US$ (en-KE's own symbols vary between ICU versions: "Ksh", "KES").
const CURRENCY_PREFIX: Record<Currency, string> = { KES: 'KSh ', USD: 'US$' };
const wholeAmounts = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
const centAmounts = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The one money formatter (docs/design.md#money-in-kenya-shillings), used everywhere an amount shows, notifications and
 * validation messages included: `KSh 25,000`, `US$250`, `KSh 99.50` (cents only when there are).
 */
export function formatMoney(amount: number, currency: Currency = DEFAULT_CURRENCY): string {
  const hasCents = Math.round(amount * 100) % 100 !== 0;
  return `${CURRENCY_PREFIX[currency]}${(hasCents ? centAmounts : wholeAmounts).format(amount)}`;
}

/**
 * A text for a preview (a shared link, a share message): one line, cut at a word near `max`
 * characters, with an ellipsis when cut.
 */
export function previewText(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** The answer to a placed offer (the specified API calls). */
export const BID_SUBMITTED_MESSAGE = 'Bid Submitted';
