import { NavLink } from 'react-router';
import { t, type PlainMessageKey } from '../../lib/i18n';
import { paths } from '../../lib/paths';

const LINKS: readonly { to: string; label: PlainMessageKey }[] = [
  { to: paths.adminReports, label: 'admin.nav.reports' },
  { to: paths.adminMembers, label: 'admin.nav.members' },
  { to: paths.adminAudit, label: 'admin.nav.audit' },
  { to: paths.adminPayments, label: 'admin.nav.payments' },
  { to: paths.adminEmployers, label: 'admin.nav.employers' },
  { to: paths.adminDeliveries, label: 'admin.nav.deliveries' },
  { to: paths.adminJobs, label: 'admin.nav.jobs' },
];

/** The admin screens' own navigation, above each of them. */
export function AdminNav() {
  return (
    <nav aria-label={t('admin.nav.label')} className="mb-4 flex flex-wrap gap-2">
      {LINKS.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          className={({ isActive }) =>
            `rounded-full px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600 ${
              isActive ? 'bg-brand-700 text-white' : 'bg-gray-100 text-gray-800 hover:bg-gray-200'
            }`
          }
        >
          {t(link.label)}
        </NavLink>
      ))}
    </nav>
  );
}

export const cardClass = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5';
