import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../components/language-switch';
import { BrandLink } from '../../components/brand-link';
import { t } from '../../lib/i18n';

interface AuthLayoutProps {
  /** The browser tab's title. */
  title: string;
  heading: string;
  intro?: string;
  children: ReactNode;
  /** Under the card: links to the other auth pages. */
  footer?: ReactNode;
}

/** The frame of the login, signup and password pages: the brand (linking to /) and one card. */
export function AuthLayout({ title, heading, intro, children, footer }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-gray-50">
      <title>{t('page.title', { page: title })}</title>
      <header className="relative flex justify-center px-4 pt-6 sm:pt-10">
        <BrandLink />
        <LanguageSwitch className="absolute top-3 right-3 sm:top-4 sm:right-4" />
      </header>
      <main className="flex flex-1 justify-center px-3 py-5 sm:px-4 sm:py-8">
        <div className="w-full max-w-md">
          <div className="rounded-2xl bg-white px-5 py-6 shadow-sm ring-1 ring-gray-900/5 sm:px-8 sm:py-8">
            <h1 className="text-2xl font-bold tracking-tight text-gray-900">{heading}</h1>
            {intro && <p className="mt-1 text-sm text-gray-600">{intro}</p>}
            <div className="mt-6">{children}</div>
          </div>
          {footer && <div className="mt-6 text-center text-sm text-gray-600">{footer}</div>}
        </div>
      </main>
    </div>
  );
}

export const authLinkClass =
  'rounded-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
