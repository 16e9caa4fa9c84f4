import { useId, type ComponentType } from 'react';
import { TabBar, tabIdFor } from '../../components/tab-bar';
import { t, type PlainMessageKey } from '../../lib/i18n';
import { useUrlTabs } from '../../lib/use-url-tabs';
import type { ProfileTabId, ProfileTabProps } from './profile-tab-types';
import { SettingsTab } from './settings-tab';

export type { ProfileTabId, ProfileTabProps } from './profile-tab-types';

interface ProfileTab {
  id: ProfileTabId;
  label: PlainMessageKey;
  /** Shown on one's own profile only. */
  isOwnOnly: boolean;
  /** the specified screens: the videos tab exists without a button (it opens with `?tab=videos`). */
  hasButton: boolean;
  /** A tab is shown once its content exists; the issues that bring the rest fill this in. */
  Content?: ComponentType<ProfileTabProps>;
}

/**
 * Contents that other features own (games from the quiz, videos, ...): features do not import each
 * other (STYLE rule 17), so the route composing the page hands them in by tab id.
 */
export type ProfileTabContents = Partial<Record<ProfileTabId, ComponentType<ProfileTabProps>>>;

/** the specified screens Profile tabs, in their order. The one list the tab bar and the panels come from. */
export const profileTabs: readonly ProfileTab[] = [
  { id: 'notification', label: 'profile.tab.notification', isOwnOnly: true, hasButton: true },
  { id: 'posts', label: 'profile.tab.posts', isOwnOnly: false, hasButton: true },
  { id: 'jobs', label: 'profile.tab.jobs', isOwnOnly: false, hasButton: true },
  { id: 'bids', label: 'profile.tab.bids', isOwnOnly: false, hasButton: true },
  // docs/design.md#reviews: what the other party of a deal said.
  { id: 'reviews', label: 'profile.tab.reviews', isOwnOnly: false, hasButton: true },
  // docs/design.md#principles: Save on the Jobs Feed keeps the job here (not a SPEC tab).
  { id: 'saved', label: 'profile.tab.saved', isOwnOnly: true, hasButton: true },
  // docs/design.md#job-applications: the jobs I applied for, with their status and Withdraw.
  { id: 'applications', label: 'profile.tab.applications', isOwnOnly: true, hasButton: true },
  { id: 'games', label: 'profile.tab.games', isOwnOnly: true, hasButton: true },
  { id: 'settings', label: 'profile.tab.settings', isOwnOnly: true, hasButton: true, Content: SettingsTab },
  { id: 'videos', label: 'profile.tab.videos', isOwnOnly: false, hasButton: false },
  // Opened from the follower and following counts under the profile header.
  { id: 'followers', label: 'profile.tab.followers', isOwnOnly: false, hasButton: false },
  { id: 'following', label: 'profile.tab.following', isOwnOnly: false, hasButton: false },
];

export const TAB_PARAM = 'tab';

/** The tab bar and the open tab's panel; the open tab is kept in `?tab=` so it survives a reload. */
export function ProfileTabs({
  member,
  isOwn,
  contents = {},
}: ProfileTabProps & { contents?: ProfileTabContents }) {
  const baseId = useId();
  const available = profileTabs
    .map((tab) => ({ ...tab, Content: tab.Content ?? contents[tab.id] }))
    .filter((tab) => tab.Content && (isOwn || !tab.isOwnOnly));
  const buttons = available.filter((tab) => tab.hasButton);
  const [activeId, select] = useUrlTabs(
    available.map((tab) => tab.id),
    buttons[0]?.id,
    TAB_PARAM,
  );
  const active = available.find((tab) => tab.id === activeId);
  if (!active?.Content) return null;
  const { Content } = active;
  const panelIdFor = (id: ProfileTabId) => `${baseId}-${id}-panel`;

  return (
    <div className="mt-4">
      <TabBar
        tabs={buttons.map((tab) => ({ id: tab.id, label: t(tab.label) }))}
        activeId={active.id}
        onSelect={select}
        label={t('profile.sections')}
        idPrefix={baseId}
        panelIdFor={panelIdFor}
        // Up to nine sections: as chips that wrap, Settings is never off-screen at 375 px (docs/web-performance.md).
        look="chips"
      />
      <div
        role="tabpanel"
        id={panelIdFor(active.id)}
        aria-labelledby={active.hasButton ? tabIdFor(baseId, active.id) : undefined}
        aria-label={active.hasButton ? undefined : t(active.label)}
        className="pt-4"
      >
        <Content member={member} isOwn={isOwn} />
      </div>
    </div>
  );
}
