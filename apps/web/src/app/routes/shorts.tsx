import { ShortsPage } from '../../features/videos/shorts-page';
import { paths } from '../../lib/paths';

export function Component() {
  return <ShortsPage uploadTo={paths.uploadVideo} />;
}
