import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { t } from '../lib/i18n';

interface BrandLinkProps {
  /** Inverted sits on a dark background. */
  isInverted?: boolean;
  /** Home by default; the signed-in top bar points it at the feed. */
  to?: string;
}

/** The logo and name, linking home; the same mark as the favicon. */
export function BrandLink({ isInverted = false, to = paths.landing }: BrandLinkProps) {
  return (
    <Link
      to={to}
      className={`inline-flex items-center gap-2 rounded-md text-xl font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
        isInverted ? 'text-white' : 'text-gray-900'
      }`}
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" className="fill-brand-700" />
        <path
          d="M19 8v9.5a5 5 0 0 1-10 0"
          fill="none"
          stroke="#fff"
          strokeWidth="3.5"
          strokeLinecap="round"
        />
        <circle cx="23.5" cy="8.5" r="2.5" className="fill-brand-300" />
      </svg>
      {t('app.name')}
    </Link>
  );
}
