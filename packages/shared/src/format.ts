import { CURRENCY_SIGN } from './constants';

// Plain helpers with no zod: the web app imports them on every page, so they must not pull in
// the validation schemas' modules.

/** Usernames are stored with a leading @ (DESIGN §6). */
export function normalizeUsername(raw: string): string {
  const username = raw.trim();
  return username.startsWith('@') ? username : `@${username}`;
}

export function stripAt(username: string): string {
  return username.startsWith('@') ? username.slice(1) : username;
}

/** A price as the cards show it (SPEC §1: with a $ sign): $1,250 or $99.50. */
export function formatPrice(amount: number): string {
  const cents = Math.round(amount * 100) % 100 !== 0;
  return `${CURRENCY_SIGN}${amount.toLocaleString('en-US', {
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: 2,
  })}`;
}

/** The answer to a placed offer (SPEC §7). */
export const BID_SUBMITTED_MESSAGE = 'Bid Submitted';
