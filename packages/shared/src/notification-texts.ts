import { IntlMessageFormat } from 'intl-messageformat';
import type { Language } from './languages';
import { explainReason } from './shield';

/**
 * What the server tells a member, stored as a kind and its parameters (docs/features/notifications.md, docs/design.md#conversation-around-posts) and
 * rendered in the reader's language when it is read: a member who switches to Kiswahili reads
 * their older notifications in Kiswahili too. ICU MessageFormat (intl-messageformat, as the web's
 * i18next-icu), so counts are plural-correct in both languages. The English texts are the ones the
 * server wrote before (the specified states/§7 quotes the login ones word for word).
 */

/** The parameters each kind carries (kept in `notifications.params`). */
export interface NoticeParams {
  /** `POST /api/notifications`: a member's note to themselves, shown as written. */
  custom: { message: string };
  /** the specified API calls; `time` is an ISO instant, shown in the reader's locale, Nairobi time. */
  login_succeeded: { time: string };
  login_failed: Record<string, never>;
  followed: { name: string; username: string };
  /** Likes on one post, grouped: the latest liker and how many others liked it. */
  post_liked: { name: string; others: number };
  post_mention: { name: string };
  comment_mention: { name: string };
  post_commented: { name: string };
  comment_replied: { name: string };
  job_applied: { name: string; job: string };
  application_viewed: { job: string };
  application_shortlisted: { job: string };
  application_rejected: { job: string };
  application_hired: { job: string };
  /** `amount` as formatMoney writes it (KSh 80). */
  offer_placed: { name: string; amount: string; bid: string };
  offer_accepted: { bid: string };
  offer_declined: { bid: string };
  bid_completed: { name: string; bid: string };
  reviewed: { name: string; title: string; rating: number };
  /** `target`: what was reported (a ReportTargetType). */
  report_hidden: { target: string };
  report_dismissed: { target: string };
  report_hid: { target: string };
  report_removed: { target: string };
  report_suspended: { target: string };
  /** `target`: a HeldType (post, job, bid, service). */
  held_approved: { target: string };
  held_rejected: { target: string };
  /** `reasons`: the shield's reason codes, explained in the reader's language. */
  shield_held: { target: string; reasons: string[] };
  /** Told outside Jamii only (push, email, SMS): the Messages screen shows messages themselves. */
  message_received: { name: string };
  /** A new job matched one of the member's alerts; `job` is its title. */
  job_alert: { job: string; job_id: number };
  /** The morning's digest of daily alerts: how many new jobs matched. */
  job_alert_digest: { count: number };
  /** Payments (M-Pesa): `amount` as formatMoney writes it; `bid` the bid's title. */
  payment_held_payer: { amount: string; bid: string };
  payment_held_payee: { amount: string; bid: string };
  payment_failed: { bid: string };
  payment_released_payer: { amount: string; bid: string };
  payment_released_payee: { amount: string; bid: string };
  payment_refunded_payer: { amount: string; bid: string };
  payment_refunded_payee: { amount: string; bid: string };
  payment_cancel_agreed: { name: string; bid: string };
  payment_disputed: { name: string; bid: string };
  payment_phone_needed: { amount: string; bid: string };
}
export type NoticeKind = keyof NoticeParams;
/** One notice: a kind with its parameters. */
export type Notice = { [K in NoticeKind]: { kind: K; params: NoticeParams[K] } }[NoticeKind];

// The things a report or a hold is about, by case (a select needs `other`; it is never used).
const EN_THING =
  '{target, select, post {post} job {job} bid {bid} offer {offer} service {service} video {video} user {member} message {message} comment {comment} other {item}}';
const EN_A_THING =
  '{target, select, post {a post} job {a job} bid {a bid} offer {an offer} service {a service} video {a video} user {a member} message {a message} comment {a comment} other {an item}}';
const EN_THE_THING =
  '{target, select, post {the post} job {the job} bid {the bid} offer {the offer} service {the service} video {the video} user {the member} message {the message} comment {the comment} other {the item}}';
