import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { LanguageSwitch } from '../../components/language-switch';
import { BrandLink } from '../../components/brand-link';
import { buttonClasses } from '../../components/button-styles';
import { t } from '../../lib/i18n';
import { FeatureHighlights } from './feature-highlights';
import { HeroIllustration } from './hero-illustration';
import { SiteFooter } from './site-footer';

export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{t('app.name')}</title>
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <BrandLink />
          <div className="flex items-center gap-2">
            <LanguageSwitch />
            <Link to={paths.signup} className={buttonClasses('secondary')}>
              {t('landing.signUp')}
            </Link>
          </div>
        </div>
      </header>

      <main className="flex-1">
        <section className="bg-linear-to-b from-brand-50 to-white">
          <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 pt-10 pb-8 md:grid-cols-2 md:py-16">
            <div>
              <h1 className="text-4xl font-extrabold tracking-tight text-gray-900 md:text-5xl">
                {t('landing.headline')}
              </h1>
              <p className="mt-4 max-w-prose text-lg text-gray-600">{t('landing.description')}</p>
              <Link to={paths.login} className={`mt-8 ${buttonClasses('primary', 'lg')}`}>
                {t('landing.getStarted')}
              </Link>
            </div>
            <HeroIllustration className="hidden w-full max-w-md justify-self-center md:block" />
          </div>
        </section>

        <FeatureHighlights />
      </main>

      <SiteFooter />
    </div>
  );
}
