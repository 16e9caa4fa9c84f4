// Phone numbers and @mentions in a message become links (issue 11): a member taps a number to call
// it and a name to see the profile. Pure, so it is unit-tested without a screen.

export type MessagePart =
  | { kind: 'text'; text: string }
  | { kind: 'phone'; text: string; tel: string }
  | { kind: 'mention'; text: string; username: string };

/**
 * Kenyan numbers as people type them: +254 7xx…, 254 7xx…, 07xx…, 01xx…, with optional spaces or
 * dashes between groups; and @usernames (letters, digits, underscores and dots, 3–30 long).
 */
const PATTERN =
  /(?<phone>(?:\+?254[\s-]?|0)[17]\d{2}[\s-]?\d{3}[\s-]?\d{3})(?!\d)|(?<mention>(?<![\w@])@[A-Za-z][A-Za-z0-9_]{1,29})/g;

export function linkifyMessage(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of text.matchAll(PATTERN)) {
    const index = match.index;
    if (index > last) parts.push({ kind: 'text', text: text.slice(last, index) });
    const { phone, mention } = match.groups ?? {};
    if (phone) {
      const digits = phone.replace(/[\s-]/g, '').replace(/^\+/, '');
      const tel = digits.startsWith('0') ? `+254${digits.slice(1)}` : `+${digits}`;
      parts.push({ kind: 'phone', text: phone, tel });
    } else if (mention) {
      parts.push({ kind: 'mention', text: mention, username: mention.slice(1) });
    }
    last = index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