const EN_HELD_THING = '{target, select, post {post} job {job} bid {bid} service {service} other {item}}';
// Kiswahili nouns take their class's concord: chapisho lako, kazi yako, maoni yako, ujumbe wako.
const SW_YOUR_THING =
  '{target, select, post {chapisho lako} job {kazi yako} bid {zabuni yako} offer {ofa yako} service {huduma yako} video {video yako} user {akaunti yako} message {ujumbe wako} comment {maoni yako} other {ulichoweka}}';
const SW_THING =
  '{target, select, post {chapisho} job {kazi} bid {zabuni} offer {ofa} service {huduma} video {video} user {mwanachama} message {ujumbe} comment {maoni} other {kitu}}';
const SW_THAT_THING =
  '{target, select, post {chapisho hilo} job {kazi hiyo} bid {zabuni hiyo} offer {ofa hiyo} service {huduma hiyo} video {video hiyo} user {mwanachama huyo} message {ujumbe huo} comment {maoni hayo} other {kitu hicho}}';

export const NOTIFICATION_TEXTS: Record<Language, Record<NoticeKind, string>> = {
  en: {
    custom: '{message}',
    login_succeeded: 'Account Logged In successfully at {time}',
    login_failed: 'Login failed',
    followed: '{name} ({username}) started following you',
    post_liked:
      '{others, plural, =0 {{name} liked your post} one {{name} and # other liked your post} other {{name} and # others liked your post}}',
    post_mention: '{name} mentioned you in a post',
    comment_mention: '{name} mentioned you in a comment',
    post_commented: '{name} commented on your post',
    comment_replied: '{name} replied to your comment',
    job_applied: '{name} applied for your job {job}',
    application_viewed: 'Your application for {job} was viewed',
    application_shortlisted: 'You were shortlisted for {job}',
    application_rejected: 'Your application for {job} was not successful',
    application_hired: 'You were hired for {job}',
    offer_placed: '{name} placed an offer of {amount} on your bid {bid}',
    offer_accepted: 'Your offer on {bid} was accepted',
    offer_declined: 'Your offer on {bid} was declined: the client chose another offer',
    bid_completed: '{name} marked {bid} as completed',
    reviewed: '{name} reviewed you for {title}: {rating, plural, one {# star} other {# stars}}',
    report_hidden: `Moderators hid your ${EN_THING} after reports.`,
    report_dismissed: `Thanks for your report of ${EN_A_THING}. Our moderators reviewed it and took no action.`,
    report_hid: `Thanks for your report of ${EN_A_THING}. Our moderators reviewed it and hid ${EN_THE_THING}.`,
    report_removed: `Thanks for your report of ${EN_A_THING}. Our moderators reviewed it and removed ${EN_THE_THING}.`,
    report_suspended: `Thanks for your report of ${EN_A_THING}. Our moderators reviewed it and {target, select, user {suspended the member} other {hid ${EN_THE_THING} and suspended its author}}.`,
    held_approved: `A moderator approved your ${EN_HELD_THING}: everyone can see it now.`,
    held_rejected: `A moderator rejected your ${EN_HELD_THING}: it stays hidden because it looks like a scam.`,
    message_received: 'New message from {name}',
    shield_held: `Your {target, select, post {post} job {job} bid {bid request} service {service} other {item}} is held for a check by our moderators before others can see it. {why}`,
    job_alert: 'New job for your alert: {job}',
    job_alert_digest:
      '{count, plural, one {# new job matches your alerts} other {# new jobs match your alerts}}',
    payment_held_payer: '{amount} for {bid} is held by Jamii until you mark the work complete',
    payment_held_payee:
      'The client paid {amount} for {bid}: Jamii holds it until the work is marked complete',
    payment_failed: 'Your M-Pesa payment for {bid} did not go through. You can try again.',
    payment_released_payer: '{amount} for {bid} was released to the worker',
    payment_released_payee: '{amount} for {bid} was sent to your M-Pesa',
    payment_refunded_payer: '{amount} for {bid} was refunded to your M-Pesa',
    payment_refunded_payee: 'The payment of {amount} for {bid} was refunded to the client',
    payment_cancel_agreed: '{name} agreed to cancel {bid}: you can now cancel and get your money back',
    payment_disputed: '{name} disputed the payment for {bid}: our moderators will decide',
    payment_phone_needed: 'Add and verify your phone number to receive {amount} for {bid}',
  },
  sw: {
    message_received: 'Ujumbe mpya kutoka kwa {name}',
    custom: '{message}',
    login_succeeded: 'Umeingia kwenye akaunti yako kwa mafanikio: {time}',
    login_failed: 'Jaribio la kuingia kwenye akaunti yako limeshindwa',
    followed: '{name} ({username}) ameanza kukufuata',
    post_liked:
      '{others, plural, =0 {{name} amependa chapisho lako} one {{name} na mtu mwingine mmoja wamependa chapisho lako} other {{name} na wengine # wamependa chapisho lako}}',
    post_mention: '{name} amekutaja kwenye chapisho',
    comment_mention: '{name} amekutaja kwenye maoni',
    post_commented: '{name} ametoa maoni kwenye chapisho lako',
    comment_replied: '{name} amejibu maoni yako',
    job_applied: '{name} ameomba kazi yako ya {job}',
    application_viewed: 'Ombi lako la kazi ya {job} limeangaliwa',
    application_shortlisted: 'Umeingia kwenye orodha fupi ya kazi ya {job}',
    application_rejected: 'Ombi lako la kazi ya {job} halikufanikiwa',
    application_hired: 'Umeajiriwa kwa kazi ya {job}',
    offer_placed: '{name} ametoa ofa ya {amount} kwenye zabuni yako ya {bid}',
    offer_accepted: 'Ofa yako kwenye {bid} imekubaliwa',
    offer_declined: 'Ofa yako kwenye {bid} imekataliwa: mteja amechagua ofa nyingine',
    bid_completed: '{name} ameweka {bid} kama imekamilika',
    reviewed: '{name} amekutathmini kwa {title}: {rating, plural, one {nyota #} other {nyota #}}',
    report_hidden: `Wasimamizi wameficha ${SW_YOUR_THING} baada ya kuripotiwa.`,
    report_dismissed: `Asante kwa kuripoti ${SW_THING}. Wasimamizi wetu wameikagua ripoti yako na hawakuchukua hatua yoyote.`,
    report_hid: `Asante kwa kuripoti ${SW_THING}. Wasimamizi wetu wameikagua ripoti yako na wameficha ${SW_THAT_THING}.`,
    report_removed: `Asante kwa kuripoti ${SW_THING}. Wasimamizi wetu wameikagua ripoti yako na wameondoa ${SW_THAT_THING}.`,
    report_suspended: `Asante kwa kuripoti ${SW_THING}. Wasimamizi wetu wameikagua ripoti yako na {target, select, user {wamesimamisha akaunti ya mwanachama huyo} other {wameficha ${SW_THAT_THING} na kusimamisha akaunti ya mwandishi wake}}.`,
    held_approved:
      'Msimamizi ameidhinisha {target, select, post {chapisho lako: sasa kila mtu anaweza kuliona} job {kazi yako: sasa kila mtu anaweza kuiona} bid {zabuni yako: sasa kila mtu anaweza kuiona} service {huduma yako: sasa kila mtu anaweza kuiona} other {ulichoweka: sasa kila mtu anaweza kukiona}}.',
    held_rejected:
      'Msimamizi amekataa {target, select, post {chapisho lako: litaendelea kufichwa kwa sababu linaonekana kuwa utapeli} job {kazi yako: itaendelea kufichwa kwa sababu inaonekana kuwa utapeli} bid {zabuni yako: itaendelea kufichwa kwa sababu inaonekana kuwa utapeli} service {huduma yako: itaendelea kufichwa kwa sababu inaonekana kuwa utapeli} other {ulichoweka: kitaendelea kufichwa kwa sababu kinaonekana kuwa utapeli}}.',
    shield_held:
      '{target, select, post {Chapisho lako linasubiri ukaguzi wa wasimamizi wetu kabla wengine hawajaweza kuliona} job {Kazi yako inasubiri ukaguzi wa wasimamizi wetu kabla wengine hawajaweza kuiona} bid {Zabuni yako inasubiri ukaguzi wa wasimamizi wetu kabla wengine hawajaweza kuiona} service {Huduma yako inasubiri ukaguzi wa wasimamizi wetu kabla wengine hawajaweza kuiona} other {Ulichoweka kinasubiri ukaguzi wa wasimamizi wetu kabla wengine hawajaweza kukiona}}. {why}',
    job_alert: 'Kazi mpya kwa arifa yako: {job}',
    job_alert_digest:
      '{count, plural, one {Kazi # mpya inalingana na arifa zako} other {Kazi # mpya zinalingana na arifa zako}}',
    payment_held_payer: '{amount} za {bid} zimeshikiliwa na Jamii hadi utakapothibitisha kazi imekamilika',
    payment_held_payee:
      'Mteja amelipa {amount} za {bid}: Jamii inazishikilia hadi kazi itakapothibitishwa kukamilika',
    payment_failed: 'Malipo yako ya M-Pesa ya {bid} hayakufanikiwa. Unaweza kujaribu tena.',
    payment_released_payer: '{amount} za {bid} zimetumwa kwa mfanyakazi',
    payment_released_payee: '{amount} za {bid} zimetumwa kwenye M-Pesa yako',
    payment_refunded_payer: '{amount} za {bid} zimerudishwa kwenye M-Pesa yako',
    payment_refunded_payee: 'Malipo ya {amount} ya {bid} yamerudishwa kwa mteja',
    payment_cancel_agreed:
      '{name} amekubali kusitisha {bid}: sasa unaweza kusitisha na kurudishiwa pesa zako',
    payment_disputed: '{name} amepinga malipo ya {bid}: wasimamizi wetu wataamua',
    payment_phone_needed: 'Ongeza na uthibitishe nambari yako ya simu ili upokee {amount} za {bid}',
  },
};

