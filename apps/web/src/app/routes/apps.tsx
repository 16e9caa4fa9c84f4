import { AppsPage } from '../../features/apps/apps-page';

export function Component() {
  return <AppsPage />;
}
