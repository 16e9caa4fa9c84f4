import type { UserDto } from '@jamii/shared';
import { useId, useRef, type ComponentType, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { t, type PlainMessageKey } from '../../lib/i18n';
import { SettingsTab } from './settings-tab';

export type ProfileTabId =
  | 'notification'
  | 'posts'
  | 'jobs'
  | 'bids'
  | 'saved'
  | 'games'
  | 'settings'
  | 'videos'
  | 'followers'
  | 'following';

export interface ProfileTabProps {
  member: UserDto;
  isOwn: boolean;
}

interface ProfileTab {
  id: ProfileTabId;
  label: PlainMessageKey;
  /** Shown on one's own profile only. */
  isOwnOnly: boolean;
  /** SPEC §2: the videos tab exists without a button (it opens with `?tab=videos`). */
  hasButton: boolean;
  /** A tab is shown once its content exists; the issues that bring the rest fill this in. */
  Content?: ComponentType<ProfileTabProps>;
}

/**
 * Contents that other features own (games from the quiz, videos, ...): features do not import each
 * other (STYLE rule 17), so the route composing the page hands them in by tab id.
 */
export type ProfileTabContents = Partial<Record<ProfileTabId, ComponentType<ProfileTabProps>>>;

/** SPEC §2 Profile tabs, in their order. The one list the tab bar and the panels come from. */
export const profileTabs: readonly ProfileTab[] = [
  { id: 'notification', label: 'profile.tab.notification', isOwnOnly: true, hasButton: true },
  { id: 'posts', label: 'profile.tab.posts', isOwnOnly: false, hasButton: true },
  { id: 'jobs', label: 'profile.tab.jobs', isOwnOnly: false, hasButton: true },
  { id: 'bids', label: 'profile.tab.bids', isOwnOnly: false, hasButton: true },
  // DESIGN §1: Save on the Jobs Feed keeps the job here (not a SPEC tab).
  { id: 'saved', label: 'profile.tab.saved', isOwnOnly: true, hasButton: true },
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
  const [searchParams, setSearchParams] = useSearchParams();
  const baseId = useId();
  const tabRefs = useRef(new Map<ProfileTabId, HTMLButtonElement>());

  const available = profileTabs
    .map((tab) => ({ ...tab, Content: tab.Content ?? contents[tab.id] }))
    .filter((tab) => tab.Content && (isOwn || !tab.isOwnOnly));
  const buttons = available.filter((tab) => tab.hasButton);
  const requested = searchParams.get(TAB_PARAM);
  const active = available.find((tab) => tab.id === requested) ?? buttons[0];
  if (!active?.Content) return null;
  const { Content } = active;

  function select(id: ProfileTabId) {
    setSearchParams(
      (params) => {
        params.set(TAB_PARAM, id);
        return params;
      },
      { replace: true },
    );
  }

  // Arrow keys move between tabs (WAI-ARIA tabs pattern); Tab leaves the tab bar.
  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step || !active) return;
    event.preventDefault();
    const index = buttons.findIndex((tab) => tab.id === active.id);
    const next = buttons[(index + step + buttons.length) % buttons.length];
    if (!next) return;
    select(next.id);
    tabRefs.current.get(next.id)?.focus();
  }

  return (
    <div className="mt-4">
      <div
        role="tablist"
        aria-label={t('profile.sections')}
        onKeyDown={handleKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-gray-200"
      >
        {buttons.map((tab) => {
          const isActive = tab.id === active.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-${tab.id}-tab`}
              aria-selected={isActive}
              aria-controls={`${baseId}-${tab.id}-panel`}
              tabIndex={isActive ? 0 : -1}
              onClick={() => select(tab.id)}
              className={`-mb-px shrink-0 border-b-2 px-4 py-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${
                isActive
                  ? 'border-brand-700 text-brand-700'
                  : 'border-transparent text-gray-600 hover:text-gray-900'
              }`}
            >
              {t(tab.label)}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-${active.id}-panel`}
        aria-labelledby={active.hasButton ? `${baseId}-${active.id}-tab` : undefined}
        aria-label={active.hasButton ? undefined : t(active.label)}
        className="pt-4"
      >
        <Content member={member} isOwn={isOwn} />
      </div>
    </div>
  );
}
