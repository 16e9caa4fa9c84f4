import { FeedPage } from '../feed/feed-page';

export function Component() {
  return <FeedPage />;
}
