import { Outlet, useLocation } from 'react-router';
import { VerifyEmailBanner } from '../../features/auth/verify-email-banner';
import { useMessageEvents } from '../../features/messages/use-message-events';
import { useNotificationPoller } from '../../features/notifications/use-notification-poller';
import { t } from '../../lib/i18n';
import { useOutboxSender } from '../../lib/offline/use-outbox';
import { paths } from '../../lib/paths';
import { BottomNav } from './bottom-nav';
import { TopBar } from './top-bar';

/** SPEC §2: the signed-in pages' frame: a top bar on wide screens, a bottom nav on small ones. */
export function CommonLayout() {
  // SPEC §4 Notification polling (and the live push), once for every page of the layout.
  useNotificationPoller();
  // Live messages: the open thread, the conversation list and the unread badge (DESIGN §8.3).
  useMessageEvents();
  // What was created offline goes out when the connection returns (issue 13).
  useOutboxSender();
  // Shorts fill the screen to the bottom nav: a banner above would push the player's controls under it.
  const fullScreen = useLocation().pathname.startsWith(paths.shorts);
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
      {/* Room at the bottom so the fixed bottom nav never covers the end of a page. */}
      <main id="main" className="pb-24 md:pb-10">
        <Outlet />
      </main>
      <BottomNav />
    </div>
  );
}
