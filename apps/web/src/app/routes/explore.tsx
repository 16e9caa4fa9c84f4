import { DiscoverPage } from '../explore/discover-page';

/** `/explore`, and `/explore?search=...` from the top bar's search form. */
export function Component() {
  return <DiscoverPage />;
}
