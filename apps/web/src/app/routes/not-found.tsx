import { Link } from 'react-router';
import { BrandLink } from '../../components/brand-link';
import { buttonClasses } from '../../components/button-styles';
import { t } from '../../lib/i18n';
import { paths } from '../../lib/paths';

export function Component() {
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{t('page.title', { page: t('notFound.title') })}</title>
      <header className="border-b border-gray-200">
        <div className="mx-auto flex max-w-6xl items-center px-4 py-3">
          <BrandLink />
        </div>
      </header>
      <main className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
        <p className="text-5xl font-bold text-brand-700">404</p>
        <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
        <p className="max-w-sm text-gray-600">{t('notFound.body')}</p>
        <Link to={paths.landing} className={buttonClasses('primary')}>
          {t('notFound.home')}
        </Link>
      </main>
    </div>
  );
}
