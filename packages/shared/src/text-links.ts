// What in a member's text becomes a link (issues 11 and 12): Kenyan phone numbers (tap to call),
// @mentions (the profile) and, in posts and comments, #topics (the topic page). One pattern, read
// once from left to right, so the server (mention notifications) and the web app (links) agree.

import { whatsAppLink } from './phone-format';

export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'phone'; text: string; tel: string; whatsapp: string }
  | { kind: 'mention'; text: string; username: string }
  | { kind: 'topic'; text: string; tag: string };

/**
 * Kenyan mobile numbers as people type them: +254 7xx…, 254 7xx…, 07xx…, 01xx…, with optional spaces
 * or dashes between groups, only the prefixes that exist (libphonenumber's Kenyan mobile ranges: 07xx
 * and 010x–014x), never inside a longer number, a word or a decimal (so prices, years, ids and
 * amounts such as 1.0712345678 stay text); @usernames (a letter, then letters, digits, underscores; 2–30 long, not
 * inside an email address); #topics as extractHashtags keeps them (ASCII letters, digits, _).
 */
const PATTERN =
  /(?<phone>(?<![\p{L}\p{N}_+]|\p{N}[.,])(?:\+?254[\s-]?|0)(?:7\d{2}|1(?:0[0-8]|[18]\d|2[014]|3[05-9]|4[0-6]))[\s-]?\d{3}[\s-]?\d{3})(?![\p{L}\p{N}_]|[.,]\p{N})|(?<mention>(?<![\w@])@[A-Za-z][A-Za-z0-9_]{1,29})(?![\w@])|(?<topic>(?<![\p{L}\p{N}_&])#[A-Za-z0-9_]{1,64})(?![\p{L}\p{N}_])/gu;

/** The parts of a text; `topics: false` (messages) leaves #words as text. */
export function linkifyText(text: string, { topics = true }: { topics?: boolean } = {}): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  const pushText = (until: number) => {
    if (until <= last) return;
    const previous = parts[parts.length - 1];
    // Adjacent text (a #word left as text) stays one part.
    if (previous?.kind === 'text') previous.text += text.slice(last, until);
    else parts.push({ kind: 'text', text: text.slice(last, until) });
    last = until;
  };
  for (const match of text.matchAll(PATTERN)) {
    const { phone, mention, topic } = match.groups ?? {};
    const isTopic = topic !== undefined && topics && !/^#\d+$/.test(topic);
    if (!phone && !mention && !isTopic) continue;
    pushText(match.index);
    if (phone) {
      const digits = phone.replace(/[\s-]/g, '').replace(/^\+/, '');
      const tel = digits.startsWith('0') ? `+254${digits.slice(1)}` : `+${digits}`;
      parts.push({ kind: 'phone', text: phone, tel, whatsapp: whatsAppLink(tel) });
    } else if (mention) {
      parts.push({ kind: 'mention', text: mention, username: mention.slice(1) });
    } else {
      parts.push({ kind: 'topic', text: topic!, tag: topic!.slice(1).toLowerCase() });
    }
    last = match.index + match[0].length;
  }
  pushText(text.length);
  return parts;
}

/** The usernames a text mentions (without @, lowercase, each once), at most `max` of them. */
export function extractMentions(text: string, max = 10): string[] {
  const names = new Set<string>();
  for (const part of linkifyText(text, { topics: false })) {
    if (part.kind === 'mention') names.add(part.username.toLowerCase());
    if (names.size >= max) break;
  }
  return [...names];
}
