import { PRIVACY_NOTICE_VERSION } from '@jamii/shared';
import { Link } from 'react-router';
import { t, type PlainMessageKey } from '../../lib/i18n';
import { paths } from '../../lib/paths';

/** The notice's sections in order: a heading and its paragraphs or list items, all from the catalogue. */
const SECTIONS: {
  id: string;
  heading: PlainMessageKey;
  paragraphs?: PlainMessageKey[];
  items?: PlainMessageKey[];
}[] = [
  { id: 'who', heading: 'privacy.who.heading', paragraphs: ['privacy.who.body'] },
  {
    id: 'collect',
    heading: 'privacy.collect.heading',
    items: [
      'privacy.collect.account',
      'privacy.collect.content',
      'privacy.collect.technical',
      'privacy.collect.consent',
    ],
  },
  {
    id: 'why',
    heading: 'privacy.why.heading',
    items: ['privacy.why.service', 'privacy.why.safety', 'privacy.why.email', 'privacy.why.law'],
    paragraphs: ['privacy.why.never'],
  },
  {
    id: 'who-sees',
    heading: 'privacy.sees.heading',
    items: ['privacy.sees.public', 'privacy.sees.private', 'privacy.sees.admins', 'privacy.sees.processors'],
  },
  {
    id: 'how-long',
    heading: 'privacy.keep.heading',
    items: [
      'privacy.keep.account',
      'privacy.keep.deleted',
      'privacy.keep.sessions',
      'privacy.keep.logs',
      'privacy.keep.audit',
      'privacy.keep.email',
    ],
  },
  {
    id: 'rights',
    heading: 'privacy.rights.heading',
    paragraphs: ['privacy.rights.intro'],
    items: [
      'privacy.rights.informed',
      'privacy.rights.access',
      'privacy.rights.correction',
      'privacy.rights.erasure',
      'privacy.rights.objection',
      'privacy.rights.complaint',
    ],
  },
  { id: 'changes', heading: 'privacy.changes.heading', paragraphs: ['privacy.changes.body'] },
];

/** `/privacy`: what Jamii collects, why, for how long, and the member's rights (docs/features/your-data.md). */
export function PrivacyPage() {
  return (
    <article className="mx-auto max-w-3xl space-y-6 px-4 py-8 text-gray-800">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{t('privacy.title')}</h1>
        <p className="text-sm text-gray-600">{t('privacy.version', { version: PRIVACY_NOTICE_VERSION })}</p>
        <p>{t('privacy.summary')}</p>
      </header>
      {SECTIONS.map((section) => (
        <section key={section.id} aria-labelledby={`privacy-${section.id}`} className="space-y-2">
          <h2 id={`privacy-${section.id}`} className="text-lg font-bold text-gray-900">
            {t(section.heading)}
          </h2>
          {section.items && (
            <ul className="list-disc space-y-1.5 pl-5">
              {section.items.map((item) => (
                <li key={item}>{t(item)}</li>
              ))}
            </ul>
          )}
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph}>{t(paragraph)}</p>
          ))}
        </section>
      ))}
      <p>
        <Link to={paths.landing} className="font-semibold text-brand-700 underline underline-offset-2">
          {t('privacy.back')}
        </Link>
      </p>
    </article>
  );
}
