import { Outlet, ScrollRestoration } from 'react-router';
import { OfflineBanner } from '../components/offline-banner';

export function RootLayout() {
  return (
    <>
      <OfflineBanner />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
