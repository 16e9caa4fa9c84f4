import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { EMAIL_KINDS, EMAIL_TEXTS, renderEmail } from './email-texts';
import { LANGUAGES } from './languages';
import {
  NOTICE_KINDS,
  NOTIFICATION_TEXTS,
  renderNotice,
  type NoticeKind,
  type NoticeParams,
} from './notification-texts';
import { RISK_REASONS } from './shield';

type Node = { type: number; value?: string; options?: Record<string, { value: Node[] }> };

/** Every argument of a message with its type (argument, plural, select and its cases), sorted. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.type === 0 || node.type === 7) continue; // literal text, #
      const cases = node.type === 5 ? `:${Object.keys(node.options!).sort().join('|')}` : '';
      found.add(`${node.value}/${node.type}${cases}`);
      for (const option of Object.values(node.options ?? {})) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, 'en', undefined, { ignoreTag: true }).getAst() as Node[]);
  return [...found].sort();
}

// One example of each kind's parameters: the test fails to compile when a kind is added without one.
const EXAMPLES: { [K in NoticeKind]: NoticeParams[K] } = {
  custom: { message: 'Kumbuka {kesho} <b>' },
  login_succeeded: { time: '2026-11-25T17:51:00.000Z' },
  login_failed: {},
  followed: { name: 'Brian Otieno', username: 'brian' },
  post_liked: { name: 'Brian', others: 3 },
  post_mention: { name: 'Brian' },
  comment_mention: { name: 'Brian' },
  post_commented: { name: 'Brian' },
  comment_replied: { name: 'Brian' },
  job_applied: { name: 'Faith', job: 'Nurse' },
  application_viewed: { job: 'Nurse' },
  application_shortlisted: { job: 'Nurse' },
  application_rejected: { job: 'Nurse' },
  application_hired: { job: 'Nurse' },
  offer_placed: { name: 'Juma', amount: 'KSh 80', bid: 'Fence' },
  offer_accepted: { bid: 'Fence' },
  offer_declined: { bid: 'Fence' },
  bid_completed: { name: 'Wanjiru', bid: 'Fence' },
  reviewed: { name: 'Wanjiru', title: 'Fence', rating: 5 },
  report_hidden: { target: 'comment' },
  report_dismissed: { target: 'offer' },
  report_hid: { target: 'post' },
  report_removed: { target: 'job' },
  report_suspended: { target: 'user' },
  held_approved: { target: 'bid' },
  held_rejected: { target: 'service' },
  shield_held: { target: 'job', reasons: ['mpesa_number', 'some_future_code'] },
  message_received: { name: 'Otieno' },
  job_alert: { job: 'Nurse', job_id: 7 },
  job_alert_digest: { count: 3 },
  payment_held_payer: { amount: 'KSh 25,000', bid: 'Fence' },
  payment_held_payee: { amount: 'KSh 25,000', bid: 'Fence' },
  payment_failed: { bid: 'Fence' },
  payment_released_payer: { amount: 'KSh 25,000', bid: 'Fence' },
  payment_released_payee: { amount: 'KSh 25,000', bid: 'Fence' },
  payment_refunded_payer: { amount: 'KSh 25,000', bid: 'Fence' },
  payment_refunded_payee: { amount: 'KSh 25,000', bid: 'Fence' },
  payment_cancel_agreed: { name: 'Juma', bid: 'Fence' },
  payment_disputed: { name: 'Juma', bid: 'Fence' },
  payment_phone_needed: { amount: 'KSh 25,000', bid: 'Fence' },
};

describe('notification texts', () => {
  it('has every kind in both languages, with the same placeholders and cases', () => {
    for (const lang of LANGUAGES)
      expect(Object.keys(NOTIFICATION_TEXTS[lang]).sort()).toEqual([...NOTICE_KINDS].sort());
    for (const kind of NOTICE_KINDS) {
      expect(placeholders(NOTIFICATION_TEXTS.sw[kind]), kind).toEqual(
        placeholders(NOTIFICATION_TEXTS.en[kind]),
      );
    }
  });

  it('renders every kind in both languages, differently, with nothing left unfilled', () => {
    for (const kind of NOTICE_KINDS) {
      const en = renderNotice(kind, EXAMPLES[kind], 'en', 'FALLBACK');
      const sw = renderNotice(kind, EXAMPLES[kind], 'sw', 'FALLBACK');
      expect(en, kind).not.toBe('FALLBACK');
      expect(sw, kind).not.toBe('FALLBACK');
      if (kind !== 'custom') {
        expect(sw, kind).not.toBe(en);
        expect(`${en} ${sw}`, kind).not.toMatch(/[{}]/);
      }
    }
  });

  it('keeps the English the server always wrote (the specified API calls, the login notice)', () => {
    expect(renderNotice('login_failed', {}, 'en')).toBe('Login failed');
    const at = new Date('2026-11-25T17:51:00Z');
    const time = at.toLocaleString('en-KE', {
      timeZone: 'Africa/Nairobi',
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    expect(renderNotice('login_succeeded', { time: at.toISOString() }, 'en')).toBe(
      `Account Logged In successfully at ${time}`,
    );
    expect(renderNotice('followed', EXAMPLES.followed, 'en')).toBe(
      'Brian Otieno (brian) started following you',
    );
    expect(renderNotice('report_suspended', { target: 'post' }, 'en')).toBe(
      'Thanks for your report of a post. Our moderators reviewed it and hid the post and suspended its author.',
    );
    expect(renderNotice('report_suspended', { target: 'user' }, 'en')).toBe(
      'Thanks for your report of a member. Our moderators reviewed it and suspended the member.',
    );
    expect(renderNotice('reviewed', { name: 'A', title: 'T', rating: 1 }, 'en')).toBe(
      'A reviewed you for T: 1 star',
    );
  });

  it('groups likes plural-correctly in both languages', () => {
    const liked = (others: number, lang: 'en' | 'sw') =>
      renderNotice('post_liked', { name: 'Brian', others }, lang);
    expect([0, 1, 3].map((n) => liked(n, 'en'))).toEqual([
      'Brian liked your post',
      'Brian and 1 other liked your post',
      'Brian and 3 others liked your post',
    ]);
    expect([0, 1, 3].map((n) => liked(n, 'sw'))).toEqual([
      'Brian amependa chapisho lako',
      'Brian na mtu mwingine mmoja wamependa chapisho lako',
      'Brian na wengine 3 wamependa chapisho lako',
    ]);
  });

  it('shows a note as written, a held item’s reasons in the reader’s words', () => {
    expect(renderNotice('custom', { message: 'Lipa {kodi} <b>kesho</b>' }, 'sw')).toBe(
      'Lipa {kodi} <b>kesho</b>',
    );
    const held = renderNotice('shield_held', EXAMPLES.shield_held, 'sw');
    expect(held).toContain(RISK_REASONS.mpesa_number.sw);
    expect(held).not.toContain('undefined');
  });

  it('answers the stored sentence for a row without a kind, an unknown kind or missing parameters', () => {
    expect(renderNotice(null, null, 'sw', 'Old sentence')).toBe('Old sentence');
    expect(renderNotice('from_the_future', {}, 'sw', 'Old sentence')).toBe('Old sentence');
    expect(renderNotice('post_liked', { name: 'Brian' }, 'en', 'Old sentence')).toBe('Old sentence');
  });
});

describe('email texts', () => {
  it('has every email in both languages with the same placeholders', () => {
    for (const kind of EMAIL_KINDS) {
      for (const part of ['subject', 'body'] as const) {
        expect(placeholders(EMAIL_TEXTS.sw[kind][part]), `${kind} ${part}`).toEqual(
          placeholders(EMAIL_TEXTS.en[kind][part]),
        );
      }
      expect(EMAIL_TEXTS.sw[kind].subject).not.toBe(EMAIL_TEXTS.en[kind].subject);
    }
  });

  it('fills the link and the name as given, in the recipient’s language', () => {
    const link = 'http://localhost/verify-email?token=a{b}c';
    const en = renderEmail('verify_email', { name: 'Amina', link }, 'en');
    expect(en.subject).toBe('Confirm your email for Jamii');
    expect(en.body.split('\n')).toEqual([
      'Hello Amina,',
      '',
      'Open this link within 48 hours to confirm this is your email:',
      '',
      link,
      '',
      'If you did not create a Jamii account, ignore this email.',
    ]);
    const sw = renderEmail('verify_email', { name: 'Amina', link }, 'sw');
    expect(sw.subject).toBe('Thibitisha barua pepe yako ya Jamii');
    expect(sw.body).toContain(`Habari Amina,`);
    expect(sw.body).toContain(link);
  });
});
