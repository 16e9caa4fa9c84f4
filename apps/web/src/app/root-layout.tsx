import { Outlet } from 'react-router';
import { OfflineBanner } from '../components/offline-banner';

export function RootLayout() {
  return (
    <>
      <OfflineBanner />
      <Outlet />
    </>
  );
}