export const NOTICE_KINDS = Object.keys(NOTIFICATION_TEXTS.en) as NoticeKind[];

export const isNoticeKind = (value: unknown): value is NoticeKind =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(NOTIFICATION_TEXTS.en, value);

/** The locale of a language for numbers and dates (docs/features/kiswahili.md: en-KE, sw-KE). */
export const LOCALE_OF: Record<Language, string> = { en: 'en-KE', sw: 'sw-KE' };

const timeFormats = new Map<Language, Intl.DateTimeFormat>();
/** How a moment is written in notices: as the login notice always was (Nairobi time). */
export const formatNoticeTime = (iso: string, lang: Language) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = timeFormats.get(lang);
  if (!format) {
    // Made once per language: a formatter costs far more to make than to use.
    format = new Intl.DateTimeFormat(LOCALE_OF[lang], {
      timeZone: 'Africa/Nairobi',
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    timeFormats.set(lang, format);
  }
  return format.format(date);
};

// Values a text shows that are not stored as such: a time in the reader's locale, reasons in
// the reader's words.
const DERIVED: Partial<Record<NoticeKind, (params: Record<string, unknown>, lang: Language) => object>> = {
  login_succeeded: (p, lang) => ({ time: formatNoticeTime(String(p.time ?? ''), lang) }),
  shield_held: (p, lang) => ({
    why: (Array.isArray(p.reasons) ? p.reasons : [])
      .map((code) => explainReason(String(code), lang))
      .filter(Boolean)
      .join(' '),
  }),
};

const compiled = new Map<string, IntlMessageFormat>();
/** A catalogue text, parsed once per language and kind. */
export function noticeFormat(kind: NoticeKind, lang: Language): IntlMessageFormat {
  const key = `${lang}:${kind}`;
  let format = compiled.get(key);
  if (!format) {
    format = new IntlMessageFormat(NOTIFICATION_TEXTS[lang][kind], LOCALE_OF[lang], undefined, {
      ignoreTag: true,
    });
    compiled.set(key, format);
  }
  return format;
}

/**
 * A notice in the reader's language. A row written before notices had a kind (or of a kind this
 * version does not know) answers `fallback`, the sentence stored with it.
 */
export function renderNotice(
  kind: string | null | undefined,
  params: unknown,
  lang: Language,
  fallback = '',
): string {
  if (!isNoticeKind(kind)) return fallback;
  const values = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  try {
    const text = noticeFormat(kind, lang).format({ ...values, ...DERIVED[kind]?.(values, lang) });
    return typeof text === 'string' ? text.trim() : fallback;
  } catch {
    // A row whose parameters do not fit the text (a missing value): the stored sentence.
    return fallback;
  }
}
