import type { ReactNode } from 'react';
import { Link } from 'react-router';

const nameLinkClasses =
  'font-semibold text-gray-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

/** A person's or an item's name as a bold link to its page (a card's or a row's heading). */
export function NameLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={className ? `${className} ${nameLinkClasses}` : nameLinkClasses}>
      {children}
    </Link>
  );
}
