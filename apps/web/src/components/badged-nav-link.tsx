import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { CountBadge } from './count-badge';

interface BadgedNavLinkProps {
  to: string;
  /** The entry's icon (size-6); the badge sits on its top right. */
  icon: ReactNode;
  label: string;
  count: number;
  badgeTestId: string;
  className: (isActive: boolean) => string;
  testId?: string;
  /** Read after the label, e.g. how many are unread for screen readers. */
  children?: ReactNode;
}

/** A bottom-nav entry with a count: the icon with its red badge, then the word (Messages, Alerts). */
export function BadgedNavLink({
  to,
  icon,
  label,
  count,
  badgeTestId,
  className,
  testId,
  children,
}: BadgedNavLinkProps) {
  return (
    <NavLink to={to} data-testid={testId} className={({ isActive }) => className(isActive)}>
      <span className="relative">
        {icon}
        <CountBadge count={count} className="-top-2 left-3.5" testId={badgeTestId} />
      </span>
      {label}
      {children}
    </NavLink>
  );
}
