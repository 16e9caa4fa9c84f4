import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { VerifyEmailBanner } from '../../features/auth/verify-email-banner';
import { useMessageEvents } from '../../features/messages/use-message-events';
import { useNotificationPoller } from '../../features/notifications/use-notification-poller';
import { t } from '../../lib/i18n';
import { lazyComponent } from '../../lib/lazy-component';
import { useOutboxSender } from '../../lib/offline/use-outbox';
import { paths } from '../../lib/paths';
import { SIDE_PANELS_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { BottomNav } from './bottom-nav';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';

// Wide screens only, beside the page: it loads after the page's own code, never on a phone.
const SuggestionsPanel = lazyComponent(() =>
  import('./suggestions-panel').then((module) => ({ default: module.SuggestionsPanel })),
);

/**
 * The signed-in pages' frame: a top bar on wide screens, a bottom nav on small ones; from 1024 px a
 * panel with every section on the left of the page and one with suggestions on its right.
 */
export function CommonLayout() {
  // the specified states Notification polling (and the live push), once for every page of the layout.
  useNotificationPoller();
  // Live messages: the open thread, the conversation list and the unread badge (docs/design.md#messages).
  useMessageEvents();
  // What was created offline goes out when the connection returns (docs/features/kiswahili.md).
  useOutboxSender();
  // Shorts fill the screen to the bottom nav: a banner above would push the player's controls under it.
  const fullScreen = useLocation().pathname.startsWith(paths.shorts);
  // Rendered (and their lists fetched) only where they show: a phone never pays for them.
  const hasSidePanels = useMediaQuery(SIDE_PANELS_QUERY);
  return (
    <div className="min-h-dvh bg-gray-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('layout.skipToContent')}
      </a>
      <TopBar />
      {!fullScreen && <VerifyEmailBanner />}
      {/* One tree at every width (the panels' slots are empty on phones), so the page is never remounted. */}
      <div className="lg:mx-auto lg:grid lg:max-w-7xl lg:grid-cols-[12rem_minmax(0,1fr)_16rem] lg:gap-4 lg:px-4 xl:grid-cols-[13rem_minmax(0,1fr)_18rem]">
        {hasSidePanels && (
          <div>
            <SideNav />
          </div>
        )}
        {/* Room at the bottom so the fixed bottom nav never covers the end of a page. */}
        <main id="main" className="min-w-0 pb-24 md:pb-10">
          <Outlet />
        </main>
        {hasSidePanels && (
          <div>
            {!fullScreen && (
              <Suspense fallback={null}>
                <SuggestionsPanel />
              </Suspense>
            )}
          </div>
        )}
      </div>
      <BottomNav />
    </div>
  );
}
