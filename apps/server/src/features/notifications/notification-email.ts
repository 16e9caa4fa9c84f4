import {
  DEFAULT_LANGUAGE,
  isLanguage,
  NOTIFICATION_CATEGORY_NAMES,
  renderEmailPart,
  renderNotice,
  type Language,
  type NotificationCategory,
} from '@jamii/shared';
import type { Mail } from '../../platform/mailer';

export interface EmailRecipient {
  name: string;
  email: string;
  language: string | null;
}

export interface EmailNotice {
  kind: string;
  params: unknown;
  link: string | null;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const languageOf = (r: EmailRecipient): Language => (isLanguage(r.language) ? r.language : DEFAULT_LANGUAGE);

/** RFC 8058: a mail client may unsubscribe with one POST to the link, no page, no login. */
const unsubscribeHeaders = (unsubscribeUrl: string) => ({
  'List-Unsubscribe': `<${unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

function htmlPage(lang: Language, paragraphs: string[], footer: string[]) {
  return [
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>`,
    '<body style="margin:0;padding:16px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">',
    ...paragraphs,
    '<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0">',
    ...footer.map((line) => `<p style="font-size:12px;color:#4b5563">${line}</p>`),
    '</div></body></html>',
  ].join('\n');
}

const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#046a2f;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(label)}</a></p>`;

/** One notice as an email (offers, applications, an unread message): text and HTML, in their language. */
export function noticeEmail(
  to: EmailRecipient,
  notice: EmailNotice,
  reason: NotificationCategory | 'job_alert',
  urls: { publicUrl: string; unsubscribe: string; settings: string },
): Mail {
  const lang = languageOf(to);
  const sentence = renderNotice(notice.kind, notice.params, lang);
  const open = `${urls.publicUrl}${notice.link ?? '/notifications'}`;
  const greeting = renderEmailPart(lang, 'greeting', { name: to.name });
  const why =
    reason === 'job_alert'
      ? renderEmailPart(lang, 'whyJobAlert')
      : renderEmailPart(lang, 'why', { category: NOTIFICATION_CATEGORY_NAMES[lang][reason] });
  const stop = renderEmailPart(lang, 'stop');
  const text = [
    greeting,
    '',
    sentence,
    '',
    renderEmailPart(lang, 'open'),
    open,
    '',
    '--',
    why,
    `${stop} ${urls.unsubscribe}`,
  ].join('\n');
  const html = htmlPage(
    lang,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p style="font-size:18px;font-weight:bold">${escapeHtml(sentence)}</p>`,
      button(open, renderEmailPart(lang, 'button')),
    ],
    [
      escapeHtml(why),
      `${escapeHtml(stop)} <a href="${escapeHtml(urls.unsubscribe)}">${escapeHtml(urls.unsubscribe)}</a>`,
    ],
  );
  return { to: to.email, subject: sentence, text, html, headers: unsubscribeHeaders(urls.unsubscribe) };
}

/**
 * The daily digest: every waiting notice, one line each. Its unsubscribe link turns off email for
 * the category of most of its notices (the headers carry one link); the settings link does the rest.
 */
export function digestEmail(
  to: EmailRecipient,
  notices: EmailNotice[],
  urls: { publicUrl: string; unsubscribe: string; settings: string },
): Mail {
  const lang = languageOf(to);
  const lines = notices.map((n) => ({
    sentence: renderNotice(n.kind, n.params, lang),
    url: `${urls.publicUrl}${n.link ?? '/notifications'}`,
  }));
  const subject = renderEmailPart(lang, 'digestSubject', { count: notices.length });
  const greeting = renderEmailPart(lang, 'greeting', { name: to.name });
  const intro = renderEmailPart(lang, 'digestIntro');
  const settings = renderEmailPart(lang, 'settings');
  const stop = renderEmailPart(lang, 'stop');
  const text = [
    greeting,
    '',
    intro,
    '',
    ...lines.map((l) => `- ${l.sentence}\n  ${l.url}`),
    '',
    '--',
    `${settings} ${urls.settings}`,
    `${stop} ${urls.unsubscribe}`,
  ].join('\n');
  const html = htmlPage(
    lang,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      '<ul style="padding-left:20px">',
      ...lines.map(
        (l) => `<li style="margin:8px 0"><a href="${escapeHtml(l.url)}">${escapeHtml(l.sentence)}</a></li>`,
      ),
      '</ul>',
    ],
    [
      `${escapeHtml(settings)} <a href="${escapeHtml(urls.settings)}">${escapeHtml(urls.settings)}</a>`,
      `${escapeHtml(stop)} <a href="${escapeHtml(urls.unsubscribe)}">${escapeHtml(urls.unsubscribe)}</a>`,
    ],
  );
  return { to: to.email, subject, text, html, headers: unsubscribeHeaders(urls.unsubscribe) };
}
