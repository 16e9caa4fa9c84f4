import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLink } from '../../components/brand-link';
import { t } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSiteInfo } from './api';
import { socialLinks } from './social-links';
import { TitledSection } from '../../components/titled-section';

const linkClass =
  'rounded-sm text-white underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300';

/** `tel:` links take digits and a leading + only. */
function toTelHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** One of the footer's titled columns (Contact, Follow us). */
function FooterSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <TitledSection
      headingId={id}
      title={title}
      className=""
      headingClassName="text-sm font-semibold tracking-wide text-white uppercase"
    >
      {children}
    </TitledSection>
  );
}

export function SiteFooter() {
  // While loading or after a failure the footer simply goes without the email and phone.
  const { data: site } = useSiteInfo();

  return (
    <footer className="bg-gray-900 text-gray-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div className="space-y-3">
          <BrandLink isInverted />
          <p className="text-sm">{t('footer.tagline')}</p>
        </div>

        <FooterSection id="footer-contact" title={t('footer.contactTitle')}>
          <address className="mt-3 space-y-2 text-sm not-italic">
            <p>{t('footer.city')}</p>
            {site?.contact_email && (
              <p>
                <span className="sr-only">{t('footer.email')}: </span>
                <a href={`mailto:${site.contact_email}`} className={`${linkClass} break-all`}>
                  {site.contact_email}
                </a>
              </p>
            )}
            {site?.contact_phone && (
              <p>
                <span className="sr-only">{t('footer.phone')}: </span>
                <a href={toTelHref(site.contact_phone)} className={linkClass}>
                  {site.contact_phone}
                </a>
              </p>
            )}
          </address>
        </FooterSection>

        <FooterSection id="footer-social" title={t('footer.socialTitle')}>
          <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">
            {socialLinks.map(({ label, href }) => (
              <li key={href}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${linkClass} inline-block py-1`}
                >
                  {t(label)}
                  <span className="sr-only"> {t('footer.newTab')}</span>
                </a>
              </li>
            ))}
          </ul>
        </FooterSection>
      </div>
      <div className="border-t border-gray-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-xs text-gray-400">
          <p>{t('footer.copyright')}</p>
          <Link to={paths.privacy} className={linkClass}>
            {t('privacy.link')}
          </Link>
        </div>
      </div>
    </footer>
  );
}
