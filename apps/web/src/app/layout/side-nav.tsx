import type { ComponentType, SVGProps } from 'react';
import { NavLink } from 'react-router';
import {
  BellIcon,
  BriefcaseIcon,
  CompassIcon,
  GlobeIcon,
  HomeIcon,
  PeopleIcon,
  PlayIcon,
  TagIcon,
  TrophyIcon,
  UserIcon,
} from '../../components/icons';
import { ChatIcon } from '../../components/message-button';
import { useAuth } from '../../lib/auth';
import { t, type PlainMessageKey } from '../../lib/i18n';
import { paths } from '../../lib/paths';

interface Section {
  to: string;
  label: PlainMessageKey;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Only this exact address marks the link as the current one (Discover is a parent of Find People). */
  end?: boolean;
}

/** Every section of the app, in the order a member looks for them. */
const sections: readonly Section[] = [
  { to: paths.feed(), label: 'sidePanel.feed', Icon: HomeIcon },
  { to: paths.jobs, label: 'sidePanel.jobs', Icon: BriefcaseIcon },
  { to: paths.bids, label: 'sidePanel.bids', Icon: TagIcon },
  { to: paths.services, label: 'sidePanel.services', Icon: GlobeIcon },
  { to: paths.videos, label: 'sidePanel.videos', Icon: PlayIcon },
  { to: paths.shorts, label: 'sidePanel.shorts', Icon: PlayIcon },
  { to: paths.quiz, label: 'sidePanel.quiz', Icon: TrophyIcon },
  { to: paths.explore(), label: 'sidePanel.discover', Icon: CompassIcon, end: true },
  { to: paths.exploreUsers, label: 'sidePanel.people', Icon: PeopleIcon },
  { to: paths.messages, label: 'sidePanel.messages', Icon: ChatIcon },
  { to: paths.notifications, label: 'sidePanel.notifications', Icon: BellIcon },
  { to: paths.achievements, label: 'sidePanel.achievements', Icon: TrophyIcon },
  { to: paths.profile('me'), label: 'sidePanel.profile', Icon: UserIcon },
];

const linkClass = (isActive: boolean) =>
  `flex min-h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-gray-700 hover:bg-gray-100'
  }`;

/**
 * The wide screens' way into every section (1024 px and wider), beside the page: the top bar stays
 * as it is, and phones keep their bottom nav.
 */
export function SideNav() {
  const { user } = useAuth();
  const all: readonly Section[] =
    user?.role === 'admin'
      ? [...sections, { to: paths.adminReports, label: 'sidePanel.admin', Icon: UserIcon }]
      : sections;
  return (
    <nav aria-label={t('sidePanel.label')} className="sticky top-16 py-4">
      <ul className="space-y-0.5">
        {all.map(({ to, label, Icon, end }) => (
          <li key={to}>
            <NavLink to={to} end={end ?? false} className={({ isActive }) => linkClass(isActive)}>
              <Icon className="size-5 shrink-0" />
              {t(label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
